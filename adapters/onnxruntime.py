"""Backend ``onnxruntime``: Gather, GatherElements and GatherND (each opset) on the CPU provider.

ONNX Runtime cannot load complex tensors (``MLDataType ... not registered``) nor take bfloat16
numpy inputs, so those element types are outside this backend's region.

The index targets take a ``threads`` keyword (``Case.threads``: their large index cases run on the default
thread count and on one): each call runs in a session made for that count (``intra_op_num_threads``), one
session per (model, count).
"""
from __future__ import annotations

# C-contiguous arrays only, as before issue 43 made every view kind the default: views for this
# backend's compiled targets cost CI a new compile per layout case; left for a measured follow-up
LAYOUTS = ("c",)

from conformance.adapters import onnx_nd, onnx_scatter
from conformance.adapters.broadcast_shapes import onnxruntime_add_shape  # noqa: F401  (mlir.broadcastable target)
from conformance.adapters.onnxruntime_elementwise import SCALARIZATION_TARGETS  # noqa: F401  (scalarization targets)
from conformance.adapters.onnx_gather import ALL_ELEMENTS, make_targets
from conformance.adapters.ort_session import cpu_session
from conformance.adapters.thread_count import count, taking_threads

REQUIRES = ("onnx", "onnxruntime")


def session_runner(new_session, threads=lambda: None):
    """``(model, feeds) -> output``: runs a model in a session ``new_session(model bytes)`` makes, one
    session per model (``onnxruntime_openvino`` passes its OpenVINO-EP sessions); where ``threads()`` gives a
    thread count, in a session ``new_session(model bytes, count)`` makes, one per (model, count)."""
    sessions: dict[tuple, object] = {}

    def run(model, feeds):
        import onnxruntime

        n = threads()
        key = (id(model), n)
        if key not in sessions:
            onnxruntime.set_default_logger_severity(3)  # errors are results here, not log lines
            sessions[key] = new_session(model.SerializeToString(), *([n] if n else []))
        quiet = onnxruntime.RunOptions()
        quiet.log_severity_level = 4
        return sessions[key].run(None, feeds, quiet)[0]
    return run


_run = session_runner(cpu_session, count)


ELEMENTS = tuple(e for e in ALL_ELEMENTS if e not in ("complex64", "complex128", "bfloat16"))
GATHER_TARGETS = make_targets("onnxruntime", _run, ELEMENTS)
SCATTER_TARGETS = onnx_scatter.make_targets("onnxruntime", _run, ELEMENTS)
ND_TARGETS = onnx_nd.make_targets("onnxruntime", _run, ELEMENTS)
for _fn in (*GATHER_TARGETS.values(), *SCATTER_TARGETS.values(), *ND_TARGETS.values()):
    _fn.__conformance_target__.fn = taking_threads(_fn.__conformance_target__.fn)
