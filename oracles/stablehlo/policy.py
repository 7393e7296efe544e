"""Start-index policies: the spec's clamp and the named alternatives backends use.

A *semantics variant* is a pair (what happens to negative starts, what happens to a start
that still lies outside ``[0, dim - slice_size]``). The spec (stablehlo gather) is
``("keep", "clamp")``. Variants are only used to give a divergence a name.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# how a backend reads an index value; a reading may chain steps with ">" ("as-signed>from-end")
NEGATIVES = ("keep", "from-end", "modulo", "as-signed", "as-unsigned", "narrow-int32")
# what it does with a start still outside [0, dim - size]: the spec's clamp, a fill value, an error,
# a reset of that start to 0, or a clamp of the low side only (a past-end window then filled)
OUT_OF_BOUNDS = ("clamp", "fill", "error", "reset", "low-clamp")
# readings and rules that no spec class names: a divergence they explain is ``wrong-value`` with the model named
UNNAMED = ("as-signed", "as-unsigned", "narrow-int32", "reset", "low-clamp")
DESCRIPTIONS = {
    "from-end": "negative index counted from the end", "modulo": "index taken modulo the dim",
    "as-signed": "unsigned index read as signed", "as-unsigned": "signed index read as unsigned",
    "narrow-int32": "64-bit index narrowed to int32", "fill": "out-of-bounds window filled",
    "error": "out-of-bounds index refused", "reset": "out-of-bounds start reset to 0",
    "low-clamp": "only the low side clamped (past-end window filled)", "clamp": "start clamped (the spec)",
}


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
        if self.unnamed:
            return "wrong-value"
        if self.negatives != "keep":
            return "wrap"
        return {"clamp": "conform", "fill": "fill", "error": "error"}[self.out_of_bounds]

    @property
    def unnamed(self) -> bool:
        """A model no spec class names (reported as ``wrong-value`` with the model described)."""
        return bool(set(self.negatives.split(">")) & set(UNNAMED)) or self.out_of_bounds in UNNAMED

    def describe(self) -> str:
        steps = [DESCRIPTIONS[s] for s in self.negatives.split(">") if s != "keep"]
        return ", then ".join(steps + [DESCRIPTIONS[self.out_of_bounds]])


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


def read_scalar(value, dim: int, negatives: str) -> int:
    """One index value as a backend reading ``negatives`` takes it (steps chained with ">")."""
    s = int(value)
    kind, bits = np.asarray(value).dtype.kind, np.asarray(value).dtype.itemsize * 8
    for step in negatives.split(">"):
        if step == "as-signed" and kind == "u" and s >= 2 ** (bits - 1):
            s -= 2**bits
        elif step == "as-unsigned" and kind == "i" and s < 0:
            s += 2**bits
        elif step == "narrow-int32" and bits > 32:
            s = (s + 2**31) % 2**32 - 2**31
        elif step == "from-end" and s < 0:
            s += dim
        elif step == "modulo" and dim > 0:
            s %= dim
    return s


def scalar_start(value: int, dim: int, size: int, variant: Variant):
    """One start index through ``variant``: an int, ``FILL``, or OutOfBoundsStart."""
    s = read_scalar(value, dim, variant.negatives)
    hi = dim - size
    if 0 <= s <= hi:
        return s
    if variant.out_of_bounds == "clamp":
        return min(max(s, 0), hi)  # spec: clamp(start_index[d_start], 0, dim - slice_size)
    if variant.out_of_bounds == "reset":
        return 0
    if variant.out_of_bounds == "low-clamp" and s < 0:
        return 0
    if variant.out_of_bounds in ("fill", "low-clamp"):
        return FILL
    raise OutOfBoundsStart(f"start index {int(value)} outside [0, {hi}]")


def _as_int64(column: np.ndarray) -> np.ndarray:
    """Index values as int64; uint64 values above int64's range saturate (still out of bounds)."""
    if column.dtype == np.uint64:
        return np.minimum(column, np.uint64(np.iinfo(np.int64).max)).astype(np.int64)
    return column.astype(np.int64)


def read_starts(column: np.ndarray, dim: int, negatives: str) -> np.ndarray:
    """Start indices of one dim as int64 under a variant's reading of index values (``negatives``:
    keep, from-end, modulo, as-signed, as-unsigned, narrow-int32, or steps chained with ">"); shared by
    the gather and scatter variants."""
    if ">" in negatives or negatives in ("as-unsigned", "narrow-int32"):
        flat = [read_scalar(v, dim, negatives) for v in column.reshape(-1)]
        clipped = [min(max(v, -2**63), 2**63 - 1) for v in flat]  # uint64 readings past int64 stay out of bounds
        return np.array(clipped, dtype=np.int64).reshape(column.shape)
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
    if variant.out_of_bounds == "reset":
        return np.where(bad, 0, s), np.zeros(s.shape, bool)
    if variant.out_of_bounds == "low-clamp":
        return np.where(bad, 0, s), s > hi
    if variant.out_of_bounds == "error" and bad.any():
        raise OutOfBoundsStart(f"start index outside [0, {hi}]")
    return np.where(bad, 0, s), bad
