"""Backend ``torch``: gather, index_select, take_along_dim, take and advanced indexing (CPU or cuda); the
scatter targets live in ``conformance.adapters.torch_scatter``."""
from __future__ import annotations

from conformance.adapters.repro_code import TORCH, index_tuple, literal, torch_ready
from conformance.adapters.translate import advanced_index, along_axis_args, take_args
from conformance.adapters.torch_common import ELEMENTS, threaded, to_numpy, to_torch
from conformance.adapters.torch_scatter import (  # noqa: F401  (the scatter targets of this backend)
    INDEX_PUT_TARGETS, PUT_TARGETS, REDUCE_TARGETS, index_add_, index_copy_, scatter_, scatter_add_, setitem,
)
from conformance.adapters.torch_onnx import SCATTER_ND_TARGETS as ONNX_SCATTER_ND_TARGETS, gather_nd as onnx_gather_nd  # noqa: F401  (ONNX spec-op targets)
from conformance.adapters.broadcast_shapes import torch_broadcast_shapes, torch_add_shape  # noqa: F401  (mlir.broadcastable targets)
from conformance.adapters.torch_elementwise import SCALARIZATION_TARGETS  # noqa: F401  (scalarization targets)
from conformance.core import layouts
from conformance.running.registry import target

REQUIRES = ("torch",)
LAYOUTS = layouts.TORCH  # its targets take views: each array in any memory layout torch has
OP = "stablehlo.gather"


def _torch():
    import torch

    return torch


def _repro(call):
    """A repro snippet from ``call(kw, x)``: the API call on the operand tensor ``x`` (source)."""
    def repro(kw, case):
        return torch_ready(kw), [], call(kw, TORCH.format(literal(kw["operand"]))) + ".numpy()"
    return repro


def _along(kw) -> tuple[str, int]:
    idx, axis = along_axis_args(kw["start_indices"], kw["start_index_map"])
    return TORCH.format(literal(idx)), axis


def _entries(kw) -> list:
    return advanced_index(kw["operand"].ndim, kw["start_indices"], kw["start_index_map"], kw["index_vector_dim"])


def _take(kw) -> tuple[str, int]:
    idx, axis = take_args(kw["start_indices"], kw["start_index_map"], kw["index_vector_dim"])
    return TORCH.format(literal(idx)), axis


@target(OP, "torch:gather", region={"style": "along_axis", "element_dtypes": ELEMENTS, "index_dtypes": ("int64",)},
        repro=_repro(lambda kw, x: "torch.gather({0}, {2}, {1})".format(x, *_along(kw))))
@threaded
def gather(operand, start_indices, *, start_index_map, **_):
    idx, axis = along_axis_args(start_indices, start_index_map)
    return to_numpy(_torch().gather(to_torch(operand), axis, to_torch(idx)))


@target(OP, "torch:take_along_dim", region={"style": "along_axis", "element_dtypes": ELEMENTS, "index_dtypes": ("int64",)},
        repro=_repro(lambda kw, x: "torch.take_along_dim({0}, {1}, dim={2})".format(x, *_along(kw))))
@threaded
def take_along_dim(operand, start_indices, *, start_index_map, **_):
    idx, axis = along_axis_args(start_indices, start_index_map)
    return to_numpy(_torch().take_along_dim(to_torch(operand), to_torch(idx), dim=axis))


@target(OP, "torch:index_select", region={"style": "take", "min_batch_rank": 1, "max_batch_rank": 1,
                                          "element_dtypes": ELEMENTS, "index_dtypes": ("int32", "int64")},
        repro=_repro(lambda kw, x: "torch.index_select({0}, {2}, {1})".format(x, *_take(kw))))
@threaded
def index_select(operand, start_indices, *, start_index_map, index_vector_dim, **_):
    idx, axis = take_args(start_indices, start_index_map, index_vector_dim)
    return to_numpy(_torch().index_select(to_torch(operand), axis, to_torch(idx)))


@target(OP, "torch:take", region={"style": "take", "max_operand_rank": 1, "element_dtypes": ELEMENTS,
                                  "index_dtypes": ("int64",)},
        repro=_repro(lambda kw, x: "torch.take({0}, {1})".format(x, *_take(kw))))
@threaded
def take(operand, start_indices, *, start_index_map, index_vector_dim, **_):
    idx, _axis = take_args(start_indices, start_index_map, index_vector_dim)
    return to_numpy(_torch().take(to_torch(operand), to_torch(idx)))


@target(OP, "torch:advanced-indexing", region={"style": "advanced", "element_dtypes": ELEMENTS,
                                               "index_dtypes": ("int32", "int64")},
        repro=_repro(lambda kw, x: f"{x}[{index_tuple(_entries(kw), TORCH)}]"))
@threaded
def advanced_indexing(operand, start_indices, *, start_index_map, index_vector_dim, **_):
    entries = advanced_index(operand.ndim, start_indices, start_index_map, index_vector_dim)
    x = to_torch(operand)
    return to_numpy(x[tuple(slice(None) if e is None else to_torch(e) for e in entries)])
