"""Array contents: operand values and start-index values, built from a few drawn numbers.

Operand values are mostly distinct (so a wrong gather shows), with optional special values
(NaN, -0.0, inf, integer extremes). Index values are in bounds or deliberately not
(negative, one past the end, far out, the index dtype's extremes) with a tunable share.
"""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from conformance.oracles.dtypes import dtype as dtype_of
from conformance.oracles.stablehlo.dims import from_index_vectors, index_vectors
from conformance.strategies.boundary import IN_SCENARIO_SHARE, index_boundaries, value_pool


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
def operand_values(draw, shape: tuple[int, ...], dtype_name: str, scenario: str = "ordinary") -> np.ndarray:
    """Values of ``shape``: distinct (``ordinary``, a few specials half the time) or, under a value
    scenario, each element from the scenario's pool with probability ``IN_SCENARIO_SHARE`` (so pool
    values meet each other at one position), the rest distinct."""
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
        with np.errstate(over="ignore"):  # a large float16 array runs past 65504: those elements are inf, quietly
            values = (base * 0.5 - 3).astype(dt)
    pool = value_pool(scenario, dtype_name) if scenario != "ordinary" else []
    if n and pool:
        rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
        chosen = np.flatnonzero(rng.random(n) < IN_SCENARIO_SHARE)
        picks = rng.integers(0, len(pool), n)
        cast = np.empty(len(pool), dt)  # each pool value cast once (an element at a time cost seconds per case)
        for k, v in enumerate(pool):
            cast[k] = _cast(v, dt)
        values[chosen] = cast[picks[chosen]]
        return values.reshape(shape)
    special = specials(dt)
    if n and special and draw(st.booleans()):
        positions = draw(st.lists(st.integers(0, n - 1), max_size=min(n, 4)))
        for p in positions:
            values[p] = special[draw(st.integers(0, len(special) - 1))]
    return values.reshape(shape)


def _cast(value, dt: np.dtype):
    """A pool value as an element of ``dt`` (Python ints beyond int64 go through the unsigned type)."""
    return np.array(value).astype(dt) if not isinstance(value, int) else np.array(value, dtype=object).astype(dt)


def index_value(lo: int, hi: int, dim: int, dtype_name: str, oob_share: float, scenario: str = "ordinary",
                shift: int = 0) -> st.SearchStrategy[int]:
    """One start index for a window that fits when ``lo <= s <= hi`` (``hi = dim - slice_size``).

    In bounds it is ``lo + (v + shift) % span`` with ``v`` shrinking to 0, so index vectors whose
    columns get different shifts keep distinct components even when shrunk (a permuted dimension
    map stays visible). ``ordinary``: off bounds with probability ``oob_share`` (negative, just past
    ``hi``, far out, the dtype's extremes); ``distinct``: in bounds only; any other scenario: a
    boundary value of ``conformance.strategies.boundary.index_boundaries`` with probability ``IN_SCENARIO_SHARE``.
    """
    info = np.iinfo(dtype_of(dtype_name))
    lo_t, hi_t = int(info.min), int(info.max)
    a, b = max(lo, lo_t), max(min(hi, hi_t), max(lo, lo_t))
    span = b - a + 1
    inb = st.integers(0, span - 1).map(lambda v: a + (v + shift) % span)
    if scenario == "distinct" or (scenario == "ordinary" and oob_share <= 0):
        return inb
    if scenario != "ordinary":
        bounds = index_boundaries(scenario, dim, dim - hi, dtype_name, oob_share > 0)
        if not bounds:
            return inb
        weight = round(IN_SCENARIO_SHARE * 99)
        return st.integers(0, 98).flatmap(lambda r: st.sampled_from(bounds) if r < weight else inb)
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
                oob_share: float, scenario: str = "ordinary") -> np.ndarray:
    """Start indices of ``shape``; column k (along ``ivd``, or the only one) uses ``columns[k] = (dim, size)``
    and is shifted by k in bounds (distinct components, see ``index_value``)."""
    dt = dtype_of(dtype_name)
    out = np.zeros(shape, dtype=dt)
    strategies = [index_value(0, d - s, d, dtype_name, oob_share, scenario, shift=k) for k, (d, s) in enumerate(columns)]
    for pos in np.ndindex(*shape):
        k = pos[ivd] if 0 <= ivd < len(shape) else 0
        out[pos] = _cast(draw(strategies[min(k, len(strategies) - 1)]), dt)
    return out


def sort_index_vectors(indices: np.ndarray, ivd: int, dim_map: list[int], bounds: list[int] | None = None) -> np.ndarray:
    """The same index vectors in row-major order of their batch positions, sorted as the spec's
    ``indices_are_sorted`` asks: lexicographically over the operand dims they address (``dim_map``),
    each component clamped to ``[0, bounds[k]]`` first where ``bounds`` is given (gather compares the
    clamped ``full_start_index``)."""
    if indices.size == 0:
        return indices
    vectors = index_vectors(indices, ivd)
    flat = vectors.reshape(-1, vectors.shape[-1])
    order = sorted(range(len(dim_map)), key=lambda k: dim_map[k])

    def key(row) -> tuple[int, ...]:
        vals = [int(row[k]) for k in order]
        return tuple(min(max(v, 0), bounds[k]) for v, k in zip(vals, order)) if bounds is not None else tuple(vals)

    rows = sorted(range(len(flat)), key=lambda i: key(flat[i]))
    return from_index_vectors(flat[rows].reshape(vectors.shape), ivd, indices.ndim)


def with_room(draw, shape: list[int], windows: list[int], indexed: list[int]) -> None:
    """Under an index scenario, every indexed dim gets room for its window to move (dim - window >= 1),
    so a clamped, wrapped or permuted start reads a different place."""
    for d in indexed:
        if shape[d] - windows[d] < 1:
            shape[d] = windows[d] + draw(st.integers(1, 2))
