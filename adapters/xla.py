"""Backend ``xla``: the case as StableHLO text, compiled and run through jaxlib's PJRT client.

The only target that takes every ``index_vector_dim`` and batching-dim layout as written.
Executables are cached per module text inside an isolated worker process, and on disk
(``conformance.running.compile_cache``: keyed by the text, the device, jaxlib's version and the host).

``CONFORMANCE_XLA_STAGE`` (set by ``conformance triage SEED --stages``): ``interpreter`` runs the module text
on StableHLO's reference interpreter instead (the module as the suite built it); ``converted`` runs there the
module after XLA's StableHLO-to-HLO conversion, translated back (``adapters.stablehlo.converted_text``).
"""
from __future__ import annotations

# C-contiguous arrays only, as before issue 43 made every view kind the default: views for this
# backend's compiled targets cost CI a new compile per layout case; left for a measured follow-up
LAYOUTS = ("c",)

import time

import numpy as np

from conformance.adapters.repro_code import pjrt_code
from conformance.adapters.stablehlo_text import gather_text, scatter_text, text_batch
from conformance.running import compile_cache, compile_clock, compile_stats, isolation
from conformance.core import runtime
from conformance.running.registry import target

REQUIRES = ("jax", "jaxlib")
_EXECUTABLES: dict[tuple[str, str], object] = {}
STATS = {"compiled_graphs": 0, "compile_seconds": 0.0, "calls": 0, "call_seconds": 0.0, "cache_hits": 0}
STAGE = "CONFORMANCE_XLA_STAGE"


def run_text(text: str, arrays: list[np.ndarray], device: str) -> list[np.ndarray]:
    """Child side: compile (cached) and execute ``@main`` on ``device``."""
    import os

    import jax

    stage = os.environ.get(STAGE, "")
    if stage in ("interpreter", "converted"):
        from conformance.adapters.stablehlo import converted_text, interpret_text

        module = text if text.lstrip().startswith("module") else "module {\n" + text + "\n}"
        return interpret_text(converted_text(module) if stage == "converted" else module, arrays)
    from jax.extend import backend as jax_backend
    from jaxlib.xla_client import DeviceList

    start = time.monotonic()
    client = jax_backend.get_backend(device)
    dev = client.local_devices()[0]
    key = (text, device)
    try:
        if key not in _EXECUTABLES:
            _EXECUTABLES[key] = _load_or_compile(client, text, DeviceList((dev,)), device)
        with jax.enable_x64(True):
            buffers = [jax.device_put(a, dev) for a in arrays]
        return [np.asarray(out) for out in _EXECUTABLES[key].execute(buffers)]
    finally:
        STATS["calls"] += 1
        STATS["call_seconds"] += time.monotonic() - start
        compile_stats.record("xla", STATS)


def _load_or_compile(client, text: str, devices, device: str):
    """The executable of ``text``: from the disk cache where it holds one, else compiled (and stored)."""
    import jaxlib

    name = compile_cache.key(text, device, jaxlib.__version__, client.platform_version)
    blob = compile_cache.load("xla", name)
    if blob is not None:
        try:
            executable = client.deserialize_executable(blob, devices)
            STATS["cache_hits"] += 1
            return executable
        except Exception:  # noqa: BLE001 - a stale or damaged entry: compile afresh and replace it
            pass
    start = time.monotonic()
    try:
        with compile_clock.compiling():
            executable = client.compile_and_load(text, devices)
    finally:  # (a refused module counts: the compiler ran)
        STATS["compiled_graphs"] += 1
        STATS["compile_seconds"] += time.monotonic() - start
    compile_cache.store("xla", name, client.serialize_executable(executable))
    return executable


def _gather_repro(kw, case):
    text, _ = gather_text(kw, case.result_type, proxies=False)
    return pjrt_code(text, [kw["operand"], kw["start_indices"]])


def _scatter_repro(kw, case):
    text, arrays, _ = scatter_text(kw, case.result_type, proxies=False)
    return pjrt_code(text, arrays)


def _run_batch(text: str, arrays: list[np.ndarray]) -> list[np.ndarray]:
    return isolation.worker("xla").call(__name__, "run_text", {"text": text, "arrays": arrays, "device": runtime.device()})


def _gather_case(kw: dict):
    result_type = kw.pop("result_type", None)
    text, _ = gather_text(kw, result_type, proxies=False)
    return text, [kw["operand"], kw["start_indices"]], lambda outs: outs[0]


def _scatter_case(kw: dict):
    result_type, variadic = kw.pop("result_type", None), isinstance(kw["inputs"], (list, tuple))
    text, arrays, _ = scatter_text(kw, result_type, proxies=False)
    return text, arrays, lambda outs: tuple(outs) if variadic else outs[0]


# cases per module (issue 64: one compile for a batch): the size with the fewest seconds per case here
# (benchmarks/batch_compare.py --sizes; docs/measurements.md, "Batches (issue 64)")
BATCH_SIZE = 64


@target("stablehlo.gather", "xla:gather", valid=True, invalid=True, isolated=False, repro=_gather_repro,
        batch=text_batch(_gather_case, _run_batch), batch_size=BATCH_SIZE)
def gather(operand, start_indices, *, result_type=None, **attrs):
    text, _ = gather_text({"operand": operand, "start_indices": start_indices, **attrs}, result_type, proxies=False)
    (out,) = isolation.worker("xla").call(__name__, "run_text", {
        "text": text, "arrays": [operand, start_indices], "device": runtime.device()})
    return out


@target("stablehlo.scatter", "xla:scatter", region={"max_inputs": 2}, valid=True, invalid=True, isolated=False,
        repro=_scatter_repro, batch=text_batch(_scatter_case, _run_batch), batch_size=BATCH_SIZE)
def scatter(inputs, scatter_indices, updates, *, result_type=None, **attrs):
    text, arrays, _ = scatter_text(dict(inputs=inputs, scatter_indices=scatter_indices, updates=updates, **attrs),
                                   result_type, proxies=False)
    outs = isolation.worker("xla").call(__name__, "run_text", {"text": text, "arrays": arrays,
                                                              "device": runtime.device()})
    return tuple(outs) if isinstance(inputs, (list, tuple)) else outs[0]


def zero_constant_dropped(case):
    """Declaration model (xla.toml, jax.toml): XLA's algebraic simplifier rewrites x + C and x - C, where
    C is a constant whose every element is zero (either sign), to x, and C + x to x: -0.0 + 0.0 and
    -0.0 - (-0.0) give -0.0 (IEEE: +0.0), complex 0j + (1-0j) gives 1-0j (IEEE: 1+0j)."""
    lhs, rhs = np.asarray(case.arrays["lhs"]), np.asarray(case.arrays["rhs"])
    constants, shape = case.attrs.get("constants", ()), np.broadcast_shapes(lhs.shape, rhs.shape)
    if "rhs" in constants and not np.any(rhs):
        kept = lhs
    elif case.op == "stablehlo.add" and "lhs" in constants and not np.any(lhs):
        kept = rhs
    else:  # (0 - x is not rewritten)
        with np.errstate(all="ignore"):
            kept = lhs + rhs if case.op == "stablehlo.add" else lhs - rhs
    return np.broadcast_to(kept, shape).copy()


def add_bool_as_xor(case):
    """Declaration model (xla.toml): a folded boolean add is exclusive or (true + true = false)."""
    return np.logical_xor(case.arrays["lhs"], case.arrays["rhs"])
