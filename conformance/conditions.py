"""Named conditions on a case that scope a declared deviation (``when = "..."`` in a deviations file).

A deviation with a condition only covers divergences on cases where the condition holds, so
declaring, say, XLA's reading of zero-size windows cannot hide an unrelated wrong value.
"""
from __future__ import annotations

import numpy as np

from conformance.case import Case


def _starts(case: Case) -> np.ndarray:
    si = case.arrays["start_indices"]
    ivd = case.attrs["index_vector_dim"]
    return np.moveaxis(si, ivd, -1) if ivd < si.ndim else si[..., None]


def negative_start(case: Case) -> bool:
    """Some start index is negative."""
    si = case.arrays["start_indices"]
    return si.dtype.kind == "i" and bool((si < 0).any())


def unsigned_index_high_bit(case: Case) -> bool:
    """Unsigned start indices with the top bit set (negative if read as signed)."""
    si = case.arrays["start_indices"]
    return si.dtype.kind == "u" and bool((si >> np.array(si.dtype.itemsize * 8 - 1, si.dtype)).any())


def zero_size_dropped_window(case: Case) -> bool:
    """A collapsed or batching dim has slice size 0: the window is empty but the result keeps elements."""
    ss = case.attrs["slice_sizes"]
    dims = tuple(case.attrs["collapsed_slice_dims"]) + tuple(case.attrs.get("operand_batching_dims", ()))
    return any(ss[d] == 0 for d in dims)


def index_at_dtype_edge(case: Case) -> bool:
    """Some start index lies within 1 of its dtype's minimum or maximum."""
    si = case.arrays["start_indices"]
    if si.dtype.kind not in "iu" or not si.size:
        return False
    info = np.iinfo(si.dtype)
    wide = si.astype(object)
    return bool(((wide <= int(info.min) + 1) | (wide >= int(info.max) - 1)).any())


def zero_size_batch(case: Case) -> bool:
    """The start indices have a zero-size dim (so the result has no batch elements)."""
    return 0 in case.arrays["start_indices"].shape


CONDITIONS = {
    "index-at-dtype-edge": index_at_dtype_edge,
    "negative-start": negative_start,
    "unsigned-index-high-bit": unsigned_index_high_bit,
    "zero-size-batch": zero_size_batch,
    "zero-size-dropped-window": zero_size_dropped_window,
}


def holds(name: str | None, case: Case) -> bool:
    if not name:
        return True
    if name not in CONDITIONS:
        raise ValueError(f"deviation 'when': expected one of {', '.join(CONDITIONS)}, got {name!r}")
    return CONDITIONS[name](case)
