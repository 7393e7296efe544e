"""TVM's compile step, shared by the tvm targets: an ONNX model imported by the Relax ONNX frontend
(``tvm.relax.frontend.onnx.from_onnx``) with the inputs' static shapes and types, built for target
``llvm`` and run with the Relax VM on CPU. Executables are kept per (model, input shapes and types):
one compile per signature; with ``CONFORMANCE_COMPILE_STATS`` set, the compile figures of this process
are recorded for ``benchmarks.compile_share``."""
from __future__ import annotations

import time

import numpy as np

from conformance.running import compile_clock, compile_stats

_VMS: dict[tuple, object] = {}
_BATCH_VMS: dict[tuple, dict] = {}  # batch key -> each signature's function: the engine calls each batch twice
BATCH_KEPT = 4
TARGET = "llvm"
STATS = {"compiled_graphs": 0, "compile_seconds": 0.0, "calls": 0, "call_seconds": 0.0}
KEPT = 512  # executables kept per process (each case shape is a compile: a nightly run would hold thousands)


def _tensor(tvm, a: np.ndarray):
    make = getattr(tvm.runtime, "tensor", None) or tvm.nd.array  # (tvm.nd.array before 0.22)
    return make(np.array(a, order="C"), tvm.cpu())


def _key(model, feeds) -> tuple:
    return (model.SerializeToString(), tuple((k, v.shape, v.dtype.name) for k, v in feeds.items()))


def _imported(model, feeds):
    from tvm.relax.frontend.onnx import from_onnx

    return from_onnx(model, shape_dict={k: list(v.shape) for k, v in feeds.items()},
                     dtype_dict={k: v.dtype.name for k, v in feeds.items()})


def _compile(model):
    import tvm
    from tvm import relax

    def build(feeds):
        mod = _imported(model, feeds)
        build_fn = getattr(tvm, "compile", None) or relax.build
        return relax.VirtualMachine(build_fn(mod, target=TARGET), tvm.cpu())
    return build


def _call(tvm, fn, model, feeds) -> np.ndarray:
    names = [i.name for i in model.graph.input if i.name in feeds]
    out = fn(*[_tensor(tvm, feeds[n]) for n in names])
    if isinstance(out, (list, tuple)) or type(out).__name__ in ("Array", "ADT", "Tuple"):
        out = out[0]
    return np.asarray(out.numpy())


def _model(model):
    if isinstance(model, bytes):
        import onnx

        return onnx.load_from_string(model)
    return model


def run_batch(items: list[tuple]) -> list:
    """Each ``(model, feeds)`` of ``items`` as ``run`` runs it, from one build: every model imported (one whose
    import fails gives that exception as its result), the imported ``main`` functions put in one IRModule as
    ``case0``, ``case1``, ... (one per model and input signature; one built already for ``run`` is used as it is),
    built once and each called on its feeds (a call that raises gives that exception). A build that fails
    raises: the caller splits the batch."""
    import tvm
    from tvm import relax

    models = [_model(m) for m, _ in items]
    keys = [_key(m, f) for m, (_, f) in zip(models, items)]
    batch_key = tuple(keys)
    if batch_key not in _BATCH_VMS:
        fns: dict[tuple, object] = {}  # signature key -> its function, or the exception its import raised
        funcs = {}
        for key, model, (_, feeds) in zip(keys, models, items):
            if key in fns:
                continue
            if key in _VMS:  # built alone already
                fns[key] = _VMS[key]["main"]
                continue
            try:
                mod = _imported(model, feeds)
            except Exception as e:  # noqa: BLE001 - the importer refuses this model: its own result
                fns[key] = e
                continue
            if [gv.name_hint for gv in mod.functions] != ["main"]:
                raise ValueError("an imported model holds functions besides main: cannot share a module")
            name = f"case{len(funcs)}"
            funcs[key] = (name, mod["main"].with_attr("global_symbol", name))
        start = time.monotonic()
        try:
            if funcs:
                with compile_clock.compiling():
                    mod = tvm.IRModule({tvm.ir.GlobalVar(name): f for name, f in funcs.values()})
                    build_fn = getattr(tvm, "compile", None) or relax.build
                    vm = relax.VirtualMachine(build_fn(mod, target=TARGET), tvm.cpu())
                fns.update((key, vm[name]) for key, (name, _) in funcs.items())
        finally:
            STATS["compiled_graphs"] += 1 if funcs else 0
            STATS["compile_seconds"] += time.monotonic() - start
            compile_stats.record("tvm", STATS)
        while len(_BATCH_VMS) >= BATCH_KEPT:
            del _BATCH_VMS[next(iter(_BATCH_VMS))]
        _BATCH_VMS[batch_key] = fns
    fns = _BATCH_VMS[batch_key]
    results: list = []
    for key, model, (_, feeds) in zip(keys, models, items):
        if isinstance(fns[key], BaseException):
            results.append(fns[key])
            continue
        start = time.monotonic()
        try:
            results.append(_call(tvm, fns[key], model, feeds))
        except Exception as e:  # noqa: BLE001 - this case's run raised: its own result
            results.append(e)
        finally:
            STATS["calls"] += 1
            STATS["call_seconds"] += time.monotonic() - start
    compile_stats.record("tvm", STATS)
    return results


def run(model, feeds: dict[str, np.ndarray]) -> np.ndarray:
    """The model's first output for ``feeds`` (input name -> array); ``model`` an ``onnx.ModelProto``
    or its bytes."""
    import tvm

    model = _model(model)
    start = time.monotonic()
    key = _key(model, feeds)
    try:
        if key not in _VMS:
            if len(_VMS) >= KEPT:
                del _VMS[next(iter(_VMS))]  # the oldest (dicts keep insertion order)
            try:
                with compile_clock.compiling():
                    _VMS[key] = _compile(model)(feeds)
            finally:  # (a refused model counts: the compiler ran)
                STATS["compiled_graphs"] += 1
                STATS["compile_seconds"] += time.monotonic() - start
                compile_stats.record("tvm", STATS)
        return _call(tvm, _VMS[key]["main"], model, feeds)
    finally:
        STATS["calls"] += 1
        STATS["call_seconds"] += time.monotonic() - start
        compile_stats.record("tvm", STATS)
