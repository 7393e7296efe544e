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
TARGET = "llvm"
STATS = {"compiled_graphs": 0, "compile_seconds": 0.0, "calls": 0, "call_seconds": 0.0}
KEPT = 512  # executables kept per process (each case shape is a compile: a nightly run would hold thousands)


def _tensor(tvm, a: np.ndarray):
    make = getattr(tvm.runtime, "tensor", None) or tvm.nd.array  # (tvm.nd.array before 0.22)
    return make(np.array(a, order="C"), tvm.cpu())


def _compile(model):
    import tvm
    from tvm import relax
    from tvm.relax.frontend.onnx import from_onnx

    def build(feeds):
        mod = from_onnx(model, shape_dict={k: list(v.shape) for k, v in feeds.items()},
                        dtype_dict={k: v.dtype.name for k, v in feeds.items()})
        build_fn = getattr(tvm, "compile", None) or relax.build
        return relax.VirtualMachine(build_fn(mod, target=TARGET), tvm.cpu())
    return build


def run(model, feeds: dict[str, np.ndarray]) -> np.ndarray:
    """The model's first output for ``feeds`` (input name -> array); ``model`` an ``onnx.ModelProto``
    or its bytes."""
    import tvm

    if isinstance(model, bytes):
        import onnx

        model = onnx.load_from_string(model)
    start = time.monotonic()
    key = (model.SerializeToString(), tuple((k, v.shape, v.dtype.name) for k, v in feeds.items()))
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
        names = [i.name for i in model.graph.input if i.name in feeds]
        out = _VMS[key]["main"](*[_tensor(tvm, feeds[n]) for n in names])
        if isinstance(out, (list, tuple)) or type(out).__name__ in ("Array", "ADT", "Tuple"):
            out = out[0]
        return np.asarray(out.numpy())
    finally:
        STATS["calls"] += 1
        STATS["call_seconds"] += time.monotonic() - start
        compile_stats.record("tvm", STATS)
