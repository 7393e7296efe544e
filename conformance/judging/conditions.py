"""Named conditions on a case that scope a declared deviation (``when = "..."`` in a deviations file).

A deviation with a condition only covers divergences on cases where the condition holds, so
declaring, say, XLA's reading of zero-size windows cannot hide an unrelated wrong value.
"""
from __future__ import annotations

import numpy as np

from conformance.core.case import Case
from conformance.core.opspec import op_spec


def index_array(case: Case) -> np.ndarray:
    """The case's index array, as its spec op's record names it (variadic ones stacked; empty where
    the op has none)."""
    name = op_spec(case.op).indices
    if name in case.arrays:
        return case.arrays[name]
    parts = [v for k, v in case.arrays.items() if k.startswith(f"{name}[")]  # variadic 0-d start indices
    return np.stack(parts) if parts and len({p.dtype for p in parts}) == 1 else np.zeros((0,), np.int64)


def empty_index_vector(case: Case) -> bool:
    """The index vector has size 0 (the index_vector_dim of the indices has size 0)."""
    si, ivd = index_array(case), case.attrs["index_vector_dim"]
    return ivd < si.ndim and si.shape[ivd] == 0


def negative_start(case: Case) -> bool:
    """Some start index is negative."""
    si = index_array(case)
    return si.dtype.kind == "i" and bool((si < 0).any())


def unsigned_index_high_bit(case: Case) -> bool:
    """Unsigned start indices with the top bit set (negative if read as signed)."""
    si = index_array(case)
    return si.dtype.kind == "u" and bool((si >> np.array(si.dtype.itemsize * 8 - 1, si.dtype)).any())


def index_out_of_range(case: Case) -> bool:
    """Some index component puts its window (partly) outside the operand dim it indexes: c < 0 or
    c > dim - window size (gather, scatter, dynamic slices; the op's ``columns``)."""
    si, columns = index_array(case), op_spec(case.op).part("columns")
    if columns is None or not si.size or si.dtype.kind not in "iu":
        return False
    try:
        cols = columns(case)
    except (IndexError, KeyError, TypeError, ValueError):  # an invalid case's attributes may not line up
        return False
    ivd = case.attrs.get("index_vector_dim", si.ndim)
    comps = (si[..., None] if ivd == si.ndim or si.ndim == 0 else np.moveaxis(si, ivd, -1)).astype(np.float64)
    if case.op.startswith("stablehlo.dynamic"):
        comps = si.reshape(1, -1).astype(np.float64)
    if comps.shape[-1] != len(cols):
        return False
    return any(bool(((comps[..., j] < 0) | (comps[..., j] > dim - window)).any()) for j, (dim, window) in enumerate(cols))


def leading_index_vector_dim(case: Case) -> bool:
    """index_vector_dim is 0 (the first dim of the indices, or the implicit one of 0-d indices)."""
    return case.attrs.get("index_vector_dim") == 0


def window_dims_not_trailing(case: Case) -> bool:
    """A scatter whose update_window_dims are not the last dims of its updates (or a gather whose
    offset_dims are not the last dims of its result)."""
    dims = case.attrs.get("update_window_dims", case.attrs.get("offset_dims"))
    rank = next((a.ndim for k, a in case.arrays.items() if k in ("updates", "updates[0]")), None)
    if dims is None:
        return False
    if rank is None:  # gather: the result's rank is the batch rank plus the offset dims
        si = index_array(case)
        ivd = case.attrs.get("index_vector_dim", si.ndim)
        rank = si.ndim - (ivd < si.ndim) + len(dims)
    return sorted(dims) != list(range(rank - len(dims), rank))


def indexed_window_dim(case: Case) -> bool:
    """A scatter whose index vector addresses an input dim that stays a window dim (in
    ``scatter_dims_to_operand_dims`` but neither inserted nor a batching dim)."""
    mapped = case.attrs.get("scatter_dims_to_operand_dims")
    if mapped is None:
        return False
    dropped = set(case.attrs.get("inserted_window_dims", ())) | set(case.attrs.get("input_batching_dims", ()))
    return any(d not in dropped for d in mapped)


def unindexed_inserted_dim(case: Case) -> bool:
    """A scatter inserted_window_dims (gather collapsed_slice_dims) entry that no index component
    maps to (its position is 0 throughout)."""
    a = case.attrs
    dropped = a.get("inserted_window_dims", a.get("collapsed_slice_dims", ()))
    mapped = set(a.get("scatter_dims_to_operand_dims", a.get("start_index_map", ())))
    return any(d not in mapped for d in dropped)


def batching_dims(case: Case) -> bool:
    """The case has batching dims (operand_batching_dims / input_batching_dims not empty)."""
    return bool(case.attrs.get("operand_batching_dims") or case.attrs.get("input_batching_dims"))


def variadic_scatter(case: Case) -> bool:
    """A scatter with more than one input."""
    return "inputs[1]" in case.arrays


def write_outside_buffer(case: Case) -> bool:
    """A scatter with an update element out of range whose flat position, computed with no check per dim
    (``conformance.judging.scatter_positions``), lies outside the input's buffer: a kernel without the check
    writes into other memory there (and may die)."""
    from conformance.judging.scatter_positions import writes_outside

    return writes_outside(case)


def rank0_operand(case: Case) -> bool:
    """The operand (first input) has rank 0."""
    operand = next((case.arrays[k] for k in ("operand", "inputs", "inputs[0]") if k in case.arrays), None)
    return operand is not None and operand.ndim == 0


def zero_size_slice(case: Case) -> bool:
    """A dynamic_slice whose slice sizes hold a 0: the result has no elements."""
    return case.op == "stablehlo.dynamic_slice" and 0 in tuple(case.attrs.get("slice_sizes", ()))


def zero_size_dropped_window(case: Case) -> bool:
    """A collapsed or batching dim has slice size 0: the window is empty but the result keeps elements."""
    if "slice_sizes" not in case.attrs:
        return False
    ss = case.attrs["slice_sizes"]
    dims = tuple(case.attrs.get("collapsed_slice_dims", ())) + tuple(case.attrs.get("operand_batching_dims", ()))
    return any(ss[d] == 0 for d in dims)


def index_at_dtype_edge(case: Case) -> bool:
    """Some start index lies within 1 of its dtype's minimum or maximum."""
    si = index_array(case)
    if si.dtype.kind not in "iu" or not si.size:
        return False
    info = np.iinfo(si.dtype)
    wide = si.astype(object)
    return bool(((wide <= int(info.min) + 1) | (wide >= int(info.max) - 1)).any())


def index_beyond_int32(case: Case) -> bool:
    """Some index value lies outside int32's range (it changes if the indices are narrowed to int32)."""
    si = index_array(case)
    if si.dtype.kind not in "iu" or si.dtype.itemsize < 8 or not si.size:
        return False
    wide = si.astype(object)
    return bool(((wide > 2**31 - 1) | (wide < -2**31)).any())


WRAP_LOOP_STEPS = 2**31  # steps of a wrap loop (one dim per step) past which a call runs for seconds to forever


def wrap_loop_index(case: Case) -> bool:
    """The index components together are more than ``WRAP_LOOP_STEPS`` dims away from the dims they index:
    a wrap that adds or subtracts the dim one step at a time (numpy's ``mode='wrap'``) takes that many steps
    over the call (one component of 2**62, or a large batch of 2**31s), so it runs for seconds to forever."""
    from conformance.judging.index_values import components

    si = index_array(case)
    if si.dtype.kind not in "iu" or not si.size:
        return False
    steps = 0
    for v, dim, _ in components(case):
        steps += abs(int(v)) // max(int(dim), 1)
        if steps > WRAP_LOOP_STEPS:
            return True
    return False


def subnormal_values(case: Case) -> bool:
    """A float input, update or data array holds a nonzero value below sqrt(tiny) in magnitude: a subnormal,
    or one whose product with another value can be subnormal (flushed to zero by FTZ/DAZ hardware modes)."""
    import ml_dtypes

    for a in _float_arrays(case):
        info = ml_dtypes.finfo(a.dtype) if a.dtype.name == "bfloat16" else np.finfo(a.dtype)
        parts = [a.real, a.imag] if a.dtype.kind == "c" else [a]
        for p in parts:
            v = np.abs(p.astype(np.float64))
            if ((v > 0) & (v < np.sqrt(float(info.tiny)))).any():
                return True
    return False


def zero_size_batch(case: Case) -> bool:
    """The start indices have a zero-size dim (so the result has no batch elements). (An op without
    indices has none: ``index_array`` gives an empty stand-in there, which once made this hold for
    every elementwise case.)"""
    return bool(op_spec(case.op).indices) and 0 in index_array(case).shape


def empty_array(case: Case) -> bool:
    """Some input array has no elements (a zero-size dim in the data, the indices or the updates)."""
    return any(a.size == 0 for a in case.arrays.values())


def dynamic_shapes(case: Case) -> bool:
    """The case runs with dynamic shapes (``Case.dynamic``: compiled with its dims dynamic)."""
    return case.dynamic


def dynamic_scatter_index_depth(case: Case) -> bool:
    """A scatter with dynamic shapes whose index vector is a dimension of ``scatter_indices`` (``index_vector_dim``
    below its rank: written ``?`` like every dim), or whose indices are unsigned."""
    if not case.dynamic or case.op != "stablehlo.scatter":
        return False
    indices = case.arrays["scatter_indices"]
    return int(case.attrs["index_vector_dim"]) < indices.ndim or indices.dtype.kind == "u"


def static_shapes(case: Case) -> bool:
    """The case runs with static shapes (the default: compiled for its own shapes); a case of types only
    (``mlir.*``) has no arrays to compile."""
    return not case.dynamic and bool(case.arrays)


def one_thread(case: Case) -> bool:
    """The case runs on one thread (``Case.threads``: a target that sets its backend's thread count)."""
    return getattr(case, "threads", 0) == 1


def _value_arrays(case: Case) -> list[np.ndarray]:
    """Every array of ``case`` that holds values, not indices (the op's record names its index array):
    ``inputs``/``updates``/``data``/``operand`` of an index op, ``lhs``/``rhs``/``operand``/``on_true``... of
    an elementwise one; a condition on values must hold for every op's arrays (issue 45)."""
    name = op_spec(case.op).indices
    return [a for k, a in case.arrays.items() if not (name and k.split("[")[0] == name)]


def _float_arrays(case: Case) -> list[np.ndarray]:
    return [a for a in _value_arrays(case) if a.dtype.kind in "fc" or a.dtype.name == "bfloat16"]


def _min_or_max(case: Case) -> bool:
    """The update computation (StableHLO) or reduction (ONNX) is a minimum or maximum."""
    return case.attrs.get("update_computation") in ("minimum", "maximum") or case.attrs.get("reduction") in ("min", "max")


def min_max_nan(case: Case) -> bool:
    """A scatter with a minimum or maximum update (or ONNX reduction), and a NaN among its inputs or updates."""
    return _min_or_max(case) and any(
        np.isnan(a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)).any() for a in _float_arrays(case))


def min_max_signed_zero(case: Case) -> bool:
    """A scatter with update_computation minimum or maximum where both signs of zero occur."""
    if not _min_or_max(case):
        return False
    values = [part.astype(np.float64) for a in _float_arrays(case)
              for part in ((a.real, a.imag) if a.dtype.kind == "c" else (a,))]
    return any(((v == 0) & np.signbit(v)).any() for v in values) and any(((v == 0) & ~np.signbit(v)).any() for v in values)


def bound_beyond_index_dtype(case: Case) -> bool:
    """An indexed dim whose last valid window start (dim - window size) exceeds the index dtype's maximum."""
    si, columns = index_array(case), op_spec(case.op).part("columns")
    if si.dtype.kind not in "iu" or columns is None:
        return False
    top = int(np.iinfo(si.dtype).max)
    return any(dim - window > top for dim, window in columns(case))


def complex_nonfinite(case: Case) -> bool:
    """A complex input or update with a NaN or infinite part."""
    return any(a.dtype.kind == "c" and not bool(np.isfinite(a).all()) for a in _float_arrays(case))


def complex_signed_zero(case: Case) -> bool:
    """A complex input or update with a part that is -0.0."""
    return any(a.dtype.kind == "c" and bool(((a.real == 0) & np.signbit(a.real) | (a.imag == 0) & np.signbit(a.imag)).any())
               for a in _float_arrays(case))


def float16_elements(case: Case) -> bool:
    """The element type is float16."""
    return any(a.dtype.name == "float16" for k, a in case.arrays.items() if k.split("[")[0] in ("inputs", "operand", "data"))


def float64_elements(case: Case) -> bool:
    """The element type is float64."""
    return any(a.dtype.name == "float64" for k, a in case.arrays.items()
               if k.split("[")[0] in ("inputs", "operand", "data", "lhs", "rhs", "on_true"))


def float_elements(case: Case) -> bool:
    """The element type is a real float type (float16, bfloat16, float32, float64)."""
    return any(_is_float(a) for k, a in case.arrays.items()
               if k.split("[")[0] in ("inputs", "operand", "data", "lhs", "rhs", "on_true"))


def int_beyond_int32(case: Case) -> bool:
    """An int64, uint64 or uint32 input, operand or update value outside the int32 range."""
    info = np.iinfo(np.int32)
    return any(a.dtype.name in ("int64", "uint64", "uint32") and a.size
               and bool(((a.astype(np.float64) < info.min) | (a.astype(np.float64) > info.max)).any())
               for a in _value_arrays(case))


def updates_element_type_differs(case: Case) -> bool:
    """A scatter whose updates have another element type than its inputs (breaks C6)."""
    kinds = lambda prefix: [a.dtype for k, a in case.arrays.items() if k.split("[")[0] == prefix]  # noqa: E731
    return kinds("updates") != kinds("inputs")[: len(kinds("updates"))]


def boolean_indices(case: Case) -> bool:
    """The index array has element type bool (i1: a boolean, not an integer type, in StableHLO)."""
    return index_array(case).dtype.kind == "b"


def unranked_operand(case: Case) -> bool:
    """An MLIR-trait case with an unranked operand or result (``tensor<*x...>``)."""
    types = list(case.attrs.get("operands", ())) + list(case.attrs.get("results", ()))
    return any(t.startswith("tensor<*") for t in types)


def types_differ(case: Case) -> bool:
    """An ``mlir.elementwise`` case whose operand and result types are not all one type."""
    return len(set(case.attrs.get("operands", ())) | set(case.attrs.get("results", ()))) > 1


def _pair(case: Case) -> tuple[str, np.ndarray | None, np.ndarray | None]:
    """(op, lhs, rhs) of an elementwise case: a ``stablehlo.<op>`` value case (lhs, rhs) or an
    ``mlir.scalarization`` case (x0, x1)."""
    if case.op.startswith("stablehlo.") and "lhs" in case.arrays:
        return case.op.removeprefix("stablehlo."), case.arrays["lhs"], case.arrays.get("rhs")
    return case.attrs.get("op", ""), case.arrays.get("x0"), case.arrays.get("x1")


def _is_float(a: np.ndarray | None) -> bool:
    return a is not None and (a.dtype.kind == "f" or a.dtype.name == "bfloat16")


def quotient_overflows(case: Case) -> bool:
    """An elementwise case with a float lhs/rhs that overflows the dtype (rhs tiny or subnormal)."""
    _, x0, x1 = _pair(case)
    if x1 is None or not _is_float(x0):
        return False
    import ml_dtypes

    top = float((ml_dtypes.finfo if x0.dtype.name == "bfloat16" else np.finfo)(x0.dtype).max)
    with np.errstate(all="ignore"):  # (a signalling NaN raises the invalid flag as it widens)
        a, b = x0.astype(np.float64), x1.astype(np.float64)
        q = np.abs(a / b)
    return bool((np.isfinite(a) & (b != 0) & (q > top)).any())


def large_quotient(case: Case) -> bool:
    """An elementwise remainder case of finite operands, the divisor not zero, with |lhs/rhs| at or
    beyond 2**(mantissa bits + 1) of the dtype: past it, x - floor(x/y)*y loses the remainder to
    rounding, and where x/y overflows (1.0 / 5e-324) it is -inf or +inf."""
    op, x0, x1 = _pair(case)
    if op != "remainder" or x1 is None or not _is_float(x0):
        return False
    import ml_dtypes

    bits = (ml_dtypes.finfo if x0.dtype.name == "bfloat16" else np.finfo)(x0.dtype).nmant + 1
    with np.errstate(all="ignore"):
        a, b = np.broadcast_arrays(x0.astype(np.float64), x1.astype(np.float64))
        q = np.abs(a / b)
    return bool((np.isfinite(a) & np.isfinite(b) & (b != 0) & (q >= 2.0 ** bits)).any())


def opposite_zeros(case: Case) -> bool:
    """An elementwise case with +0.0 and -0.0 at the same index of lhs and rhs."""
    _, x0, x1 = _pair(case)
    if x1 is None or not _is_float(x0):
        return False
    return _opposite_zeros_in(x0.astype(np.float64), x1.astype(np.float64))


def _opposite_zeros_in(x0: np.ndarray, x1: np.ndarray) -> bool:
    a, b = np.broadcast_arrays(x0, x1)
    return bool(((a == 0) & (b == 0) & (np.signbit(a) != np.signbit(b))).any())


def float32_opposite_zeros(case: Case) -> bool:
    """A float64 elementwise case whose lhs and rhs, rounded to float32, are +0.0 and -0.0 at the same index
    (values below float32's smallest subnormal: a backend that computes float64 in float32 meets a tie of
    signed zeros there, which ``opposite-zeros`` does not see in the float64 values)."""
    _, x0, x1 = _pair(case)
    if x0 is None or x1 is None or x0.dtype.name != "float64":
        return False
    return _opposite_zeros_in(x0.astype(np.float32), x1.astype(np.float32))


def infinite_divisor(case: Case) -> bool:
    """An elementwise divide/remainder case with a finite lhs over an infinite rhs at the same index."""
    op, x0, x1 = _pair(case)
    if op not in ("divide", "remainder") or x1 is None or not _is_float(x0):
        return False
    a, b = x0.astype(np.float64), x1.astype(np.float64)
    return bool((np.isfinite(a) & np.isinf(b)).any())


def negative_zero_dividend(case: Case) -> bool:
    """An elementwise remainder case with a -0.0 in lhs."""
    op, x0, _ = _pair(case)
    if op != "remainder" or not _is_float(x0):
        return False
    a = x0.astype(np.float64)
    return bool(((a == 0) & np.signbit(a)).any())


def negative_quotient(case: Case) -> bool:
    """A signed integer divide/remainder case with operands of opposite signs at one index (where
    flooring and truncating division differ)."""
    op, x0, x1 = _pair(case)
    if op not in ("divide", "remainder") or x0 is None or x1 is None or x0.dtype.kind != "i":
        return False
    return bool(((x0 < 0) != (x1 < 0)).any())


def nan_operand(case: Case) -> bool:
    """An elementwise case with a NaN in a float operand."""
    return any(_is_float(a) and bool(np.isnan(a.astype(np.float64)).any()) for a in case.arrays.values())


def rank0_tensors(case: Case) -> bool:
    """An elementwise value case whose operands are all rank-0 tensors."""
    return case.op.startswith("stablehlo.") and bool(case.arrays) and all(a.ndim == 0 for a in case.arrays.values())


def language_scalar(case: Case) -> bool:
    """An elementwise value case whose rhs goes to the backend as a Python number."""
    return bool(case.attrs.get("rhs_as_scalar"))


def constant_operands(case: Case) -> bool:
    """An elementwise value case with some array operand passed as a compile-time constant (``constants``)."""
    return bool(case.attrs.get("constants"))


def all_constant_operands(case: Case) -> bool:
    """An elementwise value case whose array operands are all compile-time constants (``constants``; a
    language-scalar rhs is one too): a node a runtime may fold before the backend sees it."""
    names = [n for n in case.arrays if not (n == "rhs" and case.attrs.get("rhs_as_scalar"))]
    return bool(names) and set(names) <= set(case.attrs.get("constants", ()))


def zero_constant_operand(case: Case) -> bool:
    """An elementwise value case with an operand passed as a compile-time constant (``constants``)
    whose every element is zero (either sign): what an algebraic simplifier matches as x + 0."""
    return any(n in case.arrays and not np.any(case.arrays[n]) for n in case.attrs.get("constants", ()))


def min_rank0_constant_factor(case: Case) -> bool:
    """An int32 or int64 multiply case with a rank-0 operand passed as a compile-time constant (``constants``)
    holding the type's minimum: the one factor whose negation does not fit the type (a simplifier that
    rewrites x * c through -c meets it; narrower integers are computed wider and do not)."""
    op, x0, x1 = _pair(case)
    if op != "multiply":
        return False
    return any(a is not None and n in case.attrs.get("constants", ()) and np.ndim(a) == 0
               and a.dtype.name in ("int32", "int64") and a == np.iinfo(a.dtype).min
               for n, a in (("lhs", x0), ("rhs", x1)))


WIDE_INTEGERS = ("int32", "int64", "uint32", "uint64")


def wide_integer_rank0_constant(case: Case) -> bool:
    """An add or subtract case of int32, int64, uint32 or uint64 with one operand a rank-0 compile-time constant
    (``constants``), the other an input: the constant is an immediate of the instruction (a rank-1 constant stays a
    buffer; two constants are folded whole), so a compiler that marks the instruction no-wrap can fold an
    overflowing element (8- and 16-bit integers are computed without the mark in TVM 0.27)."""
    op, x0, x1 = _pair(case)
    constants = case.attrs.get("constants", ())
    if op not in ("add", "subtract") or x0 is None or x1 is None or x0.dtype.name not in WIDE_INTEGERS \
            or len(constants) != 1:
        return False
    return any(n in constants and np.ndim(a) == 0 for n, a in (("lhs", x0), ("rhs", x1)))


def _rank0_float_zero_constants(case: Case) -> list[str]:
    """The operands of a float add/subtract/multiply/divide case passed as rank-0 compile-time constants holding a
    zero (either sign), where the other operand is not a constant too."""
    op, x0, x1 = _pair(case)
    constants = case.attrs.get("constants", ())
    if op not in ("add", "subtract", "multiply", "divide") or x1 is None or not _is_float(x0) or len(constants) != 1:
        return []
    return [n for n, a in (("lhs", x0), ("rhs", x1)) if n in constants and np.ndim(a) == 0 and not np.any(a)]


def rank0_zero_float_constant(case: Case) -> bool:
    """A float add, subtract, multiply or divide case with one operand a rank-0 compile-time constant holding a
    zero (either sign), the other an input: what a constant folder that takes integer identities (x * 0 -> 0,
    x + 0 -> x, x - 0 -> x, 0 / x -> 0) to float immediates rewrites (wrong for NaN, infinities and zero signs)."""
    return bool(_rank0_float_zero_constants(case))


def rank0_zero_float_divisor(case: Case) -> bool:
    """A float divide case whose divisor is a rank-0 compile-time constant holding a zero (either sign), the
    dividend an input: a constant folder that checks x / 0 as it would for integers refuses it."""
    return _pair(case)[0] == "divide" and _rank0_float_zero_constants(case) == ["rhs"]


def rank_above_6(case: Case) -> bool:
    """Some array of the case has rank 7 or more (kernels specialised for rank 6 or less fall back)."""
    return any(np.ndim(a) > 6 for a in case.arrays.values())


def large_complex128_constant(case: Case) -> bool:
    """A complex128 operand of more than 16 elements passed as a compile-time constant (``constants``)."""
    return any(case.arrays[n].dtype == np.complex128 and case.arrays[n].size > 16
               for n in case.attrs.get("constants", ()) if n in case.arrays)


PERMUTED_LAYOUTS = ("fortran", "transposed", "channels_last")  # dense, strides in another order than the dims


def updates_permuted_layout(case: Case) -> bool:
    """The updates (a scatter's, ScatterND's) reach the target as a Fortran-order, transposed or
    channels_last view (``conformance.core.layouts``)."""
    return case.layouts.get("updates") in PERMUTED_LAYOUTS


def inputs_permuted_layout(case: Case) -> bool:
    """The inputs (a scatter's destination, ScatterND's data) reach the target as a Fortran-order,
    transposed or channels_last view (``conformance.core.layouts``)."""
    return any(case.layouts.get(k) in PERMUTED_LAYOUTS for k in ("inputs", "data"))


def infinite_imaginary_scalar(case: Case) -> bool:
    """An elementwise value case whose rhs goes to the backend as a Python complex number with an
    infinite imaginary part (``repr`` gives ``infj``, which is not a Python name)."""
    rhs = case.arrays.get("rhs")
    return bool(case.attrs.get("rhs_as_scalar")) and rhs is not None and rhs.dtype.kind == "c" \
        and bool(np.isinf(np.asarray(rhs).imag).any())


def int64_elements(case: Case) -> bool:
    """The element type is int64 or uint64 (a backend may compute 64-bit integers in 32 bits)."""
    return any(a.dtype.name in ("int64", "uint64") for k, a in case.arrays.items()
               if k.split("[")[0] in ("inputs", "operand", "data", "lhs", "rhs", "on_true", "updates"))


def folded_integer_division_by_zero(case: Case) -> bool:
    """An integer divide/remainder case whose array operands are all compile-time constants (a language
    scalar rhs is one too), with a zero divisor: the compiler's constant folder divides by zero."""
    op, lhs, rhs = _pair(case)
    names = [n for n in case.arrays if not (n == "rhs" and case.attrs.get("rhs_as_scalar"))]
    if op not in ("divide", "remainder") or rhs is None or lhs.dtype.kind not in "iu":
        return False
    return set(names) <= set(case.attrs.get("constants", ())) and bool((rhs == 0).any())


def bfloat16_elements(case: Case) -> bool:
    """An elementwise value case on bfloat16 operands."""
    return any(a.dtype.name == "bfloat16" for a in case.arrays.values())


def unsigned_elements(case: Case) -> bool:
    """An elementwise value case on unsigned integer operands."""
    return any(a.dtype.kind == "u" for k, a in case.arrays.items() if k != "pred")


def wide_unsigned_elements(case: Case) -> bool:
    """An elementwise value case on uint16, uint32 or uint64 operands (torch's limited unsigned types)."""
    return any(a.dtype.name in ("uint16", "uint32", "uint64") for a in case.arrays.values())


def integer_elements(case: Case) -> bool:
    """An elementwise value case on integer operands (pred of select aside)."""
    return any(a.dtype.kind in "iu" for k, a in case.arrays.items() if k != "pred")


def narrow_int_elements(case: Case) -> bool:
    """An elementwise value case on int8, int16, uint8 or uint16 operands."""
    return any(a.dtype.name in ("int8", "int16", "uint8", "uint16") for k, a in case.arrays.items() if k != "pred")


def int16_elements(case: Case) -> bool:
    """An elementwise value case on int16 or uint16 operands (pred of select aside)."""
    return any(a.dtype.name in ("int16", "uint16") for k, a in case.arrays.items() if k != "pred")


def uint64_elements(case: Case) -> bool:
    """An elementwise value case on uint64 operands (pred of select aside)."""
    return any(a.dtype.name == "uint64" for k, a in case.arrays.items() if k != "pred")


def boolean_elements(case: Case) -> bool:
    """An elementwise value case on bool operands (pred of select aside)."""
    return any(a.dtype.kind == "b" for k, a in case.arrays.items() if k != "pred")


def complex_elements(case: Case) -> bool:
    """An elementwise value case on complex operands."""
    return any(a.dtype.kind == "c" for a in case.arrays.values())


def bfloat16_language_scalar(case: Case) -> bool:
    """A bfloat16 value case whose rhs goes to the backend as a Python number."""
    return language_scalar(case) and bfloat16_elements(case)


def wide_float_subnormal(case: Case) -> bool:
    """A bfloat16/float32/float64/complex value case with a subnormal operand (flushed to zero where the CPU
    runs with denormals off; float16 arithmetic widens to float32 first and keeps them)."""
    return any(a.dtype.name in ("bfloat16", "float32", "float64", "complex64", "complex128")
               for a in case.arrays.values()) and \
        subnormal_operand(case)


def negative_zero_operand(case: Case) -> bool:
    """An elementwise value case with -0.0 in a float operand."""
    return any(_is_float(a) and bool(((a.astype(np.float64) == 0) & np.signbit(a.astype(np.float64))).any())
               for a in case.arrays.values())


def negative_zero_scalar(case: Case) -> bool:
    """An elementwise value case whose rhs, passed as a Python number, is -0.0."""
    rhs = case.arrays.get("rhs")
    return language_scalar(case) and rhs is not None and _is_float(rhs) and \
        bool(((rhs.astype(np.float64) == 0) & np.signbit(rhs.astype(np.float64))).any())


def zero_scalar(case: Case) -> bool:
    """An elementwise value case whose rhs, passed as a Python number, is a float zero of either sign."""
    rhs = case.arrays.get("rhs")
    return language_scalar(case) and rhs is not None and _is_float(rhs) and bool((rhs.astype(np.float64) == 0).any())


def _has_subnormal(a: np.ndarray) -> bool:
    """A float array (or a complex one's parts) holds a nonzero value below the smallest normal."""
    import ml_dtypes

    if not (_is_float(a) or a.dtype.kind == "c"):
        return False
    part = np.float32 if a.dtype == np.complex64 else np.float64 if a.dtype.kind == "c" else a.dtype
    tiny = float((ml_dtypes.finfo if a.dtype.name == "bfloat16" else np.finfo)(part).tiny)
    for p in ((a.real, a.imag) if a.dtype.kind == "c" else (a,)):
        with np.errstate(invalid="ignore"):  # a signalling NaN raises the invalid flag as it widens
            v = np.abs(p.astype(np.float64))
        if ((v > 0) & (v < tiny)).any():
            return True
    return False


def subnormal_operand(case: Case) -> bool:
    """An elementwise value case with a subnormal float operand (or complex part), or, for a
    ``stablehlo.<op>`` case, a subnormal in the spec's result (normal operands, subnormal result)."""
    if any(_has_subnormal(a) for a in case.arrays.values()):
        return True
    if not case.op.startswith("stablehlo.") or "rhs_as_scalar" not in case.attrs and "operand" not in case.arrays:
        return False
    from conformance.oracles.stablehlo.elementwise import OPS, evaluate

    op = case.op.removeprefix("stablehlo.")
    return op in OPS and _has_subnormal(evaluate(op, case.arrays, case.attrs).value)


def one_element_operand(case: Case) -> bool:
    """A gather or scatter case whose operand (first input, ONNX data) has exactly one element."""
    operand = next((case.arrays[k] for k in ("operand", "inputs", "inputs[0]", "data") if k in case.arrays), None)
    return operand is not None and operand.size == 1


def _passed_strides(case: Case, key: str) -> list[int]:
    """Element strides of array ``key`` as the target receives it (its layout, ``conformance.core.layouts``)."""
    from conformance.core.layouts import geometry

    return geometry(case.layouts.get(key, "c"), case.arrays[key].shape)[0]


def inductor_scalar_store(case: Case) -> bool:
    """An accumulating scatter (stablehlo.scatter add, ONNX ScatterND add) whose indexed destination dims
    all have size 1, with two or more index positions, where TorchInductor's loop order puts a loop over
    index positions innermost (``conformance.judging.inductor_loops``): its vectorised atomic add then has a
    constant store position, and the compile fails."""
    from conformance.judging.inductor_loops import scalar_store

    arrays = case.arrays
    if case.op == "onnx.ScatterND" and case.attrs.get("reduction") == "add":
        data, k = arrays["data"], arrays["indices"].shape[-1]
        batch = arrays["indices"].ndim - 1
        if any(n != 1 for n in data.shape[:k]):
            return False
        dest, source = _passed_strides(case, "data"), arrays["updates"]
        window = [dest[k + d - batch] if d >= batch else None for d in range(source.ndim)]
        return scalar_store(source.shape, _passed_strides(case, "updates"), list(range(batch)), window)
    key = next((k for k in ("inputs", "inputs[0]") if k in arrays), None)
    ukey = next((k for k in ("updates", "updates[0]") if k in arrays), None)
    if case.op != "stablehlo.scatter" or None in (key, ukey) or case.attrs.get("update_computation") != "add":
        return False
    attrs, ins, source = case.attrs, arrays[key], arrays[ukey]
    if any(ins.shape[d] != 1 for d in attrs["scatter_dims_to_operand_dims"]):
        return False
    skipped = set(attrs["inserted_window_dims"]) | set(attrs.get("input_batching_dims", ()))
    operand_dims = iter(d for d in range(ins.ndim) if d not in skipped)
    dest, windows = _passed_strides(case, key), set(attrs["update_window_dims"])
    window = [dest[next(operand_dims)] if d in windows else None for d in range(source.ndim)]
    return scalar_store(source.shape, _passed_strides(case, ukey), [d for d in range(source.ndim) if d not in windows],
                        window)


def dynamic_operand(case: Case) -> bool:
    """An MLIR-trait case with a dynamic (``?``) dim in an operand."""
    return any("?" in t for t in case.attrs.get("operands", ()))


def integer_zero_divisor(case: Case) -> bool:
    """An integer divide/remainder case with a zero divisor."""
    op, x0, x1 = _pair(case)
    return op in ("divide", "remainder") and x1 is not None and x1.dtype.kind in "iu" and bool((x1 == 0).any())


def idiv_overflow(case: Case) -> bool:
    """An int32 or int64 divide/remainder case dividing the type's minimum by -1: the one quotient x86's
    ``idiv`` traps on (narrower integers are widened by C/C++ arithmetic and do not reach it)."""
    op, x0, x1 = _pair(case)
    if op not in ("divide", "remainder") or x0 is None or x1 is None or x0.dtype.name not in ("int32", "int64"):
        return False
    return bool(((x0 == np.iinfo(x0.dtype).min) & (x1 == -1)).any())


def integer_division_trap(case: Case) -> bool:
    """An integer divide/remainder case with a zero divisor, or MIN divided by -1."""
    op, x0, x1 = _pair(case)
    if op not in ("divide", "remainder") or x0 is None or x1 is None or x0.dtype.kind not in "iu":
        return False
    trap = x1 == 0
    if x0.dtype.kind == "i":
        trap |= (x0 == np.iinfo(x0.dtype).min) & (x1 == -1)
    return bool(trap.any())


CONDITIONS = {
    "dynamic-shapes": dynamic_shapes,
    "dynamic-scatter-index-depth": dynamic_scatter_index_depth,
    "static-shapes": static_shapes,
    "one-thread": one_thread,
    "integer-division-trap": integer_division_trap,
    "integer-zero-divisor": integer_zero_divisor,
    "idiv-overflow": idiv_overflow,
    "negative-quotient": negative_quotient,
    "nan-operand": nan_operand,
    "rank0-tensors": rank0_tensors,
    "language-scalar": language_scalar,
    "bfloat16-elements": bfloat16_elements,
    "unsigned-elements": unsigned_elements,
    "wide-unsigned-elements": wide_unsigned_elements,
    "boolean-elements": boolean_elements,
    "narrow-int-elements": narrow_int_elements,
    "int16-elements": int16_elements,
    "uint64-elements": uint64_elements,
    "integer-elements": integer_elements,
    "complex-elements": complex_elements,
    "subnormal-operand": subnormal_operand,
    "bfloat16-language-scalar": bfloat16_language_scalar,
    "wide-float-subnormal": wide_float_subnormal,
    "negative-zero-operand": negative_zero_operand,
    "negative-zero-scalar": negative_zero_scalar,
    "zero-scalar": zero_scalar,
    "dynamic-operand": dynamic_operand,
    "infinite-divisor": infinite_divisor,
    "negative-zero-dividend": negative_zero_dividend,
    "one-element-operand": one_element_operand,
    "inductor-scalar-store": inductor_scalar_store,
    "opposite-zeros": opposite_zeros,
    "float32-opposite-zeros": float32_opposite_zeros,
    "quotient-overflows": quotient_overflows,
    "large-quotient": large_quotient,
    "unranked-operand": unranked_operand,
    "types-differ": types_differ,
    "boolean-indices": boolean_indices,
    "updates-element-type-differs": updates_element_type_differs,
    "float16-elements": float16_elements,
    "float64-elements": float64_elements,
    "float-elements": float_elements,
    "int-beyond-int32": int_beyond_int32,
    "complex-nonfinite": complex_nonfinite,
    "complex-signed-zero": complex_signed_zero,
    "bound-beyond-index-dtype": bound_beyond_index_dtype,
    "min-max-nan": min_max_nan,
    "min-max-signed-zero": min_max_signed_zero,
    "empty-index-vector": empty_index_vector,
    "empty-array": empty_array,
    "index-at-dtype-edge": index_at_dtype_edge,
    "negative-start": negative_start,
    "index-out-of-range": index_out_of_range,
    "leading-index-vector-dim": leading_index_vector_dim,
    "batching-dims": batching_dims,
    "unindexed-inserted-dim": unindexed_inserted_dim,
    "indexed-window-dim": indexed_window_dim,
    "window-dims-not-trailing": window_dims_not_trailing,
    "variadic-scatter": variadic_scatter,
    "rank0-operand": rank0_operand,
    "unsigned-index-high-bit": unsigned_index_high_bit,
    "zero-size-batch": zero_size_batch,
    "index-beyond-int32": index_beyond_int32,
    "subnormal-values": subnormal_values,
    "zero-size-dropped-window": zero_size_dropped_window,
    "zero-size-slice": zero_size_slice,
    "wrap-loop-index": wrap_loop_index,
    "constant-operands": constant_operands,
    "min-rank0-constant-factor": min_rank0_constant_factor,
    "wide-integer-rank0-constant": wide_integer_rank0_constant,
    "rank0-zero-float-constant": rank0_zero_float_constant,
    "rank0-zero-float-divisor": rank0_zero_float_divisor,
    "all-constant-operands": all_constant_operands,
    "zero-constant-operand": zero_constant_operand,
    "folded-integer-division-by-zero": folded_integer_division_by_zero,
    "rank-above-6": rank_above_6,
    "int64-elements": int64_elements,
    "large-complex128-constant": large_complex128_constant,
    "updates-permuted-layout": updates_permuted_layout,
    "write-outside-buffer": write_outside_buffer,
    "inputs-permuted-layout": inputs_permuted_layout,
    "infinite-imaginary-scalar": infinite_imaginary_scalar,
}


# Which spec ops a condition can hold for (what arrays and attributes it reads); a condition not named
# here reads element values and holds for every op with arrays. ``can_hold`` answers it; a declaration
# whose ``when`` can hold for none of its target's op is refused when its file loads (``registry``).
_DIMENSION_OPS = ("stablehlo.gather", "stablehlo.scatter")
_INDEX_OPS = ("stablehlo.gather", "stablehlo.scatter", "onnx.GatherND", "onnx.ScatterND", "stablehlo.dynamic_slice",
              "stablehlo.dynamic_update_slice")
_WINDOW_OPS = ("stablehlo.gather", "stablehlo.scatter", "stablehlo.dynamic_slice", "stablehlo.dynamic_update_slice")
_SCATTER_OPS = ("stablehlo.scatter", "onnx.ScatterND")
_OPERAND_OPS = _INDEX_OPS + ("stablehlo.negate", "stablehlo.abs")
_MLIR_TYPE_OPS = ("mlir.broadcastable", "mlir.elementwise", "mlir.scalarization")
_BINARY = ("stablehlo.add", "stablehlo.subtract", "stablehlo.multiply", "stablehlo.divide", "stablehlo.remainder",
           "stablehlo.maximum", "stablehlo.minimum", "stablehlo.and", "stablehlo.or", "stablehlo.xor",
           "stablehlo.shift_left", "stablehlo.shift_right_arithmetic", "stablehlo.shift_right_logical",
           "stablehlo.compare")
_ELEMENTWISE = _BINARY + ("stablehlo.negate", "stablehlo.abs", "stablehlo.select", "mlir.scalarization")
_PAIR = _BINARY + ("mlir.scalarization",)
_DIVISION = ("stablehlo.divide", "stablehlo.remainder", "mlir.scalarization")
_REMAINDER = ("stablehlo.remainder", "mlir.scalarization")
HOLDS_FOR: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("empty-index-vector", "leading-index-vector-dim", "window-dims-not-trailing",
                     "unindexed-inserted-dim", "batching-dims"), _DIMENSION_OPS),
    "zero-size-dropped-window": ("stablehlo.gather",),
    "dynamic-scatter-index-depth": ("stablehlo.scatter",),
    "zero-size-slice": ("stablehlo.dynamic_slice",),
    **dict.fromkeys(("indexed-window-dim", "variadic-scatter", "write-outside-buffer"), ("stablehlo.scatter",)),
    **dict.fromkeys(("updates-element-type-differs", "min-max-nan", "min-max-signed-zero", "updates-permuted-layout",
                     "inputs-permuted-layout", "inductor-scalar-store"), _SCATTER_OPS),
    **dict.fromkeys(("negative-start", "unsigned-index-high-bit", "index-at-dtype-edge", "index-beyond-int32",
                     "wrap-loop-index", "boolean-indices", "zero-size-batch"), _INDEX_OPS),
    **dict.fromkeys(("index-out-of-range", "bound-beyond-index-dtype"), _WINDOW_OPS),
    **dict.fromkeys(("unranked-operand", "types-differ", "dynamic-operand"), _MLIR_TYPE_OPS),
    **dict.fromkeys(("integer-division-trap", "integer-zero-divisor", "idiv-overflow", "negative-quotient", "infinite-divisor",
                     "folded-integer-division-by-zero"), _DIVISION),
    **dict.fromkeys(("negative-zero-dividend", "large-quotient"), _REMAINDER),
    **dict.fromkeys(("quotient-overflows", "opposite-zeros", "float32-opposite-zeros"), _PAIR),
    **dict.fromkeys(("language-scalar", "bfloat16-language-scalar", "negative-zero-scalar", "zero-scalar",
                     "infinite-imaginary-scalar"), _BINARY),
    "min-rank0-constant-factor": ("stablehlo.multiply",),
    "wide-integer-rank0-constant": ("stablehlo.add", "stablehlo.subtract"),
    "rank0-zero-float-constant": ("stablehlo.add", "stablehlo.subtract", "stablehlo.multiply", "stablehlo.divide"),
    "rank0-zero-float-divisor": ("stablehlo.divide",),
    **dict.fromkeys(("constant-operands", "all-constant-operands", "zero-constant-operand",
                     "large-complex128-constant"), _ELEMENTWISE),
    **dict.fromkeys(("rank0-operand", "one-element-operand"), _OPERAND_OPS),
}
_TYPES_ONLY = ("mlir.broadcastable", "mlir.elementwise")  # cases of MLIR types: no arrays, no values


def can_hold(name: str, op: str) -> bool:
    """Whether condition ``name`` can hold on some case of spec op ``op`` (``breaks:<label>``: any op)."""
    if name.startswith("breaks:") or name not in CONDITIONS:
        return True
    if name in HOLDS_FOR:
        return op in HOLDS_FOR[name]
    return op not in _TYPES_ONLY


def holds_for(name: str) -> str:
    """The ops ``name`` can hold for, in words."""
    return ", ".join(HOLDS_FOR[name]) if name in HOLDS_FOR else "every op with arrays (not mlir.broadcastable, mlir.elementwise)"


def is_condition(name: str) -> bool:
    """A known condition name: one of ``CONDITIONS``, or ``breaks:<label>`` (the case breaks that rule)."""
    return name in CONDITIONS or (name.startswith("breaks:") and len(name) > len("breaks:"))


def holds(name: str | None, case: Case) -> bool:
    if not name:
        return True
    if not is_condition(name):
        raise ValueError(f"deviation 'when': expected one of {', '.join(CONDITIONS)} or breaks:<label>, got {name!r}")
    if name.startswith("breaks:"):
        from conformance.judging.verdict import case_violations

        return name[len("breaks:"):] in [v.label for v in case_violations(case)]
    try:
        with np.errstate(all="ignore"):  # a predicate on values: a signalling NaN widened, or an overflow, is no news
            return CONDITIONS[name](case)
    except (IndexError, KeyError, TypeError, ValueError, StopIteration):  # a malformed (invalid) case the
        return False  # condition cannot read (a scatter breaking C2: fewer window dims than its reading expects)
