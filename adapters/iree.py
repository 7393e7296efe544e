"""Backend ``iree``: the case as StableHLO text (the same text the ``stablehlo`` and ``xla`` backends
build), compiled by IREE for ``llvm-cpu`` and run with the ``local-task`` driver.

Compiles and runs happen in an isolated worker process (a compiler abort is a ``crash`` verdict for
one case); executables are cached per module text in that process, and their ``.vmfb`` on disk
(``conformance.running.compile_cache``: keyed by the text, the compiler's version, ``FLAGS`` and the host). Results whose element type the
runtime hands back poorly (bf16, complex) go through the same proxies as the interpreter's.

``CONFORMANCE_IREE_STAGE`` (set by ``conformance triage SEED --stages``): ``interpreter`` runs the same
module text on StableHLO's reference interpreter instead of IREE (the module as the suite built it);
``O0`` compiles with ``--iree-opt-level=O0 --iree-opt-const-eval=false`` (IREE's optimizations and its
compile-time evaluation of constants off); unset: as shipped.
"""
from __future__ import annotations

# C-contiguous arrays only, as before issue 43 made every view kind the default: views for this
# backend's compiled targets cost CI a new compile per layout case; left for a measured follow-up
LAYOUTS = ("c",)

import numpy as np

from conformance.adapters.dynamic_slice import slice_text, text_targets
from conformance.adapters.repro_code import iree_code
from conformance.adapters.stablehlo_text import (dynamic_dims, from_proxies, gather_text, operand_arguments, scatter_text,
                                                 split_results, text_batch)
from conformance.running import compile_cache, compile_clock, compile_stats, isolation
from conformance.running.registry import target

REQUIRES = ("iree.compiler", "iree.runtime")
FLAGS = ["--iree-llvmcpu-target-cpu=host", "--iree-input-demote-f64-to-f32=false"]  # keep float64 as float64
STAGE = "CONFORMANCE_IREE_STAGE"
STAGE_FLAGS = {"O0": ["--iree-opt-level=O0", "--iree-opt-const-eval=false"]}
_FUNCTIONS: dict[str, object] = {}
STATS = {"compiled_graphs": 0, "compile_seconds": 0.0, "calls": 0, "call_seconds": 0.0, "cache_hits": 0}


def run_text(text: str, arrays: list[np.ndarray]) -> list[np.ndarray]:
    """Child side: compile (cached per text) and call ``@main``; every result as a numpy array."""
    import os
    import time

    import iree.compiler as compiler
    import iree.compiler.version as compiler_version
    import iree.runtime as runtime

    stage = os.environ.get(STAGE, "")
    if stage == "interpreter":
        from conformance.adapters.stablehlo import interpret_text

        return interpret_text("module {\n" + text + "\n}", arrays)
    flags = FLAGS + STAGE_FLAGS.get(stage, [])
    start = time.monotonic()
    if text not in _FUNCTIONS:
        name = compile_cache.key(text, compiler_version.VERSION, repr(compiler_version.REVISIONS), *flags)
        cached = compile_cache.load("iree", name)
        if cached is not None:
            try:
                _FUNCTIONS[text] = _main_function(runtime, cached)
                STATS["cache_hits"] += 1
            except Exception:  # noqa: BLE001 - a stale or damaged entry: compile afresh and replace it
                pass
    if text not in _FUNCTIONS:
        try:
            with compile_clock.compiling():
                vmfb = compiler.compile_str("module {\n" + text + "\n}", target_backends=["llvm-cpu"],
                                            input_type="stablehlo", extra_args=flags)
        finally:  # (a refused module counts: the compiler ran)
            STATS["compiled_graphs"] += 1
            STATS["compile_seconds"] += time.monotonic() - start
            compile_stats.record("iree", STATS)
        compile_cache.store("iree", name, vmfb)
        _FUNCTIONS[text] = _main_function(runtime, vmfb)
    try:
        out = _FUNCTIONS[text](*[np.array(a, order="C") for a in arrays])
        outs = out if isinstance(out, (list, tuple)) else [out]
        return [np.asarray(o.to_host()) for o in outs]
    finally:
        STATS["calls"] += 1
        STATS["call_seconds"] += time.monotonic() - start
        compile_stats.record("iree", STATS)


def _main_function(runtime, vmfb: bytes):
    """``@main`` of the compiled module ``vmfb``, loaded for the ``local-task`` driver."""
    context = runtime.SystemContext(config=runtime.Config("local-task"))
    context.add_vm_module(runtime.VmModule.copy_buffer(context.instance, vmfb))
    return context.modules.module["main"]


def _call(text: str, arrays: list[np.ndarray]) -> list[np.ndarray]:
    return isolation.worker("iree").call(__name__, "run_text", {"text": text, "arrays": arrays}, timeout=120)


def _shapes(text: str, dynamic: bool) -> str:
    """The module text as compiled: every dim ``?`` for a case run with dynamic shapes (``Case.dynamic``)."""
    return dynamic_dims(text) if dynamic else text


def _gather_repro(kw, case):
    text, _ = gather_text(kw, case.result_type, proxies=False)
    return iree_code(_shapes(text, case.dynamic), [kw["operand"], kw["start_indices"]], FLAGS)


def _scatter_repro(kw, case):
    text, arrays, _ = scatter_text(kw, case.result_type, proxies=False)
    return iree_code(_shapes(text, case.dynamic), arrays, FLAGS)


def _gather_case(kw: dict):
    result_type, dynamic = kw.pop("result_type", None), kw.pop("dynamic_shapes", False)
    text, dtype = gather_text(kw, result_type, proxies=True)
    return _shapes(text, dynamic), [*operand_arguments(kw["operand"]), kw["start_indices"]], \
        lambda outs: from_proxies(outs, dtype)


def _scatter_case(kw: dict):
    result_type, dynamic = kw.pop("result_type", None), kw.pop("dynamic_shapes", False)
    variadic = isinstance(kw["inputs"], (list, tuple))
    text, arrays, dtypes = scatter_text(kw, result_type, proxies=True)
    return _shapes(text, dynamic), arrays, lambda outs: (tuple if variadic else lambda r: r[0])(split_results(outs, dtypes))


# cases per module (issue 64: one compile for a batch): the size with the fewest seconds per case here
# (benchmarks/batch_compare.py --sizes; docs/measurements.md, "Batches (issue 64)")
BATCH_SIZE = 16


@target("stablehlo.gather", "iree:gather", invalid=True, isolated=False, repro=_gather_repro,
        batch=text_batch(_gather_case, _call), batch_size=BATCH_SIZE)
def gather(operand, start_indices, *, result_type=None, dynamic_shapes=False, **attrs):
    text, dtype = gather_text({"operand": operand, "start_indices": start_indices, **attrs}, result_type, proxies=True)
    return from_proxies(_call(_shapes(text, dynamic_shapes), [*operand_arguments(operand), start_indices]), dtype)


@target("stablehlo.scatter", "iree:scatter", region={"max_inputs": 2, "large_cases": False}, invalid=True,
        isolated=False, repro=_scatter_repro, batch=text_batch(_scatter_case, _call), batch_size=BATCH_SIZE)
def scatter(inputs, scatter_indices, updates, *, result_type=None, dynamic_shapes=False, **attrs):
    text, arrays, dtypes = scatter_text(dict(inputs=inputs, scatter_indices=scatter_indices, updates=updates, **attrs),
                                        result_type, proxies=True)
    results = split_results(_call(_shapes(text, dynamic_shapes), arrays), dtypes)
    return tuple(results) if isinstance(inputs, (list, tuple)) else results[0]


def _slice(kw: dict, result_type, dynamic_shapes: bool = False):
    text, arrays, dtypes = slice_text(kw, result_type, proxies=True, dynamic=dynamic_shapes)
    return split_results(_call(text, arrays), dtypes)[0]


SLICE_TARGETS = text_targets("iree", ("iree:dynamic_slice", "iree:dynamic_update_slice"), _slice,
                             repro_text=lambda text, arrays: iree_code(text, arrays, FLAGS), dynamic=True)


def bool_add_is_xor(case):
    """Declaration model (adapters/deviations/iree.toml): stablehlo.add on i1 computes XOR."""
    return np.logical_xor(case.arrays["lhs"], case.arrays["rhs"])


def batching_dims_shifted(case):
    """Declaration model (iree.toml): a gather with batching dims and an empty index vector whose result
    element at batch position p reads each operand batching dim paired with an indices dim after the
    index vector dim at the coordinate of indices dim ``start_indices_batching_dims[i] + 2`` (an indices
    batching dim before it is read right); measured with the index vector leading (indices of rank 5,
    6 and 7, one and two batching dims, either pairing order) and at dim 1 (ranks 5 and 6); a trailing
    one is right. An element whose coordinate lands past an operand dim reads memory outside the operand
    (0 once, a neighbour's value another time): masked, the model does not say."""
    from conformance.oracles.stablehlo.gather import result_shape

    x, si, a = case.arrays["operand"], case.arrays["start_indices"], case.attrs
    sibd, ivd = list(a.get("start_indices_batching_dims", ())), a.get("index_vector_dim")
    if ivd is None or ivd >= si.ndim or any(d > ivd and d + 2 >= si.ndim for d in sibd):
        return case  # not the measured shape (a trailing index vector, or no dim two further on): the spec's
    shape = result_shape(x, si, **{k: v for k, v in a.items() if k != "indices_are_sorted"})
    obd, csd, od = list(a.get("operand_batching_dims", ())), list(a["collapsed_slice_dims"]), list(a["offset_dims"])
    out = np.ma.masked_all(shape, x.dtype)
    for full in np.ndindex(*shape):
        p = [full[d] for d in range(len(shape)) if d not in od]  # the indices dims but the index vector dim
        offsets = iter(full[d] for d in od)
        index = [0] * x.ndim
        for d, d_indices in zip(obd, sibd):
            index[d] = p[d_indices + 1] if d_indices > ivd else p[d_indices]  # dim + 2 is p[dim + 1]
        for d in range(x.ndim):
            if d not in obd and d not in csd:
                index[d] += next(offsets)
        if all(0 <= i < n for i, n in zip(index, x.shape)):
            out[full] = x[tuple(index)]
    return out


def _xor(old, new):  # IREE's add on i1
    return np.logical_xor(old, new)


def bool_add_is_xor_scatter(case):
    """Declaration model (iree.toml): a scatter whose update_computation add on booleans computes XOR (as
    stablehlo.add on i1 does, ``bool_add_is_xor``): the spec's scatter with XOR as its computation."""
    from dataclasses import replace

    if case.attrs.get("update_computation") != "add":
        return case
    return replace(case, attrs={**case.attrs, "update_computation": _xor})


def unchecked_scatter(case):
    """Declaration model (iree.toml): the scatter computed in a copy of the input whose batching dims
    come first, each update element written at its flat position there with no check per dim
    (``conformance.judging.scatter_positions``): an element out of range in one dim lands in a neighbouring row
    where the flat position is still inside the buffer, and is lost (written outside it) otherwise; a
    boolean add combines with XOR, as everywhere in IREE."""
    from conformance.oracles.stablehlo.scatter_policy import apply_computation
    from conformance.judging.scatter_positions import positions, walk_order

    a = case.attrs
    (x,) = [v for k, v in case.arrays.items() if k.startswith("inputs")]
    (up,) = [v for k, v in case.arrays.items() if k.startswith("updates")]
    order = walk_order(case)
    moved = np.transpose(x, order).copy()
    flat = moved.reshape(-1)
    computation = a["update_computation"]
    if computation == "add" and x.dtype == bool:  # add on i1 is XOR in IREE (``bool_add_is_xor_scatter``)
        computation = _xor
    for ui, pos, _ in positions(case):
        if 0 <= pos < flat.size:
            (flat[pos],) = apply_computation(computation, [np.asarray(flat[pos])], [np.asarray(up[ui])])
    return np.transpose(moved, np.argsort(order))


batch_major_scatter = unchecked_scatter  # its earlier name (a declaration may still say it)
