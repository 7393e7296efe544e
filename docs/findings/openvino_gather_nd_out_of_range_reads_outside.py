"""ONNX Runtime's execution providers disagree on an out-of-range Gather index. The same one-node model
(Gather-13, axis 0, data float32[3, 2], indices [2, 7]) raises INVALID_ARGUMENT on the CPU EP and returns
[[4, 5], [0, 0]] on the OpenVINO EP (the onnxruntime-ep-openvino plugin on its CPU device, CPU EP fallback
off, as the suite's onnxruntime_openvino backend selects it): the out-of-range row comes back as zeros.
GatherND with index [1, 2] on float32[2, 2] also raises on the CPU EP and on the OpenVINO EP returns a
value read from outside the tensor. ONNX makes an out-of-range index an error, so the CPU EP conforms.
The same with graph_optimization_level ORT_DISABLE_ALL: not ONNX Runtime's optimizer. Exits 1 while an EP
returns a result for an out-of-range index, 0 once every EP raises; 2 if the EP cannot be set up.

Triage (2026-11-28; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/openvinotoolkit/openvino/issues/35687
Owner and stage: openvinotoolkit/openvino: ONNX frontend maps ONNX Gather to Gather-8, whose out-of-range
    result is zeros (PR #35756 would check constant indices only); GatherND: CPU plugin node without a bounds
    check (PR #38297); located by experiment only as far as ONNX Runtime: the same zeros with ORT_DISABLE_ALL,
    so not ONNX Runtime's graph optimizer; where inside OpenVINO, from the upstream analysis
Governing text: ONNX Gather and GatherND, opset 13
    (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#Gather, v1.16.0): indices must lie in [-s,
    s-1]; 'It is an error if any of the index values are out of bounds'. OpenVINO's Gather-8 page documents
    zeros for out-of-range indices, which is what the EP hands the node to
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-28: 'onnxruntime OpenVINO execution provider
    Gather out of bounds index returns zeros CPU EP error'. Matched: openvino#35687 (open, 'OpenVINO CPU
    silently returns 0 for out-of-bounds ONNX Gather index', ORT raising for comparison), openvino PR #35756
    (open, checks constant indices in the ONNX frontend only), onnxruntime#25251 (open, the EP-vs-EP
    disagreement: CPU EP raises, OpenVINO and DirectML EPs return values), onnxruntime#28311 (closed),
    onnx#2179 and PR #2202 (the spec's 'error' sentence); GatherND: openvino PR #38297 (open, CPU plugin
    bounds checks) from the declaration's search
"""
import os as _os
import sys as _sys


def _could_not_run(kind, value, tb):  # the contract: exit 2 where the script itself could not run
    import traceback

    traceback.print_exception(kind, value, tb)
    print(f"could not run: {kind.__name__}: {value}", flush=True)
    _sys.stderr.flush()
    _os._exit(2)


_sys.excepthook = _could_not_run


def _print_versions(*names):
    import importlib.metadata
    import platform

    found = []
    for name in names:
        try:
            found.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            found.append(f"{name} not installed")
    print(", ".join(found + [f"Python {platform.python_version()}", platform.platform()]), flush=True)


_print_versions('numpy', 'onnx', 'onnxruntime', 'onnxruntime-ep-openvino')
import sys

import numpy as np
import onnxruntime
import onnxruntime_ep_openvino
from onnx import TensorProto, helper


def model(op, data_shape, indices_shape):
    graph = helper.make_graph(
        [helper.make_node(op, ["data", "indices"], ["y"], **({"axis": 0} if op == "Gather" else {}))], "g",
        [helper.make_tensor_value_info("data", TensorProto.FLOAT, data_shape),
         helper.make_tensor_value_info("indices", TensorProto.INT64, indices_shape)],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], ir_version=8).SerializeToString()


def cpu_session(m):
    options = onnxruntime.SessionOptions()
    options.log_severity_level = 4  # the error is raised to the caller; no log line besides
    return onnxruntime.InferenceSession(m, options, providers=["CPUExecutionProvider"])


def openvino_session(m, level=None):
    # as the suite's onnxruntime_openvino backend: the plugin EP's CPU device, no fallback to the CPU EP
    if not any(d.ep_name == "OpenVINOExecutionProvider" for d in onnxruntime.get_ep_devices()):
        onnxruntime.register_execution_provider_library("openvino", onnxruntime_ep_openvino.get_library_path())
    device = next(d for d in onnxruntime.get_ep_devices()
                  if d.ep_name == "OpenVINOExecutionProvider" and d.ep_metadata.get("ov_device") == "CPU")
    options = onnxruntime.SessionOptions()
    options.log_severity_level = 4
    options.add_session_config_entry("session.disable_cpu_ep_fallback", "1")
    if level is not None:
        options.graph_optimization_level = level
    options.add_provider_for_devices([device], {})
    session = onnxruntime.InferenceSession(m, options)
    assert session.get_providers()[0] == "OpenVINOExecutionProvider", session.get_providers()
    return session


def run(make, m, feeds):
    try:
        return "returned " + np.array2string(make(m).run(None, feeds)[0], separator=", ").replace("\n", ""), True
    except Exception as e:  # noqa: BLE001  (an error is what ONNX asks for)
        message = str(e).splitlines()[0]
        return "raised: " + message.split("Status Message: ")[-1], False


data = np.arange(6, dtype=np.float32).reshape(3, 2)
cases = [
    ("Gather, axis 0, data float32[3, 2] = [[0, 1], [2, 3], [4, 5]], indices [2, 7] (7 is out of range)", model("Gather", [3, 2], [2]),
     {"data": data, "indices": np.array([2, 7], np.int64)}),
    ("GatherND, data float32[2, 2] = [[0, 1], [2, 3]], indices [[0, 0], [1, 2]] ([1, 2] is out of range)", model("GatherND", [2, 2], [2, 2]),
     {"data": np.arange(4, dtype=np.float32).reshape(2, 2), "indices": np.array([[0, 0], [1, 2]], np.int64)}),
]
disagrees = False
for what, m, feeds in cases:
    print(what, "- ONNX: an error")
    for name, make in (("CPU EP", cpu_session), ("OpenVINO EP", openvino_session),
                       ("OpenVINO EP, ORT_DISABLE_ALL",
                        lambda m: openvino_session(m, onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL))):
        text, returned = run(make, m, feeds)
        print(f"  {name}: {text}")
        disagrees |= returned
sys.exit(1 if disagrees else 0)
