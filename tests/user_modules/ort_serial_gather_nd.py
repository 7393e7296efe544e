"""A user GatherND on onnxruntime whose serial path is wrong, built on the onnxruntime backend's own plumbing
(``thread_count.taking_threads``, ``session_runner``, ``cpu_session``): each call runs in a session made for the
case's thread count, and a session with one intra-op thread gives a result of more than 2**15 elements whose last
element is one ulp off. Right on onnxruntime's default threads."""
import numpy as np

from conformance.adapters.onnx_gather import build_model
from conformance.adapters.onnxruntime import session_runner
from conformance.adapters.ort_session import cpu_session
from conformance.adapters.thread_count import count, taking_threads
from conformance.registry import target


class _SerialPath:
    """A session whose one-thread path is wrong past 2**15 result elements."""

    def __init__(self, session):
        self.session = session

    def run(self, *args):
        outs = self.session.run(*args)
        if outs[0].size > 2**15:
            outs[0].flat[-1] = np.nextafter(outs[0].flat[-1], np.float32(np.inf))
        return outs


def _session(model: bytes, threads=None):
    session = cpu_session(model, threads)
    return _SerialPath(session) if session.get_session_options().intra_op_num_threads == 1 else session


_run = session_runner(_session, count)
_MODELS: dict = {}


@target("onnx.GatherND", "ort-serial:GatherND-13", region={"opset": 13, "element_dtypes": ("float32",)},
        layouts=("c",))
@taking_threads
def gather_nd(data, indices, *, batch_dims=None, **_):
    attrs = () if batch_dims is None else (("batch_dims", int(batch_dims)),)
    key = (data.dtype.name, data.ndim, indices.ndim, attrs)
    if key not in _MODELS:
        _MODELS[key] = build_model("GatherND", 13, data.dtype, indices.dtype, data.ndim, indices.ndim, attrs)
    return _run(_MODELS[key], {"data": data, "indices": indices})
