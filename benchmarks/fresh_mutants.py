"""A second batch of single-bug backends written as a user would write them, after issue 43's edge phase
was built: a plain numpy module against the documented target API, *default* regions (no ``region``:
every dtype, rank and style the op allows), isolated as every user target is by default. Each is the
spec's oracle with one realistic bug, written from the bug alone (not from the edge phase), to check
that the ``ci`` profile catches what it was never tuned on:

    PYTHONPATH=. python -m benchmarks.mutation_score --module benchmarks.fresh_mutants --profile ci --runs 1 --rate-examples 0
"""
from __future__ import annotations

import numpy as np

from conformance.registry import target
from conformance.oracles.mlir.shapes import parse_type
from conformance.oracles.onnx.gather_nd import gather_nd
from conformance.oracles.stablehlo.dynamic_slice import dynamic_slice, dynamic_update_slice
from conformance.oracles.stablehlo.elementwise import evaluate as elementwise
from conformance.oracles.stablehlo.gather import gather
from conformance.oracles.stablehlo.scatter import scatter


def _spec(op: str, arrays: dict, attrs: dict | None = None) -> np.ndarray:
    return elementwise(op, {k: np.asarray(v) for k, v in arrays.items()}, attrs).value


def _signed(dtype: np.dtype) -> bool:
    return np.dtype(dtype).kind == "i"


@target("stablehlo.subtract", "fresh:subtract-unsigned-saturates")
def subtract_saturates(lhs, rhs, **_):
    """Unsigned differences stop at 0 (saturating image arithmetic) instead of wrapping round."""
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    if lhs.dtype.kind != "u":
        return _spec("subtract", {"lhs": lhs, "rhs": rhs})
    return np.where(lhs < rhs, 0, _spec("subtract", {"lhs": lhs, "rhs": rhs})).astype(lhs.dtype)


@target("stablehlo.shift_right_arithmetic", "fresh:shift-right-arithmetic-logical-on-unsigned")
def sra_logical_on_unsigned(lhs, rhs, **_):
    """On unsigned types the shift fills with zeros (C's ``>>`` on unsigned), not with the top bit."""
    op = "shift_right_logical" if np.asarray(lhs).dtype.kind == "u" else "shift_right_arithmetic"
    return _spec(op, {"lhs": lhs, "rhs": rhs})


@target("stablehlo.and", "fresh:and-logical-on-integers")
def and_logical(lhs, rhs, **_):
    """Integers get a logical and (0 or 1), as ``&&``, not the bitwise one."""
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    if lhs.dtype.kind in "iu":
        return np.logical_and(lhs, rhs).astype(lhs.dtype)
    return _spec("and", {"lhs": lhs, "rhs": rhs})


@target("stablehlo.minimum", "fresh:minimum-as-select-less")
def minimum_select(lhs, rhs, **_):
    """``lhs < rhs ? lhs : rhs`` for floats: a NaN on the left is dropped, a tie of zeros takes rhs."""
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    if lhs.dtype.kind == "f" or lhs.dtype.name == "bfloat16":
        return np.where(lhs < rhs, lhs, rhs).astype(lhs.dtype)
    return _spec("minimum", {"lhs": lhs, "rhs": rhs})


@target("stablehlo.negate", "fresh:negate-unsigned-unchanged")
def negate_unsigned(operand, **_):
    """Unsigned operands come back unchanged (the negation skipped: "unsigned has no sign")."""
    operand = np.asarray(operand)
    return operand.copy() if operand.dtype.kind == "u" else _spec("negate", {"operand": operand})


@target("stablehlo.multiply", "fresh:multiply-saturates-signed")
def multiply_saturates(lhs, rhs, **_):
    """Signed integer products clamp to the type's range instead of wrapping."""
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    if not _signed(lhs.dtype):
        return _spec("multiply", {"lhs": lhs, "rhs": rhs})
    info = np.iinfo(lhs.dtype)
    wide = np.asarray(lhs, object) * np.asarray(rhs, object)
    return np.clip(wide, int(info.min), int(info.max)).astype(lhs.dtype)


@target("stablehlo.compare", "fresh:compare-ne-as-less-or-greater")
def compare_ne_ordered(lhs, rhs, *, comparison_direction, **attrs):
    """NE computed as ``lhs < rhs or lhs > rhs``: a NaN compares equal to everything."""
    out = _spec("compare", {"lhs": lhs, "rhs": rhs}, {"comparison_direction": comparison_direction, **attrs})
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    if comparison_direction == "NE" and (lhs.dtype.kind in "fc" or lhs.dtype.name == "bfloat16"):
        with np.errstate(invalid="ignore"):
            nan = np.isnan(lhs.astype(np.complex128 if lhs.dtype.kind == "c" else np.float64)) | \
                np.isnan(rhs.astype(np.complex128 if rhs.dtype.kind == "c" else np.float64))
        out = np.where(nan, False, out)
    return out


@target("stablehlo.gather", "fresh:gather-offset-dims-assumed-trailing")
def gather_offset_trailing(operand, start_indices, *, offset_dims, result_type=None, **attrs):
    """The window dims are written as if ``offset_dims`` were the result's last dims (the data laid out
    batch-major whatever ``offset_dims`` says): right only where they are trailing."""
    out = gather(operand, start_indices, offset_dims=offset_dims, **attrs)
    rank = out.ndim
    batch = [d for d in range(rank) if d not in offset_dims]
    laid = np.transpose(out, batch + list(offset_dims))  # (the order the bug computes in)
    return np.ascontiguousarray(laid).reshape(out.shape)


@target("stablehlo.dynamic_slice", "fresh:dynamic-slice-unsigned-start-as-signed")
def slice_unsigned_as_signed(operand, start_indices=(), *, slice_sizes, **_):
    """Unsigned start indices are read as the signed type of their width (uint8 200 as -56), then clamped."""
    starts = [np.asarray(s) for s in start_indices]
    starts = [s.view(s.dtype.str.replace("u", "i")) if s.dtype.kind == "u" else s for s in starts]
    return dynamic_slice(operand, [int(s) for s in starts], slice_sizes=slice_sizes)


@target("onnx.GatherND", "fresh:gathernd-batch-of-first")
def gathernd_batch_of_first(data, indices, *, batch_dims=None, opset=13, **_):
    """With ``batch_dims`` > 0, every batch reads from the data's first batch (the batch offset forgotten)."""
    b = batch_dims or 0
    if b == 0 or data.size == 0 or indices.size == 0:
        return gather_nd(data, indices, batch_dims=batch_dims, opset=opset)
    first = np.broadcast_to(data[(0,) * b], data.shape)
    return gather_nd(np.ascontiguousarray(first), indices, batch_dims=batch_dims, opset=opset)


@target("stablehlo.dynamic_update_slice", "fresh:update-slice-negative-start-dropped")
def update_negative_dropped(operand, update, start_indices=(), **_):
    """A negative start drops the update (the whole write skipped) instead of clamping it to 0."""
    if any(int(np.asarray(s)) < 0 for s in start_indices):
        return np.array(operand, copy=True)
    return dynamic_update_slice(operand, update, list(start_indices))


@target("stablehlo.scatter", "fresh:scatter-add-duplicates-last-wins")
def scatter_add_last_wins(inputs, scatter_indices, updates, *, update_computation, result_type=None, **attrs):
    """``out[idx] = out[idx] + upd`` with fancy indexing: where two updates meet one position under an
    add, only the last is added (numpy's buffered assignment), not their sum."""
    single = isinstance(inputs, np.ndarray)
    if update_computation != "add" or not single:
        return scatter(inputs, scatter_indices, updates, update_computation=update_computation, **attrs)
    last = scatter(inputs, scatter_indices, updates, update_computation="replace", **attrs)
    written = scatter(np.zeros(inputs.shape, bool), scatter_indices, np.ones(updates.shape, bool),
                      update_computation="replace", **attrs)
    with np.errstate(all="ignore"):
        summed = _spec("add", {"lhs": inputs, "rhs": last.astype(inputs.dtype)}) if inputs.dtype.kind != "b" \
            else inputs | last
    return np.where(written, summed, inputs).astype(inputs.dtype)


@target("onnx.GatherND", "fresh:gathernd-negative-by-last-dim")
def gathernd_negative_by_last_dim(data, indices, *, batch_dims=None, opset=13, **_):
    """A negative index component is made positive with the size of the *last* indexed dim, whichever
    dim it indexes (the loop's bound taken once, outside the loop), then kept in range."""
    b, k = batch_dims or 0, indices.shape[-1] if indices.ndim else 0
    if k == 0 or indices.size == 0:
        return gather_nd(data, indices, batch_dims=batch_dims, opset=opset)
    last = data.shape[b + k - 1]
    bounds = np.array(data.shape[b:b + k])
    fixed = np.clip(np.where(indices < 0, indices + last, indices), 0, bounds - 1)  # (then kept in range)
    return gather_nd(data, np.ascontiguousarray(fixed.astype(indices.dtype)), batch_dims=batch_dims, opset=opset)


@target("mlir.broadcastable", "fresh:broadcast-dims-as-maximum", region={"dynamic": False, "unranked": False, "result": False})
def broadcast_max(*, operands, **_):
    """The result's dims are the larger of the operands' dims, right-aligned: 1 against 0 gives 1, and
    2 against 3 gives 3 instead of an error (a ``max`` where the rule is "equal, or one of them is 1")."""
    shapes = [parse_type(t)[0] for t in operands]
    rank = max((len(x) for x in shapes), default=0)
    padded = [(1,) * (rank - len(x)) + tuple(x) for x in shapes]
    return np.asarray([max(col) for col in zip(*padded)] if padded else [], np.int64)


EXPECTED = {
    "fresh:subtract-unsigned-saturates": "wrong-value",
    "fresh:shift-right-arithmetic-logical-on-unsigned": "wrong-value",
    "fresh:and-logical-on-integers": "wrong-value",
    "fresh:minimum-as-select-less": "wrong-value",
    "fresh:negate-unsigned-unchanged": "wrong-value",
    "fresh:multiply-saturates-signed": "wrong-value",
    "fresh:compare-ne-as-less-or-greater": "wrong-value",
    "fresh:gather-offset-dims-assumed-trailing": "wrong-value",
    "fresh:dynamic-slice-unsigned-start-as-signed": "wrong-value",
    "fresh:gathernd-batch-of-first": "wrong-value",
    "fresh:update-slice-negative-start-dropped": "wrong-value",
    "fresh:scatter-add-duplicates-last-wins": "wrong-value",
    "fresh:gathernd-negative-by-last-dim": "wrong-value",
    "fresh:broadcast-dims-as-maximum": "wrong-shape",
}
