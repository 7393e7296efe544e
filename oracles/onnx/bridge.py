"""GatherND and ScatterND written as StableHLO ops (the bridge the suite checks between the two specs).

``batch_dims`` b becomes b batching dims on both sides; the k indexed dims follow as collapsed
(gather) or inserted (scatter) dims; the trailing dims are whole windows. ONNX counts negative
indices from the end, StableHLO does not, so they are moved into range first.
"""
from __future__ import annotations

import numpy as np


def _nonnegative(data_shape, indices: np.ndarray, b: int) -> np.ndarray:
    k = indices.shape[-1]
    sizes = np.asarray(data_shape[b:b + k], np.int64)
    idx = indices.astype(np.int64)
    return np.where(idx < 0, idx + sizes, idx)


def gather_nd_as_stablehlo(data: np.ndarray, indices: np.ndarray, batch_dims: int = 0) -> tuple[tuple, dict]:
    """(positional arrays, attributes) of the ``stablehlo.gather`` equal to ``GatherND(batch_dims)``."""
    r, q, b = data.ndim, indices.ndim, batch_dims
    k = indices.shape[-1]
    n_batch = q - 1  # result batch dims: indices' dims but the last (the first b of them are batching)
    attrs = dict(offset_dims=tuple(range(n_batch, n_batch + r - b - k)), collapsed_slice_dims=tuple(range(b, b + k)),
                 operand_batching_dims=tuple(range(b)), start_indices_batching_dims=tuple(range(b)),
                 start_index_map=tuple(range(b, b + k)), index_vector_dim=q - 1,
                 slice_sizes=tuple(1 if d < b + k else data.shape[d] for d in range(r)), indices_are_sorted=False)
    return (data, _nonnegative(data.shape, indices, b)), attrs


def scatter_nd_as_stablehlo(data: np.ndarray, indices: np.ndarray, updates: np.ndarray,
                            reduction: str = "none") -> tuple[tuple, dict]:
    """(positional arrays, attributes) of the ``stablehlo.scatter`` equal to ``ScatterND(reduction)``."""
    r, q = data.ndim, indices.ndim
    k = indices.shape[-1]
    attrs = dict(update_window_dims=tuple(range(q - 1, q - 1 + r - k)), inserted_window_dims=tuple(range(k)),
                 input_batching_dims=(), scatter_indices_batching_dims=(), scatter_dims_to_operand_dims=tuple(range(k)),
                 index_vector_dim=q - 1, indices_are_sorted=False, unique_indices=False,
                 update_computation={"none": "replace", "add": "add", "mul": "multiply", "max": "maximum",
                                     "min": "minimum"}[reduction])
    return (data, _nonnegative(data.shape, indices, 0), updates), attrs


def _wrap(indices: np.ndarray, size: int) -> np.ndarray:
    idx = indices.astype(np.int64)
    return np.where(idx < 0, idx + size, idx)


def _coordinates(indices: np.ndarray, axis: int) -> np.ndarray:
    """Full coordinates (last axis) of every element of ``indices``, its value standing in at ``axis``."""
    grids = list(np.meshgrid(*(np.arange(n) for n in indices.shape), indexing="ij"))
    grids[axis] = indices
    return np.stack(grids, axis=-1) if grids else np.zeros(indices.shape + (0,), np.int64)


def gather_as_stablehlo(data: np.ndarray, indices: np.ndarray, axis: int = 0) -> tuple[tuple, dict]:
    """ONNX ``Gather(axis)`` as a ``stablehlo.gather`` (the indexed axis collapsed, the index dims in its place)."""
    r, q = data.ndim, indices.ndim
    axis %= r
    attrs = dict(offset_dims=tuple(range(axis)) + tuple(range(axis + q, r - 1 + q)), collapsed_slice_dims=(axis,),
                 start_index_map=(axis,), index_vector_dim=q,
                 slice_sizes=tuple(1 if d == axis else n for d, n in enumerate(data.shape)))
    return (data, _wrap(indices, data.shape[axis])), attrs


def gather_elements_as_stablehlo(data: np.ndarray, indices: np.ndarray, axis: int = 0) -> tuple[tuple, dict]:
    """ONNX ``GatherElements(axis)`` as a ``stablehlo.gather`` of single elements at full coordinates."""
    r = data.ndim
    axis %= r
    coords = _coordinates(_wrap(indices, data.shape[axis]), axis)
    attrs = dict(offset_dims=(), collapsed_slice_dims=tuple(range(r)), start_index_map=tuple(range(r)),
                 index_vector_dim=indices.ndim, slice_sizes=(1,) * r)
    return (data, coords), attrs


def scatter_elements_as_stablehlo(data: np.ndarray, indices: np.ndarray, updates: np.ndarray, axis: int = 0,
                                  reduction: str = "none") -> tuple[tuple, dict]:
    """ONNX ``ScatterElements(axis, reduction)`` as a ``stablehlo.scatter`` of single elements."""
    r = data.ndim
    axis %= r
    coords = _coordinates(_wrap(indices, data.shape[axis]), axis)
    _, attrs = scatter_nd_as_stablehlo(data, coords, updates, reduction)
    return (data, coords, updates), attrs
