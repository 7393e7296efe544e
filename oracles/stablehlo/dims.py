"""Small helpers shared by the StableHLO gather/scatter oracles.

They read attribute values and shapes; they never decide what is valid.
"""
from __future__ import annotations

import numbers
from typing import Any, Sequence

import numpy as np


def int_tuple(value: Any) -> tuple[int, ...] | None:
    """``value`` as a tuple of Python ints, or None when it is not a 1-D integer sequence."""
    if isinstance(value, (str, bytes)) or isinstance(value, numbers.Number):
        return None
    try:
        items = list(np.asarray(value).reshape(-1)) if isinstance(value, np.ndarray) else list(value)
    except TypeError:
        return None
    if not all(isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in items):
        return None
    return tuple(int(v) for v in items)


def is_int(value: Any) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def is_sorted(xs: Sequence[int]) -> bool:
    return all(a <= b for a, b in zip(xs, xs[1:]))


def is_unique(xs: Sequence[int]) -> bool:
    return len(set(xs)) == len(xs)


def in_range(xs: Sequence[int], hi: int) -> bool:
    """Every element satisfies ``0 <= x < hi``."""
    return all(0 <= x < hi for x in xs)


def combine(rank: int, at: Sequence[int], at_sizes: Sequence[int], rest_sizes: Sequence[int]) -> tuple[int, ...]:
    """The spec's ``combine``: ``at_sizes`` go to axes ``at`` (in order), ``rest_sizes`` fill the others."""
    out: list[int] = []
    at_iter, rest_iter = iter(at_sizes), iter(rest_sizes)
    for axis in range(rank):
        out.append(next(at_iter) if axis in at else next(rest_iter))
    return tuple(out)


def batch_shape(indices_shape: Sequence[int], index_vector_dim: int) -> tuple[int, ...]:
    """``shape(indices)`` without the ``index_vector_dim`` entry (if it exists)."""
    return tuple(s for d, s in enumerate(indices_shape) if d != index_vector_dim)


def index_vector_size(indices_shape: Sequence[int], index_vector_dim: int) -> int:
    return indices_shape[index_vector_dim] if index_vector_dim < len(indices_shape) else 1


def is_integer_dtype(dtype: np.dtype) -> bool:
    return np.dtype(dtype).kind in "iu"


def index_vectors(indices: np.ndarray, index_vector_dim: int) -> np.ndarray:
    """The index vectors along the last axis (an implicit vector dim becomes a size-1 last axis)."""
    return np.moveaxis(indices, index_vector_dim, -1) if index_vector_dim < indices.ndim else indices[..., None]


def from_index_vectors(vectors: np.ndarray, index_vector_dim: int, ndim: int) -> np.ndarray:
    """The inverse of ``index_vectors`` for indices of rank ``ndim``."""
    return np.moveaxis(vectors, -1, index_vector_dim) if index_vector_dim < ndim else vectors[..., 0]
