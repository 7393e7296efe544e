"""Shared by the jax targets: place arrays on the selected device and run with 64-bit types enabled;
jax's persistent compilation cache pointed at the suite's cache folder (``conformance.running.compile_cache``;
jax keys its entries by the program, its compile options and jax's versions; the folder is one per
host, since XLA compiles for this CPU)."""
from __future__ import annotations

import numpy as np

from conformance.running import compile_cache

from conformance.core import runtime

_CACHE_SET: list[bool] = []


def _cache_setup() -> None:
    """Once per process, before the first compile: every compile of this process goes to the cache
    folder (none with the caches off; jax reads the setting at its first compile)."""
    if _CACHE_SET:
        return
    _CACHE_SET.append(True)
    import jax

    where = compile_cache.folder("jax")
    if where is None:
        return
    jax.config.update("jax_compilation_cache_dir", str(where / compile_cache.key(jax.__version__)[:16]))
    jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)  # the suite's compiles are all small
    jax.config.update("jax_persistent_cache_min_entry_size_bytes", -1)


def put(a: np.ndarray):
    import jax

    _cache_setup()
    with jax.enable_x64(True):  # outside it, device_put turns int64/float64 into 32 bits (an index 2**63-1 into -1)
        return jax.device_put(a, jax.devices(runtime.device())[0])


def run(fn):
    """Call ``fn`` with 64-bit types enabled (so int64/float64 inputs keep their dtype); numpy result."""
    import jax

    _cache_setup()
    with jax.enable_x64(True):
        return np.asarray(fn())
