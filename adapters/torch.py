"""Backend ``torch``: gather, index_select, take_along_dim, take and advanced indexing (CPU or cuda); the
scatter targets live in ``adapters.torch_scatter``."""
from __future__ import annotations

from adapters.translate import advanced_index, along_axis_args, take_args
from adapters.torch_common import ELEMENTS, to_numpy, to_torch
from adapters.torch_scatter import (  # noqa: F401  (the scatter targets of this backend)
    INDEX_PUT_TARGETS, PUT_TARGETS, REDUCE_TARGETS, index_add_, index_copy_, scatter_, scatter_add_, setitem,
)
from adapters.torch_onnx import SCATTER_ND_TARGETS as ONNX_SCATTER_ND_TARGETS, gather_nd as onnx_gather_nd  # noqa: F401  (ONNX spec-op targets)
from adapters.broadcast_shapes import torch_broadcast_shapes, torch_add_shape  # noqa: F401  (mlir.broadcastable targets)
from adapters.torch_elementwise import SCALARIZATION_TARGETS  # noqa: F401  (scalarization targets)
from conformance.registry import target

REQUIRES = ("torch",)
OP = "stablehlo.gather"


def _torch():
    import torch

    return torch


@target(OP, "torch:gather", region={"style": "along_axis", "element_dtypes": ELEMENTS, "index_dtypes": ("int64",)})
def gather(operand, start_indices, *, start_index_map, **_):
    idx, axis = along_axis_args(start_indices, start_index_map)
    return to_numpy(_torch().gather(to_torch(operand), axis, to_torch(idx)))


@target(OP, "torch:take_along_dim", region={"style": "along_axis", "element_dtypes": ELEMENTS, "index_dtypes": ("int64",)})
def take_along_dim(operand, start_indices, *, start_index_map, **_):
    idx, axis = along_axis_args(start_indices, start_index_map)
    return to_numpy(_torch().take_along_dim(to_torch(operand), to_torch(idx), dim=axis))


@target(OP, "torch:index_select", region={"style": "take", "min_batch_rank": 1, "max_batch_rank": 1,
                                          "element_dtypes": ELEMENTS, "index_dtypes": ("int32", "int64")})
def index_select(operand, start_indices, *, start_index_map, index_vector_dim, **_):
    idx, axis = take_args(start_indices, start_index_map, index_vector_dim)
    return to_numpy(_torch().index_select(to_torch(operand), axis, to_torch(idx)))


@target(OP, "torch:take", region={"style": "take", "max_operand_rank": 1, "element_dtypes": ELEMENTS,
                                  "index_dtypes": ("int64",)})
def take(operand, start_indices, *, start_index_map, index_vector_dim, **_):
    idx, _axis = take_args(start_indices, start_index_map, index_vector_dim)
    return to_numpy(_torch().take(to_torch(operand), to_torch(idx)))


@target(OP, "torch:advanced-indexing", region={"style": "advanced", "element_dtypes": ELEMENTS,
                                               "index_dtypes": ("int32", "int64")})
def advanced_indexing(operand, start_indices, *, start_index_map, index_vector_dim, **_):
    entries = advanced_index(operand.ndim, start_indices, start_index_map, index_vector_dim)
    x = to_torch(operand)
    return to_numpy(x[tuple(slice(None) if e is None else to_torch(e) for e in entries)])
