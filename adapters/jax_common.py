"""Shared by the jax targets: place arrays on the selected device and run with 64-bit types enabled;
jax's persistent compilation cache pointed at the suite's cache folder (``conformance.running.compile_cache``;
jax keys its entries by the program, its compile options and jax's versions; the folder is one per
host, since XLA compiles for this CPU).

``CONFORMANCE_JAX_STAGE`` (set by ``conformance triage SEED --stages``): a call is not compiled by XLA; jax
lowers it to StableHLO (``jax.jit(...).lower``, the case's arrays as constants) and StableHLO's reference
interpreter runs that module (``interpreter``: a divergence there is jax's lowering, or the interpreter's),
or the module after XLA's StableHLO-to-HLO conversion, translated back (``converted``: a divergence that
first shows there is the conversion's, ``adapters.stablehlo.converted_text``)."""
from __future__ import annotations

import numpy as np

from conformance.running import compile_cache

from conformance.core import runtime

_CACHE_SET: list[bool] = []
STAGE = "CONFORMANCE_JAX_STAGE"


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
        if interpreting():
            return interpreted(fn)
        return np.asarray(fn())


INTERPRETED_STAGES = ("interpreter", "converted")


def interpreting() -> bool:
    """Whether calls run on the reference interpreter (``CONFORMANCE_JAX_STAGE``: ``interpreter`` or ``converted``)."""
    import os

    return os.environ.get(STAGE) in INTERPRETED_STAGES


def interpreted(fn, *args):
    """``fn(*args)`` lowered by jax to StableHLO and run on StableHLO's reference interpreter (one result;
    ``args`` become the module's arguments, what ``fn`` closes over its constants)."""
    import os

    import jax

    from conformance.adapters.stablehlo import converted_text, interpret_text

    text = jax.jit(fn).lower(*args).as_text()
    stage = os.environ.get(STAGE)
    results = interpret_text(converted_text(text) if stage == "converted" else text, [np.asarray(a) for a in args])
    if len(results) != 1:
        raise ValueError(f"{STAGE}={stage}: expected one result, the lowered module returns {len(results)}")
    return results[0]
