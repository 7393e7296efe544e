"""Same-shape operand tuples for elementwise ops, per dtype, with edge values: NaN, +-inf, -0.0,
subnormals, integer min/max, zero divisors, and shift amounts at and above the bit width."""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
from hypothesis import strategies as st

from conformance.core.case import Case
from conformance.oracles.dtypes import dtype as dtype_of
from conformance.strategies.boundary import draw_scenario

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
    eps = float(info.eps)
    # 1 + eps and 0.75 eps: sums and products whose exact value lies past the half-way point between two
    # neighbours (1 + 0.75 eps) or on it (1.5 (1 + eps)): round-to-nearest-even and truncation part there
    return [0.0, -0.0, 1.0, -1.0, 2.5, float("nan"), float("inf"), float("-inf"), float(info.smallest_subnormal),
            -float(info.smallest_subnormal), float(info.max), float(info.tiny), 1.0 + eps, 0.75 * eps, 1.5]


@st.composite
def edge_cases(draw, op: str, dtypes: tuple[str, ...], scenario: str | None = None) -> Case:
    """One case of ``op``: operands of one dtype and shape, filled with edge values. Scenario ``meet``
    (half the draws, and the edge phase): every pair of edge values meets at one position (the
    operands are the cartesian product of the edge list); ``ordinary``: each element drawn alone."""
    scenario = draw_scenario(draw, "elementwise", ("ordinary", "meet"), scenario)
    name = draw(st.sampled_from(dtypes))
    dt = dtype_of(name)
    arity = 1 if op in UNARY else 3 if op in TERNARY else 2
    values = edges(dt)
    as_float = dt.kind == "f" or name == "bfloat16"

    def column(items) -> np.ndarray:
        return np.array(items, dtype=np.float64 if as_float else object).astype(dt)

    arrays = {}
    if scenario == "meet":
        grid = list(itertools.product(values, repeat=min(arity, 2)))
        shift = draw(st.integers(0, len(grid) - 1))  # where the grid starts: cases differ, pairs all meet
        grid = grid[shift:] + grid[:shift]
        if arity == 1:
            arrays["x0"] = column([g[0] for g in grid])
        elif arity == 2:
            arrays["x0"], arrays["x1"] = column([g[0] for g in grid]), column([g[1] for g in grid])
        else:
            arrays["pred"] = np.arange(len(grid)) % 2 == 0
            arrays["x1"], arrays["x2"] = column([g[0] for g in grid]), column([g[1] for g in grid])
        return Case("mlir.scalarization", arrays, {"op": op}, meta={"scenario": scenario})
    n = draw(st.integers(1, 24))
    for i in range(arity):
        if op == "select" and i == 0:
            arrays["pred"] = np.array([draw(st.booleans()) for _ in range(n)], np.bool_)
            continue
        arrays[f"x{i}"] = column([draw(st.sampled_from(values)) for _ in range(n)])
    return Case("mlir.scalarization", arrays, {"op": op}, meta={"scenario": scenario})


@dataclass(frozen=True)
class ScalarizationRegion:
    """A scalarization target's region: its op, the dtypes it takes, and a forced scenario."""
    op: str
    dtypes: tuple[str, ...]
    scenario: str | None = None


def scalarization_cases(region: ScalarizationRegion) -> st.SearchStrategy[Case]:
    return edge_cases(region.op, tuple(region.dtypes), region.scenario)
