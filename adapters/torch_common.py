"""Shared by the torch targets: the element dtypes torch takes and numpy <-> torch conversion."""
from __future__ import annotations

import numpy as np

from conformance import runtime

ELEMENTS = ("bool", "int8", "int16", "int32", "int64", "uint8", "float16", "bfloat16", "float32", "float64",
            "complex64", "complex128")


def to_torch(a: np.ndarray):
    import torch

    a = np.array(a, order="C", copy=True)  # (np.ascontiguousarray would turn a 0-d array into 1-d)
    if a.dtype.name == "bfloat16":
        t = torch.from_numpy(a.view(np.int16)).view(torch.bfloat16)
    else:
        t = torch.from_numpy(a)
    return t.to(runtime.device())


def to_numpy(t) -> np.ndarray:
    import torch

    t = t.detach().cpu()
    if t.dtype == torch.bfloat16:
        from oracles.dtypes import dtype

        return t.view(torch.int16).numpy().view(dtype("bfloat16"))
    return t.numpy()
