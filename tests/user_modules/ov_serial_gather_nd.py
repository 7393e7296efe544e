"""A user GatherND on OpenVINO whose serial path is wrong, built on the openvino backend's compile step
(``thread_count.taking_threads``, ``openvino_compile.run`` with the call's thread count): where the compiled model
runs on one thread (its ``INFERENCE_NUM_THREADS`` property), a result of more than 2**15 elements has its last
element one ulp off. Right on the CPU plugin's default threads."""
import numpy as np

from conformance.adapters import openvino_compile
from conformance.adapters.onnx_gather import build_model
from conformance.adapters.thread_count import count, taking_threads
from conformance.registry import target


@target("onnx.GatherND", "ov-serial:GatherND-13", region={"opset": 13, "element_dtypes": ("float32",)},
        layouts=("c",))
@taking_threads
def gather_nd(data, indices, *, batch_dims=None, **_):
    attrs = () if batch_dims is None else (("batch_dims", int(batch_dims)),)
    model = build_model("GatherND", 13, data.dtype, indices.dtype, data.ndim, indices.ndim, attrs).SerializeToString()
    feeds = {"data": data, "indices": indices}
    out = openvino_compile.run(model, feeds, "GatherND", False, count())
    compiled = openvino_compile.compiled(model, feeds, "GatherND", False, count())
    if int(compiled.get_property("INFERENCE_NUM_THREADS")) == 1 and out.size > 2**15:
        out = out.copy()
        out.flat[-1] = np.nextafter(out.flat[-1], np.float32(np.inf))
    return out
