"""ONNX Runtime with the OpenVINO EP: a float32 constant (an ONNX initializer) holding values beyond bfloat16's
largest finite value reaches the result as +-3.3895314e38: Add(x, constant [FLT_MAX, -FLT_MAX, 1.0]) with x
zeros gives [3.3895314e38, -3.3895314e38, 1.0] (ONNX: [FLT_MAX, -FLT_MAX, 1.0]). Not the EP's hand-over: on
a CPU with AVX512_BF16 or AMX the OpenVINO CPU plugin's default inference precision is bf16 (printed), and in
bf16 inference it saturates constants to bfloat16's range; OpenVINO's own API gives the same with its
default config and FLT_MAX with INFERENCE_PRECISION_HINT f32 (and both keep a one-element constant [FLT_MAX],
the declaration's '2+ elements'). The EP passes no precision hint to the CPU
plugin: its `precision` option FP32 or ACCURACY leaves the clamp, its `load_config` with
INFERENCE_PRECISION_HINT f32 removes it. Exits 1 while the EP's default session clamps; 0 once it does not;
2 with the reason where this machine cannot run the EP or its CPU plugin does not default to bf16.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: documented
Owner and stage: openvinotoolkit/openvino: CPU plugin, bf16 inference precision by default on AVX512_BF16/AMX
    CPUs and the saturation of constants to bfloat16's range in it (PR #28542); located by experiment: OpenVINO
    alone with its default config clamps, with INFERENCE_PRECISION_HINT f32 or EXECUTION_MODE_HINT ACCURACY it
    does not; the EP with load_config INFERENCE_PRECISION_HINT f32 does not
Governing text: OpenVINO docs 'CPU Device' (https://docs.openvino.ai/2024/openvino-workflow/running-inference/inference-devices-and-modes/cpu-device.html,
    2024): on platforms with native bfloat16 support (AVX512_BF16 or AMX) the plugin 'automatically' uses bf16
    instead of f32; 'Precision Control' (docs.openvino.ai, 2025): INFERENCE_PRECISION_HINT f32 or the ACCURACY
    execution mode keeps f32
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-29: 'OpenVINO execution provider bf16 inference
    precision default CPU AMX constants clamped FP32 precision option ignored'; 'openvino CPU f64 infinity
    converted to FLT_MAX saturate convert f64 to f32 input inf'. Matched: openvino PR #28542 (merged 2025, 'bf16
    constant saturation during model compilation stage'), PR #24141 (docs: bf16/f16 used automatically),
    intel/ipex-llm#6473 and openvino.genai#164 (bf16 by default on AMX CPUs, answered as by design),
    pykeio/ort#536 (the EP's precision option accepts FP32 and ACCURACY only on CPU); the declaration's earlier
    search (2026-11-29): nothing on the EP clamping constants
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


_print_versions('numpy', 'onnx', 'onnxruntime', 'onnxruntime-ep-openvino', 'openvino')
import sys

import numpy as np
import onnxruntime
import onnxruntime_ep_openvino
import openvino as ov
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


FMAX = np.finfo(np.float32).max
CONSTANT = np.array([FMAX, -FMAX, 1.0], np.float32)


def add_constant_model(constant=CONSTANT):
    n = constant.size
    graph = helper.make_graph(
        [helper.make_node("Add", ["x", "c"], ["y"])], "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [n])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [n])], [numpy_helper.from_array(constant, "c")])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8).SerializeToString()


def ep_run(provider_options, constant=CONSTANT):
    # as the suite's onnxruntime_openvino backend: the plugin EP's CPU device, no fallback to the CPU EP
    device = openvino_ep_cpu_device()
    options = onnxruntime.SessionOptions()
    options.log_severity_level = 3
    options.add_session_config_entry("session.disable_cpu_ep_fallback", "1")
    options.add_provider_for_devices([device], provider_options)
    session = onnxruntime.InferenceSession(add_constant_model(constant), options)
    assert session.get_providers()[0] == "OpenVINOExecutionProvider", session.get_providers()
    return session.run(None, {"x": np.zeros(constant.size, np.float32)})[0].tolist()


device = openvino_ep_cpu_device()  # exits 2 first where the EP cannot run here
core = ov.Core()
default_precision = str(core.get_property("CPU", "INFERENCE_PRECISION_HINT"))
print(f"OpenVINO CPU plugin's default INFERENCE_PRECISION_HINT here: {default_precision}")
print(f"constant {CONSTANT.tolist()} + zeros; ONNX: the constant; bfloat16's largest finite value: 3.3895313892515355e+38")
for config in ({}, {"INFERENCE_PRECISION_HINT": "f32"}, {"EXECUTION_MODE_HINT": "ACCURACY"}):
    compiled = core.compile_model(core.read_model(add_constant_model(), b""), "CPU", config)
    print(f"OpenVINO's own API, config {config}: {np.asarray(compiled([np.zeros(3, np.float32)])[0]).tolist()}")
one = np.array([FMAX], np.float32)
compiled = core.compile_model(core.read_model(add_constant_model(one), b""), "CPU", {})
print(f"a one-element constant [FLT_MAX], OpenVINO's own API, default config: "
      f"{np.asarray(compiled([np.zeros(1, np.float32)])[0]).tolist()}; OpenVINO EP: {ep_run({}, one)}")
clamped = False
for provider_options in ({}, {"precision": "FP32"}, {"precision": "ACCURACY"},
                         {"load_config": '{"CPU": {"INFERENCE_PRECISION_HINT": "f32"}}'}):
    got = ep_run(provider_options)
    print(f"OpenVINO EP, provider options {provider_options}: {got}")
    clamped |= not provider_options and got[0] != FMAX
if not clamped and "bfloat16" not in default_precision and "bf16" not in default_precision:
    cannot_run_here(f"the CPU plugin's default inference precision is {default_precision} on this CPU, not bf16: "
                    "the clamp needs a CPU with AVX512_BF16 or AMX")
print("the EP's default session clamps the constant to bfloat16's range" if clamped else "the constant is kept")
sys.exit(1 if clamped else 0)
