"""Backend ``torch_compile``: every target of backend ``torch`` (gather, scatter, indexing, ONNX
translations, dynamic slices, elementwise ops), with its torch API call compiled by
``torch.compile(..., dynamic=True)`` (TorchInductor, CPU: C++ code built with the machine's compiler).

Each target runs the eager target's own code under a torch function mode that sends the API calls
in ``_compiled_functions()`` (``torch.gather``, ``Tensor.scatter_``, ``Tensor.__getitem__``, the
elementwise functions, ...) through a compiled wrapper of that call, cached per API function in the
worker process; Dynamo recompiles only for a new rank, dtype or specialised size. Conversions
(numpy <-> torch) stay eager. ``STATS`` counts the compiled graphs and the seconds spent in calls
that compiled (``conformance.running.compile_stats`` writes them out for ``benchmarks.compile_share``).

Declared deviations: the eager target's (``adapters/deviations/torch.toml``: torch.compile promises
eager semantics, so a compiled target that does what eager torch does is covered by the same
declaration), plus ``adapters/deviations/torch_compile.toml`` for what only the compiled path does.
"""
from __future__ import annotations

import functools
import os
import re
import time

from conformance.adapters.torch_compile_batch import batch_entry
from conformance.running import compile_cache, compile_clock, compile_stats

from conformance.core import layouts
from conformance.core.opspec import NoRepro
from conformance.running.registry import inherit_deviations, load_backend, target

REQUIRES = ("torch",)
LAYOUTS = layouts.TORCH  # its targets take views: each array in any memory layout torch has
EAGER = "torch"
STATS = {"compiled_graphs": 0, "compile_seconds": 0.0, "calls": 0, "call_seconds": 0.0, "cache_hits": 0,
         "cache_misses": 0, "cache_bypasses": 0}
_WRAPPERS: dict[object, object] = {}
_MODE: list = []


def _compiled_functions() -> set:
    """The torch API functions and methods the targets call that are compiled (the ops under test)."""
    import torch

    t = torch.Tensor
    return {torch.gather, torch.take_along_dim, torch.index_select, torch.take, torch.narrow, torch.where,
            t.__getitem__, t.__setitem__, t.__add__, t.narrow, t.scatter_, t.scatter_add_, t.scatter_reduce_,
            t.index_put_, t.index_add_, t.index_copy_, t.put_,
            torch.neg, torch.abs, torch.add, torch.sub, torch.mul, torch.div, torch.remainder, torch.maximum,
            torch.minimum, torch.bitwise_and, torch.bitwise_or, torch.bitwise_xor, torch.bitwise_left_shift,
            torch.bitwise_right_shift, torch.lt, torch.eq, torch.fmod, torch.ne, torch.ge, torch.gt, torch.le}


def _mode():
    """The torch function mode that compiles the calls of ``_compiled_functions()`` (made once per process)."""
    if _MODE:
        return _MODE[0]
    import torch

    compiled = _compiled_functions()
    _cache_setup()
    compile_clock.hook_torch_dynamo()  # Dynamo/Inductor compiles do not count against the run timeout
    # Dynamo falls back to eager, silently, once a code object has recompiled `recompile_limit` (8)
    # times: every dtype and rank is a recompile here, so lift the limits and make hitting one an error.
    torch._dynamo.config.recompile_limit = torch._dynamo.config.accumulated_recompile_limit = 100_000
    torch._dynamo.config.fail_on_recompile_limit_hit = True

    class CompileCalls(torch.overrides.TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            if func not in compiled:
                return func(*args, **kwargs)
            if func not in _WRAPPERS:
                # (CONFORMANCE_TORCH_COMPILE_BACKEND: eager / aot_eager for triage --stages; default inductor)
                _WRAPPERS[func] = torch.compile(_caller(func), dynamic=True,
                                                backend=os.environ.get("CONFORMANCE_TORCH_COMPILE_BACKEND", "inductor"))
            return _timed(_WRAPPERS[func], args, kwargs)

    _MODE.append(CompileCalls)
    return CompileCalls


def _cache_setup() -> None:
    """Inductor's caches (FX graphs, AOTAutograd, kernels) in the suite's cache folder, one per host
    (Inductor keys its entries by graph, torch version and CPU ISA, and writes C++ built for this
    CPU); with the caches off, none at all."""
    import os

    import torch

    where = compile_cache.folder("torch_compile")
    if where is None:
        torch._inductor.config.force_disable_caches = True
    else:
        os.environ["TORCHINDUCTOR_CACHE_DIR"] = str(where / compile_cache.key(torch.__version__)[:16])


def _caller(func):
    """``func(*args, **kwargs)`` as a function with a code object of its own (Dynamo keeps its compiled
    graphs and guards per code object: one shared lambda would pile every API's graphs together)."""
    def call(*args, **kwargs):
        return func(*args, **kwargs)

    call.__code__ = call.__code__.replace(co_name=f"compiled_{getattr(func, '__name__', 'call')}")
    return call


def _timed(fn, args, kwargs):
    """Call ``fn``; count the graphs Dynamo compiled during the call and the seconds of such calls."""
    from torch._dynamo.utils import counters

    before = counters["stats"]["unique_graphs"]
    start = time.monotonic()
    try:
        return fn(*args, **kwargs)
    finally:
        elapsed = time.monotonic() - start
        new = counters["stats"]["unique_graphs"] - before
        STATS["calls"] += 1
        STATS["call_seconds"] += elapsed
        if new:
            STATS["compiled_graphs"] += new
            STATS["compile_seconds"] += elapsed
            STATS["cache_hits"] = counters["inductor"]["fxgraph_cache_hit"]  # Inductor's FX graph cache
            STATS["cache_misses"] = counters["inductor"]["fxgraph_cache_miss"]
            STATS["cache_bypasses"] = counters["inductor"]["fxgraph_cache_bypass"]
        compile_stats.record("torch_compile", STATS)


_TENSOR_LITERAL = re.compile(r'torch\.from_numpy\(arr\("[^"]*", "[a-z0-9]+", \[[0-9, ]*\]\)\.copy\(\)\)'
                             r'(?:\.to\(torch\.int64\))?')


_ASSIGNMENT = re.compile(r"out\[(.*)\] = (.+)")


def _compiled_repro(eager_repro):
    """The eager script with its API call compiled: each tensor literal of the call becomes a variable
    made before it, and the call runs as ``torch.compile(lambda: call, dynamic=True)()`` (Dynamo takes
    the global tensors as graph inputs, as the target passes them)."""
    if eager_repro is None:
        return None

    def repro(kw, case):
        imports, setup, call = eager_repro(kw, case)
        if any(line.startswith("f = torch.") for line in setup):  # a scalarization snippet: f on tensors, on scalars
            return imports, [f"f = torch.compile(lambda *a: {line[4:]}(*a), dynamic=True)  # one graph per rank and dtype"
                             if line.startswith("f = torch.") else line for line in setup], call
        assignment = _ASSIGNMENT.fullmatch(setup[-1]) if setup else None
        if assignment and call == "out.numpy()":  # `out[...] = value`: Tensor.__setitem__ compiled, as the target has it
            index, value = assignment.groups()
            setup[-1:] = [f"INDEX = np.s_[{index}]", f"VALUE = {value}",
                          '_compiled = globals().setdefault("_compiled", {})']
            return imports, setup, ('(_compiled.setdefault("torch.Tensor.__setitem__", torch.compile(lambda *a: '
                                    'torch.Tensor.__setitem__(*a), dynamic=True))(out, INDEX, VALUE), out)[1].numpy()')
        if not call.endswith(".numpy()") or any(not line.split("=")[0].strip().isidentifier() for line in setup):
            raise NoRepro("conformance repro: no torch.compile script for this target yet (its call is a statement)")
        names: list[str] = []

        def hoist(m):
            names.append(f"T{len(names)}")
            setup.append(f"{names[-1]} = {m.group(0)}")
            return names[-1]

        expr = _TENSOR_LITERAL.sub(hoist, call[: -len(".numpy()")])
        api = re.fullmatch(r"(torch\.[A-Za-z_][\w.]*)\((.*)\)", expr, re.S)
        if api is None:
            return imports, setup, f"torch.compile(lambda: {expr}, dynamic=True)().numpy()"
        # as the target calls it: one compiled function per API, shared by every call in the script (an
        # earlier call of a history-dependent seed then leaves its graphs and guards for the next one)
        setup.append('_compiled = globals().setdefault("_compiled", {})')
        fn, args = api.groups()
        return imports, setup, (f'_compiled.setdefault("{fn}", torch.compile(lambda *a, **k: {fn}(*a, **k), '
                                f'dynamic=True))({args}).numpy()')
    return repro


# cases per batch (issue 64: one compile for a batch): the size with the fewest seconds per case here
# (benchmarks/batch_compare.py --sizes 0 4 8 16 32; 2026-11-29: the large ScatterND cases 3.09 s a case alone,
# 2.05 / 1.06 / 1.73 s in batches of 4 / 8 / 16; docs/measurements.md)
BATCH_SIZE = 8


def _batch_setup():
    """For the batch entry point (``torch_compile_batch``): the mode's set-up made, the compiled functions and
    the counted call."""
    _mode()
    if not _COMPILED:
        _COMPILED.append(_compiled_functions())
    return _COMPILED[0], _timed


_COMPILED: list = []


def _compiled_target(eager):
    """A ``torch_compile:`` target running ``eager``'s code with its API call compiled."""
    @functools.wraps(eager.fn)
    def fn(*args, **kwargs):
        with _mode()():
            return eager.fn(*args, **kwargs)

    name = "torch_compile:" + eager.name.split(":", 1)[1]
    made = target(eager.op, name, region=eager.region, valid=eager.valid, invalid=eager.invalid,
                  repro=_compiled_repro(eager.repro), batch=batch_entry(eager.fn, _batch_setup),
                  batch_size=BATCH_SIZE)(fn)
    inherit_deviations([made.__conformance_target__], EAGER, lambda dev: True,
                       "As eager torch (torch.compile keeps eager semantics): ")
    made.__conformance_target__.eager = (EAGER, eager.name)
    made.__conformance_target__.restart_after_crash = False  # its declared crashes are aborts (SIGABRT), not stray writes
    # a refusal is the eager call's, given back for its case alone (torch_compile_batch: RunAlone); a hang is not
    made.__conformance_target__.batch_breakers = ("timeout",)
    return made


TARGETS = {t.name: _compiled_target(t) for t in load_backend(EAGER)}
