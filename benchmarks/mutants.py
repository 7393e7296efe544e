"""Mutant backends: each target is the spec's oracle with one realistic bug, declared with the region of
the closest built-in target (copied, not tuned to expose the bug). The mutation score
(``python -m benchmarks.mutation_score``) is the share of them the suite kills.

Load as a backend: ``pytest conformance --backend=benchmarks.mutants``. Every target here diverges
(that is the point); none is isolated (they are plain numpy).
"""
from __future__ import annotations

import numpy as np

from conformance.running.registry import target
from conformance.oracles.mlir.broadcastable import infer_result_shape
from conformance.oracles.mlir.shapes import parse_type
from conformance.oracles.onnx.gather_nd import gather_nd
from conformance.oracles.onnx.scatter_nd import evaluate as scatter_nd_evaluate
from conformance.oracles.stablehlo.gather import evaluate_fast as gather_fast, normalize as gather_normalize
from conformance.oracles.stablehlo.policy import GATHER_VARIANTS
from conformance.oracles.stablehlo.scatter import evaluate_fast as scatter_fast, normalize as scatter_normalize
from conformance.oracles.stablehlo.scatter_policy import COMPUTATIONS, SCATTER_VARIANTS

# regions of the closest built-in targets (see adapters/): copied as those targets declare them
GENERAL = {}  # jax:lax.gather / lax.scatter, xla, stablehlo: the whole space
TAKE = {"style": "take"}  # numpy:take[clip]
ALONG = {"style": "along_axis", "index_dtypes": ("int64",)}  # torch:gather (element dtypes: torch's)
ADVANCED = {"style": "advanced"}  # numpy advanced indexing / x[idx] = v
SCATTER_ALONG = {"style": "along_axis", "index_dtypes": ("int64",)}  # torch scatter_
ONNX_GATHER = {"opset": 13}
ONNX_SCATTER = {"opset": 18}
STATIC = {"dynamic": False, "unranked": False, "result": False}  # numpy:broadcast_shapes

MUTANTS: dict = {}  # name -> marked function (the backend's targets)


def _gather(operand, start_indices, variant="clamp", **attrs):
    attrs.pop("result_type", None)
    return gather_fast(operand, start_indices, variant=GATHER_VARIANTS[variant], **gather_normalize(attrs))[0]


def _scatter(inputs, scatter_indices, updates, variant="skip-element", **attrs):
    attrs.pop("result_type", None)
    out = scatter_fast(inputs, scatter_indices, updates, variant=SCATTER_VARIANTS[variant], **scatter_normalize(attrs))
    return tuple(out) if isinstance(inputs, list) else out[0]


def mutant(op: str, name: str, region: dict, layouts: tuple[str, ...] | None = None, invalid: bool = False):
    def mark(fn):
        MUTANTS[name] = target(op, f"mutant:{name}", region=region, isolated=False, layouts=layouts,
                               invalid=invalid)(fn)
        return fn
    return mark


def _narrow(indices: np.ndarray) -> np.ndarray:
    """int64/uint64 indices truncated to int32 (what a 32-bit index path does)."""
    return indices.astype(np.int32) if indices.dtype.itemsize == 8 else indices


def _as_signed(indices: np.ndarray) -> np.ndarray:
    return indices.view(indices.dtype.str.replace("u", "i")) if indices.dtype.kind == "u" else indices


def _positive_zero(a: np.ndarray) -> np.ndarray:
    return np.where(a == 0, np.zeros_like(a), a) if a.dtype.kind in "fc" or a.dtype.name == "bfloat16" else a


# ---- stablehlo.gather ---------------------------------------------------------------------------

@mutant("stablehlo.gather", "gather-int64-indices-narrowed", GENERAL)
def gather_narrowed(operand, start_indices, **attrs):
    return _gather(operand, _narrow(start_indices), **attrs)


@mutant("stablehlo.gather", "gather-unsigned-read-as-signed", TAKE)
def gather_as_signed(operand, start_indices, **attrs):
    return _gather(operand, _as_signed(start_indices), **attrs)


@mutant("stablehlo.gather", "gather-drops-negative-zero", GENERAL)
def gather_positive_zero(operand, start_indices, **attrs):
    return _positive_zero(_gather(operand, start_indices, **attrs))


@mutant("stablehlo.gather", "gather-start-index-map-reversed", GENERAL)
def gather_sim_reversed(operand, start_indices, *, start_index_map, **attrs):
    return _gather(operand, start_indices, start_index_map=tuple(reversed(start_index_map)), **attrs)


@mutant("stablehlo.gather", "gather-index-vector-dim-assumed-last", GENERAL)
def gather_ivd_last(operand, start_indices, *, index_vector_dim, **attrs):
    if index_vector_dim < start_indices.ndim - 1:  # reads components along the last axis instead
        start_indices = np.ascontiguousarray(np.swapaxes(start_indices, index_vector_dim, -1))
    return _gather(operand, start_indices, index_vector_dim=index_vector_dim, **attrs)


@mutant("stablehlo.gather", "gather-clamp-bound-off-by-one", TAKE)
def gather_off_by_one(operand, start_indices, *, start_index_map, index_vector_dim, slice_sizes, **attrs):
    (d,) = start_index_map
    hi = operand.shape[d] - slice_sizes[d]
    idx = start_indices.astype(object)
    idx = np.where(idx >= hi, hi - 1 if hi > 0 else 0, idx).astype(start_indices.dtype)
    return _gather(operand, idx, start_index_map=start_index_map, index_vector_dim=index_vector_dim,
                   slice_sizes=slice_sizes, **attrs)


@mutant("stablehlo.gather", "gather-fills-out-of-bounds", GENERAL)
def gather_fill(operand, start_indices, **attrs):
    return _gather(operand, start_indices, variant="fill", **attrs)


@mutant("stablehlo.gather", "gather-wraps-negative", ADVANCED)
def gather_wrap(operand, start_indices, **attrs):
    return _gather(operand, start_indices, variant="wrap", **attrs)


@mutant("stablehlo.gather", "gather-batching-pairs-swapped", GENERAL)
def gather_batching_swapped(operand, start_indices, *, start_indices_batching_dims=(), **attrs):
    sibd = tuple(reversed(start_indices_batching_dims))
    shapes_agree = all(start_indices.shape[a] == start_indices.shape[b]
                       for a, b in zip(sibd, start_indices_batching_dims))
    if not shapes_agree:
        raise ValueError("batching dim sizes differ")
    return _gather(operand, start_indices, start_indices_batching_dims=sibd, **attrs)


@mutant("stablehlo.gather", "gather-bound-in-index-dtype", TAKE)
def gather_bound_in_dtype(operand, start_indices, *, start_index_map, slice_sizes, **attrs):
    """Computes the clamp bound dim - size in the index dtype (wraps for dims the dtype cannot hold)."""
    (d,) = start_index_map
    hi = np.array(operand.shape[d] - slice_sizes[d]).astype(start_indices.dtype).astype(np.int64)
    idx = np.asarray(np.clip(start_indices.astype(object), 0, max(int(hi), 0)), dtype=object).astype(start_indices.dtype)
    return _gather(operand, idx, start_index_map=start_index_map, slice_sizes=slice_sizes, **attrs)


@mutant("stablehlo.gather", "gather-along-axis-wraps-negative", ALONG)
def gather_along_wrap(operand, start_indices, **attrs):
    return _gather(operand, start_indices, variant="wrap", **attrs)


# ---- stablehlo.scatter --------------------------------------------------------------------------

def _bug_computation(name: str, fn):
    """A computation that is the spec's except where ``fn`` says otherwise (fn returns None: spec)."""
    def combined(old, new):
        out = fn(np.asarray(old), np.asarray(new))
        return COMPUTATIONS[name](old, new) if out is None else out
    return combined


@mutant("stablehlo.scatter", "scatter-int64-indices-narrowed", GENERAL)
def scatter_narrowed(inputs, scatter_indices, updates, **attrs):
    return _scatter(inputs, _narrow(scatter_indices), updates, **attrs)


@mutant("stablehlo.scatter", "scatter-unsigned-read-as-signed", ADVANCED)
def scatter_as_signed(inputs, scatter_indices, updates, **attrs):
    return _scatter(inputs, _as_signed(scatter_indices), updates, **attrs)


@mutant("stablehlo.scatter", "scatter-minmax-first-zero-wins", GENERAL)
def scatter_first_zero(inputs, scatter_indices, updates, *, update_computation, **attrs):
    if update_computation in ("minimum", "maximum") and not callable(update_computation):
        pick = np.minimum if update_computation == "minimum" else np.maximum  # keeps the first of two zeros
        update_computation = _bug_computation(update_computation, lambda a, b: (
            pick(a, b) if a.dtype.kind == "f" or a.dtype.name == "bfloat16" else None))
    return _scatter(inputs, scatter_indices, updates, update_computation=update_computation, **attrs)


@mutant("stablehlo.scatter", "scatter-max-drops-nan", GENERAL)
def scatter_fmax(inputs, scatter_indices, updates, *, update_computation, **attrs):
    if update_computation == "maximum":
        update_computation = _bug_computation("maximum", lambda a, b: (
            np.where(np.isnan(a.astype(np.float64)), b, np.where(np.isnan(b.astype(np.float64)), a,
                                                                 COMPUTATIONS["maximum"](a, b))).astype(a.dtype)
            if a.dtype.kind == "f" or a.dtype.name == "bfloat16" else None))
    return _scatter(inputs, scatter_indices, updates, update_computation=update_computation, **attrs)


@mutant("stablehlo.scatter", "scatter-min-drops-nan", ADVANCED)
def scatter_fmin(inputs, scatter_indices, updates, *, update_computation, **attrs):
    if update_computation == "minimum":
        update_computation = _bug_computation("minimum", lambda a, b: (
            np.where(np.isnan(b.astype(np.float64)), a, COMPUTATIONS["minimum"](a, b)).astype(a.dtype)
            if a.dtype.kind == "f" or a.dtype.name == "bfloat16" else None))
    return _scatter(inputs, scatter_indices, updates, update_computation=update_computation, **attrs)


@mutant("stablehlo.scatter", "scatter-bool-add-is-xor", GENERAL)
def scatter_bool_xor(inputs, scatter_indices, updates, *, update_computation, **attrs):
    if update_computation == "add":
        update_computation = _bug_computation("add", lambda a, b: (a ^ b) if a.dtype.kind == "b" else None)
    return _scatter(inputs, scatter_indices, updates, update_computation=update_computation, **attrs)


@mutant("stablehlo.scatter", "scatter-bool-multiply-is-or", GENERAL)
def scatter_bool_or(inputs, scatter_indices, updates, *, update_computation, **attrs):
    if update_computation == "multiply":
        update_computation = _bug_computation("multiply", lambda a, b: (a | b) if a.dtype.kind == "b" else None)
    return _scatter(inputs, scatter_indices, updates, update_computation=update_computation, **attrs)


@mutant("stablehlo.scatter", "scatter-dims-map-reversed", GENERAL)
def scatter_sdod_reversed(inputs, scatter_indices, updates, *, scatter_dims_to_operand_dims, **attrs):
    return _scatter(inputs, scatter_indices, updates,
                    scatter_dims_to_operand_dims=tuple(reversed(scatter_dims_to_operand_dims)), **attrs)


@mutant("stablehlo.scatter", "scatter-index-vector-dim-assumed-last", GENERAL)
def scatter_ivd_last(inputs, scatter_indices, updates, *, index_vector_dim, **attrs):
    if index_vector_dim < scatter_indices.ndim - 1:
        scatter_indices = np.ascontiguousarray(np.swapaxes(scatter_indices, index_vector_dim, -1))
    return _scatter(inputs, scatter_indices, updates, index_vector_dim=index_vector_dim, **attrs)


@mutant("stablehlo.scatter", "scatter-skips-whole-window", GENERAL)
def scatter_skip_window(inputs, scatter_indices, updates, **attrs):
    return _scatter(inputs, scatter_indices, updates, variant="skip-window", **attrs)


@mutant("stablehlo.scatter", "scatter-clamps-window", GENERAL)
def scatter_clamp(inputs, scatter_indices, updates, **attrs):
    return _scatter(inputs, scatter_indices, updates, variant="clamp", **attrs)


@mutant("stablehlo.scatter", "scatter-wraps-negative", SCATTER_ALONG)
def scatter_wrap(inputs, scatter_indices, updates, **attrs):
    return _scatter(inputs, scatter_indices, updates, variant="wrap", **attrs)


@mutant("stablehlo.scatter", "scatter-integer-add-saturates", GENERAL)
def scatter_saturate(inputs, scatter_indices, updates, *, update_computation, **attrs):
    if update_computation == "add":
        def sat(a, b):
            if a.dtype.kind not in "iu":
                return None
            info = np.iinfo(a.dtype)
            return np.clip(a.astype(object) + b.astype(object), int(info.min), int(info.max)).astype(a.dtype)
        update_computation = _bug_computation("add", sat)
    return _scatter(inputs, scatter_indices, updates, update_computation=update_computation, **attrs)


@mutant("stablehlo.scatter", "scatter-add-loses-negative-zero", GENERAL)
def scatter_add_zero(inputs, scatter_indices, updates, *, update_computation, **attrs):
    if update_computation == "add":
        update_computation = _bug_computation("add", lambda a, b: (
            (a + b + np.zeros((), a.dtype)).astype(a.dtype) if a.dtype.kind == "f" or a.dtype.name == "bfloat16"
            else None))
    return _scatter(inputs, scatter_indices, updates, update_computation=update_computation, **attrs)


@mutant("stablehlo.scatter", "scatter-duplicates-applied-once", TAKE)
def scatter_once(inputs, scatter_indices, updates, **attrs):
    """Applies only the last update to each element (as a parallel write without combining would)."""
    attrs.pop("result_type", None)
    replace = {**attrs, "update_computation": "replace"}
    if attrs["update_computation"] == "replace":
        return _scatter(inputs, scatter_indices, updates, **attrs)
    last = _scatter(np.zeros_like(inputs), scatter_indices, updates, **replace)
    written = _scatter(np.zeros(inputs.shape, bool), scatter_indices, np.ones(updates.shape, bool), **replace)
    combined = COMPUTATIONS[attrs["update_computation"]](inputs, last)
    return np.where(written, combined, inputs)


@mutant("stablehlo.scatter", "scatter-batching-pairs-swapped", GENERAL)
def scatter_batching_swapped(inputs, scatter_indices, updates, *, scatter_indices_batching_dims=(), **attrs):
    sibd = tuple(reversed(scatter_indices_batching_dims))
    if not all(scatter_indices.shape[a] == scatter_indices.shape[b] for a, b in zip(sibd, scatter_indices_batching_dims)):
        raise ValueError("batching dim sizes differ")
    return _scatter(inputs, scatter_indices, updates, scatter_indices_batching_dims=sibd, **attrs)


@mutant("stablehlo.scatter", "scatter-second-input-gets-first-updates", {"max_inputs": 2})
def scatter_variadic_mixup(inputs, scatter_indices, updates, **attrs):
    """Variadic scatter that applies updates[0] to every input (cast to its type)."""
    if isinstance(inputs, list) and len(inputs) > 1:
        updates = [updates[0].astype(i.dtype) for i in inputs]
    return _scatter(inputs, scatter_indices, updates, **attrs)


# ---- onnx.GatherND / onnx.ScatterND -------------------------------------------------------------

@mutant("onnx.GatherND", "gathernd-negative-clamped-to-zero", ONNX_GATHER)
def gathernd_clamp_negative(data, indices, *, batch_dims=None, opset=13, **_):
    return gather_nd(data, np.maximum(indices, 0), batch_dims=batch_dims, opset=opset)


@mutant("onnx.GatherND", "gathernd-drops-negative-zero", ONNX_GATHER)
def gathernd_positive_zero(data, indices, *, batch_dims=None, opset=13, **_):
    return _positive_zero(gather_nd(data, indices, batch_dims=batch_dims, opset=opset))


@mutant("onnx.GatherND", "gathernd-index-tuple-reversed", ONNX_GATHER)
def gathernd_reversed(data, indices, *, batch_dims=None, opset=13, **_):
    b = batch_dims or 0
    k = indices.shape[-1]
    if len(set(data.shape[b:b + k])) > 1:  # reversing would index out of range: mimic a silent clamp
        idx = indices[..., ::-1]
        bounds = np.array(data.shape[b:b + k])
        idx = np.clip(idx, -bounds, bounds - 1)
        return gather_nd(data, np.ascontiguousarray(idx), batch_dims=batch_dims, opset=opset)
    return gather_nd(data, np.ascontiguousarray(indices[..., ::-1]), batch_dims=batch_dims, opset=opset)


@mutant("onnx.GatherND", "gathernd-batch-dims-off-by-one-negative", ONNX_GATHER)
def gathernd_negative_batch(data, indices, *, batch_dims=None, opset=13, **_):
    """Wraps negative indices by the wrong dim (the full data dim 0 instead of the indexed dim)."""
    b = batch_dims or 0
    k = indices.shape[-1]
    idx = indices.copy()
    for j in range(k):
        idx[..., j] = np.where(idx[..., j] < 0, idx[..., j] + data.shape[0], idx[..., j])
    idx = np.clip(idx, -np.array(data.shape[b:b + k]), np.array(data.shape[b:b + k]) - 1)
    return gather_nd(data, idx, batch_dims=batch_dims, opset=opset)


def _nd(data, indices, updates, reduction, combine=None):
    if combine is None:
        return scatter_nd_evaluate(data, indices, updates, reduction or "none")
    out = np.copy(data)
    with np.errstate(all="ignore"):
        for idx in np.ndindex(*indices.shape[:-1]):
            tup = tuple(int(i) + data.shape[j] if int(i) < 0 else int(i) for j, i in enumerate(indices[idx]))
            out[tup] = combine(out[tup], updates[idx])
    return out


@mutant("onnx.ScatterND", "scatternd-max-drops-nan", {**ONNX_SCATTER, "reduction": "max"})
def scatternd_fmax(data, indices, updates, *, reduction=None, **_):
    return _nd(data, indices, updates, reduction, np.fmax if data.dtype.kind == "f" else None)


@mutant("onnx.ScatterND", "scatternd-min-drops-nan", {**ONNX_SCATTER, "reduction": "min"})
def scatternd_fmin(data, indices, updates, *, reduction=None, **_):
    return _nd(data, indices, updates, reduction, np.fmin if data.dtype.kind == "f" else None)


@mutant("onnx.ScatterND", "scatternd-negative-skipped", ONNX_SCATTER)
def scatternd_skip_negative(data, indices, updates, *, reduction=None, **_):
    keep = (indices >= 0).all(axis=-1)
    return _nd(data, indices[keep], updates[keep], reduction)


@mutant("onnx.ScatterND", "scatternd-add-duplicates-once", {**ONNX_SCATTER, "reduction": "add"})
def scatternd_add_once(data, indices, updates, *, reduction=None, **_):
    out = np.copy(data)
    seen = set()
    with np.errstate(all="ignore"):
        for idx in np.ndindex(*indices.shape[:-1]):
            tup = tuple(int(i) + data.shape[j] if int(i) < 0 else int(i) for j, i in enumerate(indices[idx]))
            if tup in seen:
                continue
            seen.add(tup)
            out[tup] = (out[tup] | updates[idx]) if data.dtype == np.bool_ else out[tup] + updates[idx]
    return out


@mutant("onnx.ScatterND", "scatternd-mul-integer-saturates", {**ONNX_SCATTER, "reduction": "mul"})
def scatternd_mul_saturates(data, indices, updates, *, reduction=None, **_):
    if data.dtype.kind not in "iu":
        return _nd(data, indices, updates, reduction)
    info = np.iinfo(data.dtype)
    return _nd(data, indices, updates, reduction,
               lambda a, b: np.asarray(np.clip(np.asarray(a, dtype=object) * np.asarray(b, dtype=object),
                                               int(info.min), int(info.max)), dtype=object).astype(data.dtype))


# ---- mlir.broadcastable (shape inference, the numpy:broadcast_shapes form) ---------------------

def _shape_out(shapes) -> np.ndarray:
    return np.asarray(infer_result_shape(shapes), np.int64).reshape(-1)


@mutant("mlir.broadcastable", "broadcast-zero-treated-as-one", STATIC)
def broadcast_zero_as_one(*, operands, **_):
    shapes = [parse_type(t)[0] for t in operands]
    ones = [tuple(1 if d == 0 else d for d in s) for s in shapes]
    if all(0 not in s for s in shapes):
        return _shape_out(shapes)
    out = list(infer_result_shape(ones))
    rank = len(out)
    for s in shapes:  # a 0 meeting only 1s stays 0; a 0 meeting n > 1 becomes n (the bug)
        for i, d in enumerate(s):
            if d == 0 and out[rank - len(s) + i] == 1:
                out[rank - len(s) + i] = 0
    return np.asarray(out, np.int64)


@mutant("mlir.broadcastable", "broadcast-left-aligns-ranks", STATIC)
def broadcast_left_aligned(*, operands, **_):
    """Pads the shorter shapes with 1s on the right instead of the left."""
    shapes = [parse_type(t)[0] for t in operands]
    longest = max((len(s) for s in shapes), default=0)
    return _shape_out([s + (1,) * (longest - len(s)) for s in shapes])


@mutant("mlir.broadcastable", "broadcast-clash-hidden-by-dynamic", {"min_operands": 2})
def broadcast_clash_behind_dynamic(*, operands, result=None, **_):
    """A verifier that stops checking a position once some operand has ``?`` there."""
    from conformance.oracles.mlir.broadcastable import verify

    shapes = [parse_type(t)[0] for t in operands]
    ranked = [s for s in shapes if s is not None]
    rank = max((len(s) for s in ranked), default=0)
    dynamic = {rank - len(s) + i for s in ranked for i, d in enumerate(s) if d is None}
    shapes = [None if s is None else tuple(None if rank - len(s) + i in dynamic else d for i, d in enumerate(s))
              for s in shapes]
    verify(shapes, parse_type(result)[0] if result is not None else None)
    return np.array(True)


@mutant("mlir.broadcastable", "broadcast-unranked-result-rejected", {"min_operands": 1})
def broadcast_unranked_strict(*, operands, result=None, **_):
    """A verifier that rejects an op whose operands are all unranked."""
    from conformance.oracles.mlir.broadcastable import verify

    shapes = [parse_type(t)[0] for t in operands]
    if all(s is None for s in shapes):
        raise ValueError("cannot verify broadcasting of unranked operands")
    verify(shapes, parse_type(result)[0] if result is not None else None)
    return np.array(True)


# ---- mlir.scalarization (the tensor form against the same backend's scalar form) --------------

FLOATS = ("float16", "float32", "float64")


def _forms(tensor_fn, scalar_fn, arrays: dict) -> tuple[np.ndarray, np.ndarray]:
    arrays = {k: v for k, v in arrays.items() if isinstance(v, np.ndarray)}
    ordered = [arrays[k] for k in sorted(arrays, key=lambda k: (k != "pred", k))]
    with np.errstate(all="ignore"):
        tensor = np.asarray(tensor_fn(*ordered))
        scalars = np.stack([np.asarray(scalar_fn(*[a[i] for a in ordered])) for i in range(ordered[0].shape[0])])
    return tensor, scalars.astype(tensor.dtype)


@mutant("mlir.scalarization", "elementwise-maximum-tensor-drops-nan", {"op": "maximum", "dtypes": FLOATS})
def elementwise_fmax(*, op, **arrays):
    return _forms(np.fmax, np.maximum, arrays)


@mutant("mlir.scalarization", "elementwise-add-tensor-loses-negative-zero", {"op": "add", "dtypes": FLOATS})
def elementwise_add_zero(*, op, **arrays):
    return _forms(lambda a, b: (a + b) + np.zeros((), a.dtype), np.add, arrays)


@mutant("mlir.scalarization", "elementwise-multiply-tensor-flushes-subnormals", {"op": "multiply", "dtypes": FLOATS})
def elementwise_ftz(*, op, **arrays):
    def ftz(a, b):
        out = a * b
        return np.where(np.abs(out) < np.finfo(out.dtype).tiny, np.zeros_like(out), out)
    return _forms(ftz, np.multiply, arrays)


@mutant("mlir.scalarization", "elementwise-shift-left-tensor-masks-amount",
        {"op": "shift_left", "dtypes": ("int8", "int16", "int32", "uint8", "uint16", "uint32")})
def elementwise_shift_mask(*, op, **arrays):
    def masked(a, s):
        bits = a.dtype.itemsize * 8
        return np.left_shift(a, (s.astype(np.int64) % bits).astype(a.dtype))
    return _forms(masked, np.left_shift, arrays)


# ---- elementwise values (stablehlo.add, ...): consistently wrong, so the tensor and scalar forms
# agree and only the value oracle sees it. Regions: the numpy targets' (adapters/elementwise_values.py)

from conformance.oracles.stablehlo.elementwise import evaluate as value_evaluate  # noqa: E402

NP_VALUES = {"forms": ("tensor", "rank0", "scalar")}
NP_FLOATS = ("float16", "bfloat16", "float32", "float64")


def _value(op: str, kwargs: dict) -> np.ndarray:
    """The oracle's answer (implementation-defined elements: its representative), as a 0-d array at rank 0."""
    arrays = {k: np.asarray(v) if not isinstance(v, np.ndarray) else v for k, v in kwargs.items()
              if k in ("operand", "lhs", "rhs", "pred", "on_true", "on_false")}
    if kwargs.get("rhs_as_scalar"):
        arrays["rhs"] = np.asarray(kwargs["rhs"], arrays["lhs"].dtype)
    return value_evaluate(op, arrays, kwargs).value


@mutant("stablehlo.maximum", "value-maximum-drops-nan", {**NP_VALUES, "dtypes": NP_FLOATS})
def value_fmax(lhs, rhs, **kw):
    out = _value("maximum", {"lhs": lhs, "rhs": rhs, **kw})
    with np.errstate(all="ignore"):
        return np.where(np.isnan(lhs) | np.isnan(rhs), np.fmax(lhs.astype(np.float64), np.asarray(rhs, np.float64)), out).astype(out.dtype)


@mutant("stablehlo.negate", "value-negate-loses-zero-sign", {**NP_VALUES, "dtypes": NP_FLOATS})
def value_negate_zero(operand, **kw):
    return _positive_zero(_value("negate", {"operand": operand, **kw}))


@mutant("stablehlo.shift_right_arithmetic", "value-arithmetic-shift-is-logical",
        {**NP_VALUES, "dtypes": ("int8", "int16", "int32", "int64")})
def value_shift_logical(lhs, rhs, **kw):
    return _value("shift_right_logical", {"lhs": lhs, "rhs": rhs, **kw})


@mutant("stablehlo.add", "value-int-add-saturates", {**NP_VALUES, "dtypes": ("int8", "int16", "uint8", "uint16")})
def value_add_saturates(lhs, rhs, **kw):
    info = np.iinfo(lhs.dtype)
    exact = lhs.astype(np.int64) + np.asarray(rhs).astype(np.int64)
    return np.clip(exact, info.min, info.max).astype(lhs.dtype)


@mutant("stablehlo.add", "value-rank0-returns-scalar", {**NP_VALUES, "dtypes": ("float32", "int32")})
def value_rank0_scalar(lhs, rhs, **kw):
    out = _value("add", {"lhs": lhs, "rhs": rhs, **kw})
    return out[()] if out.ndim == 0 else out


@mutant("stablehlo.multiply", "value-bfloat16-scalar-promotes", {**NP_VALUES, "dtypes": ("bfloat16",)})
def value_scalar_promotes(lhs, rhs, **kw):
    out = _value("multiply", {"lhs": lhs, "rhs": rhs, **kw})
    return out.astype(np.float32) if kw.get("rhs_as_scalar") else out


@mutant("stablehlo.compare", "value-compare-nan-equals-itself", {**NP_VALUES, "dtypes": NP_FLOATS})
def value_compare_nan(lhs, rhs, *, comparison_direction, **kw):
    out = _value("compare", {"lhs": lhs, "rhs": rhs, "comparison_direction": comparison_direction, **kw})
    both = np.isnan(lhs.astype(np.float64)) & np.isnan(np.asarray(rhs, np.float64))
    return np.where(both, comparison_direction in ("EQ", "GE", "LE"), out) if comparison_direction != "NE" else out


@mutant("stablehlo.remainder", "value-remainder-sign-of-divisor", {**NP_VALUES, "dtypes": ("int8", "int32", "float32")})
def value_remainder_python(lhs, rhs, **kw):
    with np.errstate(all="ignore"):
        out = np.remainder(lhs, np.asarray(rhs, lhs.dtype))
    return np.asarray(out, lhs.dtype)


# ---- memory layouts: kernels that read a view wrongly. Layouts: what numpy's own targets take
# (adapters/numpy.py LAYOUTS); the regions: numpy:take[clip] and the numpy elementwise targets'.

from conformance.core.layouts import NUMPY as NP_LAYOUTS, dense_strides, element_index, element_strides, in_buffer  # noqa: E402


def _raw(a: np.ndarray, start: int, strides) -> np.ndarray:
    """What a kernel reads from ``a``'s buffer: from element ``start`` with element ``strides``
    (clipped to the buffer: past its end there is only more fill)."""
    found = in_buffer(a)
    base = found[0] if found else np.ascontiguousarray(a).reshape(-1)
    if a.size == 0:
        return a
    return base[np.clip(element_index(a.shape, tuple(strides), start), 0, base.size - 1)].reshape(a.shape)


def _start(a: np.ndarray) -> int:
    found = in_buffer(a)
    return found[1] if found else 0


def read_memory_order(a: np.ndarray) -> np.ndarray:
    """The elements in the order they lie in memory, taken as C order (a kernel that walks the buffer)."""
    return a.ravel(order="K").reshape(a.shape)


def read_unit_inner_stride(a: np.ndarray) -> np.ndarray:
    """The innermost stride taken as one element (a vectorised load that assumes it)."""
    return _raw(a, _start(a), element_strides(a)[:-1] + (1,)) if a.ndim else a


def read_from_buffer_start(a: np.ndarray) -> np.ndarray:
    """The view's offset dropped: reads from the buffer's first element."""
    return _raw(a, 0, element_strides(a))


def read_dense(a: np.ndarray) -> np.ndarray:
    """``size`` elements copied from the data pointer, as if the view were C-contiguous (a memcpy)."""
    return _raw(a, _start(a), dense_strides(a.shape, range(a.ndim)))


def read_abs_strides(a: np.ndarray) -> np.ndarray:
    """Negative strides taken as positive from the same first element (an unsigned stride type)."""
    return _raw(a, _start(a), tuple(abs(s) for s in element_strides(a)))


LAYOUT_BUGS = {"memory-order": read_memory_order, "unit-inner-stride": read_unit_inner_stride,
               "ignores-offset": read_from_buffer_start, "dense-copy": read_dense, "abs-strides": read_abs_strides}


def _layout_mutants():
    for bug, read in LAYOUT_BUGS.items():
        @mutant("stablehlo.gather", f"layout-gather-{bug}", TAKE, NP_LAYOUTS)
        def gather_reads(operand, start_indices, _read=read, **attrs):
            return _gather(_read(operand), start_indices, **attrs)

        @mutant("stablehlo.add", f"layout-add-{bug}", {**NP_VALUES, "dtypes": ("float32", "int32")}, NP_LAYOUTS)
        def add_reads(lhs, rhs, _read=read, **kw):
            return _value("add", {"lhs": _read(lhs) if isinstance(lhs, np.ndarray) else lhs, "rhs": rhs, **kw})


_layout_mutants()


# ---- kernels specialised on rank or on a vector width: wrong only above rank 4, or only in the scalar
# tail after the last full vector of 8 lanes

def _tail(a: np.ndarray) -> np.ndarray:
    """A mask of the elements past the last full vector of 8 (C order)."""
    flat = np.zeros(a.size, bool)
    flat[a.size // 8 * 8:] = True
    return flat.reshape(a.shape)


@mutant("stablehlo.maximum", "value-maximum-tail-drops-nan", {**NP_VALUES, "dtypes": NP_FLOATS})
def value_max_tail(lhs, rhs, **kw):
    """The vector body is IEEE maximum; the scalar tail is ``a > b ? a : b`` (NaN in lhs drops out)."""
    out = _value("maximum", {"lhs": lhs, "rhs": rhs, **kw})
    if out.ndim == 0:
        return out
    a, b = np.broadcast_arrays(lhs, np.asarray(rhs, lhs.dtype))
    with np.errstate(all="ignore"):
        scalar = np.where(a.astype(np.float64) > b.astype(np.float64), a, b)
    return np.where(_tail(out), scalar, out).astype(out.dtype)


@mutant("stablehlo.add", "value-add-rank-above-4-misordered", {**NP_VALUES, "dtypes": ("float32", "int32")})
def value_add_high_rank(lhs, rhs, **kw):
    """A kernel with a stride table of 4 entries: above rank 4 it reads lhs with its first two axes swapped."""
    if isinstance(lhs, np.ndarray) and lhs.ndim > 4:
        lhs = np.swapaxes(lhs, 0, 1).reshape(lhs.shape)
    return _value("add", {"lhs": lhs, "rhs": rhs, **kw})


@mutant("stablehlo.gather", "gather-rank-above-4-misordered", GENERAL)
def gather_high_rank(operand, start_indices, **attrs):
    """Above rank 4 the operand is read with its first two axes swapped (same shape, values moved)."""
    if operand.ndim > 4:
        operand = np.swapaxes(operand, 0, 1).reshape(operand.shape)
    return _gather(operand, start_indices, **attrs)


@mutant("stablehlo.scatter", "scatter-rank-above-4-misordered", GENERAL)
def scatter_high_rank(inputs, scatter_indices, updates, **attrs):
    """Above rank 4 the inputs are read with their first two axes swapped (same shape, values moved)."""
    swap = lambda x: np.swapaxes(x, 0, 1).reshape(x.shape) if x.ndim > 4 else x  # noqa: E731
    return _scatter([swap(x) for x in inputs] if isinstance(inputs, list) else swap(inputs), scatter_indices, updates,
                    **attrs)


# ---- corners and constants (the inputs real programs pass) ---------------------------------------
@mutant("stablehlo.gather", "gather-rejects-empty-collapsed-window", GENERAL)
def gather_rejects_empty_window(operand, start_indices, *, collapsed_slice_dims, slice_sizes, **attrs):
    """A verifier that wants slice size exactly 1 on a collapsed dim (C9 allows 0)."""
    if any(slice_sizes[d] != 1 for d in collapsed_slice_dims):
        raise ValueError("collapsed slice dims must have slice size 1")
    return _gather(operand, start_indices, collapsed_slice_dims=collapsed_slice_dims, slice_sizes=slice_sizes, **attrs)


@mutant("stablehlo.gather", "gather-checks-slices-per-index", {"index_vector_dim": "last", "result_type": False},
        invalid=True)
def gather_checks_per_index(operand, start_indices, **attrs):
    """Validation that runs once per start index: with no start index nothing is checked (C21 included)."""
    from conformance.oracles.stablehlo.gather import check

    attrs.pop("result_type", None)
    if start_indices.size and check(operand, start_indices, **attrs):
        raise ValueError("invalid gather")
    try:
        return _gather(operand, start_indices, **attrs)
    except Exception:  # noqa: BLE001 - an invalid case with no start index: an empty result, unchecked
        return np.zeros([0], operand.dtype)


CONSTANT_VALUES = {**NP_VALUES, "constants": True}  # jax:jnp.*: takes operands as compile-time constants


def _all_constant(kw: dict, names: tuple[str, ...]) -> bool:
    arrays = [n for n in names if not (n == "rhs" and kw.get("rhs_as_scalar"))]
    return set(arrays) <= set(kw.get("constants", ()))


@mutant("stablehlo.multiply", "value-multiply-folded-flushes-subnormals", {**CONSTANT_VALUES, "dtypes": NP_FLOATS})
def value_multiply_folded(lhs, rhs, **kw):
    """The kernel is IEEE; the constant folder runs with subnormals flushed to zero."""
    out = _value("multiply", {"lhs": lhs, "rhs": rhs, **kw})
    if not _all_constant(kw, ("lhs", "rhs")):
        return out
    from conformance.judging.models import _flush

    return _flush(np.asarray(out))


@mutant("stablehlo.divide", "value-divide-constant-divisor-by-reciprocal", {**CONSTANT_VALUES, "dtypes": ("float32",)})
def value_divide_reciprocal(lhs, rhs, **kw):
    """A constant divisor is turned into a multiply by its reciprocal (one rounding too many)."""
    if "rhs" not in kw.get("constants", ()):
        return _value("divide", {"lhs": lhs, "rhs": rhs, **kw})
    with np.errstate(all="ignore"):
        return (lhs * (np.float32(1) / np.asarray(rhs, np.float32))).astype(np.float32)


@mutant("stablehlo.add", "value-add-drops-zero-constant", {**CONSTANT_VALUES, "dtypes": NP_FLOATS})
def value_add_drops_zero(lhs, rhs, **kw):
    """An algebraic simplifier rewrites x + C to x where the constant C is all zeros (-0.0 + 0.0 gives -0.0)."""
    if "rhs" in kw.get("constants", ()) and not np.any(rhs):
        return np.array(lhs, copy=True)
    return _value("add", {"lhs": lhs, "rhs": rhs, **kw})


THREADED = 2**16  # elements from which the mutant below splits the work between 4 threads


@mutant("stablehlo.maximum", "value-maximum-threaded-chunk-tails-drop-nan", {**NP_VALUES, "dtypes": NP_FLOATS})
def value_max_chunks(lhs, rhs, **kw):
    """Above 2**16 elements the work is split in 4 chunks; each of the first 3 chunks ends in a scalar tail
    (its size mod 8 elements) computed as ``a > b ? a : b`` (a NaN in lhs drops out): only large tensors."""
    out = _value("maximum", {"lhs": lhs, "rhs": rhs, **kw})
    if out.size < THREADED:
        return out
    a, b = (np.broadcast_to(np.asarray(x, out.dtype), out.shape).reshape(-1) for x in (lhs, rhs))
    flat, chunk = out.reshape(-1).copy(), -(-out.size // 4)
    for end in (chunk, 2 * chunk, 3 * chunk):
        tail = slice(end - max(chunk % 8, 3), end)
        with np.errstate(all="ignore"):
            flat[tail] = np.where(a[tail].astype(np.float64) > b[tail].astype(np.float64), a[tail], b[tail])
    return flat.reshape(out.shape)


# ---- past the named vocabulary: large index batches and invalid index values (issue 65) ---------
BLOCK = 128  # index vectors per full block of the first mutant below
WORK_LIMIT = 2**15  # update elements the second mutant keeps


def _free_axis(indices: np.ndarray, ivd: int, batching) -> int | None:
    """The first index batch axis that is not a batching dim (None: none)."""
    free = [d for d in range(indices.ndim) if d != ivd and d not in batching]
    return free[0] if free else None


@mutant("stablehlo.gather", "gather-tail-block-reads-previous-vector", GENERAL)
def gather_tail_block(operand, start_indices, **attrs):
    """Full blocks of 128 index vectors are right; the scalar tail after them reads vector i - 1 for vector i."""
    out = _gather(operand, start_indices, **attrs)
    ivd = attrs["index_vector_dim"]
    axis = _free_axis(start_indices, ivd, attrs.get("start_indices_batching_dims", ()))
    if axis is None or start_indices.shape[axis] <= BLOCK or start_indices.shape[axis] % BLOCK == 0:
        return out
    n = start_indices.shape[axis]
    batch = [d for d in range(out.ndim) if d not in attrs["offset_dims"]]
    rows = np.moveaxis(out, batch[[d for d in range(start_indices.ndim) if d != ivd].index(axis)], 0)
    rows[n // BLOCK * BLOCK:] = rows[n // BLOCK * BLOCK - 1:n - 1].copy()
    return out


@mutant("stablehlo.scatter", "scatter-drops-updates-past-2**15", {"computations": ("add",)})
def scatter_drops_late_updates(inputs, scatter_indices, updates, **attrs):
    """A work list counted in 16 bits: update elements past the first 2**15 are never applied."""
    ups = [np.array(u, copy=True) for u in (updates if isinstance(updates, list) else [updates])]
    for u in ups:
        u.reshape(-1)[WORK_LIMIT:] = 0
    return _scatter(inputs, scatter_indices, ups if isinstance(updates, list) else ups[0], **attrs)


@mutant("onnx.GatherND", "gathernd-wraps-out-of-range-indices", ONNX_GATHER, invalid=True)
def gathernd_wraps(data, indices, *, batch_dims=None, opset=13, **_):
    """Indices brought into range modulo the dim instead of refused (R5); every other rule checked."""
    from conformance.oracles.onnx.gather_nd import check

    if [v for v in check(data, indices, batch_dims=batch_dims, opset=opset) if v.label != "R5"]:
        raise ValueError("invalid GatherND")
    b = batch_dims or 0
    dims = np.maximum(np.array(data.shape[b:b + indices.shape[-1]], np.int64), 1)
    return gather_nd(data, np.mod(indices, dims), batch_dims=batch_dims, opset=opset)
