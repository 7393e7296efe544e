"""Models of declared deviations: what a backend gives where it deviates, so that a declaration excuses
exactly that and nothing else, element by element.

A ``[[deviation]]`` carries ``model = "..."``: one or more names joined with ``+`` (each element may
follow any of them), each either a built-in model below, ``index:<reading>[/<rule>]`` (a reading of
index values and an out-of-bounds rule from ``conformance.judging.index_models``; without a rule, any rule;
the rule ``any``: a gather or dynamic_slice window whose start is out of bounds holds any value, a read
from outside the buffer),
or ``"package.module:function"``: a function of the case returning the backend's result (an array, a
tuple of arrays for several results, or a ``Case`` whose spec result the backend gives instead).
``<model>@<reading>[/<rule>]`` evaluates a model on the case with its index values read another way and
out-of-bounds starts moved by the rule (``ftz@from-end/clamp``: subnormals flushed where negative indices
count from the end and starts are clamped). A diverging value is covered only where every element the spec
does not allow equals what some named model gives there.

Built-in models (each a function of the case and the observed results, giving per result the elements
it explains):
- ``zero-sign``: a zero of the spec's result (or a zero part of a complex one) with the other sign;
- ``ftz``: subnormal inputs and results flushed to zero (sign kept), as CPUs with FTZ/DAZ set do;
- ``nan-either``: where a NaN meets a number (the spec's result or the observed one is NaN), the
  observed value is one of the values that met (elementwise: lhs or rhs there; else any input value);
- ``floor-divide``: integer divide/remainder rounding toward minus infinity (Python's ``//`` and ``%``);
- ``narrow-int32-values``: 64-bit integer values computed in 32 bits (low 32 bits, sign-extended);
- ``float32-compute``: float64 computed in float32 (inputs and result rounded; an overflow clamped to
  float32's largest finite value or infinite);
- ``float32-accumulate``: a scatter's colliding float updates summed (or multiplied) in float32, in
  any order (the rounding bound taken with float32's unit);
- ``zeros``: the result's elements are 0 (False);
- ``overflow-nan``: NaN where ``|lhs / rhs|`` overflows the float type (a vectorised fmod/remainder);
- ``remainder-formula``: float remainder as ``x - q * y`` with the product rounded, ``q`` either
  ``floor(x / y)`` or the floor division of ``fmod`` (``(x - fmod(x, y)) / y`` rounded to an integer, numpy's
  ``floor_divide``, Inductor's ``div_floor_floating_vec``), in the type, float32 or float64;
- ``scalar-zero-sign``: the result for the rhs zero of the other sign (a constant cached by ``==``);
- ``daz-select``: a maximum/minimum that compares subnormal inputs as zeros and returns either operand
  of such a tie (or of a NaN meeting a number), as it was or flushed;
- ``reciprocal-ftz``: a divide by a constant divisor ``c`` computed as XLA:CPU rewrites it, ``x * (1 / c)``
  with subnormals flushed (bfloat16 in float32, a float16 reciprocal rounded to float16; ``c`` = +-1: ``+-x``).
"""
from __future__ import annotations

import importlib
from typing import Callable

import numpy as np

from conformance.core.case import Case
from conformance.core.compare import mismatch_mask
from conformance.judging.index_values import reread
from conformance.core.opspec import op_spec


class ModelError(ValueError):
    """A model name that names nothing (unknown built-in, no such module or function)."""


def _float_like(a: np.ndarray) -> bool:
    return a.dtype.kind in "fc" or a.dtype.name == "bfloat16"


def _parts(a: np.ndarray) -> list[np.ndarray]:
    return [a.real, a.imag] if a.dtype.kind == "c" else [a]


def _matches(alternative: np.ndarray, observed: np.ndarray) -> np.ndarray:
    if alternative.shape != observed.shape:
        return np.zeros(observed.shape, bool)
    return ~mismatch_mask(alternative.astype(observed.dtype) if alternative.dtype != observed.dtype else alternative,
                          observed)


_VALUE: list = []  # the target's value as it returned it, while ``covers`` runs (a tuple stays a tuple)


def _raw(observed: list[np.ndarray]):
    return _VALUE[-1] if _VALUE else observed[0] if len(observed) == 1 else tuple(observed)


def _results(case: Case, observed: list[np.ndarray]) -> list[np.ndarray]:
    """The spec's results for ``case`` (one schedule where there are several)."""
    return op_spec(case.op).part("mismatch")(case, _raw(observed))[1]


def _with_arrays(case: Case, change: Callable[[str, np.ndarray], np.ndarray]) -> Case:
    return Case(case.op, {k: change(k, v) for k, v in case.arrays.items()}, dict(case.attrs),
                result_type=case.result_type, meta=dict(case.meta))


def _index_key(case: Case, key: str) -> bool:
    name = op_spec(case.op).indices
    return bool(name) and (key == name or key.startswith(f"{name}["))


# ---- built-in models --------------------------------------------------------------------------

def zero_sign(case: Case, observed: list[np.ndarray]) -> list[np.ndarray]:
    """A zero of the spec's result (or a zero part of a complex one) with the other sign."""
    out = []
    for spec, obs in zip(_results(case, observed), observed):
        if not _float_like(spec) or spec.shape != obs.shape:
            out.append(np.zeros(obs.shape, bool))
            continue
        wide = spec.astype(np.complex128 if spec.dtype.kind == "c" else np.float64)
        seen = obs.astype(wide.dtype)
        ok = np.ones(obs.shape, bool)
        for s, o in zip(_parts(wide), _parts(seen)):  # each part: equal, or both zero (any sign)
            ok &= ((s == o) & (np.signbit(s) == np.signbit(o))) | ((s == 0) & (o == 0)) | (np.isnan(s) & np.isnan(o))
        out.append(ok)
    return out


def _flush(a: np.ndarray) -> np.ndarray:
    import ml_dtypes

    a = np.asarray(a)  # (a numpy scalar, such as the result of 0-d arithmetic, cannot be assigned into)
    if not _float_like(a):
        return a
    part = np.float32 if a.dtype == np.complex64 else np.float64 if a.dtype.kind == "c" else a.dtype
    tiny = float((ml_dtypes.finfo if a.dtype.name == "bfloat16" else np.finfo)(part).tiny)
    out = a.copy()
    if a.dtype.kind == "c":
        re, im = out.real.copy(), out.imag.copy()
        re[(re != 0) & (np.abs(re) < tiny)] *= 0
        im[(im != 0) & (np.abs(im) < tiny)] *= 0
        out.real, out.imag = re, im  # (not re + 1j * im: 1j * nan makes the real part NaN too)
        return out
    with np.errstate(invalid="ignore"):  # a signalling NaN raises the invalid flag as it widens
        wide = out.astype(np.float64)
    small = (wide != 0) & (np.abs(wide) < tiny)
    out[small] = (np.copysign(0.0, wide[small])).astype(a.dtype)
    return out


def ftz(case: Case, observed: list[np.ndarray]) -> list[np.ndarray]:
    """Subnormal inputs and results flushed to zero (sign kept), as CPUs with FTZ/DAZ set do."""
    from conformance.judging.scatter_compare import flushing

    flushed = _with_arrays(case, lambda k, v: v if _index_key(case, k) else _flush(v))
    out = [np.zeros(o.shape, bool) for o in observed]
    for c in (case, flushed):
        try:
            with flushing():  # colliding updates: any order, each partial result flushed
                _, results, bad = op_spec(c.op).part("mismatch")(c, _raw(observed))
        except Exception:  # noqa: BLE001 - a flushed case the oracle cannot evaluate explains nothing
            continue
        for i, (o, r, b) in enumerate(zip(observed, results, bad)):
            out[i] |= ~np.asarray(b, bool) | _matches(_flush(np.asarray(r)), o)
    return out


def float32_accumulate(case: Case, observed: list[np.ndarray]) -> list[np.ndarray]:
    """A scatter's colliding float updates summed (or multiplied) in float32, in any order (the rounding bound
    taken with float32's unit)."""
    from conformance.judging.scatter_compare import accumulating_in

    with accumulating_in("float32"):  # colliding updates: any order, each partial result in float32
        return _op_explains(case, observed)


def _op_explains(case: Case, observed: list[np.ndarray]) -> list[np.ndarray]:
    """Elementwise: where the op's own judge finds ``observed`` right for ``case`` (any order of a
    scatter's updates, NaN equal to NaN, ...)."""
    try:
        return [~np.asarray(b) for b in op_spec(case.op).part("mismatch")(case, _raw(observed))[2]]
    except Exception:  # noqa: BLE001 - a case whose shape does not fit the value explains nothing
        return [np.zeros(o.shape, bool) for o in observed]


def nan_either(case: Case, observed: list[np.ndarray]) -> list[np.ndarray]:
    """Where a NaN meets a number (the spec's result or the observed one is NaN), the observed value is one of
    the values that met (elementwise: lhs or rhs there; else any input value)."""
    out = []
    lhs, rhs = case.arrays.get("lhs"), case.arrays.get("rhs")
    pool = np.concatenate([v.reshape(-1).astype(np.complex128) for k, v in case.arrays.items()
                           if not _index_key(case, k) and _float_like(v)] or [np.zeros(0, np.complex128)])
    for spec, obs in zip(_results(case, observed), observed):
        if not _float_like(obs) or spec.shape != obs.shape:
            out.append(np.zeros(obs.shape, bool))
            continue
        s, o = spec.astype(np.complex128), obs.astype(np.complex128)
        nan = np.isnan(s) | np.isnan(o)
        if lhs is not None and rhs is not None:
            met = np.zeros(obs.shape, bool)
            for operand in (lhs, rhs):
                met |= _matches(np.broadcast_to(operand, obs.shape), obs)
        else:
            flat = o.reshape(-1)
            met = np.array([bool(np.isnan(v)) or bool(np.any(pool == v)) for v in flat], bool).reshape(obs.shape)
        out.append(nan & met)
    return out


def floor_divide(case: Case, observed: list[np.ndarray]) -> list[np.ndarray]:
    """Integer divide/remainder rounding toward minus infinity (Python's ``//`` and ``%``)."""
    lhs, rhs = case.arrays.get("lhs"), case.arrays.get("rhs")
    if lhs is None or rhs is None or lhs.dtype.kind not in "iu":
        return [np.zeros(o.shape, bool) for o in observed]
    fn = np.floor_divide if case.op.endswith("divide") else np.mod
    with np.errstate(all="ignore"):
        value = fn(lhs, np.where(rhs == 0, 1, rhs).astype(rhs.dtype)).astype(lhs.dtype)
    return [_matches(np.broadcast_to(value, observed[0].shape), observed[0])]


def _narrow(a: np.ndarray) -> np.ndarray:
    if a.dtype.name not in ("int64", "uint64"):
        return a
    low = (a.view(np.uint64) & np.uint64(0xFFFFFFFF)).astype(np.uint32).view(np.int32)
    return low.astype(np.int64).astype(a.dtype)


def narrow_int32_values(case: Case, observed: list[np.ndarray]) -> list[np.ndarray]:
    """64-bit integer values computed in 32 bits (low 32 bits, sign-extended)."""
    narrowed = _with_arrays(case, lambda k, v: v if _index_key(case, k) else _narrow(v))
    alternatives = []
    for c in (case, narrowed):
        try:
            alternatives.append([_narrow(r) for r in _results(c, observed)])
        except Exception:  # noqa: BLE001 - a narrowed case the oracle cannot evaluate explains nothing
            continue
    return _explained_by(alternatives, observed)


def _via_float32(a: np.ndarray, clamp: bool) -> np.ndarray:
    if a.dtype not in (np.float64, np.complex128):
        return a
    with np.errstate(over="ignore", invalid="ignore"):
        if clamp:
            top = float(np.finfo(np.float32).max)
            parts = [np.clip(p, -top, top) if a.dtype.kind == "f" else p for p in _parts(a)]
            a = parts[0] if len(parts) == 1 else parts[0] + 1j * parts[1]
        return a.astype(np.complex64 if a.dtype.kind == "c" else np.float32).astype(a.dtype)


def float32_compute(case: Case, observed: list[np.ndarray]) -> list[np.ndarray]:
    """Float64 computed in float32 (inputs and result rounded; an overflow clamped to float32's largest finite
    value or infinite)."""
    alternatives, judged = [], []
    for clamp in (False, True):
        rounded = _with_arrays(case, lambda k, v: v if _index_key(case, k) else _via_float32(v, clamp))
        judged.append(_op_explains(rounded, observed))  # any order of a scatter's rounded updates
        for c in (case, rounded):
            try:
                alternatives.append([_via_float32(r, clamp) for r in _results(c, observed)])
            except Exception:  # noqa: BLE001 - a rounded case the oracle cannot evaluate explains nothing
                continue
    return [np.logical_or.reduce([m, *(j[i] for j in judged)]) for i, m in enumerate(_explained_by(alternatives, observed))]


def zeros(case: Case, observed: list[np.ndarray]) -> list[np.ndarray]:
    """The result's elements are 0 (False)."""
    return [_matches(np.zeros(o.shape, o.dtype), o) for o in observed]


def _pair(case: Case) -> tuple[np.ndarray | None, np.ndarray | None]:
    a = case.arrays
    return (a.get("lhs", a.get("x0")), a.get("rhs", a.get("x1")))


def overflow_nan(case: Case, observed: list[np.ndarray]) -> list[np.ndarray]:
    """NaN where ``|lhs / rhs|`` overflows the float type (a vectorised fmod/remainder)."""
    lhs, rhs = _pair(case)
    if lhs is None or rhs is None or not _float_like(lhs):
        return [np.zeros(o.shape, bool) for o in observed]
    import ml_dtypes

    top = float((ml_dtypes.finfo if lhs.dtype.name == "bfloat16" else np.finfo)(lhs.dtype).max)
    with np.errstate(all="ignore"):  # (a signalling NaN raises the invalid flag as it widens)
        q = np.abs(lhs.astype(np.float64) / rhs.astype(np.float64))
        over = np.isfinite(lhs.astype(np.float64)) & (rhs.astype(np.float64) != 0) & (q > top)
        return [np.broadcast_to(over, o.shape) & np.isnan(o.astype(np.float64)) for o in observed]


def remainder_formula(case: Case, observed: list[np.ndarray]) -> list[np.ndarray]:
    """Float remainder as ``x - q * y`` with the product rounded, ``q`` either ``floor(x / y)`` or the floor
    division of ``fmod`` (``(x - fmod(x, y)) / y`` rounded to an integer, numpy's ``floor_divide``, Inductor's
    ``div_floor_floating_vec``), in the type, float32 or float64."""
    lhs, rhs = _pair(case)
    if lhs is None or rhs is None or not _float_like(lhs):
        return [np.zeros(o.shape, bool) for o in observed]
    alternatives = []
    with np.errstate(all="ignore"):
        for wide in (lhs.dtype, np.float32, np.float64):
            x, y = lhs.astype(wide), rhs.astype(wide)
            for q in (np.floor(x / y), np.floor_divide(x, y)):
                alternatives.append([(x - q * y).astype(lhs.dtype)])
    return _explained_by(alternatives, observed)


def scalar_zero_sign(case: Case, observed: list[np.ndarray]) -> list[np.ndarray]:
    """The result for the rhs zero of the other sign (a constant cached by ``==``)."""
    rhs = case.arrays.get("rhs")
    if rhs is None or not _float_like(rhs):
        return [np.zeros(o.shape, bool) for o in observed]
    flipped = rhs.copy()
    zero = flipped.astype(np.float64) == 0
    flipped[zero] = (-flipped[zero].astype(np.float64)).astype(rhs.dtype)
    other = Case(case.op, {**case.arrays, "rhs": flipped}, dict(case.attrs), result_type=case.result_type)
    return _explained_by([_results(other, observed)], observed)


def daz_select(case: Case, observed: list[np.ndarray]) -> list[np.ndarray]:
    """A maximum/minimum that compares subnormal inputs as zeros and returns either operand of such a tie (or of
    a NaN meeting a number), as it was or flushed."""
    lhs, rhs = _pair(case)
    if lhs is None or rhs is None or not _float_like(lhs) or lhs.dtype.kind == "c":
        return [np.zeros(o.shape, bool) for o in observed]
    shape = observed[0].shape
    a, b = (np.broadcast_to(_flush(x), shape).astype(np.float64) for x in (lhs, rhs))
    flushed = [np.broadcast_to((_flush(x).astype(np.float64) == 0) & (x.astype(np.float64) != 0), shape) for x in (lhs, rhs)]
    # equal once subnormals read as zero, or a NaN met, where an operand of the element is a subnormal:
    # a tie of exact zeros picked by the wrong sign is a signed-zero bug, not this one
    tie = ((a == b) | np.isnan(a) | np.isnan(b)) & (flushed[0] | flushed[1])
    picked = np.zeros(shape, bool)
    for x in (lhs, rhs, _flush(lhs), _flush(rhs)):  # an operand as it was, or flushed (float32, float64)
        picked |= _matches(np.broadcast_to(x, shape), observed[0])
    return [tie & picked]


def reciprocal_ftz(case: Case, observed: list[np.ndarray]) -> list[np.ndarray]:
    """A float divide whose divisor is a constant, as XLA's algebraic simplifier rewrites it and XLA:CPU runs
    it: ``x * (1 / c)``, computed in float32 for bfloat16 and float16 (the reciprocal of a float16 divisor
    rounded to float16 first) and in the operands' type for float32 and float64, with subnormal operands, the
    reciprocal and the product flushed to zero (sign kept); a divisor of 1 or -1 gives ``x`` or ``-x`` as it is
    (nothing flushed).

    Measured on tensorflow-cpu 2.21.0 under XLA: bfloat16 1024 / 3.38953e38 gives 0 (the float32 reciprocal
    2.95e-39 is subnormal), float64 1024 / 1.798e308 gives 0, float16 65504 / 2.5 gives 26192 (IEEE: 26208)."""
    lhs, rhs = _pair(case)
    if case.op != "stablehlo.divide" or lhs is None or rhs is None or not _float_like(lhs) or lhs.dtype.kind == "c":
        return [np.zeros(o.shape, bool) for o in observed]
    wide = np.float32 if lhs.dtype.name in ("float16", "bfloat16") else lhs.dtype
    with np.errstate(all="ignore"):  # (a signalling NaN raises the invalid flag as it widens)
        c = np.asarray(rhs).astype(wide)
        reciprocal = np.asarray(np.ones((), wide) / _flush(c))
        if lhs.dtype == np.float16:
            reciprocal = reciprocal.astype(np.float16).astype(np.float32)
        product = np.asarray(_flush(np.asarray(lhs).astype(wide)) * _flush(reciprocal), wide)
        value = _flush(product).astype(lhs.dtype)
        value = np.where(c == 1, lhs, np.where(c == -1, -np.asarray(lhs), value)).astype(lhs.dtype)
    return [_matches(np.broadcast_to(value, o.shape), o) for o in observed]


BUILTIN: dict[str, Callable] = {
    "zero-sign": zero_sign, "ftz": ftz, "nan-either": nan_either, "floor-divide": floor_divide,
    "narrow-int32-values": narrow_int32_values, "float32-compute": float32_compute, "zeros": zeros,
    "overflow-nan": overflow_nan, "float32-accumulate": float32_accumulate, "remainder-formula": remainder_formula,
    "scalar-zero-sign": scalar_zero_sign,
    "daz-select": daz_select,
    "reciprocal-ftz": reciprocal_ftz,
}


def _explained_by(alternatives: list[list[np.ndarray]], observed: list[np.ndarray]) -> list[np.ndarray]:
    out = [np.zeros(o.shape, bool) for o in observed]
    for alt in alternatives:
        for i, (a, o) in enumerate(zip(alt, observed)):
            out[i] |= _matches(np.asarray(a), o)
    return out


def _index_model(spec: str) -> Callable:
    from conformance.judging.index_models import RULES, IndexModel, explained

    reading, _, rule = spec.partition("/")

    def model(case: Case, observed: list[np.ndarray]) -> list[np.ndarray]:
        if case.op not in RULES:
            return [np.zeros(o.shape, bool) for o in observed]
        rules = (rule,) if rule else RULES[case.op]
        out = [np.zeros(o.shape, bool) for o in observed]
        for r in rules:
            for i, mask in enumerate(explained(case, observed, IndexModel(case.op, reading, r))):
                out[i] |= mask
        return out

    return model


def _user_model(ref: str) -> Callable:
    from conformance.core.moved import current

    module, _, name = ref.partition(":")
    try:
        fn = getattr(importlib.import_module(current(module)), name)
    except (ImportError, AttributeError) as e:
        raise ModelError(f"model {ref!r}: {e}") from None

    def model(case: Case, observed: list[np.ndarray]) -> list[np.ndarray]:
        value = fn(case)
        if isinstance(value, Case):  # the spec's result on another case, judged as the op judges
            return _op_explains(value, observed)
        values = list(value) if isinstance(value, (tuple, list)) else [value]
        explained = _explained_by([[np.asarray(v) for v in values]], observed)
        # a masked element (numpy.ma) is one the model says nothing about (a read outside the buffer):
        # any value there is explained, as an ``unmodelled`` declaration would, but only there
        return [e | np.ma.getmaskarray(v) if isinstance(v, np.ma.MaskedArray) and v.shape == e.shape else e
                for e, v in zip(explained, values)]

    return model


def resolve(name: str) -> Callable:
    """The function of one model name (see the module docstring); ``ModelError`` if it names nothing."""
    if "@" in name and not name.startswith("index:"):  # model@reading: the model on the re-read case
        base, _, reading = name.partition("@")
        from conformance.judging.index_models import ANY_RULE, RULE_CLASS, RULES
        from conformance.oracles.stablehlo.policy import NEGATIVES

        steps, _, rule = reading.partition("/")
        if rule == ANY_RULE:  # windows read from outside the buffer: the model sees their starts as they are
            reading, rule = steps, ""  # (the ``index:<reading>/any`` part beside it covers those windows)
        if not all(step in NEGATIVES for step in steps.split(">")) or rule not in ("", *RULE_CLASS):
            raise ModelError(f"model {name!r}: expected <model>@<reading>[/<rule>], readings {', '.join(NEGATIVES)}, "
                             f"rules {', '.join(RULE_CLASS)}")
        fn = resolve(base)
        return lambda case, observed: fn(reread(case, reading) if case.op in RULES else case, observed)
    if name in BUILTIN:
        return BUILTIN[name]
    if name.startswith("index:"):
        from conformance.oracles.stablehlo.policy import NEGATIVES

        from conformance.judging.index_models import ANY_RULE, GATHER_RULES, SCATTER_RULES

        reading, _, rule = name[len("index:"):].partition("/")
        rules = dict.fromkeys(GATHER_RULES + SCATTER_RULES + (ANY_RULE,))
        if not all(step in NEGATIVES for step in reading.split(">")) or rule not in ("", *rules):
            raise ModelError(f"model {name!r}: expected index:<reading>[/<rule>], readings {', '.join(NEGATIVES)}, "
                             f"rules {', '.join(rules)}")
        return _index_model(name[len("index:"):])
    if ":" in name:
        return _user_model(name)
    raise ModelError(f"model {name!r}: expected one of {', '.join(BUILTIN)}, index:<reading>[/<rule>], "
                     "or package.module:function")


def check_model(model: str) -> None:
    """Raise ``ModelError`` where a ``model`` field names something unknown (built-in and index names;
    a user function is imported when first used)."""
    for part in model.split("+"):
        if ":" not in part.split("@")[0] or part.startswith("index:"):
            resolve(part.strip())


def covers(model: str, case: Case, value) -> bool:
    """Whether ``model`` explains every element of ``value`` (what the target returned on ``case``)
    that the spec does not allow."""
    found = unexplained(model, case, value)
    return found is not None and not any(r.any() for r in found)


def unexplained(model: str, case: Case, value) -> list[np.ndarray] | None:
    """Per result, the elements of ``value`` the spec does not allow and ``model`` does not explain
    (``model`` "": every element the spec does not allow); None where the op has no element-wise
    comparison or ``value`` does not fit the spec's shapes."""
    mismatch = op_spec(case.op).part("mismatch")
    if mismatch is None:
        return None
    try:
        observed, spec, bad = mismatch(case, value)
    except Exception:  # noqa: BLE001 - a value the spec's shape does not fit: nothing to explain it by
        return None
    if any(s.shape != o.shape for s, o in zip(spec, observed)):
        return None
    remaining = [np.asarray(b).copy() for b in bad]
    _VALUE.append(value)
    try:  # (a model widens values to float64: a signalling NaN or an overflow there is no news)
        for part in filter(None, (p.strip() for p in model.split("+"))):
            with np.errstate(all="ignore"):
                masks = list(resolve(part)(case, observed))
            for i, mask in enumerate(masks):
                remaining[i] &= ~np.asarray(mask, bool)
    finally:
        _VALUE.pop()
    return remaining
