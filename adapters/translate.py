"""Backend-independent translations of a gather case into the arguments of common APIs.

Each helper assumes the case comes from the matching strategy style (see ``conformance.strategies.gather``).
"""
from __future__ import annotations

import numpy as np

from conformance.core.outcome import Unsupported


def take_args(start_indices: np.ndarray, start_index_map, index_vector_dim) -> tuple[np.ndarray, int]:
    """``take(operand, indices, axis)`` style: (indices without the vector dim, axis)."""
    (axis,) = start_index_map
    idx = start_indices if index_vector_dim == start_indices.ndim else np.take(start_indices, 0, axis=index_vector_dim)
    return idx, int(axis)


def along_axis_args(start_indices: np.ndarray, start_index_map) -> tuple[np.ndarray, int]:
    """``take_along_axis`` style: (indices of the operand's rank, axis)."""
    (axis,) = start_index_map
    return start_indices, int(axis)


def advanced_index(rank: int, start_indices: np.ndarray, start_index_map, index_vector_dim) -> list:
    """``x[...]`` style: one entry per operand axis, an index array for indexed axes, None elsewhere."""
    entries: list = [None] * rank
    implicit = index_vector_dim == start_indices.ndim
    for j, axis in enumerate(start_index_map):
        entries[axis] = start_indices if implicit else start_indices[..., j]
    return entries


def refuse_wrap_loop(indices: np.ndarray, limit: int, api: str) -> None:
    """Raise Unsupported when ``api`` would wrap an index one axis length at a time past ``limit``."""
    if indices.size and float(np.abs(indices.astype(np.float64)).max()) > limit:
        raise Unsupported(f"index beyond ±{limit}: {api} would loop |index|/n times to wrap it")


def nd_index(indices: np.ndarray, batch_dims: int = 0) -> list[np.ndarray]:
    """ONNX GatherND/ScatterND indices as an advanced-index tuple: an arange per batch dim (broadcast
    over the index tuples), then one column per indexed dim (negative values kept: they count back)."""
    lead = indices.shape[:-1]
    grids = [np.arange(lead[d]).reshape([-1 if a == d else 1 for a in range(len(lead))]) for d in range(batch_dims)]
    return [np.broadcast_to(g, lead) for g in grids] + [indices[..., j] for j in range(indices.shape[-1])]


def nd_index_source(kw: dict, wrap: str = "{}") -> str:
    """``nd_index`` of a GatherND/ScatterND case as an index tuple in source (each entry a literal put
    into ``wrap``), for a repro snippet: the batch aranges and index columns as the targets pass them."""
    from conformance.adapters.repro_code import index_tuple

    return index_tuple([np.array(i) for i in nd_index(kw["indices"], int(kw.get("batch_dims") or 0))], wrap)

