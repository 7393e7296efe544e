"""Shared by the jax targets: place arrays on the selected device and run with 64-bit types enabled."""
from __future__ import annotations

import numpy as np

from conformance import runtime


def put(a: np.ndarray):
    import jax

    with jax.enable_x64(True):  # outside it, device_put turns int64/float64 into 32 bits (an index 2**63-1 into -1)
        return jax.device_put(a, jax.devices(runtime.device())[0])


def run(fn):
    """Call ``fn`` with 64-bit types enabled (so int64/float64 inputs keep their dtype); numpy result."""
    import jax

    with jax.enable_x64(True):
        return np.asarray(fn())
