"""Value oracles for 17 elementwise StableHLO ops, transcribed from the StableHLO spec
(``docs/spec.md``, tag v1.0.0; see ``conformance.specs.urls.STABLEHLO_SPEC``): negate, abs, add,
subtract, multiply, divide, remainder, maximum, minimum, and, or, xor, shift_left,
shift_right_arithmetic, shift_right_logical, compare and select.

``evaluate(op, operands, attrs)`` returns an ``Expected``: the spec's result where the spec decides
it, and, per element, where it leaves the result to the implementation (with the values it allows,
or none listed: any value of the type). The rules per element type:

- integers are two's-complement bit patterns of their width; arithmetic that overflows wraps
  (the interpreter's APInt arithmetic, and the only reading under which ``add`` of ``si8`` is closed);
- ``divide`` truncates toward zero; ``remainder`` is ``lhs - divide(lhs, rhs) * rhs`` (its sign is
  the dividend's); a division by zero and ``MIN / -1`` give an implementation-defined value
  (said outright by later revisions of the spec; v1.0.0 gives no value for them);
- ``abs(MIN)`` of a signed type: either ``MIN`` or the saturated ``MAX`` (the spec's list);
- shifts by an amount outside ``[0, bits)``: the spec gives no value, so any value conforms;
  ``shift_right_arithmetic`` copies the top bit of the pattern, ``shift_right_logical`` shifts in 0;
- floats follow IEEE-754: correctly rounded ``+ - * /``, ``maximum``/``minimum`` propagate NaN and
  order -0.0 below +0.0, ``negate``/``abs`` change only the sign bit, ``compare`` (type ``FLOAT``)
  is unordered with NaN and has -0.0 == +0.0. Any NaN matches any NaN (payloads are not specified);
- float ``remainder``: the spec's two sentences (sign of the dividend, magnitude below the
  divisor's) fix it to C's ``fmod`` (exact). Where its formula ``lhs - d * rhs`` disagrees with them,
  the sentences win, except for a finite dividend and an infinite divisor, where the formula gives
  NaN and the sentences give the dividend: both conform;
- booleans: ``add``/``maximum``/``or`` are OR, ``multiply``/``minimum``/``and`` are AND, ``xor`` is
  XOR; ``compare`` orders false < true;
- complex: ``add``, ``subtract``, ``negate`` (componentwise, exact), ``select``, ``compare`` EQ/NE.
  Complex ``multiply``/``divide``/``remainder``/``abs``/``maximum``/``minimum`` are left out: the
  spec names them without fixing rounding or special values.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from conformance.oracles.dtypes import dtype as dtype_of

SIGNED = ("int8", "int16", "int32", "int64")
UNSIGNED = ("uint8", "uint16", "uint32", "uint64")
INTS = SIGNED + UNSIGNED
FLOATS = ("float16", "bfloat16", "float32", "float64")
COMPLEX = ("complex64", "complex128")
BOOL = ("bool",)
DIRECTIONS = ("EQ", "NE", "GE", "GT", "LE", "LT")

# op -> (operand names, element types the oracle judges: the spec's Inputs table less the complex
# cases it leaves open)
OPS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "negate": (("operand",), INTS + FLOATS + COMPLEX),
    "abs": (("operand",), SIGNED + FLOATS),
    "add": (("lhs", "rhs"), BOOL + INTS + FLOATS + COMPLEX),
    "subtract": (("lhs", "rhs"), INTS + FLOATS + COMPLEX),
    "multiply": (("lhs", "rhs"), BOOL + INTS + FLOATS),
    "divide": (("lhs", "rhs"), INTS + FLOATS),
    "remainder": (("lhs", "rhs"), INTS + FLOATS),
    "maximum": (("lhs", "rhs"), BOOL + INTS + FLOATS),
    "minimum": (("lhs", "rhs"), BOOL + INTS + FLOATS),
    "and": (("lhs", "rhs"), BOOL + INTS),
    "or": (("lhs", "rhs"), BOOL + INTS),
    "xor": (("lhs", "rhs"), BOOL + INTS),
    "shift_left": (("lhs", "rhs"), INTS),
    "shift_right_arithmetic": (("lhs", "rhs"), INTS),
    "shift_right_logical": (("lhs", "rhs"), INTS),
    "compare": (("lhs", "rhs"), BOOL + INTS + FLOATS + COMPLEX),
    "select": (("pred", "on_true", "on_false"), BOOL + INTS + FLOATS + COMPLEX),
}

# what a divergence cites: the sentence of the op's Semantics section it contradicts
CLAUSES = {
    "negate": "negate: integer negation (two's complement), IEEE-754 negate for floats",
    "abs": "abs: integer modulus, IEEE-754 abs for floats; abs(MIN) is MIN or MAX",
    "add": "add: logical OR for booleans, integer addition (wrapping), IEEE-754 addition",
    "subtract": "subtract: integer subtraction (wrapping), IEEE-754 subtraction",
    "multiply": "multiply: logical AND for booleans, integer multiplication (wrapping), IEEE-754 multiplication",
    "divide": "divide: integer division truncating toward zero, IEEE-754 division",
    "remainder": "remainder: lhs - divide(lhs, rhs) * rhs, the sign of the dividend, |result| < |rhs|",
    "maximum": "maximum: logical OR for booleans, IEEE-754 maximum (NaN propagates, -0.0 < +0.0)",
    "minimum": "minimum: logical AND for booleans, IEEE-754 minimum (NaN propagates, -0.0 < +0.0)",
    "and": "and: logical AND for booleans, bitwise AND for integers",
    "or": "or: logical OR for booleans, bitwise OR for integers",
    "xor": "xor: logical XOR for booleans, bitwise XOR for integers",
    "shift_left": "shift_left: lhs shifted left by rhs bits",
    "shift_right_arithmetic": "shift_right_arithmetic: lhs shifted right by rhs bits, copying its top bit",
    "shift_right_logical": "shift_right_logical: lhs shifted right by rhs bits, shifting in zeros",
    "compare": "compare: comparison_direction under compare_type (IEEE-754 for FLOAT)",
    "select": "select: on_true where pred, else on_false",
}


@dataclass
class Expected:
    """The spec's result. ``value`` holds it where the spec decides; at elements where ``open`` is
    True the spec leaves it to the implementation: a value there conforms if it equals one of
    ``allowed`` (arrays of ``value``'s shape), or whatever it is where ``allowed`` is empty.
    ``why`` says, per open element kind, which rule leaves it open."""
    value: np.ndarray
    open: np.ndarray
    allowed: list[np.ndarray] = field(default_factory=list)
    why: str = ""


def element_types(op: str) -> tuple[str, ...]:
    return OPS[op][1]


def operand_names(op: str) -> tuple[str, ...]:
    return OPS[op][0]


def compare_type(dtype_name: str) -> str:
    """The ``compare_type`` the spec pairs with an element type (TOTALORDER is not judged)."""
    return "FLOAT" if dtype_name in FLOATS + COMPLEX else "SIGNED" if dtype_name in SIGNED else "UNSIGNED"


def _bits(dt: np.dtype) -> int:
    return dt.itemsize * 8


def _ints(a: np.ndarray) -> np.ndarray:
    """Exact Python integers (an object array), so no arithmetic wraps before ``_wrap``."""
    return np.asarray(a).astype(object)


def _wrap(x: np.ndarray, dt: np.dtype) -> np.ndarray:
    """Two's-complement wrap of exact integers into ``dt``."""
    n = _bits(dt)
    if dt.kind == "u":
        return np.array([int(v) % (1 << n) for v in np.ravel(x)], dtype=object).reshape(np.shape(x)).astype(dt)
    lo = -(1 << (n - 1))
    return np.array([(int(v) - lo) % (1 << n) + lo for v in np.ravel(x)], dtype=object).reshape(np.shape(x)).astype(dt)


def _pattern(a: np.ndarray) -> np.ndarray:
    """The unsigned bit pattern of an integer array, as exact Python integers."""
    dt = a.dtype
    return _ints(a.view(np.dtype(f"u{dt.itemsize}")))


def _trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _integer(op: str, a: np.ndarray, b: np.ndarray | None) -> Expected:
    dt = a.dtype
    n = _bits(dt)
    shape = np.broadcast_shapes(a.shape, b.shape) if b is not None else a.shape
    free = np.zeros(shape, bool)
    x = np.broadcast_to(_ints(a), shape).astype(object)  # (an object array even at rank 0)
    y = np.broadcast_to(_ints(b), shape).astype(object) if b is not None else None
    lo = -(1 << (n - 1)) if dt.kind == "i" else 0
    if op == "negate":
        return Expected(_wrap(-x, dt), free)
    if op == "abs":
        at_min = x == lo
        value = _wrap(np.where(at_min, lo, abs(x)), dt)
        saturated = np.where(at_min, (1 << (n - 1)) - 1, abs(x)).astype(object)
        return Expected(value, at_min, [value, _wrap(saturated, dt)], "abs of the type's minimum")
    if op in ("add", "subtract", "multiply"):
        return Expected(_wrap({"add": x + y, "subtract": x - y, "multiply": x * y}[op], dt), free)
    if op in ("divide", "remainder"):
        free = (y == 0) | ((x == lo) & (y == -1) & (dt.kind == "i"))
        safe_y = np.where(free, 1, y)
        q = np.vectorize(_trunc_div, otypes=[object])(x, safe_y) if x.size else x
        r = x - q * safe_y
        value = _wrap(np.where(free, 0, q if op == "divide" else r), dt)
        return Expected(value, np.asarray(free, bool), [], "division overflow (a zero divisor, or MIN by -1)")
    if op in ("maximum", "minimum"):
        return Expected(np.maximum(a, b) if op == "maximum" else np.minimum(a, b), free)
    if op in ("and", "or", "xor"):
        return Expected({"and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor}[op](a, b), free)
    if op.startswith("shift"):
        free = (y < 0) | (y >= n)
        amount = np.where(free, 0, y)
        p = np.broadcast_to(_pattern(a), shape)
        if op == "shift_left":
            bits = (p << amount) % (1 << n)
        elif op == "shift_right_logical":
            bits = p >> amount
        else:  # arithmetic: the pattern read as signed, shifted, the top bit copied
            signed = np.where(p >= (1 << (n - 1)), p - (1 << n), p)
            bits = (signed >> amount) % (1 << n)
        value = np.array(np.ravel(bits).tolist(), dtype=np.dtype(f"u{dt.itemsize}")).reshape(shape).view(dt)
        return Expected(value, np.asarray(free, bool), [], "a shift amount outside [0, bit width)")
    raise ValueError(f"op: {op!r} has no integer rule")


def _zero_sign(a, b, pick_negative: bool):
    """Where both operands are zeros: -0.0 if ``pick_negative`` says so for the pair."""
    neg = np.signbit(a) | np.signbit(b) if pick_negative else np.signbit(a) & np.signbit(b)
    return neg


def _float(op: str, a: np.ndarray, b: np.ndarray | None) -> Expected:
    dt = a.dtype
    shape = np.broadcast_shapes(a.shape, b.shape) if b is not None else a.shape
    free = np.zeros(shape, bool)
    # float16/bfloat16 arithmetic in float32, then one rounding: float32 carries 2p+2 bits of either,
    # so + - * / round exactly as IEEE-754 does in the narrow type
    wide = np.float32 if dt.itemsize < 4 else dt
    x = a.astype(wide)
    y = b.astype(wide) if b is not None else None
    with np.errstate(all="ignore"):
        if op == "negate":
            return Expected(np.negative(a), free)
        if op == "abs":
            return Expected(np.abs(a), free)
        if op in ("add", "subtract", "multiply", "divide"):
            fn = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.divide}[op]
            return Expected(fn(x, y).astype(dt), free)
        if op == "remainder":
            xf, yf = a.astype(np.float64), b.astype(np.float64)
            value = np.fmod(xf, yf).astype(dt)  # exact: the result fits the operands' type
            free = np.isfinite(xf) & np.isinf(yf)
            nan = np.full(shape, np.nan, dt)
            return Expected(value, free, [value, nan], "a finite dividend by an infinite divisor (formula: NaN)")
        if op in ("maximum", "minimum"):
            x64, y64 = np.broadcast_arrays(a.astype(np.float64), b.astype(np.float64))
            big = x64 > y64 if op == "maximum" else x64 < y64
            value = np.where(big, x64, y64)
            zeros = (x64 == 0) & (y64 == 0)
            neg = _zero_sign(x64, y64, pick_negative=(op == "minimum"))
            value = np.where(zeros, np.where(neg, -0.0, 0.0), value)
            value = np.where(np.isnan(x64) | np.isnan(y64), np.nan, value)
            return Expected(value.astype(dt), free)
    raise ValueError(f"op: {op!r} has no float rule")


def _boolean(op: str, a: np.ndarray, b: np.ndarray) -> Expected:
    fn = {"add": np.logical_or, "maximum": np.logical_or, "or": np.logical_or, "multiply": np.logical_and,
          "minimum": np.logical_and, "and": np.logical_and, "xor": np.logical_xor}[op]
    value = fn(a, b)
    return Expected(value, np.zeros(value.shape, bool))


def _complex(op: str, a: np.ndarray, b: np.ndarray | None) -> Expected:
    fn = {"negate": np.negative, "add": np.add, "subtract": np.subtract}[op]
    with np.errstate(all="ignore"):
        value = np.asarray(fn(a) if b is None else fn(a, b))
    return Expected(value.astype(a.dtype), np.zeros(value.shape, bool))


def _compare(a: np.ndarray, b: np.ndarray, direction: str) -> Expected:
    if direction not in DIRECTIONS:
        raise ValueError(f"comparison_direction: expected one of {', '.join(DIRECTIONS)}, got {direction!r}")
    if a.dtype.kind == "c" and direction not in ("EQ", "NE"):
        raise ValueError(f"comparison_direction: complex operands are judged for EQ and NE only, got {direction!r}")
    fn = {"EQ": np.equal, "NE": np.not_equal, "GE": np.greater_equal, "GT": np.greater, "LE": np.less_equal,
          "LT": np.less}[direction]
    if a.dtype.name == "bfloat16":
        a, b = a.astype(np.float32), b.astype(np.float32)  # exact, and numpy's comparisons are IEEE's
    with np.errstate(invalid="ignore"):
        value = np.asarray(fn(a, b), bool)
    return Expected(value, np.zeros(value.shape, bool))


def evaluate(op: str, operands: dict[str, np.ndarray], attrs: dict | None = None) -> Expected:
    """The spec's result of ``op`` (see ``_evaluate``), every array an ndarray (rank 0 included)."""
    exp = _evaluate(op, operands, attrs)
    exp.value, exp.open = np.asarray(exp.value), np.asarray(exp.open, bool)
    exp.allowed = [np.asarray(a) for a in exp.allowed]
    return exp


def _evaluate(op: str, operands: dict[str, np.ndarray], attrs: dict | None = None) -> Expected:
    """The spec's result of ``op`` on ``operands`` (named as the spec names them; a binary op's
    ``rhs`` may be rank 0 against a larger ``lhs``, as a language scalar meets a tensor)."""
    attrs = attrs or {}
    if op not in OPS:
        raise ValueError(f"op: expected one of {', '.join(OPS)}, got {op!r}")
    names, types = OPS[op]
    missing = [n for n in names if n not in operands]
    if missing:
        raise ValueError(f"operands: {op} takes {', '.join(names)}; missing {', '.join(missing)}")
    if op == "select":
        pred, t, f = (np.asarray(operands[n]) for n in names)
        value = np.where(pred, t, f).astype(t.dtype)
        return Expected(value, np.zeros(value.shape, bool))
    a = np.asarray(operands[names[0]])
    b = np.asarray(operands[names[1]]) if len(names) > 1 else None
    kind = a.dtype.name
    if kind not in types:
        raise ValueError(f"{names[0]}: {op} is judged for {', '.join(types)}; got {kind}")
    if b is not None and b.dtype != a.dtype:
        raise ValueError(f"{names[1]}: expected {kind} like {names[0]} (constraint C1), got {b.dtype.name}")
    if op == "compare":
        return _compare(a, b, attrs.get("comparison_direction", "EQ"))
    if kind == "bool":
        return _boolean(op, a, b)
    if kind in COMPLEX:
        return _complex(op, a, b)
    if kind in FLOATS:
        return _float(op, a, b)
    return _integer(op, a, b)


def result_dtype(op: str, operand_dtype: str) -> np.dtype:
    """The result's element type: i1 for ``compare``, the operands' otherwise (constraint C1)."""
    return np.dtype(bool) if op == "compare" else dtype_of(operand_dtype)
