"""A third batch of single-bug backends written as a user would write them: a plain numpy module against
the documented target API, *default* regions (no ``region`` except where the op's API needs one: a
ScatterND target is one reduction), isolated as every user target is by default. Each is the spec's
oracle with one realistic bug, written from the bug alone (none repeats a bug of ``fresh_mutants`` or
``user_mutants``):

    PYTHONPATH=. python -m benchmarks.mutation_score --module benchmarks.third_mutants --profile ci --runs 1 --rate-examples 0
"""
from __future__ import annotations

import numpy as np

from conformance.registry import target
from conformance.oracles.mlir.broadcastable import verify as broadcast_verify
from conformance.oracles.mlir.elementwise import verify as elementwise_verify
from conformance.oracles.mlir.shapes import format_type, parse_type
from conformance.oracles.onnx.gather_nd import gather_nd
from conformance.oracles.onnx.scatter_nd import scatter_nd
from conformance.oracles.stablehlo.dynamic_slice import dynamic_slice, dynamic_update_slice
from conformance.oracles.stablehlo.elementwise import evaluate as elementwise
from conformance.oracles.stablehlo.gather import gather
from conformance.oracles.stablehlo.scatter import evaluate_fast as scatter_fast, normalize as scatter_normalize, \
    result_positions, scatter, validate as scatter_validate
from conformance.oracles.stablehlo.scatter_policy import COMPUTATIONS


def _spec(op: str, arrays: dict, attrs: dict | None = None) -> np.ndarray:
    return elementwise(op, {k: np.asarray(v) for k, v in arrays.items()}, attrs).value


def _float(dt: np.dtype) -> bool:
    return np.dtype(dt).kind == "f" or np.dtype(dt).name == "bfloat16"


# ---- stablehlo.gather --------------------------------------------------------------------------------

@target("stablehlo.gather", "third:gather-batching-lost-when-index-vector-dim-not-last")
def gather_batching_lost(operand, start_indices, *, operand_batching_dims=(), index_vector_dim,
                         result_type=None, **attrs):
    """The path that first moves a non-trailing ``index_vector_dim`` last forgets to forward the batching
    dims: every batch then reads the operand's batch 0."""
    si = np.asarray(start_indices)
    op = np.asarray(operand)
    if len(operand_batching_dims) and index_vector_dim < si.ndim - 1:
        for d in operand_batching_dims:
            if op.shape[d]:
                op = np.take(op, np.zeros(op.shape[d], np.intp), axis=d)
    return gather(op, start_indices, operand_batching_dims=operand_batching_dims,
                  index_vector_dim=index_vector_dim, **attrs)


@target("stablehlo.gather", "third:gather-clamp-bound-of-vector-position")
def gather_clamp_wrong_dim(operand, start_indices, *, start_index_map, index_vector_dim, slice_sizes,
                           result_type=None, **attrs):
    """Start component ``k`` is clamped to ``dim(operand, k) - slice_sizes[k]`` (the index vector's position)
    instead of the bound of the operand dim it maps to, ``start_index_map[k]`` (a bounds-checked read then
    keeps it inside the buffer)."""
    si = np.asarray(start_indices)
    shape = np.shape(operand)
    if si.size and list(start_index_map) != list(range(len(start_index_map))):
        vec = np.moveaxis(si, index_vector_dim, -1) if index_vector_dim < si.ndim else si[..., None]
        fixed = vec.astype(object).copy()
        for k in range(vec.shape[-1]):
            hi = shape[k] - slice_sizes[k] if k < len(shape) else 0
            col = fixed[..., k]
            fixed[..., k] = np.vectorize(lambda s, hi=hi: max(min(int(s), hi), 0), otypes=[object])(col)
        fixed = fixed.astype(si.dtype)
        si = np.moveaxis(fixed, -1, index_vector_dim) if index_vector_dim < si.ndim else fixed[..., 0]
        si = np.ascontiguousarray(si)
    return gather(operand, si, start_index_map=start_index_map, index_vector_dim=index_vector_dim,
                  slice_sizes=slice_sizes, **attrs)


# ---- stablehlo.scatter -------------------------------------------------------------------------------

@target("stablehlo.scatter", "third:scatter-batching-dims-assumed-leading")
def scatter_batching_leading(inputs, scatter_indices, updates, *, result_type=None, **attrs):
    """The batching coordinate of pair ``i`` is taken from the ``i``-th batch dim of ``scatter_indices``
    (batching dims assumed leading, as a vmap lowering lays them out) instead of from
    ``scatter_indices_batching_dims[i]``; an update whose coordinate then falls outside the input is skipped."""
    scatter_validate(inputs, scatter_indices, updates, **attrs)
    attrs = scatter_normalize(attrs)
    ivd = attrs["index_vector_dim"]
    sibd = attrs.get("scatter_indices_batching_dims", ())
    leading = tuple(i if i < ivd else i + 1 for i in range(len(sibd)))
    ins = inputs if isinstance(inputs, (list, tuple)) else [inputs]
    ups = updates if isinstance(updates, (list, tuple)) else [updates]
    pos_attrs = {k: v for k, v in attrs.items() if k not in ("update_computation", "indices_are_sorted", "unique_indices")}
    pos_attrs["scatter_indices_batching_dims"] = leading
    positions = result_positions(np.shape(ins[0]), scatter_indices, np.shape(ups[0]), **pos_attrs)
    out = scatter_fast(inputs, scatter_indices, updates, positions=positions, **attrs)
    return tuple(out) if isinstance(inputs, (list, tuple)) else out[0]


def _signed_pick(name: str):
    def pick(*args):
        half = len(args) // 2
        out = []
        for old, new in zip(args[:half], args[half:]):
            old, new = np.asarray(old), np.asarray(new)
            if old.dtype.kind == "u":  # a signed atomic min/max used for the unsigned type
                so, sn = old.view(old.dtype.str.replace("u", "i")), new.view(new.dtype.str.replace("u", "i"))
                take_new = sn < so if name == "minimum" else sn > so
                out.append(np.where(take_new, new, old).astype(old.dtype))
            else:
                out.append(COMPUTATIONS[name](old, new))
        return tuple(out)
    return pick


@target("stablehlo.scatter", "third:scatter-unsigned-minmax-compared-signed")
def scatter_unsigned_signed_minmax(inputs, scatter_indices, updates, *, update_computation, result_type=None, **attrs):
    """``minimum``/``maximum`` on unsigned elements use the signed atomic of the same width: values with the
    top bit set compare as negative."""
    if update_computation in ("minimum", "maximum"):
        update_computation = _signed_pick(update_computation)
    return scatter(inputs, scatter_indices, updates, update_computation=update_computation, **attrs)


# ---- stablehlo.dynamic_slice / dynamic_update_slice --------------------------------------------------

@target("stablehlo.dynamic_slice", "third:dynamic-slice-narrow-start-zero-extended")
def slice_zero_extended(operand, start_indices=(), *, slice_sizes, **_):
    """8- and 16-bit signed start indices are widened with zero extension (``movzx``), so int8 -1 becomes
    255 and is clamped to the high end instead of to 0."""
    starts = []
    for s in start_indices:
        s = np.asarray(s)
        if s.dtype.kind == "i" and s.dtype.itemsize < 4:
            s = s.view(s.dtype.str.replace("i", "u"))
        starts.append(s)
    return dynamic_slice(operand, starts, slice_sizes=slice_sizes)


@target("stablehlo.dynamic_update_slice", "third:update-slice-writes-operand-in-place")
def update_in_place(operand, update, start_indices=(), **_):
    """The update is written into the operand's own buffer (an in-place DUS, the operand treated as donated),
    and that buffer is returned."""
    out = dynamic_update_slice(operand, update, list(start_indices))
    if isinstance(operand, np.ndarray) and operand.flags.writeable:
        np.copyto(operand, out)
        return operand
    return out


# ---- elementwise value ops ---------------------------------------------------------------------------

@target("stablehlo.add", "third:add-bfloat16-rounds-by-truncation")
def add_bf16_truncates(lhs, rhs, **_):
    """bfloat16 is added in float32 and converted back by dropping the low 16 bits (truncation) instead of
    rounding to nearest even."""
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    if lhs.dtype.name != "bfloat16":
        return _spec("add", {"lhs": lhs, "rhs": rhs})
    wide = np.asarray(lhs.astype(np.float32) + rhs.astype(np.float32), np.float32)
    bits = (wide.view(np.uint32) >> 16).astype(np.uint16)
    return np.asarray(bits.view(lhs.dtype))


@target("stablehlo.divide", "third:divide-signed-floors")
def divide_floors(lhs, rhs, **_):
    """Signed integer division rounds toward minus infinity (Python's ``//``) instead of toward zero."""
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    out = _spec("divide", {"lhs": lhs, "rhs": rhs})
    if lhs.dtype.kind == "i":
        with np.errstate(all="ignore"):
            floored = np.floor_divide(lhs, np.where(rhs == 0, 1, rhs)).astype(lhs.dtype)
        out = np.where(rhs == 0, out, floored).astype(lhs.dtype)
    return out


@target("stablehlo.remainder", "third:remainder-float-by-trunc-formula")
def remainder_formula(lhs, rhs, **_):
    """Float remainder as ``x - trunc(x / y) * y`` instead of the exact fmod."""
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    if not _float(lhs.dtype):
        return _spec("remainder", {"lhs": lhs, "rhs": rhs})
    work = np.float32 if lhs.dtype.name == "bfloat16" else lhs.dtype
    a, b = lhs.astype(work), rhs.astype(work)
    with np.errstate(all="ignore"):
        return np.asarray(a - np.trunc(a / b) * b).astype(lhs.dtype)


@target("stablehlo.compare", "third:compare-unsigned-as-signed")
def compare_unsigned_signed(lhs, rhs, *, comparison_direction, **attrs):
    """Ordered comparisons of unsigned types use the signed instruction (``compare_type`` ignored)."""
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    if lhs.dtype.kind == "u" and comparison_direction in ("LT", "LE", "GT", "GE"):
        signed = lhs.dtype.str.replace("u", "i")
        lhs, rhs = lhs.view(signed), rhs.view(signed)
        attrs = {**attrs, "compare_type": "SIGNED"}
    return _spec("compare", {"lhs": lhs, "rhs": rhs}, {"comparison_direction": comparison_direction, **attrs})


@target("stablehlo.compare", "third:compare-lt-gt-as-negated-ge-le")
def compare_negated(lhs, rhs, *, comparison_direction, **attrs):
    """A canonicalization rewrites ``a < b`` to ``!(a >= b)`` and ``a > b`` to ``!(a <= b)``: true where a
    NaN takes part (unordered) instead of false."""
    flip = {"LT": "GE", "GT": "LE"}
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    if comparison_direction in flip and _float(lhs.dtype):
        other = _spec("compare", {"lhs": lhs, "rhs": rhs}, {**attrs, "comparison_direction": flip[comparison_direction]})
        return np.asarray(np.logical_not(other))
    return _spec("compare", {"lhs": lhs, "rhs": rhs}, {"comparison_direction": comparison_direction, **attrs})


@target("stablehlo.maximum", "third:maximum-zero-tie-takes-rhs")
def maximum_tie_rhs(lhs, rhs, **_):
    """NaN is propagated explicitly, then ``lhs > rhs ? lhs : rhs``: max(+0.0, -0.0) gives -0.0."""
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    if not _float(lhs.dtype):
        return _spec("maximum", {"lhs": lhs, "rhs": rhs})
    a, b = lhs.astype(np.float64), rhs.astype(np.float64)
    nan = np.isnan(a) | np.isnan(b)
    return np.where(nan, _spec("maximum", {"lhs": lhs, "rhs": rhs}), np.where(a > b, lhs, rhs)).astype(lhs.dtype)


@target("stablehlo.abs", "third:abs-by-compare-and-negate")
def abs_compare(operand, **_):
    """Float abs as ``x < 0 ? -x : x``: -0.0 (and a NaN with the sign bit set) keeps its sign."""
    operand = np.asarray(operand)
    if not _float(operand.dtype):
        return _spec("abs", {"operand": operand})
    return np.where(operand.astype(np.float64) < 0, -operand, operand).astype(operand.dtype)


@target("stablehlo.shift_right_logical", "third:shift-right-logical-arithmetic-on-signed")
def srl_arithmetic_on_signed(lhs, rhs, **_):
    """On signed types the shift is C's ``>>`` (sign-filling), not a logical shift."""
    op = "shift_right_arithmetic" if np.asarray(lhs).dtype.kind == "i" else "shift_right_logical"
    return _spec(op, {"lhs": lhs, "rhs": rhs})


@target("stablehlo.xor", "third:xor-bool-as-or")
def xor_bool_or(lhs, rhs, **_):
    """Booleans take ``||`` (the bool kernel shared with ``or``)."""
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    if lhs.dtype == np.bool_:
        return np.asarray(np.logical_or(lhs, rhs))
    return _spec("xor", {"lhs": lhs, "rhs": rhs})


@target("stablehlo.select", "third:select-scalar-pred-branches-swapped")
def select_scalar_swapped(pred, on_true, on_false, **_):
    """A rank-0 ``pred`` with tensor operands takes a fast path (no broadcast of the predicate) whose
    branches are swapped: ``pred ? on_false : on_true``."""
    pred, on_true, on_false = np.asarray(pred), np.asarray(on_true), np.asarray(on_false)
    if pred.ndim == 0 and on_true.ndim > 0:
        return np.array(on_false if bool(pred) else on_true, copy=True)
    return _spec("select", {"pred": pred, "on_true": on_true, "on_false": on_false})


# ---- onnx.GatherND / onnx.ScatterND ------------------------------------------------------------------

@target("onnx.GatherND", "third:gathernd-data-batches-column-major")
def gathernd_batches_column_major(data, indices, *, batch_dims=None, opset=13, **_):
    """With two or more batch dims, the data's batch offset is computed with column-major strides while
    the indices are walked row-major: batch (i, j) reads the data's batch at the transposed flat position."""
    b = batch_dims or 0
    data = np.asarray(data)
    if b >= 2 and data.size and np.asarray(indices).size:
        bshape = data.shape[:b]
        n = int(np.prod(bshape))
        flat = np.stack([data[np.unravel_index(j, bshape, order="F")] for j in range(n)])
        data = np.ascontiguousarray(flat.reshape(data.shape))
    return gather_nd(data, indices, batch_dims=batch_dims, opset=opset)


@target("onnx.ScatterND", "third:scatternd-mul-duplicates-last-write-wins", region={"opset": 18, "reduction": "mul"})
def scatternd_mul_last_wins(data, indices, updates, *, reduction=None, opset=18, **_):
    """Each index tuple gets ``data[t] * u`` written in parallel: where tuples repeat, the last write wins
    instead of every update being multiplied in."""
    if reduction != "mul":
        return scatter_nd(data, indices, updates, reduction=reduction, opset=opset)
    scatter_nd(data, indices, updates, reduction=reduction, opset=opset)  # (its checks)
    data, indices, updates = np.asarray(data), np.asarray(indices), np.asarray(updates)
    out = np.copy(data)
    with np.errstate(all="ignore"):
        for idx in np.ndindex(*indices.shape[:-1]):
            tup = tuple(int(i) + data.shape[j] if int(i) < 0 else int(i) for j, i in enumerate(indices[idx]))
            out[tup] = np.multiply(data[tup], updates[idx])
    return out


# ---- mlir.broadcastable ------------------------------------------------------------------------------

@target("mlir.broadcastable", "third:broadcast-verifier-zero-meets-n")
def broadcast_zero_meets_n(*, operands, result=None, **_):
    """A verifier for which a static 0 meeting a static n > 1 is not a clash (the empty operand treated as
    broadcastable, as a 1): the position infers n."""
    shapes = [parse_type(t)[0] for t in operands]
    ranked = [s for s in shapes if s is not None]
    rank = max((len(s) for s in ranked), default=0)
    wide = {rank - len(s) + i for s in ranked for i, d in enumerate(s) if d is not None and d > 1}
    shapes = [None if s is None else tuple(1 if d == 0 and rank - len(s) + i in wide else d for i, d in enumerate(s))
              for s in shapes]
    broadcast_verify(shapes, parse_type(result)[0] if result is not None else None)
    return np.array(True)


@target("mlir.broadcastable", "third:broadcast-verifier-dynamic-wins")
def broadcast_dynamic_wins(*, operands, result=None, **_):
    """A verifier whose InferDim returns ``?`` wherever any operand is ``?`` (a static n > 1 beside it is
    forgotten), then checks the result by the formal rule: ``(?, 4) -> 4`` is refused."""
    shapes = [s for s in (parse_type(t)[0] for t in operands) if s is not None]
    if not operands:
        raise ValueError("no operands")
    if not shapes:
        return np.array(True)
    rank = max(len(s) for s in shapes)
    padded = [(1,) * (rank - len(s)) + tuple(s) for s in shapes]
    inferred = []
    for col in zip(*padded):
        static = {d for d in col if d is not None and d != 1}
        if len(static) > 1:
            raise ValueError(f"incompatible dims {sorted(static)}")
        inferred.append(None if None in col else static.pop() if static else 1)
    res = parse_type(result)[0] if result is not None else None
    if res is None:
        return np.array(True)
    if len(res) != rank:
        raise ValueError("result rank")
    for a, b in zip(inferred, res):
        if b is not None and a != b:
            raise ValueError(f"result dim {b} vs inferred {'?' if a is None else a}")
    return np.array(True)


def _expanded(types: list[str], rank: int) -> list[str]:
    out = []
    for text in types:
        shape, elem = parse_type(text) if text.startswith("tensor<") else (None, None)
        out.append(format_type((1,) * (rank - len(shape)) + tuple(shape), elem) if shape is not None else text)
    return out


@target("mlir.elementwise", "third:elementwise-verifier-expands-ranks")
def elementwise_rank_expanded(*, operands, results, **_):
    """A verifier that reuses broadcasting's ExpandRank before its same-shape check: the lower-rank tensors
    get leading 1s, so ``tensor<4xf32>`` beside ``tensor<1x4xf32>`` passes as one shape."""
    ranks = [len(parse_type(t)[0]) for t in list(operands) + list(results)
             if t.startswith("tensor<") and parse_type(t)[0] is not None]
    rank = max(ranks, default=0)
    elementwise_verify(_expanded(list(operands), rank), _expanded(list(results), rank))
    return np.array(True)


EXPECTED = {
    "third:gather-batching-lost-when-index-vector-dim-not-last": "wrong-value",
    "third:gather-clamp-bound-of-vector-position": "wrong-value",
    "third:scatter-batching-dims-assumed-leading": "wrong-value",
    "third:scatter-unsigned-minmax-compared-signed": "wrong-value",
    "third:dynamic-slice-narrow-start-zero-extended": "wrong-value",
    "third:update-slice-writes-operand-in-place": "mutates-input",
    "third:add-bfloat16-rounds-by-truncation": "wrong-value",
    "third:divide-signed-floors": "wrong-value",
    "third:remainder-float-by-trunc-formula": "wrong-value",
    "third:compare-unsigned-as-signed": "wrong-value",
    "third:maximum-zero-tie-takes-rhs": "wrong-value",
    "third:abs-by-compare-and-negate": "wrong-value",
    "third:shift-right-logical-arithmetic-on-signed": "wrong-value",
    "third:xor-bool-as-or": "wrong-value",
    "third:select-scalar-pred-branches-swapped": "wrong-value",
    "third:gathernd-data-batches-column-major": "wrong-value",
    "third:scatternd-mul-duplicates-last-write-wins": "wrong-value",
    "third:broadcast-verifier-zero-meets-n": "accepts-invalid",
    "third:compare-lt-gt-as-negated-ge-le": "wrong-value",
    "third:broadcast-verifier-dynamic-wins": "rejects-valid",
    "third:elementwise-verifier-expands-ranks": "accepts-invalid",
}
