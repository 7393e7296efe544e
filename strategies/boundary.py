"""Boundary sets and swarm scenarios: where real backends break, drawn on purpose.

Every case draws one *index scenario* and one *value scenario* (swarm testing: one feature switched
on per case, so a rare combination is not diluted by the common ones). The non-ordinary scenarios
together take at least ``BOUNDARY_SHARE`` of the draws; within a scenario, a value comes from the
scenario's boundary set with probability ``IN_SCENARIO_SHARE`` (the rest stay ordinary, so the
boundary value meets ordinary ones). Choices shrink towards ``ordinary``: a shrunk case keeps its
boundary values only where they are needed for the failure.

Index scenarios:
- ``wide``: int64/uint64 indices at 2**31-1, 2**31, 2**32, 2**32+1, 2**62+1, -2**62-1, 2**63-1 and the dtype's max
  (narrowing to int32 changes where they land);
- ``top-bit``: unsigned indices with the top bit set (uint8 128, 200, 255: negative if read as signed);
- ``negative`` (signed index dtypes): -1, -dim, -dim-1, the dtype's min and min+1;
- ``past-end``: dim-size, dim-size+1, dim, dim+1, 2**7, 2**8, 2**15, 2**16, the dtype's max (where
  out-of-bounds indices are not allowed: the in-bounds edges 0, 1, dim-size-1, dim-size);
- ``distinct``: in-bounds index vectors whose components differ (a permuted dimension map shows);
- ``ordinary``: the tunable out-of-bounds share of the region.
Value scenarios (the pool every element is drawn from, so edge values *meet* at one position):
- ``signed-zeros`` (+0.0, -0.0), ``nan`` (NaN, 1, -1, inf), ``int-extremes`` (min, max, -1, 1, 0,
  the top bit), ``bool`` (False, True), ``inexact`` (values whose sums and products round),
  ``ordinary`` (distinct values with a few specials).
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
from hypothesis import event
from hypothesis import strategies as st

from conformance.oracles.dtypes import dtype as dtype_of

BOUNDARY_SHARE = 1 / 3  # at least this share of draws is a boundary scenario (measured: tests/test_strategy_health.py)
IN_SCENARIO_SHARE = 2 / 3  # within a boundary scenario, this share of index/element values is a boundary value
INDEX_SCENARIOS = ("ordinary", "distinct", "negative", "past-end", "wide", "top-bit")
VALUE_SCENARIOS = ("ordinary", "signed-zeros", "nan", "int-extremes", "bool", "inexact")
WIDE_INDEX_DTYPES = ("int64", "uint64")


def _is_float(dt: np.dtype) -> bool:
    return dt.kind in "fc" or dt.name == "bfloat16"


def index_dtypes_for(scenario: str, index_dtypes: tuple[str, ...]) -> tuple[str, ...]:
    """The index dtypes a scenario can use (empty: the scenario does not apply)."""
    if scenario == "wide":
        return tuple(d for d in index_dtypes if d in WIDE_INDEX_DTYPES)
    if scenario == "top-bit":
        return tuple(d for d in index_dtypes if d.startswith("uint"))
    if scenario == "negative":
        return tuple(d for d in index_dtypes if d.startswith("int"))
    return tuple(index_dtypes)


def element_dtypes_for(scenario: str, element_dtypes: tuple[str, ...]) -> tuple[str, ...]:
    """The element dtypes a value scenario can use (empty: the scenario does not apply)."""
    dts = [(name, dtype_of(name)) for name in element_dtypes]
    if scenario in ("signed-zeros", "nan", "inexact"):
        return tuple(n for n, d in dts if _is_float(d))
    if scenario == "int-extremes":
        return tuple(n for n, d in dts if d.kind in "iu")
    if scenario == "bool":
        return tuple(n for n, d in dts if d.kind == "b")
    return tuple(element_dtypes)


def index_scenarios(index_dtypes: tuple[str, ...], oob: bool) -> tuple[str, ...]:
    """Index scenarios that apply to a region (``oob``: out-of-bounds indices are allowed)."""
    out = ["ordinary", "distinct", "past-end"]
    if oob:
        out += [s for s in ("negative", "wide", "top-bit") if index_dtypes_for(s, index_dtypes)]
    return tuple(out)


def value_scenarios(element_dtypes: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(s for s in VALUE_SCENARIOS if element_dtypes_for(s, element_dtypes))


def draw_scenario(draw, kind: str, available: tuple[str, ...], forced: str | None = None) -> str:
    """One scenario of ``available``: ``forced`` when given (the edge phase), else each equally often
    (``ordinary`` is one of them, so boundary scenarios take at least half; shrinks to ``ordinary``)."""
    if forced is not None:
        return forced if forced in available else "ordinary"
    others = [s for s in available if s != "ordinary"]
    # Hypothesis favours the ends of a small integer range (measured: 30 % for 1 of 0..1); a wide
    # draw taken modulo the count is close to uniform and still shrinks to 0 (``ordinary``)
    pick = draw(st.integers(0, 2**16 - 1)) % (len(others) + 1) if others else 0
    chosen = others[pick - 1] if pick else "ordinary"
    event(f"{kind} scenario: {chosen}")
    return chosen


def draw_scenarios(draw, region, oob: bool) -> tuple[str, str]:
    """(index scenario, value scenario) of one case in ``region`` (a gather, scatter or ONNX region:
    its dtypes, ``specials`` and forced ``index_scenario``/``value_scenario``)."""
    index = draw_scenario(draw, "index", index_scenarios(region.index_dtypes, oob), region.index_scenario)
    value = draw_scenario(draw, "value", value_scenarios(region.element_dtypes), region.value_scenario) \
        if region.specials else "ordinary"
    return index, value


def index_boundaries(scenario: str, dim: int, size: int, dtype_name: str, oob: bool) -> list[int]:
    """Boundary start indices of one dimension (``dim`` long, windows of ``size``) under ``scenario``,
    limited to what ``dtype_name`` holds; only in-bounds ones unless ``oob``."""
    info = np.iinfo(dtype_of(dtype_name))
    bits = np.dtype(dtype_of(dtype_name)).itemsize * 8
    hi = dim - size
    inb = [0, 1, hi - 1, hi]
    if scenario == "wide":
        # half of them read in bounds once narrowed to 32 bits (2**32 + k -> k), where narrowing shows
        # even in scatter (an out-of-bounds update and a negative narrowed one are both skipped)
        # and near 2**62 to 2**63, where a wrap that steps one dim at a time never ends
        values = [2**31 - 1, 2**31, 2**31 + 1, 2**63 - 1, int(info.max), 2**62 + 1, -2**62 - 1,
                  2**32, 2**32 + 1, 2**32 + max(hi, 0), 2**32 + max(hi - 1, 0), 2**33 + 1]
    elif scenario == "top-bit":
        top = 2 ** (bits - 1)
        values = [top, top + 1, top + top // 2 + 7, int(info.max), int(info.max) - 1]
    elif scenario == "negative":
        values = [-1, -dim, -dim - 1, int(info.min), int(info.min) + 1, -2]
    elif scenario == "past-end":
        values = [hi, hi + 1, dim, dim + 1, int(info.max), 2**7, 2**8, 2**15, 2**16] if oob else inb
    else:
        values = inb
    keep = [v for v in dict.fromkeys(values) if info.min <= v <= info.max and (oob or 0 <= v <= hi)]
    return keep


def value_pool(scenario: str, dtype_name: str) -> list:
    """The values a value scenario fills arrays with (Python numbers; cast by the caller)."""
    dt = dtype_of(dtype_name)
    if scenario == "bool" or dt.kind == "b":
        return [False, True]
    if dt.kind in "iu":
        info = np.iinfo(dt)
        bits = dt.itemsize * 8
        pool = [int(info.min), int(info.max), 0, 1, int(info.max) - 1]
        pool += [-1, int(info.min) + 1] if dt.kind == "i" else [2 ** (bits - 1), 2 ** (bits - 1) + 1]
        return pool
    complex_ = dt.kind == "c"
    if scenario == "signed-zeros":
        pool = [0.0, -0.0]
        return pool + [complex(-0.0, 0.0), complex(0.0, -0.0), complex(-0.0, -0.0)] if complex_ else pool
    if scenario == "nan":
        pool = [float("nan"), 1.0, float("nan"), -1.0, float("nan"), float("inf")]  # NaN half the time: it meets a number
        return pool + [complex(float("nan"), 1.0), complex(1.0, float("nan"))] if complex_ else pool
    if scenario == "inexact":
        import ml_dtypes

        info = ml_dtypes.finfo(dt) if dt.name == "bfloat16" else np.finfo(dt.type(0).real.dtype if complex_ else dt)
        return [0.1, 1 / 3, 1.0 + float(info.eps), float(info.max), -float(info.max), float(info.smallest_subnormal),
                float(info.tiny), 3.0]
    return []


# Pairs that must meet at one position under an update computation: (input value, update value), the
# names ``max``/``min``/``top`` standing for the element dtype's extremes and top bit. The edge phase fills
# every input with the first and every update with the second, so each write is that meeting.
MEETINGS = {"nan": (("nan", 1.0), (1.0, "nan")), "signed-zeros": ((0.0, -0.0), (-0.0, 0.0), (-0.0, -0.0)),
            "bool": ((True, True), (True, False)),
            # (max - 1, max) and (min + 1, min): equal once converted to a float of fewer bits (int64 through double)
            "int-extremes": (("max", 1), ("min", "max"), ("max-1", "max"), ("min+1", "min"))}


# meeting pairs that tell only in wide types (max - 1 and max are one float32 or float64 value only from 32 and 64
# bits on): the edge phase runs them once per such type of the region
WIDE_MEETINGS = {("int-extremes", 2): ("int64", "uint64", "int32", "uint32"),
                 ("int-extremes", 3): ("int64", "int32")}


def meeting_value(name, dtype_name: str):
    """One side of a ``MEETINGS`` pair as a Python number of ``dtype_name``."""
    dt = dtype_of(dtype_name)
    if name == "nan":
        return float("nan")
    if name in ("max", "min", "max-1", "min+1"):
        info = np.iinfo(dt) if dt.kind in "iu" else None
        step = {"max-1": -1, "min+1": 1}.get(name, 0)
        if info is None:
            return float("inf" if name.startswith("max") else "-inf")
        return int(info.max if name.startswith("max") else info.min) + step
    return name


HIGH_RANK = 4  # above this rank every dim is at most HIGH_RANK_DIM, so that a rank-6 case stays small
HIGH_RANK_DIM = 2


def high_rank(region, rank: int):
    """``region`` with its dims capped at ``HIGH_RANK_DIM`` where ``rank`` is above ``HIGH_RANK`` (a
    rank-6 operand of dims up to 4 would hold 4096 elements, its gather result millions)."""
    if rank > HIGH_RANK and region.max_dim > HIGH_RANK_DIM:
        return replace(region, max_dim=HIGH_RANK_DIM)
    return region
