"""ONNX Runtime with the OpenVINO EP: Where(True, -0.0, 0.0) whose three operands are all initializers
gives +0.0 (ONNX: the selected -0.0). Not OpenVINO: with graph_optimization_level ORT_DISABLE_ALL the same
model gives -0.0, and with x a graph input (nothing to fold) the EP gives -0.0. ONNX Runtime's constant
folding evaluates the all-constant node with the CPU EP's Where kernel before the EP sees the graph, and
that kernel loses the sign (microsoft/onnxruntime#32191; the CPU EP's own run is printed for comparison).
Exits 1 while the folded model gives +0.0; 2 with the reason where this machine cannot run the EP (it
offers devices on Intel CPUs only).

Triage (2026-11-28; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/microsoft/onnxruntime/issues/32191
Owner and stage: microsoft/onnxruntime: graph optimizer's constant folding (evaluates the node with the CPU
    EP's Where kernel, where_op.cc, whatever EP it is assigned to); located by experiment: default
    optimization gives +0.0, ORT_DISABLE_ALL -0.0, x a graph input -0.0
Governing text: ONNX Where (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#Where, v1.16.0):
    'Return elements, either from X or Y, depending on condition'; a selection copies the element, -0.0
    included
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-28: 'onnxruntime constant folding initializers
    Where negative zero OpenVINO execution provider'. Matched: onnxruntime PR #2510 (merged 2019, constant
    folding runs a node assigned to another EP on the CPU kernel), #25922 (other constant-folding fix); the
    kernel bug is onnxruntime#32191 (open, fix PR #32192 open), found by the onnxruntime row's search; no
    report of this path
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
from onnx import TensorProto, helper, numpy_helper


def cannot_run_here(reason):
    """Exit 2 with the reason: this machine cannot run the backend (not the claimed behaviour)."""
    print(f"cannot run here: {reason}", flush=True)
    sys.exit(2)


def cpu_vendor():
    try:
        with open("/proc/cpuinfo") as f:
            return next((line.split(":", 1)[1].strip() for line in f if line.startswith("vendor_id")), "unknown")
    except OSError:
        return "unknown"


def openvino_ep_cpu_device():
    """The OpenVINO EP's CPU device, as the suite's onnxruntime_openvino backend selects it; exit 2 saying why
    where there is none (the EP offers devices on Intel CPUs only: onnxruntime's ov_factory skips others)."""
    if not any(d.ep_name == "OpenVINOExecutionProvider" for d in onnxruntime.get_ep_devices()):
        try:
            onnxruntime.register_execution_provider_library("openvino", onnxruntime_ep_openvino.get_library_path())
        except Exception as e:  # noqa: BLE001
            cannot_run_here(f"the OpenVINO EP library does not register: {str(e).splitlines()[0][:200]}")
    devices = [d for d in onnxruntime.get_ep_devices()
               if d.ep_name == "OpenVINOExecutionProvider" and d.ep_metadata.get("ov_device") == "CPU"]
    if not devices:
        cannot_run_here(f"the OpenVINO EP offers no CPU device on this machine (CPU vendor {cpu_vendor()}); it offers "
                        "devices on Intel CPUs only (onnxruntime's ov_factory skips other vendors)")
    return devices[0]


def where_model(inputs):
    """Where(c, x, y) with c = True, x = -0.0, y = 0.0 (float32); the names in ``inputs`` are graph inputs,
    the others initializers (constants)."""
    values = {"c": np.array([True]), "x": np.array([-0.0], np.float32), "y": np.array([0.0], np.float32)}
    types = {"c": TensorProto.BOOL, "x": TensorProto.FLOAT, "y": TensorProto.FLOAT}
    graph = helper.make_graph(
        [helper.make_node("Where", ["c", "x", "y"], ["z"])], "g",
        [helper.make_tensor_value_info(n, types[n], [1]) for n in inputs],
        [helper.make_tensor_value_info("z", TensorProto.FLOAT, [1])],
        [numpy_helper.from_array(v, n) for n, v in values.items() if n not in inputs])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8)
    return model.SerializeToString(), {n: values[n] for n in inputs}


def openvino_session(m, level):
    # as the suite's onnxruntime_openvino backend: the plugin EP's CPU device, no fallback to the CPU EP
    device = openvino_ep_cpu_device()
    options = onnxruntime.SessionOptions()
    options.log_severity_level = 3
    options.add_session_config_entry("session.disable_cpu_ep_fallback", "1")
    options.graph_optimization_level = level
    options.add_provider_for_devices([device], {})
    session = onnxruntime.InferenceSession(m, options)
    assert session.get_providers()[0] == "OpenVINOExecutionProvider", session.get_providers()
    return session


levels = onnxruntime.GraphOptimizationLevel
lost = False
for inputs, level, name in (((), levels.ORT_ENABLE_ALL, "all three initializers, default optimization (all)"),
                            ((), levels.ORT_DISABLE_ALL, "all three initializers, ORT_DISABLE_ALL (no constant folding)"),
                            (("x",), levels.ORT_ENABLE_ALL, "x a graph input, default optimization")):
    m, feeds = where_model(inputs)
    got = openvino_session(m, level).run(None, feeds)[0][0]
    print(f"OpenVINO EP, Where(True, -0.0, 0.0), {name}: {got!r} (ONNX: -0.0)")
    lost |= level == levels.ORT_ENABLE_ALL and not inputs and not np.signbit(got)
cpu = onnxruntime.InferenceSession(where_model(("x",))[0], providers=["CPUExecutionProvider"])
print(f"CPU EP, Where(True, -0.0, 0.0), x a graph input: {cpu.run(None, {'x': np.array([-0.0], np.float32)})[0][0]!r}"
      " (its Where kernel, the one the constant folder runs)")
sys.exit(1 if lost else 0)
