"""Exact comparison of arrays for data-movement ops (gather): values, NaNs and signed zeros."""
from __future__ import annotations

import numpy as np


def _as_float(a: np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore"):  # a signalling NaN raises the invalid flag as it widens: still NaN
        return a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)


def mismatch_mask(expected: np.ndarray, observed: np.ndarray) -> np.ndarray:
    """Elementwise: True where the two differ. NaN matches NaN; -0.0 does not match 0.0."""
    if expected.dtype.kind in "biu" and observed.dtype.kind in "biu":
        return np.asarray(expected != observed)
    e, o = _as_float(expected), _as_float(observed)
    parts = [(e.real, o.real), (e.imag, o.imag)] if e.dtype.kind == "c" else [(e, o)]
    bad = np.zeros(np.broadcast_shapes(e.shape, o.shape), bool)
    for x, y in parts:
        same = (x == y) & (np.signbit(x) == np.signbit(y))
        same |= np.isnan(x) & np.isnan(y)
        bad |= ~same
    return bad


def same_array(expected: np.ndarray, observed: np.ndarray) -> bool:
    """Same shape, same dtype, same values (see ``mismatch_mask``)."""
    return (expected.shape == observed.shape and expected.dtype == observed.dtype
            and not mismatch_mask(expected, observed).any())
