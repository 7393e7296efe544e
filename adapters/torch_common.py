"""Shared by the torch targets: the element dtypes torch takes and numpy <-> torch conversion."""
from __future__ import annotations

import numpy as np

from conformance.core import runtime
from conformance.core.layouts import element_strides, in_buffer

ELEMENTS = ("bool", "int8", "int16", "int32", "int64", "uint8", "float16", "bfloat16", "float32", "float64",
            "complex64", "complex128")


def to_torch(a: np.ndarray):
    """A torch tensor of its own with ``a``'s values, in ``a``'s memory layout where torch has one (the
    strides and offset of a view into a one-dimensional buffer, ``conformance.core.layouts``), else C-contiguous."""
    import torch

    found = in_buffer(a) if a.size and not a.flags.c_contiguous and min(a.strides, default=0) >= 0 else None
    if found is not None:
        base, start = found
        buffer = _tensor(np.array(base, copy=True))  # the whole buffer, so the view's strides stay as they are
        t = buffer.as_strided(a.shape, element_strides(a), start)
    else:
        t = _tensor(np.array(a, order="C", copy=True))  # (np.ascontiguousarray would turn a 0-d array into 1-d)
    return t.to(runtime.device())


def _tensor(a: np.ndarray):
    import torch

    if a.dtype.name == "bfloat16":
        return torch.from_numpy(a.view(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(a)


def to_numpy(t) -> np.ndarray:
    import torch

    t = t.detach().cpu()
    if t.dtype == torch.bfloat16:
        from conformance.oracles.dtypes import dtype

        return t.view(torch.int16).numpy().view(dtype("bfloat16"))
    return t.numpy()


def threaded(fn):
    """``fn`` taking a ``threads`` keyword too (``conformance.core.case.Case.threads``): the call runs on that
    many torch intra-op threads, restored after it (None: torch's own count)."""
    import functools
    import inspect

    @functools.wraps(fn)
    def run(*args, threads=None, **kwargs):
        if not threads:
            return fn(*args, **kwargs)
        import torch

        before = torch.get_num_threads()
        torch.set_num_threads(int(threads))
        try:
            return fn(*args, **kwargs)
        finally:
            torch.set_num_threads(before)

    sig = inspect.signature(fn)
    named = [p for p in sig.parameters.values() if p.kind is not p.VAR_KEYWORD]
    rest = [p for p in sig.parameters.values() if p.kind is p.VAR_KEYWORD]
    run.__signature__ = sig.replace(parameters=named + [inspect.Parameter("threads", inspect.Parameter.KEYWORD_ONLY,
                                                                          default=None)] + rest)
    return run
