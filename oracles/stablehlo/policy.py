"""Start-index policies: the spec's clamp and the named alternatives backends use.

A *semantics variant* is a pair (what happens to negative starts, what happens to a start
that still lies outside ``[0, dim - slice_size]``). The spec (stablehlo gather) is
``("keep", "clamp")``. Variants are only used to give a divergence a name.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

NEGATIVES = ("keep", "from-end", "modulo", "as-signed")
OUT_OF_BOUNDS = ("clamp", "fill", "error")


class OutOfBoundsStart(IndexError):
    """Raised by the ``error`` variant when a start index is out of bounds."""


@dataclass(frozen=True)
class Variant:
    name: str
    negatives: str = "keep"
    out_of_bounds: str = "clamp"

    @property
    def divergence_class(self) -> str:
        """The verdict class this variant names (``conform`` for the spec itself)."""
        if self.negatives == "as-signed":
            return "wrong-value"
        if self.negatives != "keep":
            return "wrap"
        return {"clamp": "conform", "fill": "fill", "error": "error"}[self.out_of_bounds]


GATHER_VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("clamp"),
        Variant("fill", out_of_bounds="fill"),
        Variant("error", out_of_bounds="error"),
        Variant("wrap", negatives="from-end"),
        Variant("wrap-modulo", negatives="modulo"),
        Variant("wrap+fill", negatives="from-end", out_of_bounds="fill"),
        Variant("wrap+error", negatives="from-end", out_of_bounds="error"),
        Variant("unsigned-as-signed", negatives="as-signed"),
    )
}
SPEC = GATHER_VARIANTS["clamp"]
FILL = object()  # the scalar policy's answer for a window the fill variant fills


def scalar_start(value: int, dim: int, size: int, variant: Variant):
    """One start index through ``variant``: an int, ``FILL``, or OutOfBoundsStart."""
    s = int(value)
    kind, bits = np.asarray(value).dtype.kind, np.asarray(value).dtype.itemsize * 8
    if variant.negatives == "as-signed" and kind == "u" and s >= 2 ** (bits - 1):
        s -= 2**bits
    if variant.negatives == "from-end" and s < 0:
        s += dim
    elif variant.negatives == "modulo" and dim > 0:
        s %= dim
    hi = dim - size
    if 0 <= s <= hi:
        return s
    if variant.out_of_bounds == "clamp":
        return min(max(s, 0), hi)  # spec: clamp(start_index[d_start], 0, dim - slice_size)
    if variant.out_of_bounds == "fill":
        return FILL
    raise OutOfBoundsStart(f"start index {int(value)} outside [0, {hi}]")


def _as_int64(column: np.ndarray) -> np.ndarray:
    """Index values as int64; uint64 values above int64's range saturate (still out of bounds)."""
    if column.dtype == np.uint64:
        return np.minimum(column, np.uint64(np.iinfo(np.int64).max)).astype(np.int64)
    return column.astype(np.int64)


def read_starts(column: np.ndarray, dim: int, negatives: str) -> np.ndarray:
    """Start indices of one dim as int64 under a variant's reading of negative values (``negatives``:
    keep, from-end, modulo, as-signed); shared by the gather and scatter variants."""
    if negatives == "modulo" and dim > 0:
        if column.dtype == np.uint64:
            return (column % np.uint64(dim)).astype(np.int64)
        return np.mod(column.astype(np.int64), dim)
    if negatives == "as-signed" and column.dtype.kind == "u":
        return column.view(column.dtype.str.replace("u", "i")).astype(np.int64)
    s = _as_int64(column)
    if negatives != "from-end":
        return s
    return s + np.where(s < 0, dim, 0)  # (adding dim to non-negative starts too could overflow int64)


def array_start(column: np.ndarray, dim: int, size: int, variant: Variant) -> tuple[np.ndarray, np.ndarray]:
    """Vectorised ``scalar_start``: (starts as int64, mask of filled windows)."""
    s = read_starts(column, dim, variant.negatives)
    hi = dim - size
    bad = (s < 0) | (s > hi)
    if variant.out_of_bounds == "clamp":
        return np.clip(s, 0, hi), np.zeros(s.shape, bool)
    if variant.out_of_bounds == "error" and bad.any():
        raise OutOfBoundsStart(f"start index outside [0, {hi}]")
    return np.where(bad, 0, s), bad
