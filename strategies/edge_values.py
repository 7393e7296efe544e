"""Same-shape operand tuples for elementwise ops, per dtype, with edge values: NaN, +-inf, -0.0,
subnormals, integer min/max, zero divisors, and shift amounts at and above the bit width."""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from conformance.case import Case
from oracles.dtypes import dtype as dtype_of

UNARY = ("negate", "abs")
BINARY = ("add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum", "and", "or", "xor",
          "shift_left", "shift_right", "compare_lt", "compare_eq")
TERNARY = ("select",)
INT_ONLY = ("and", "or", "xor", "shift_left", "shift_right")
INT_DTYPES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
FLOAT_DTYPES = ("float16", "bfloat16", "float32", "float64")


def edges(dt: np.dtype) -> list:
    """The edge values of ``dt`` (as Python numbers)."""
    if dt.kind == "b":
        return [False, True]
    if dt.kind in "iu":
        info = np.iinfo(dt)
        bits = dt.itemsize * 8
        return sorted({0, 1, 2, int(info.max), int(info.max) - 1, int(info.min), int(info.min) + 1, bits - 1, bits,
                       bits + 1} | ({-1, -2} if dt.kind == "i" else set()))
    import ml_dtypes

    info = ml_dtypes.finfo(dt) if dt.name == "bfloat16" else np.finfo(dt)
    return [0.0, -0.0, 1.0, -1.0, 2.5, float("nan"), float("inf"), float("-inf"), float(info.smallest_subnormal),
            -float(info.smallest_subnormal), float(info.max), float(info.tiny)]


@st.composite
def edge_cases(draw, op: str, dtypes: tuple[str, ...]) -> Case:
    """One case of ``op``: operands of one dtype and shape, filled with edge values (all pairs likely)."""
    name = draw(st.sampled_from(dtypes))
    dt = dtype_of(name)
    arity = 1 if op in UNARY else 3 if op in TERNARY else 2
    n = draw(st.integers(1, 24))
    values = edges(dt)
    arrays = {}
    for i in range(arity):
        if op == "select" and i == 0:
            arrays["pred"] = np.array([draw(st.booleans()) for _ in range(n)], np.bool_)
            continue
        arrays[f"x{i}"] = np.array([draw(st.sampled_from(values)) for _ in range(n)], dtype=np.float64
                                   if dt.kind == "f" or name == "bfloat16" else object).astype(dt)
    return Case("mlir.scalarization", arrays, {"op": op})
