"""ONNX Runtime with the OpenVINO EP: GatherElements whose indices are smaller than data on a dim other
than axis is refused while the session is created: data float32[2, 3], indices [2, 1] or [1, 1], axis 0
(the CPU EP returns [[3], [3]] and [[3]]); indices [1, 3] run on both. The check that fails is OpenVINO's
shape inference of its opset6 GatherElements (gather_elements_shape_inference.hpp, merge_into of the data
and indices shapes), reached when the ONNX node is converted. ONNX's GatherElements page states no rule for
the non-axis sizes (the output takes the indices' shape; the op is 'similar to Torch's gather', which allows
smaller ones), OpenVINO's GatherElements-6 page requires indices of data's shape except on axis: the two
specs differ and ONNX's is silent. Exits 1 while the OpenVINO EP refuses a case the CPU EP runs with that shape-inference check; 2 with
the reason where this machine cannot run the EP (it offers devices on Intel CPUs only) or any other failure
shows.

Triage (2026-11-28; the same record is a row of docs/findings/README.md):
Relation: spec-silent
Owner and stage: openvinotoolkit/openvino: ONNX frontend conversion to opset6 GatherElements, whose shape
    inference requires equal non-axis dims (gather_elements_shape_inference.hpp); located by experiment: the
    session fails while the converted node is validated (the message names that file), [1, 3] indices run, and
    the CPU EP runs all three
Governing text: ONNX GatherElements-13 (https://onnx.ai/onnx/operators/onnx__GatherElements.html,
    https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#GatherElements v1.16.0): output shape is the
    shape of indices, 'similar to Torch's gather operation'; no rule on the non-axis sizes (torch.gather
    allows smaller ones, the ONNX reference evaluator requires equal ones per opencv#29826). OpenVINO
    GatherElements-6 (https://docs.openvino.ai/2021.4/openvino_docs_ops_movement_GatherElements_6.html):
    indices have the shape of data except for the axis dimension
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-28: 'OpenVINO GatherElements indices shape
    smaller than data non-axis dimension not consistent'; docs corpus, 2026-11-28: 'OpenVINO GatherElements-6
    indices shape same as data except axis dimension' (the GatherElements-6 page above). Matched: nothing in
    openvinotoolkit/openvino; opencv#29826 (closed) and PR #29828 (merged: OpenCV DNN now allows indices <=
    data off the axis, and records that ONNX states no rule and ONNX Runtime accepts), openvino PR #3304 and
    #8611 (GatherElements-6 spec and shape inference)
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
import re
import sys

import numpy as np
import onnxruntime
import onnxruntime_ep_openvino
from onnx import TensorProto, helper


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


def model(indices_shape):
    graph = helper.make_graph(
        [helper.make_node("GatherElements", ["data", "indices"], ["y"], axis=0)], "g",
        [helper.make_tensor_value_info("data", TensorProto.FLOAT, [2, 3]),
         helper.make_tensor_value_info("indices", TensorProto.INT64, indices_shape)],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, indices_shape)])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], ir_version=8).SerializeToString()


def cpu_session(m):
    options = onnxruntime.SessionOptions()
    options.log_severity_level = 4
    return onnxruntime.InferenceSession(m, options, providers=["CPUExecutionProvider"])


def openvino_session(m):
    # as the suite's onnxruntime_openvino backend: the plugin EP's CPU device, no fallback to the CPU EP
    device = openvino_ep_cpu_device()
    options = onnxruntime.SessionOptions()
    options.log_severity_level = 4
    options.add_session_config_entry("session.disable_cpu_ep_fallback", "1")
    options.add_provider_for_devices([device], {})
    session = onnxruntime.InferenceSession(m, options)
    assert session.get_providers()[0] == "OpenVINOExecutionProvider", session.get_providers()
    return session


data = np.arange(6, dtype=np.float32).reshape(2, 3)
openvino_ep_cpu_device()  # exits 2 first where this machine cannot run the EP
# the refusal claimed: OpenVINO's GatherElements shape inference, while the session is created
REFUSAL = re.compile(r"Check 'output_shape\.merge_into[^']*' failed at [\w/.]+gather_elements_shape_inference\.hpp:\d+")
refused = False
for shape in ([2, 1], [1, 1], [1, 3]):
    indices = np.ones(shape, np.int64)
    print(f"GatherElements(data float32[2, 3] = [[0, 1, 2], [3, 4, 5]], indices of ones {shape}, axis 0):")
    for name, make in (("CPU EP", cpu_session), ("OpenVINO EP", openvino_session)):
        try:
            session = make(model(shape))
        except Exception as e:  # noqa: BLE001
            message = str(e).replace("\n", " ")
            check = REFUSAL.search(message)
            if name == "OpenVINO EP" and check:
                print(f"  {name}: refused at session creation: {check.group(0)}")
                refused = True
                continue
            print(f"  {name}: session creation failed otherwise: {message[:300]}")
            print("could not run: a failure that is not the refusal claimed here")
            sys.exit(2)
        out = session.run(None, {"data": data, "indices": indices})[0]  # an error here: exit 2 (excepthook)
        print(f"  {name}: {out.tolist()}")
sys.exit(1 if refused else 0)
