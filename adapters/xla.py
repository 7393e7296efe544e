"""Backend ``xla``: the case as StableHLO text, compiled and run through jaxlib's PJRT client.

The only target that takes every ``index_vector_dim`` and batching-dim layout as written.
Executables are cached per module text inside an isolated worker process.
"""
from __future__ import annotations

import numpy as np

from adapters.repro_code import pjrt_code
from adapters.stablehlo_text import gather_text, scatter_text
from conformance import compile_clock, isolation, runtime
from conformance.registry import target

REQUIRES = ("jax", "jaxlib")
_EXECUTABLES: dict[tuple[str, str], object] = {}


def run_text(text: str, arrays: list[np.ndarray], device: str) -> list[np.ndarray]:
    """Child side: compile (cached) and execute ``@main`` on ``device``."""
    import jax
    from jax.extend import backend as jax_backend
    from jaxlib import _jax

    client = jax_backend.get_backend(device)
    dev = client.local_devices()[0]
    key = (text, device)
    if key not in _EXECUTABLES:
        with compile_clock.compiling():
            _EXECUTABLES[key] = client.compile_and_load(text, _jax.DeviceList((dev,)))
    with jax.enable_x64(True):
        buffers = [jax.device_put(a, dev) for a in arrays]
    return [np.asarray(out) for out in _EXECUTABLES[key].execute(buffers)]


def _gather_repro(kw, case):
    text, _ = gather_text(kw, case.result_type, proxies=False)
    return pjrt_code(text, [kw["operand"], kw["start_indices"]])


def _scatter_repro(kw, case):
    text, arrays, _ = scatter_text(kw, case.result_type, proxies=False)
    return pjrt_code(text, arrays)


@target("stablehlo.gather", "xla:gather", valid=True, invalid=True, isolated=False, repro=_gather_repro)
def gather(operand, start_indices, *, result_type=None, **attrs):
    text, _ = gather_text({"operand": operand, "start_indices": start_indices, **attrs}, result_type, proxies=False)
    (out,) = isolation.worker("xla").call(__name__, "run_text", {
        "text": text, "arrays": [operand, start_indices], "device": runtime.device()})
    return out


@target("stablehlo.scatter", "xla:scatter", region={"max_inputs": 2}, valid=True, invalid=True, isolated=False,
        repro=_scatter_repro)
def scatter(inputs, scatter_indices, updates, *, result_type=None, **attrs):
    text, arrays, _ = scatter_text(dict(inputs=inputs, scatter_indices=scatter_indices, updates=updates, **attrs),
                                   result_type, proxies=False)
    outs = isolation.worker("xla").call(__name__, "run_text", {"text": text, "arrays": arrays,
                                                              "device": runtime.device()})
    return tuple(outs) if isinstance(inputs, (list, tuple)) else outs[0]


def add_bool_as_xor(case):
    """Declaration model (xla.toml): a folded boolean add is exclusive or (true + true = false)."""
    return np.logical_xor(case.arrays["lhs"], case.arrays["rhs"])
