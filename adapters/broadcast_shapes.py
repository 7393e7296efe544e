"""``broadcast_shapes`` of numpy, torch and jax as ``mlir.broadcastable`` inference targets (static
shapes only: these libraries have no dynamic or unranked dims). Each returns the inferred shape."""
from __future__ import annotations

import numpy as np

from conformance.registry import target
from oracles.mlir.shapes import parse_type

STATIC = {"dynamic": False, "unranked": False, "result": False}


def _shapes(operands) -> list[tuple[int, ...]]:
    return [parse_type(t)[0] for t in operands]


@target("mlir.broadcastable", "numpy:broadcast_shapes", region=STATIC)
def numpy_broadcast_shapes(*, operands, **_):
    return np.asarray(np.broadcast_shapes(*_shapes(operands)), np.int64).reshape(-1)


@target("mlir.broadcastable", "torch:broadcast_shapes", region=STATIC)
def torch_broadcast_shapes(*, operands, **_):
    import torch

    return np.asarray(tuple(torch.broadcast_shapes(*_shapes(operands))), np.int64).reshape(-1)


@target("mlir.broadcastable", "jax:jnp.broadcast_shapes", region=STATIC)
def jax_broadcast_shapes(*, operands, **_):
    import jax.numpy as jnp

    return np.asarray(jnp.broadcast_shapes(*_shapes(operands)), np.int64).reshape(-1)
