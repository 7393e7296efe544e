"""OpenVINO (CPU plugin): an out-of-range GatherND index is not checked and the result holds memory read from
outside the tensor: data float32[2, 2] = [[0, 1], [2, 3]], indices [[0, 0], [1, 2]] ([1, 2] is out of
range) returns [0, <a value from past the end>] (4.5e-44 here; it varies), through OpenVINO's own API and
through ONNX Runtime's OpenVINO EP alike, where ONNX makes such an index an error (ONNX Runtime's CPU EP
raises). That is the bug. The Gather half is different: OpenVINO's Gather-8 documents zeros for an
out-of-range index, and ONNX's Gather (an error) maps onto it, so Gather [2, 7] on float32[3, 2] returns a
row of zeros on both paths (printed; openvino#35687 asks the ONNX frontend to keep ONNX's error). The EP
path needs the onnxruntime-ep-openvino plugin and an Intel CPU (the EP offers devices on Intel CPUs only);
where it cannot run, the script says so and runs OpenVINO's own path. Exits 1 while GatherND returns a
value on a path that ran, 0 once every path raises, 2 when no path can run here.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/openvinotoolkit/openvino/pull/38297
Owner and stage: openvinotoolkit/openvino: CPU plugin GatherND node (no bounds check on the index; open PR
    #38297 adds the checks for GatherND and ScatterUpdate); located by experiment: OpenVINO's own
    compile_model path reads outside as the EP does, and ORT_DISABLE_ALL changes nothing on the EP (not ONNX
    Runtime's optimizer). The Gather half: ONNX frontend maps ONNX Gather to Gather-8, documented zeros
    (openvino#35687, open; PR #35756, open, checks constant indices only)
Governing text: ONNX GatherND, opset 13 (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#GatherND,
    v1.16.0): index values must lie in [-s, s-1]; 'It is an error if any of the index values are out of
    bounds'. For Gather, OpenVINO's Gather-8 page (docs.openvino.ai, 2025) documents zeros for an
    out-of-range index, the op the ONNX frontend maps onto: documented, not the bug claimed here
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-28: 'onnxruntime OpenVINO execution provider
    Gather out of bounds index returns zeros CPU EP error'. Matched: openvino#35687 (open, 'OpenVINO CPU
    silently returns 0 for out-of-bounds ONNX Gather index'), openvino PR #35756 (open), onnxruntime#25251
    (open, CPU EP raises where the OpenVINO and DirectML EPs return values), onnxruntime#28311 (closed),
    onnx#2179 and PR #2202 (the spec's 'error' sentence); 2026-11-29: 'openvino GatherND out of bounds index
    reads outside tensor CPU plugin bounds check'. Matched: openvino PR #38297 (open, '[cpu] Fix
    out-of-bounds access in GatherND and ScatterUpdate'), PR #38296 (open, the reference gather_nd)
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


_print_versions('numpy', 'onnx', 'openvino', 'onnxruntime', 'onnxruntime-ep-openvino')
import sys

import numpy as np
from onnx import TensorProto, helper


def model(op, data_shape, indices_shape):
    graph = helper.make_graph(
        [helper.make_node(op, ["data", "indices"], ["y"], **({"axis": 0} if op == "Gather" else {}))], "g",
        [helper.make_tensor_value_info("data", TensorProto.FLOAT, data_shape),
         helper.make_tensor_value_info("indices", TensorProto.INT64, indices_shape)],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], ir_version=8).SerializeToString()


def cpu_vendor():
    try:
        with open("/proc/cpuinfo") as f:
            return next((line.split(":", 1)[1].strip() for line in f if line.startswith("vendor_id")), "unknown")
    except OSError:
        return "unknown"


def openvino_runner():
    """OpenVINO's own API (CPU plugin), or the reason it cannot run here."""
    try:
        import openvino
    except ImportError as e:
        return None, f"openvino does not import: {e}"
    core = openvino.Core()
    if "CPU" not in core.available_devices:
        return None, f"OpenVINO offers no CPU device here ({core.available_devices})"

    def run(m, feeds):
        return core.compile_model(core.read_model(m, b""), "CPU")(list(feeds.values()))[0]
    return run, ""


def ep_runner(level=None):
    """ONNX Runtime's OpenVINO EP on its CPU device (CPU EP fallback off, as the suite's onnxruntime_openvino
    backend selects it), or the reason it cannot run here."""
    try:
        import onnxruntime
        import onnxruntime_ep_openvino
    except ImportError as e:
        return None, f"the plugin does not import: {e}"
    if not any(d.ep_name == "OpenVINOExecutionProvider" for d in onnxruntime.get_ep_devices()):
        try:
            onnxruntime.register_execution_provider_library("openvino", onnxruntime_ep_openvino.get_library_path())
        except Exception as e:  # noqa: BLE001
            return None, f"the OpenVINO EP library does not register: {str(e).splitlines()[0][:200]}"
    devices = [d for d in onnxruntime.get_ep_devices()
               if d.ep_name == "OpenVINOExecutionProvider" and d.ep_metadata.get("ov_device") == "CPU"]
    if not devices:
        return None, (f"the OpenVINO EP offers no CPU device on this machine (CPU vendor {cpu_vendor()}); it offers "
                      "devices on Intel CPUs only (onnxruntime's ov_factory skips other vendors)")

    def run(m, feeds):
        options = onnxruntime.SessionOptions()
        options.log_severity_level = 4
        options.add_session_config_entry("session.disable_cpu_ep_fallback", "1")
        if level is not None:
            options.graph_optimization_level = getattr(onnxruntime.GraphOptimizationLevel, level)
        options.add_provider_for_devices([devices[0]], {})
        session = onnxruntime.InferenceSession(m, options)
        assert session.get_providers()[0] == "OpenVINOExecutionProvider", session.get_providers()
        return session.run(None, feeds)[0]
    return run, ""


def cpu_ep_runner():
    try:
        import onnxruntime
    except ImportError as e:
        return None, f"onnxruntime does not import: {e}"

    def run(m, feeds):
        options = onnxruntime.SessionOptions()
        options.log_severity_level = 4
        return onnxruntime.InferenceSession(m, options, providers=["CPUExecutionProvider"]).run(None, feeds)[0]
    return run, ""


def attempt(run, m, feeds):
    try:
        return "returned " + np.array2string(run(m, feeds), separator=", ").replace("\n", ""), True
    except Exception as e:  # noqa: BLE001  (an error is what ONNX asks for)
        return "raised: " + str(e).splitlines()[0].split("Status Message: ")[-1][:160], False


paths = [("OpenVINO, compile_model on CPU", *openvino_runner()), ("ONNX Runtime, OpenVINO EP", *ep_runner()),
         ("ONNX Runtime, OpenVINO EP, ORT_DISABLE_ALL", *ep_runner("ORT_DISABLE_ALL")),
         ("ONNX Runtime, CPU EP (for comparison)", *cpu_ep_runner())]
cases = [
    ("GatherND, data float32[2, 2] = [[0, 1], [2, 3]], indices [[0, 0], [1, 2]] ([1, 2] is out of range)",
     model("GatherND", [2, 2], [2, 2]), {"data": np.arange(4, dtype=np.float32).reshape(2, 2),
                                         "indices": np.array([[0, 0], [1, 2]], np.int64)}),
    ("Gather, axis 0, data float32[3, 2], indices [2, 7] (documented zeros in OpenVINO's Gather-8; not counted)",
     model("Gather", [3, 2], [2]), {"data": np.arange(6, dtype=np.float32).reshape(3, 2),
                                    "indices": np.array([2, 7], np.int64)}),
]
reads_outside, ran = False, False
for what, m, feeds in cases:
    print(what, "- ONNX: an error")
    for name, run, why in paths:
        if run is None:
            print(f"  {name}: cannot run here: {why}")
            continue
        text, returned = attempt(run, m, feeds)
        print(f"  {name}: {text}")
        if what.startswith("GatherND") and "comparison" not in name:
            ran = True
            reads_outside |= returned
if not ran:
    print("cannot run here: neither OpenVINO's own API nor the OpenVINO EP runs on this machine")
    sys.exit(2)
sys.exit(1 if reads_outside else 0)
