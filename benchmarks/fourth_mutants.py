"""A fourth batch of single-bug backends written as a user would write them, aimed at the index ops and
broadcasting: a plain numpy module against the documented target API, *default* regions (a region only where
the API needs one: a variadic scatter says it takes two inputs, an ONNX target is one opset and, for
ScatterND, one reduction). Each is the spec's oracle with one realistic bug, written from the bug alone
(none repeats a bug of ``mutants``, ``user_mutants``, ``fresh_mutants`` or ``third_mutants``). Targets
that check their input run on invalid cases too (``invalid=True``):

    PYTHONPATH=. python -m benchmarks.mutation_score --module benchmarks.fourth_mutants --profile ci --runs 1 --rate-examples 0
"""
from __future__ import annotations

import numpy as np

from conformance.registry import target
from conformance.oracles.mlir.broadcastable import infer_result_shape, verify as broadcast_verify
from conformance.oracles.mlir.shapes import parse_type
from conformance.oracles.onnx.gather_nd import check as gather_nd_check, gather_nd, output_shape
from conformance.oracles.onnx.scatter_nd import check as scatter_nd_check, evaluate as scatter_nd_evaluate, scatter_nd
from conformance.oracles.stablehlo.dynamic_slice import dynamic_slice, dynamic_update_slice
from conformance.oracles.stablehlo.gather import gather
from conformance.oracles.stablehlo.scatter import evaluate_fast as scatter_fast, normalize as scatter_normalize, \
    scatter, validate as scatter_validate
from conformance.oracles.stablehlo.scatter_policy import COMPUTATIONS, ScatterVariant


def _float(dt) -> bool:
    return np.dtype(dt).kind == "f" or np.dtype(dt).name == "bfloat16"


# ---- stablehlo.gather --------------------------------------------------------------------------------

@target("stablehlo.gather", "fourth:gather-pair-window-clamped-to-last-then-zero-filled")
def gather_pair_window(operand, start_indices, *, start_index_map, slice_sizes, result_type=None, **attrs):
    """A window of exactly 2 along an indexed dim takes a vectorised pair-load path: its start is clamped to
    ``dim - 1`` (not ``dim - 2``) and the masked load gives 0 for the lane past the end."""
    op = np.asarray(operand)
    pad = [(0, 1) if d in start_index_map and slice_sizes[d] == 2 else (0, 0) for d in range(op.ndim)]
    if any(p[1] for p in pad):
        op = np.pad(op, pad)  # one zero slab past the end: the oracle's clamp bound becomes dim - 1
    return gather(op, start_indices, start_index_map=start_index_map, slice_sizes=slice_sizes, **attrs)


@target("stablehlo.gather", "fourth:gather-batching-path-int8-zero-extended")
def gather_batching_int8(operand, start_indices, *, operand_batching_dims=(), result_type=None, **attrs):
    """The batching-dims lowering widens the start indices with zero extension: int8 -1 becomes 255 and is
    clamped to the high end instead of to 0 (the path without batching dims sign-extends correctly)."""
    si = np.asarray(start_indices)
    if len(operand_batching_dims) and si.dtype == np.int8:
        si = si.view(np.uint8)
    return gather(operand, si, operand_batching_dims=operand_batching_dims, **attrs)


@target("stablehlo.gather", "fourth:gather-bool-through-uint8-kernel")
def gather_bool_uint8(operand, start_indices, result_type=None, **attrs):
    """bool operands go through the uint8 kernel and the result is not viewed back as bool."""
    op = np.asarray(operand)
    if op.dtype == np.bool_:
        op = op.view(np.uint8)
    return gather(op, start_indices, **attrs)


@target("stablehlo.gather", "fourth:gather-empty-batch-rejected")
def gather_empty_batch(operand, start_indices, *, index_vector_dim, result_type=None, **attrs):
    """An index array with no start index (a zero-size batch dim) hits an ``assert(num_indices > 0)`` in the
    launch-grid computation and is refused."""
    si = np.asarray(start_indices)
    batch = [n for a, n in enumerate(si.shape) if a != index_vector_dim]
    if 0 in batch:
        raise ValueError("gather: empty index batch")
    return gather(operand, si, index_vector_dim=index_vector_dim, **attrs)


# ---- stablehlo.scatter -------------------------------------------------------------------------------

def _first_input_only(name: str):
    def combine(*args):
        half = len(args) // 2
        olds, news = args[:half], args[half:]
        first = COMPUTATIONS[name](np.asarray(olds[0]), np.asarray(news[0]))
        return (first,) + tuple(np.asarray(n).astype(np.asarray(o).dtype) for o, n in zip(olds[1:], news[1:]))
    return combine


@target("stablehlo.scatter", "fourth:scatter-variadic-computation-on-first-input-only", region={"max_inputs": 2})
def scatter_variadic_first_only(inputs, scatter_indices, updates, *, update_computation, result_type=None, **attrs):
    """With several inputs, the update computation combines input 0 with its updates; the other inputs are
    plainly overwritten by their updates (the region's extra results dropped by a lowering)."""
    if isinstance(inputs, (list, tuple)) and len(inputs) > 1 and update_computation != "replace":
        scatter_validate(inputs, scatter_indices, updates, update_computation=update_computation, **attrs)
        out = scatter_fast(inputs, scatter_indices, updates, update_computation=_first_input_only(update_computation),
                           **scatter_normalize(attrs))
        return tuple(out)
    return scatter(inputs, scatter_indices, updates, update_computation=update_computation, **attrs)


@target("stablehlo.scatter", "fourth:scatter-batching-path-unsigned-sign-extended")
def scatter_batching_unsigned(inputs, scatter_indices, updates, *, input_batching_dims=(), result_type=None, **attrs):
    """On the batching-dims path 8- and 16-bit unsigned scatter indices are sign-extended (``movsx``): uint8
    200 is read as -56, out of bounds, and its update is skipped."""
    si = np.asarray(scatter_indices)
    if len(input_batching_dims) and si.dtype in (np.uint8, np.uint16):
        si = si.view(si.dtype.str.replace("u", "i"))
    return scatter(inputs, si, updates, input_batching_dims=input_batching_dims, **attrs)


def _min_nan_input_is_empty(old, new):
    old, new = np.asarray(old), np.asarray(new)
    out = COMPUTATIONS["minimum"](old, new)
    if _float(old.dtype):
        o, n = old.astype(np.float64), new.astype(np.float64)
        out = np.where(np.isnan(o) & ~np.isnan(n), new, out).astype(old.dtype)
    return out


@target("stablehlo.scatter", "fourth:scatter-minimum-nan-in-input-replaced")
def scatter_min_nan_input(inputs, scatter_indices, updates, *, update_computation, result_type=None, **attrs):
    """``minimum`` treats a NaN already in the input as an empty slot (the kernel's initial value) and writes
    the update over it; a NaN in an update still propagates."""
    if update_computation == "minimum":
        single = not isinstance(inputs, (list, tuple))
        scatter_validate(inputs, scatter_indices, updates, update_computation=update_computation, **attrs)
        out = scatter_fast(inputs, scatter_indices, updates, update_computation=_min_nan_input_is_empty,
                           **scatter_normalize(attrs))
        return out[0] if single else tuple(out)
    return scatter(inputs, scatter_indices, updates, update_computation=update_computation, **attrs)


LOW_CLAMP = ScatterVariant("low-clamp", out_of_bounds="low-clamp")


@target("stablehlo.scatter", "fourth:scatter-negative-start-clamped-to-zero")
def scatter_low_clamp(inputs, scatter_indices, updates, *, result_type=None, **attrs):
    """A negative window start is clamped to 0 (a ``max(start, 0)`` left from a signed-to-unsigned index
    conversion) and the whole window written from there; elements past the end are still skipped."""
    scatter_validate(inputs, scatter_indices, updates, **attrs)
    out = scatter_fast(inputs, scatter_indices, updates, variant=LOW_CLAMP, **scatter_normalize(attrs))
    return tuple(out) if isinstance(inputs, (list, tuple)) else out[0]


# ---- stablehlo.dynamic_slice / dynamic_update_slice --------------------------------------------------

@target("stablehlo.dynamic_slice", "fourth:dynamic-slice-clamp-bound-of-mirrored-dim")
def slice_mirrored_bound(operand, start_indices=(), *, slice_sizes, **_):
    """The generic (rank >= 3) path clamps start ``k`` to ``dim(rank-1-k) - size(k)`` (the shape read in
    reverse, a row-major/column-major mix-up); the read itself is then kept inside the buffer."""
    op = np.asarray(operand)
    starts = [int(np.asarray(s)) for s in start_indices]
    if op.ndim >= 3 and len(starts) == op.ndim and len(slice_sizes) == op.ndim:
        r = op.ndim
        fixed = []
        for k, s in enumerate(starts):
            s = min(max(s, 0), max(op.shape[r - 1 - k] - slice_sizes[k], 0))
            fixed.append(np.asarray(min(s, max(op.shape[k] - slice_sizes[k], 0)), np.asarray(start_indices[k]).dtype))
        return dynamic_slice(op, fixed, slice_sizes=slice_sizes)
    return dynamic_slice(operand, start_indices, slice_sizes=slice_sizes)


@target("stablehlo.dynamic_slice", "fourth:dynamic-slice-empty-slice-start-checked")
def slice_empty_checked(operand, start_indices=(), *, slice_sizes, **_):
    """A slice with a zero size short-circuits through a guard that checks the raw start indices against
    the operand shape (no clamp first) and refuses an out-of-range start."""
    op = np.asarray(operand)
    if 0 in list(slice_sizes) and len(start_indices) == op.ndim:
        for s, d in zip(start_indices, op.shape):
            if not 0 <= int(np.asarray(s)) < max(d, 1):
                raise IndexError(f"dynamic_slice: start {int(np.asarray(s))} out of range for dim {d}")
    return dynamic_slice(operand, start_indices, slice_sizes=slice_sizes)


@target("stablehlo.dynamic_slice", "fourth:dynamic-slice-size-one-dims-squeezed")
def slice_squeezed(operand, start_indices=(), *, slice_sizes, **_):
    """Dims of slice size 1 are read with an integer index (``x[s]``) instead of a slice (``x[s:s+1]``), so
    they are dropped from the result."""
    out = dynamic_slice(operand, start_indices, slice_sizes=slice_sizes)
    return out.reshape([n for n, k in zip(out.shape, slice_sizes) if k != 1])


@target("stablehlo.dynamic_update_slice", "fourth:update-slice-empty-update-rejected")
def update_empty_rejected(operand, update, start_indices=(), **_):
    """An update with a zero-size dim is refused (a ``memcpy`` wrapper that asserts a non-null source)."""
    if np.asarray(update).size == 0:
        raise ValueError("dynamic_update_slice: empty update")
    return dynamic_update_slice(operand, update, list(start_indices))


@target("stablehlo.dynamic_update_slice", "fourth:update-slice-size-one-dim-written-to-end")
def update_size_one_to_end(operand, update, start_indices=(), **_):
    """A dim where the update has size 1 is treated as broadcastable: the write runs from the (clamped)
    start to the end of the operand dim instead of one position."""
    out = dynamic_update_slice(operand, update, list(start_indices))
    op, up = np.asarray(operand), np.asarray(update)
    if up.ndim and up.size and any(k == 1 and d > 1 for k, d in zip(up.shape, op.shape)):
        starts = [min(max(int(np.asarray(s)), 0), d - k) for s, d, k in zip(start_indices, op.shape, up.shape)]
        region = tuple(slice(s, None) if k == 1 else slice(s, s + k) for s, k in zip(starts, up.shape))
        out[region] = up
    return out


# ---- onnx.GatherND / onnx.ScatterND ------------------------------------------------------------------

@target("onnx.GatherND", "fourth:gathernd-negative-by-dim-without-batch-offset")
def gathernd_negative_no_batch_offset(data, indices, *, batch_dims=None, opset=13, **_):
    """A negative index component ``j`` is made positive with ``data.shape[j]`` instead of
    ``data.shape[batch_dims + j]`` (the batch offset forgotten), then kept in range."""
    b = batch_dims or 0
    data, indices = np.asarray(data), np.asarray(indices)
    if b and indices.ndim and indices.size and not gather_nd_check(data, indices, batch_dims=batch_dims, opset=opset):
        k = indices.shape[-1]
        fixed = indices.copy()
        for j in range(k):
            col = fixed[..., j]
            col = np.where(col < 0, col + data.shape[j], col)
            fixed[..., j] = np.clip(col, 0, data.shape[b + j] - 1)
        indices = fixed
    return gather_nd(data, indices, batch_dims=batch_dims, opset=opset)


@target("onnx.GatherND", "fourth:gathernd-index-depth-checked-against-rank", invalid=True)
def gathernd_depth_vs_rank(data, indices, *, batch_dims=None, opset=13, **_):
    """The check of ``indices.shape[-1]`` compares with ``rank(data)`` instead of ``rank(data) - batch_dims``:
    a too-deep index is accepted and the kernel returns zeros of the shape it computes."""
    data, indices = np.asarray(data), np.asarray(indices)
    violations = gather_nd_check(data, indices, batch_dims=batch_dims, opset=opset)
    b = batch_dims or 0
    if violations and all(v.label == "R4" for v in violations) and indices.ndim and 1 <= indices.shape[-1] <= data.ndim:
        k = indices.shape[-1]
        return np.zeros(tuple(indices.shape[:-1]) + tuple(data.shape[min(b + k, data.ndim):]), data.dtype)
    return gather_nd(data, indices, batch_dims=batch_dims, opset=opset)


@target("onnx.GatherND", "fourth:gathernd-empty-indices-rejected")
def gathernd_empty_rejected(data, indices, *, batch_dims=None, opset=13, **_):
    """An indices tensor with no index tuple (a zero-size dim) is refused ("indices must not be empty")."""
    if np.asarray(indices).size == 0:
        raise ValueError("GatherND: indices must not be empty")
    return gather_nd(data, indices, batch_dims=batch_dims, opset=opset)


@target("onnx.GatherND", "fourth:gathernd-11-accepts-batch-dims", region={"opset": 11}, invalid=True)
def gathernd_11_batch_dims(data, indices, *, batch_dims=None, opset=11, **_):
    """The GatherND-11 kernel is the GatherND-12 one: a ``batch_dims`` attribute, which the version-11
    schema does not have, is honoured instead of refused."""
    if batch_dims is not None and opset == 11:
        return gather_nd(data, indices, batch_dims=batch_dims, opset=12)
    return gather_nd(data, indices, batch_dims=batch_dims, opset=opset)


@target("onnx.ScatterND", "fourth:scatternd-16-add-point-updates-buffered", region={"opset": 16, "reduction": "add"})
def scatternd_add_buffered(data, indices, updates, *, reduction=None, opset=16, **_):
    """When each index tuple names one element (``indices.shape[-1] == rank(data)``) the add is one
    fancy-index assignment ``out[idx] = out[idx] + upd``: repeated tuples keep only the last update; slice
    updates (shorter tuples) accumulate correctly."""
    data, indices, updates = np.asarray(data), np.asarray(indices), np.asarray(updates)
    if reduction != "add" or indices.ndim < 1 or indices.shape[-1] != data.ndim or data.ndim == 0:
        return scatter_nd(data, indices, updates, reduction=reduction, opset=opset)
    scatter_nd(data, indices, updates, reduction=reduction, opset=opset)  # (its checks)
    k = indices.shape[-1]
    rows = indices.reshape(-1, k).astype(np.int64)
    rows = np.where(rows < 0, rows + np.asarray(data.shape), rows)
    idx = tuple(rows.T)
    ups = updates.reshape(-1)
    out = data.copy()
    with np.errstate(all="ignore"):
        out[idx] = (data[idx] | ups) if data.dtype == np.bool_ else (data[idx] + ups).astype(data.dtype)
    return out


@target("onnx.ScatterND", "fourth:scatternd-18-max-int64-compared-as-double", region={"opset": 18, "reduction": "max"})
def scatternd_max_double(data, indices, updates, *, reduction=None, opset=18, **_):
    """``max`` compares through ``double`` for every type: 64-bit integers that round to the same double
    (near 2**53 and above) tie, and the value already there is kept."""
    data, indices, updates = np.asarray(data), np.asarray(indices), np.asarray(updates)
    if reduction != "max" or data.dtype not in (np.int64, np.uint64):
        return scatter_nd(data, indices, updates, reduction=reduction, opset=opset)
    scatter_nd(data, indices, updates, reduction=reduction, opset=opset)  # (its checks)
    out = data.copy()
    for pos in np.ndindex(*indices.shape[:-1]):
        tup = tuple(int(i) + data.shape[j] if int(i) < 0 else int(i) for j, i in enumerate(indices[pos]))
        old, new = out[tup], updates[pos]
        take = np.asarray(new).astype(np.float64) > np.asarray(old).astype(np.float64)
        out[tup] = np.where(take, new, old)
    return out


@target("onnx.ScatterND", "fourth:scatternd-updates-broadcast", invalid=True)
def scatternd_broadcast(data, indices, updates, *, reduction=None, opset=13, **_):
    """``updates`` is broadcast to ``indices.shape[:-1] + data.shape[k:]`` (numpy assignment semantics)
    instead of being required to have exactly that shape."""
    data, indices, updates = np.asarray(data), np.asarray(indices), np.asarray(updates)
    violations = scatter_nd_check(data, indices, updates, reduction=reduction, opset=opset)
    if violations and all(v.label == "R3" for v in violations):
        want = tuple(indices.shape[:-1]) + tuple(data.shape[indices.shape[-1]:])
        try:
            wide = np.broadcast_to(updates, want)
        except ValueError:
            wide = None
        if wide is not None and not scatter_nd_check(data, indices, np.ascontiguousarray(wide), reduction=reduction,
                                                     opset=opset):
            return scatter_nd_evaluate(data, indices, np.ascontiguousarray(wide), reduction or "none")
    return scatter_nd(data, indices, updates, reduction=reduction, opset=opset)


# ---- mlir.broadcastable ------------------------------------------------------------------------------

@target("mlir.broadcastable", "fourth:broadcast-verifier-result-rank-unchecked")
def broadcast_rank_unchecked(*, operands, result=None, **_):
    """The result is checked dim by dim, right-aligned with ``zip`` over the inferred shape: a result of
    another rank than the inferred one passes if the dims that meet agree."""
    shapes = [parse_type(t)[0] for t in operands]
    if not operands:
        raise ValueError("no operands")
    inferred = infer_result_shape(shapes)
    res = parse_type(result)[0] if result is not None else None
    if inferred is None or res is None:
        return np.array(True)
    for a, b in zip(reversed(inferred), reversed(res)):
        if b is not None and a != b:
            raise ValueError(f"result dim {b} vs inferred {'?' if a is None else a}")
    return np.array(True)


@target("mlir.broadcastable", "fourth:broadcast-verifier-dynamic-result-vs-static-refused")
def broadcast_dynamic_result(*, operands, result=None, **_):
    """The verifier compares each result dim with the inferred one as integers (``?`` as -1): a ``?`` in the
    result where the inferred dim is static is refused."""
    shapes = [parse_type(t)[0] for t in operands]
    res = parse_type(result)[0] if result is not None else None
    broadcast_verify(shapes, res)
    inferred = infer_result_shape(shapes)
    if inferred is not None and res is not None:
        for a, b in zip(inferred, res):
            if b is None and a is not None:
                raise ValueError(f"result dim ? vs inferred {a}")
    return np.array(True)


EXPECTED = {
    "fourth:gather-pair-window-clamped-to-last-then-zero-filled": "wrong-value",
    "fourth:gather-batching-path-int8-zero-extended": "wrong-value",
    "fourth:gather-bool-through-uint8-kernel": "wrong-dtype",
    "fourth:gather-empty-batch-rejected": "rejects-valid",
    "fourth:scatter-variadic-computation-on-first-input-only": "wrong-value",
    "fourth:scatter-batching-path-unsigned-sign-extended": "wrong-value",
    "fourth:scatter-minimum-nan-in-input-replaced": "wrong-value",
    "fourth:scatter-negative-start-clamped-to-zero": "wrong-value",
    "fourth:dynamic-slice-clamp-bound-of-mirrored-dim": "wrong-value",
    "fourth:dynamic-slice-empty-slice-start-checked": "error",
    "fourth:dynamic-slice-size-one-dims-squeezed": "wrong-shape",
    "fourth:update-slice-empty-update-rejected": "rejects-valid",
    "fourth:update-slice-size-one-dim-written-to-end": "wrong-value",
    "fourth:gathernd-negative-by-dim-without-batch-offset": "wrong-value",
    "fourth:gathernd-index-depth-checked-against-rank": "accepts-invalid",
    "fourth:gathernd-empty-indices-rejected": "rejects-valid",
    "fourth:gathernd-11-accepts-batch-dims": "accepts-invalid",
    "fourth:scatternd-16-add-point-updates-buffered": "wrong-value",
    "fourth:scatternd-18-max-int64-compared-as-double": "wrong-value",
    "fourth:scatternd-updates-broadcast": "accepts-invalid",
    "fourth:broadcast-verifier-result-rank-unchecked": "accepts-invalid",
    "fourth:broadcast-verifier-dynamic-result-vs-static-refused": "rejects-valid",
}
