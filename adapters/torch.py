"""Backend ``torch``: gather, index_select, take_along_dim, take and advanced indexing (CPU or cuda)."""
from __future__ import annotations

import numpy as np

from adapters.translate import advanced_index, along_axis_args, take_args
from conformance import runtime
from conformance.registry import target

REQUIRES = ("torch",)
OP = "stablehlo.gather"
ELEMENTS = ("bool", "int8", "int16", "int32", "int64", "uint8", "float16", "bfloat16", "float32", "float64",
            "complex64", "complex128")


def _torch():
    import torch

    return torch


def to_torch(a: np.ndarray):
    torch = _torch()
    a = np.array(a, order="C", copy=True)  # (np.ascontiguousarray would turn a 0-d array into 1-d)
    if a.dtype.name == "bfloat16":
        t = torch.from_numpy(a.view(np.int16)).view(torch.bfloat16)
    else:
        t = torch.from_numpy(a)
    return t.to(runtime.device())


def to_numpy(t) -> np.ndarray:
    torch = _torch()
    t = t.detach().cpu()
    if t.dtype == torch.bfloat16:
        from oracles.dtypes import dtype

        return t.view(torch.int16).numpy().view(dtype("bfloat16"))
    return t.numpy()


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
