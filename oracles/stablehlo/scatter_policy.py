"""Scatter semantics variants and update computations.

The spec skips each update element whose ``result_index`` is out of bounds (``skip-element``).
The variants name what backends do instead: drop the whole window (``skip-window``), clamp the
window start as gather does (``clamp``), count negative indices from the end (``wrap``), raise
(``error``), or read unsigned indices as signed. A variant is (negatives, out_of_bounds).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from conformance.oracles.stablehlo.policy import DESCRIPTIONS, UNNAMED, read_starts

OUT_OF_BOUNDS = ("skip-element", "skip-window", "clamp", "error", "reset", "low-clamp")
# reset: a start whose window does not fit is taken as 0; low-clamp: a negative start is taken as 0
# (past-end elements skipped as the spec does). Neither is a spec class: ``wrong-value`` with the model named.
UNNAMED_RULES = ("reset", "low-clamp")


@dataclass(frozen=True)
class ScatterVariant:
    name: str
    negatives: str = "keep"  # keep | from-end | modulo | as-signed | as-unsigned | narrow-int32, or chained with ">"
    out_of_bounds: str = "skip-element"

    @property
    def unnamed(self) -> bool:
        return bool(set(self.negatives.split(">")) & set(UNNAMED)) or self.out_of_bounds in UNNAMED_RULES

    def describe(self) -> str:
        steps = [DESCRIPTIONS[s] for s in self.negatives.split(">") if s != "keep"]
        rule = {"skip-element": "out-of-bounds elements skipped (the spec)", "skip-window": "window dropped whole",
                "clamp": "window start clamped", "error": "out-of-bounds index refused",
                "reset": "out-of-bounds start reset to 0", "low-clamp": "only the low side clamped"}[self.out_of_bounds]
        return ", then ".join(steps + [rule])

    @property
    def divergence_class(self) -> str:
        if self.unnamed:
            return "wrong-value"
        if self.negatives != "keep":
            return "wrap"
        return {"skip-element": "conform", "skip-window": "skip-window", "clamp": "clamp",
                "error": "error"}[self.out_of_bounds]


SCATTER_VARIANTS: dict[str, ScatterVariant] = {
    v.name: v
    for v in (
        ScatterVariant("skip-element"),
        ScatterVariant("skip-window", out_of_bounds="skip-window"),
        ScatterVariant("clamp", out_of_bounds="clamp"),
        ScatterVariant("error", out_of_bounds="error"),
        ScatterVariant("wrap", negatives="from-end"),
        ScatterVariant("wrap+skip-window", negatives="from-end", out_of_bounds="skip-window"),
        ScatterVariant("wrap+clamp", negatives="from-end", out_of_bounds="clamp"),
        ScatterVariant("wrap+error", negatives="from-end", out_of_bounds="error"),
        ScatterVariant("wrap-modulo", negatives="modulo"),
        ScatterVariant("unsigned-as-signed", negatives="as-signed"),
    )
}
SPEC = SCATTER_VARIANTS["skip-element"]


class OutOfBoundsUpdate(IndexError):
    """Raised by the ``error`` variants when an update element would land out of bounds."""


def starts_as_int64(column: np.ndarray, dim: int, variant: ScatterVariant) -> np.ndarray:
    """Start indices of one input dim after the variant's reading of negative values."""
    return read_starts(column, dim, variant.negatives)


# ---- update computations -------------------------------------------------------------------

def _float_view(a: np.ndarray) -> bool:
    return a.dtype.kind == "f" or a.dtype.name == "bfloat16"


def _ieee_pick(a: np.ndarray, b: np.ndarray, want_min: bool) -> np.ndarray:
    """IEEE-754 minimum/maximum: NaN propagates, -0.0 orders below +0.0. Complex: lexicographic, and the
    spec says nothing of NaN parts there; this follows the StableHLO reference interpreter."""
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype.kind == "c":  # lexicographic on (real, imag); a NaN part compares false, so rhs is kept
        less = (a.real < b.real) | ((a.real == b.real) & (a.imag < b.imag))
        more = (a.real > b.real) | ((a.real == b.real) & (a.imag > b.imag))
        return np.where(less if want_min else more, a, b).astype(a.dtype)
    if a.dtype.kind == "b":
        return (a & b) if want_min else (a | b)
    if not _float_view(a):
        return np.minimum(a, b) if want_min else np.maximum(a, b)
    af, bf = a.astype(np.float64), b.astype(np.float64)
    take_a = (af < bf) if want_min else (af > bf)
    tie = af == bf
    zero_pick = np.signbit(af) if want_min else ~np.signbit(af)
    out = np.where(take_a | (tie & zero_pick), a, b)
    return np.where(np.isnan(af) | np.isnan(bf), np.asarray(np.nan).astype(a.dtype), out).astype(a.dtype)


def _add(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return (a | b) if a.dtype.kind == "b" else (a + b).astype(a.dtype)


def _multiply(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return (a & b) if a.dtype.kind == "b" else (a * b).astype(a.dtype)


COMPUTATIONS: dict[str, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    "add": _add,
    "multiply": _multiply,
    "minimum": lambda a, b: _ieee_pick(a, b, True),
    "maximum": lambda a, b: _ieee_pick(a, b, False),
    "replace": lambda a, b: np.asarray(b).astype(np.asarray(a).dtype),
}
# stablehlo op names used in the update_computation region (replace returns the update)
REGION_OPS = {"add": "stablehlo.add", "multiply": "stablehlo.multiply", "minimum": "stablehlo.minimum",
              "maximum": "stablehlo.maximum", "replace": None}


def apply_computation(update_computation, olds: list[np.ndarray], news: list[np.ndarray]) -> list[np.ndarray]:
    """``update_computation(results..., updates...)`` on equally shaped arrays, one per input."""
    with np.errstate(all="ignore"):
        if callable(update_computation):
            out = update_computation(*olds, *news)
            out = list(out) if isinstance(out, (tuple, list)) else [out]
            return [np.asarray(o).astype(old.dtype) for o, old in zip(out, olds)]
        fn = COMPUTATIONS[update_computation]
        return [fn(o, n) for o, n in zip(olds, news)]
