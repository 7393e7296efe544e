"""Array contents: operand values and start-index values, built from a few drawn numbers.

Operand values are mostly distinct (so a wrong gather shows), with optional special values
(NaN, -0.0, inf, integer extremes). Index values are in bounds or deliberately not
(negative, one past the end, far out, the index dtype's extremes) with a tunable share.
"""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from oracles.dtypes import dtype as dtype_of


def specials(dt: np.dtype) -> list:
    if dt.kind == "f" or dt.name == "bfloat16":
        return [np.nan, -0.0, np.inf, -np.inf]
    if dt.kind == "c":
        return [complex(np.nan, 0), complex(-0.0, np.inf)]
    if dt.kind in "iu":
        info = np.iinfo(dt)
        return [info.min, info.max]
    return []


@st.composite
def operand_values(draw, shape: tuple[int, ...], dtype_name: str) -> np.ndarray:
    dt = dtype_of(dtype_name)
    n = int(np.prod(shape, dtype=np.int64))
    offset = draw(st.integers(0, 100))
    base = np.arange(n, dtype=np.int64) + offset
    if dt.kind == "b":
        values = (base % 2).astype(bool)
    elif dt.kind in "iu":
        info = np.iinfo(dt)
        span = int(info.max) - int(info.min) + 1
        values = ((base - int(info.min)) % span + int(info.min)).astype(dt) if span < 2**63 else base.astype(dt)
    elif dt.kind == "c":
        values = (base + 1j * (-base - 0.5)).astype(dt)
    else:
        values = (base * 0.5 - 3).astype(dt)
    special = specials(dt)
    if n and special and draw(st.booleans()):
        positions = draw(st.lists(st.integers(0, n - 1), max_size=min(n, 4)))
        for p in positions:
            values[p] = special[draw(st.integers(0, len(special) - 1))]
    return values.reshape(shape)


def index_value(lo: int, hi: int, dim: int, dtype_name: str, oob_share: float) -> st.SearchStrategy[int]:
    """One start index for a window that fits when ``lo <= s <= hi`` (``hi = dim - slice_size``).

    Shrinks toward an in-bounds value; with probability ``oob_share`` the value is off:
    negative, just past ``hi``, far out, or at the index dtype's own extremes.
    """
    info = np.iinfo(dtype_of(dtype_name))
    lo_t, hi_t = int(info.min), int(info.max)
    inb = st.integers(max(lo, lo_t), max(min(hi, hi_t), max(lo, lo_t)))
    if oob_share <= 0:
        return inb
    off = [hi + 1, dim, dim + 1, 2 * dim + 3, hi_t, hi_t - 1]
    if lo_t < 0:
        off += [-1, -dim, -dim - 1, lo_t, lo_t + 1]
    off = sorted({v for v in off if lo_t <= v <= hi_t and not (lo <= v <= hi)}, key=abs)
    if not off:
        return inb
    weight = max(1, round(oob_share * 100))
    return st.integers(0, 99).flatmap(lambda r: inb if r >= weight else st.sampled_from(off))


@st.composite
def index_array(draw, shape: tuple[int, ...], ivd: int, columns: list[tuple[int, int]], dtype_name: str,
                oob_share: float) -> np.ndarray:
    """Start indices of ``shape``; column k (along ``ivd``, or the only one) uses ``columns[k] = (dim, size)``."""
    dt = dtype_of(dtype_name)
    out = np.zeros(shape, dtype=dt)
    strategies = [index_value(0, d - s, d, dtype_name, oob_share) for d, s in columns]
    for pos in np.ndindex(*shape):
        k = pos[ivd] if 0 <= ivd < len(shape) else 0
        out[pos] = draw(strategies[min(k, len(strategies) - 1)])
    return out
