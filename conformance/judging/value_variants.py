"""The value models of ``conformance.judging.models`` as backends: for a case of an elementwise
StableHLO op, what a backend that follows one model gives. ``conformance.judging.models`` explains an
observed value after the fact; these produce one, so that a test (``tests/test_value_guarantee.py``)
can run every model as a mutant against the edge phase and require that each is told from the spec on
some edge case, in every element type where it changes anything.

``variant(name, case)`` returns the model's result, or None where the model cannot apply to the case's
op or element type (``float32-compute`` on float32, ``floor-divide`` on an add, ...).
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from conformance.core.case import Case
from conformance.oracles.dtypes import dtype as dtype_of
from conformance.oracles.stablehlo.elementwise import evaluate, operand_names
from conformance.strategies.edge_values import edges
from conformance.strategies.elementwise_values import complex_edges

BINARY_FLOAT_VALUE_OPS = ("add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum")


def _op(case: Case) -> str:
    return case.op.split(".", 1)[1]


def _spec(case: Case, arrays: dict | None = None) -> np.ndarray:
    return evaluate(_op(case), arrays or case.arrays, case.attrs).value


def _floats(case: Case) -> bool:
    a = case.arrays[operand_names(_op(case))[-1]]
    return a.dtype.kind == "f" or a.dtype.name == "bfloat16"


def _subnormal(a: np.ndarray) -> np.ndarray:
    tiny = float(np.finfo(np.float32 if a.dtype.name == "bfloat16" else a.dtype).tiny)
    with np.errstate(invalid="ignore"):
        return np.isfinite(a) & (a != 0) & (np.abs(a.astype(np.float64)) < tiny)


def _flushed(a: np.ndarray) -> np.ndarray:
    if not (a.dtype.kind == "f" or a.dtype.name == "bfloat16"):
        return a
    return np.where(_subnormal(a), np.copysign(np.zeros((), a.dtype), a), a).astype(a.dtype)


def zero_sign(case: Case):
    if not _floats(case) or _op(case) == "compare":
        return None
    spec = _spec(case)
    return np.where(spec == 0, -spec, spec).astype(spec.dtype)


def ftz(case: Case):
    if not _floats(case):
        return None
    flushed = {k: _flushed(np.asarray(v)) for k, v in case.arrays.items()}
    return _flushed(_spec(case, flushed))


def nan_either(case: Case):
    """Where a NaN meets a number, the number (as fmax/fmin, and as a NaN-dropping fast path does)."""
    if not _floats(case) or _op(case) not in BINARY_FLOAT_VALUE_OPS:
        return None
    a, b = (np.asarray(case.arrays[k]) for k in ("lhs", "rhs"))
    a, b = np.broadcast_arrays(a, b)
    spec = _spec(case)
    return np.where(np.isnan(a) & ~np.isnan(b), b, np.where(np.isnan(b) & ~np.isnan(a), a, spec)).astype(spec.dtype)


def floor_divide(case: Case):
    if _floats(case) or _op(case) not in ("divide", "remainder") or case.arrays["lhs"].dtype.kind not in "iu":
        return None
    a, b = (np.asarray(case.arrays[k]) for k in ("lhs", "rhs"))
    spec = _spec(case)
    a, b = np.broadcast_arrays(a.astype(object), b.astype(object))
    out = spec.copy()
    for i in np.ndindex(spec.shape):
        x, y = int(a[i]), int(b[i])
        if y != 0:
            v = x // y if _op(case) == "divide" else x % y
            info = np.iinfo(spec.dtype)
            if info.min <= v <= info.max:
                out[i] = v
    return out


def _narrow(a: np.ndarray) -> np.ndarray:
    return a.astype(np.int64).astype(np.int32) if a.dtype.kind in "iu" else a


def narrow_int32_values(case: Case):
    """64-bit integer operands computed in 32 bits, the result sign-extended back."""
    first = case.arrays[operand_names(_op(case))[-1]]
    if first.dtype.kind not in "iu" or first.dtype.itemsize != 8:
        return None
    narrowed = {k: _narrow(np.asarray(v)) if np.asarray(v).dtype.kind in "iu" and np.asarray(v).dtype.itemsize == 8
                else np.asarray(v) for k, v in case.arrays.items()}
    out = _spec(case, narrowed)
    return out if out.dtype == bool else out.astype(np.int64).astype(first.dtype)


def float32_compute(case: Case):
    first = case.arrays[operand_names(_op(case))[-1]]
    if first.dtype != np.float64:
        return None
    low = {k: np.asarray(v).astype(np.float32) if np.asarray(v).dtype == np.float64 else np.asarray(v)
           for k, v in case.arrays.items()}
    out = _spec(case, low)
    return out if out.dtype == bool else out.astype(np.float64)


def zeros(case: Case):
    spec = _spec(case)
    return np.zeros_like(spec)


def overflow_nan(case: Case):
    if not _floats(case) or _op(case) != "remainder":
        return None
    a, b = (np.asarray(case.arrays[k]) for k in ("lhs", "rhs"))
    spec = _spec(case)
    with np.errstate(all="ignore"):
        q = a.astype(np.float64) / b.astype(np.float64)
        over = np.isfinite(a) & np.isfinite(b) & ~np.isfinite(q.astype(spec.dtype) if spec.dtype.name != "bfloat16" else q)
    return np.where(np.broadcast_to(over, spec.shape), np.nan, spec).astype(spec.dtype)


def remainder_formula(case: Case):
    if not _floats(case) or _op(case) != "remainder":
        return None
    a, b = (np.asarray(case.arrays[k]) for k in ("lhs", "rhs"))
    spec = _spec(case)
    with np.errstate(all="ignore"):
        out = a - np.floor(a / b) * b
    return np.asarray(out).astype(spec.dtype)


def scalar_zero_sign(case: Case):
    """The result for the rhs zero of the other sign (a constant cached by ``==``)."""
    if not _floats(case) or not case.attrs.get("rhs_as_scalar") or _op(case) == "compare":
        return None
    rhs = np.asarray(case.arrays["rhs"])
    if rhs.ndim or rhs != 0:
        return None
    return _spec(case, {**case.arrays, "rhs": (-rhs).astype(rhs.dtype)})


def daz_select(case: Case):
    """maximum/minimum comparing subnormal inputs as zeros: of such a tie, the operand the spec did not pick."""
    if not _floats(case) or _op(case) not in ("maximum", "minimum"):
        return None
    a, b = np.broadcast_arrays(*(np.asarray(case.arrays[k]) for k in ("lhs", "rhs")))
    spec = _spec(case)
    tie = (_flushed(a) == _flushed(b)) & (_subnormal(a) | _subnormal(b))
    other = np.where(spec == a, b, a)
    return np.where(tie, other, spec).astype(spec.dtype)


VARIANTS: dict[str, Callable[[Case], np.ndarray | None]] = {
    "zero-sign": zero_sign, "ftz": ftz, "nan-either": nan_either, "floor-divide": floor_divide,
    "narrow-int32-values": narrow_int32_values, "float32-compute": float32_compute, "zeros": zeros,
    "overflow-nan": overflow_nan, "remainder-formula": remainder_formula, "scalar-zero-sign": scalar_zero_sign,
    "daz-select": daz_select,
}
SCATTER_ONLY = ("float32-accumulate",)  # value models of scatter's combiner, not of an elementwise op


def variant(name: str, case: Case):
    """What a backend following value model ``name`` gives on elementwise ``case`` (None: not applicable)."""
    with np.errstate(all="ignore"):
        return VARIANTS[name](case)


def applies(name: str, op: str, dtype_name: str, forms=("tensor", "rank0")) -> bool:
    """Whether model ``name`` can change a result of ``op`` in element type ``dtype_name`` at all (on the
    edge values of the type, one probe per pair; a language-scalar zero rhs where ``forms`` has
    ``scalar``): the guarantee asks for it only there."""
    short = op.split(".", 1)[1]
    names = operand_names(short)
    dt = dtype_of(dtype_name)
    listed = complex_edges(dt) if dt.kind == "c" else edges(dt)  # (the type's edge values, as the strategies list them)
    values = np.asarray(listed, dtype=dt) if dtype_name != "bfloat16" else np.asarray(listed, np.float32).astype(dt)
    n = values.size
    grid = [np.repeat(values, n), np.tile(values, n)]
    if short == "select":
        return False  # select moves values, never computes: no value model changes it
    arrays = {names[0]: grid[0]} if len(names) == 1 else {names[0]: grid[0], names[1]: grid[1]}
    attrs = {"comparison_direction": "EQ", "compare_type": "FLOAT"} if short == "compare" else {}
    cases = [Case(op, arrays, attrs)]
    if len(names) == 2:
        cases += [Case(op, {names[0]: values, names[1]: np.asarray(z, dt)}, {**attrs, "rhs_as_scalar": True})
                  for z in (0.0, -0.0) if "scalar" in forms and (dt.kind in "fc" or dtype_name == "bfloat16")]
    from conformance.core.outcome import Outcome
    from conformance.judging.verdict import judge

    for case in cases:
        value = variant(name, case)
        if value is not None and judge(case, Outcome("value", value)).diverges:
            return True
    return False
