"""torch's elementwise ops as ``mlir.scalarization`` targets (part of backend ``torch``); the scalar
form runs on 0-d tensors."""
from __future__ import annotations

import numpy as np

from conformance.adapters.elementwise_ops import make_targets
from conformance.adapters.torch_common import ELEMENTS, to_numpy, to_torch


def _table() -> dict:
    import torch

    return {"negate": torch.neg, "abs": torch.abs, "add": torch.add, "subtract": torch.sub, "multiply": torch.mul,
            "divide": torch.div, "remainder": torch.remainder, "maximum": torch.maximum, "minimum": torch.minimum,
            "and": torch.bitwise_and, "or": torch.bitwise_or, "xor": torch.bitwise_xor,
            "shift_left": torch.bitwise_left_shift, "shift_right": torch.bitwise_right_shift,
            "compare_lt": torch.lt, "compare_eq": torch.eq, "select": torch.where}


def _source(op: str, arrays) -> tuple:
    from conformance.adapters.repro_code import torch_ready

    return torch_ready({"x": a for a in arrays}), [f"f = torch.{_table()[op].__name__}"], "torch.from_numpy(np.array({}))"


SCALARIZATION_TARGETS = make_targets("torch", "torch", _table, to_torch, to_numpy,
                                     dtypes=tuple(d for d in ELEMENTS if d not in ("bool", "complex64", "complex128")),
                                     source=_source)


def complex_alpha(case):
    """Declaration model (torch.toml): complex ``torch.add``/``torch.sub`` compute ``lhs + rhs * (±1 + 0j)``
    (a complex multiplication by alpha), so NaN/inf parts spread and -0.0 parts turn +0.0."""
    lhs, rhs = case.arrays["lhs"], case.arrays["rhs"]
    with np.errstate(all="ignore"):
        if rhs.dtype.kind != "c":
            return (lhs - rhs if case.op.endswith("subtract") else lhs + rhs).astype(lhs.dtype)
        alpha = -1 + 0j if case.op.endswith("subtract") else 1 + 0j  # sub is add with alpha -1
        return (lhs + (rhs * np.asarray(alpha, rhs.dtype)).astype(rhs.dtype)).astype(lhs.dtype)
