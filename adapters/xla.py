"""Backend ``xla``: the case as StableHLO text, compiled and run through jaxlib's PJRT client.

The only target that takes every ``index_vector_dim`` and batching-dim layout as written.
Executables are cached per module text inside an isolated worker process, and on disk
(``conformance.running.compile_cache``: keyed by the text, the device, jaxlib's version and the host).

``CONFORMANCE_XLA_STAGE`` (set by ``conformance triage SEED --stages``): ``interpreter`` runs the module text
on StableHLO's reference interpreter instead (the module as the suite built it); ``converted`` runs there the
module after XLA's StableHLO-to-HLO conversion, translated back (``adapters.stablehlo.converted_text``).

Threads (``Case.threads``): the gather and scatter targets run on XLA's default and on one thread. PJRT's CPU
client sizes its intra-op thread pool once per process, from the CPUs the process may run on; what a compile can
set is whether XLA splits a kernel's loop across that pool: its ``cpu-parallel-task-assigner`` pass gives a
large loop fusion ``outer_dimension_partitions`` (as many as the CPUs), and with that pass disabled
(``SERIAL_OVERRIDES``, a compile option) every kernel runs on one thread (measured 2026-11-29, jaxlib 0.10.2,
2 CPUs: a gather of 2**22 elements, 30 calls: CPU ticks 32/19/13 on three threads by default, 69 on one with the
pass off). Other counts would need a worker process per count (``taskset``): ``threads`` takes 1 or the default.
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
_EXECUTABLES: dict[tuple[str, str, bool], object] = {}
# the compile options of a one-thread executable: no kernel's loop split across the intra-op pool
SERIAL_OVERRIDES = [("xla_disable_hlo_passes", "cpu-parallel-task-assigner")]
STATS = {"compiled_graphs": 0, "compile_seconds": 0.0, "calls": 0, "call_seconds": 0.0, "cache_hits": 0}
STAGE = "CONFORMANCE_XLA_STAGE"


def serial(threads: int | None) -> bool:
    """Whether a call on ``threads`` threads compiles with ``SERIAL_OVERRIDES`` (1: yes; None or 0, the default:
    no); Unsupported for another count (the pool's size is the process's)."""
    if threads and int(threads) != 1:
        from conformance.core.outcome import Unsupported

        raise Unsupported(f"xla: a compile sets one thread or XLA's default, not {threads} (the intra-op pool is "
                          "sized once per process)")
    return bool(threads)


def run_text(text: str, arrays: list[np.ndarray], device: str, one_thread: bool = False) -> list[np.ndarray]:
    """Child side: compile (cached) and execute ``@main`` on ``device`` (``one_thread``: compiled with
    ``SERIAL_OVERRIDES``)."""
    import os

    import jax

    stage = os.environ.get(STAGE, "")
    if stage in ("interpreter", "converted"):
        from conformance.adapters.stablehlo import converted_text, interpret_text

        module = text if text.lstrip().startswith("module") else "module {\n" + text + "\n}"
        return interpret_text(converted_text(module) if stage == "converted" else module, arrays)
    start = time.monotonic()
    try:
        from jax.extend import backend as jax_backend

        compiled = executable(text, device, one_thread)
        dev = jax_backend.get_backend(device).local_devices()[0]
        with jax.enable_x64(True):
            buffers = [jax.device_put(a, dev) for a in arrays]
        return [np.asarray(out) for out in compiled.execute(buffers)]
    finally:
        STATS["calls"] += 1
        STATS["call_seconds"] += time.monotonic() - start
        compile_stats.record("xla", STATS)


def executable(text: str, device: str = "cpu", one_thread: bool = False):
    """The executable of ``text`` on ``device`` (``one_thread``: compiled with ``SERIAL_OVERRIDES``), compiled
    once per process (and cached on disk)."""
    from jax.extend import backend as jax_backend
    from jaxlib.xla_client import DeviceList

    key = (text, device, bool(one_thread))
    if key not in _EXECUTABLES:
        client = jax_backend.get_backend(device)
        _EXECUTABLES[key] = _load_or_compile(client, text, DeviceList((client.local_devices()[0],)), device,
                                             bool(one_thread))
    return _EXECUTABLES[key]


def _load_or_compile(client, text: str, devices, device: str, one_thread: bool = False):
    """The executable of ``text``: from the disk cache where it holds one, else compiled (and stored)."""
    import jaxlib
    from jaxlib import xla_client

    options = xla_client.CompileOptions()
    if one_thread:
        options.env_option_overrides = SERIAL_OVERRIDES
    name = compile_cache.key(text, device, jaxlib.__version__, client.platform_version,
                             *([repr(SERIAL_OVERRIDES)] if one_thread else []))
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
            executable = client.compile_and_load(text, devices, options)
    finally:  # (a refused module counts: the compiler ran)
        STATS["compiled_graphs"] += 1
        STATS["compile_seconds"] += time.monotonic() - start
    compile_cache.store("xla", name, client.serialize_executable(executable))
    return executable


def _serial_code(case) -> dict:
    """``pjrt_code``'s compile options for ``case``: ``SERIAL_OVERRIDES`` on one thread."""
    if not serial(case.threads):
        return {}
    return {"overrides": SERIAL_OVERRIDES, "why": "the case's one thread: XLA splits no kernel's loop across its pool"}


def _gather_repro(kw, case):
    text, _ = gather_text(kw, case.result_type, proxies=False)
    return pjrt_code(text, [kw["operand"], kw["start_indices"]], **_serial_code(case))


def _scatter_repro(kw, case):
    text, arrays, _ = scatter_text(kw, case.result_type, proxies=False)
    return pjrt_code(text, arrays, **_serial_code(case))


def _run_batch(text: str, arrays: list[np.ndarray], one_thread: bool = False) -> list[np.ndarray]:
    return isolation.worker("xla").call(__name__, "run_text", {"text": text, "arrays": arrays, "device": runtime.device(),
                                                              "one_thread": one_thread})


def _threads_batch(build):
    """``text_batch(build, ...)`` that runs the cases of each thread count (their ``threads`` keyword) in a module
    of their own, compiled for that count."""
    whole = {one: text_batch(build, lambda text, arrays, one=one: _run_batch(text, arrays, one)) for one in (False, True)}

    def batch(calls: list[dict]) -> list:
        results: list = [None] * len(calls)
        groups: dict[bool, list[int]] = {}
        for i, kw in enumerate(calls):
            try:
                groups.setdefault(serial(kw.get("threads")), []).append(i)
            except Exception as e:  # noqa: BLE001 - the case's own refusal, as its one-case call would raise it
                results[i] = e
        for one, held in groups.items():
            got = whole[one]([{k: v for k, v in calls[i].items() if k != "threads"} for i in held])
            for i, r in zip(held, got):
                results[i] = r
        return results
    return batch


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
        batch=_threads_batch(_gather_case), batch_size=BATCH_SIZE)
def gather(operand, start_indices, *, result_type=None, threads=None, **attrs):
    one = serial(threads)
    text, _ = gather_text({"operand": operand, "start_indices": start_indices, **attrs}, result_type, proxies=False)
    (out,) = isolation.worker("xla").call(__name__, "run_text", {
        "text": text, "arrays": [operand, start_indices], "device": runtime.device(), "one_thread": one})
    return out


@target("stablehlo.scatter", "xla:scatter", region={"max_inputs": 2}, valid=True, invalid=True, isolated=False,
        repro=_scatter_repro, batch=_threads_batch(_scatter_case), batch_size=BATCH_SIZE)
def scatter(inputs, scatter_indices, updates, *, result_type=None, threads=None, **attrs):
    one = serial(threads)
    text, arrays, _ = scatter_text(dict(inputs=inputs, scatter_indices=scatter_indices, updates=updates, **attrs),
                                   result_type, proxies=False)
    outs = isolation.worker("xla").call(__name__, "run_text", {"text": text, "arrays": arrays,
                                                              "device": runtime.device(), "one_thread": one})
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
