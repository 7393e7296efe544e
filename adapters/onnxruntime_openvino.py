"""Backend ``onnxruntime_openvino`` (opt-in: ``--backend onnxruntime_openvino``): the ``onnxruntime``
backend's targets (the same one-node ONNX models: Gather, GatherElements, GatherND, ScatterElements,
ScatterND at each opset, the elementwise ops, Slice-13), run by ONNX Runtime with the OpenVINO
execution provider (the plugin EP of ``onnxruntime-ep-openvino``) selected on its CPU device.

The plugin library is registered once per process (``register_execution_provider_library``) and each
session gets the EP's CPU device (``SessionOptions.add_provider_for_devices``) with the CPU EP fallback
disabled (``session.disable_cpu_ep_fallback``): a node the OpenVINO EP does not take fails the session
instead of running on the CPU EP. That failure, and a session whose providers do not start with the
OpenVINO EP, is an adapter error (``AdapterError``), never a verdict about the OpenVINO EP.
"""
from __future__ import annotations

# C-contiguous arrays only, as the onnxruntime backend (the operands are copied into ORT's tensors)
LAYOUTS = ("c",)

import numpy as np

from conformance.adapters import onnx_nd, onnx_scatter
from conformance.adapters.onnx_gather import make_targets
from conformance.adapters.onnxruntime import ELEMENTS, session_runner
from conformance.adapters.onnxruntime_elementwise import scalarization_targets
# the EP, and the lines a repro script makes its session with (in ort_session, a leaf module onnx_capture reads)
from conformance.adapters.ort_session import EP, FALLBACK, IMPORTS, PIN_LINES, SESSION_LINES
from conformance.running.registry import inherit_deviations, target

REQUIRES = ("onnx", "onnxruntime", "onnxruntime_ep_openvino")
PACKAGE = "onnxruntime-ep-openvino"  # the release ``versions`` in onnxruntime_openvino.toml is read against


_REGISTERED: list[str] = []  # the plugin library registered in this process (once: a second call raises)


def _cpu_devices() -> list:
    """The OpenVINO EP's CPU devices (``ov_device`` CPU, not the AUTO meta device), registering the
    plugin library first if this process has not. Empty on a machine where the EP offers none: its
    factory (onnxruntime's ``ov_factory.cc``) lists devices of Intel CPUs only."""
    import onnxruntime
    import onnxruntime_ep_openvino

    if not _REGISTERED:
        try:
            onnxruntime.register_execution_provider_library("openvino", onnxruntime_ep_openvino.get_library_path())
        except Exception as e:  # noqa: BLE001 - registered earlier in this process (by a repro, say): fine
            if "already registered" not in str(e):
                raise
        _REGISTERED.append("openvino")
    return [d for d in onnxruntime.get_ep_devices() if d.ep_name == EP and d.ep_metadata.get("ov_device") == "CPU"]


def _cpu_vendor() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            return next((ln.split(":", 1)[1].strip() for ln in f if ln.startswith("vendor_id")), "unknown")
    except OSError:
        return "unknown"


def unavailable() -> str:
    """What this machine lacks for the OpenVINO EP ('' where its CPU device is offered): the backend's
    availability check (``conformance.running.registry.cannot_run``)."""
    if _cpu_devices():
        return ""
    return (f"the OpenVINO EP offers no CPU device here (it offers devices on Intel CPUs only; this CPU's "
            f"vendor: {_cpu_vendor()})")


def _cpu_device():
    """The OpenVINO EP's CPU device; ``BackendUnavailable`` where this machine has none (not a verdict)."""
    from conformance.core.outcome import BackendUnavailable

    devices = _cpu_devices()
    if not devices:
        raise BackendUnavailable(unavailable())
    return devices[0]


def openvino_session(model: bytes):
    """A session on ``model`` whose every node runs on the OpenVINO EP's CPU device."""
    import onnxruntime

    from conformance.adapters.ort_session import session_options
    from conformance.core.outcome import AdapterError

    options = session_options()
    options.add_session_config_entry(FALLBACK, "1")
    options.add_provider_for_devices([_cpu_device()], {})
    try:
        session = onnxruntime.InferenceSession(model, options)
    except Exception as e:  # noqa: BLE001
        if "fallback" in str(e).lower():  # a node the EP did not take: not OpenVINO's answer on the case
            raise AdapterError(f"the model does not run on the OpenVINO EP alone: {str(e).splitlines()[0]}") from None
        raise
    if session.get_providers()[0] != EP:
        raise AdapterError(f"the session's providers are {session.get_providers()}, not the OpenVINO EP first")
    return session


_run_session = session_runner(openvino_session)
_PINNED: dict[tuple, object] = {}


def _run(model, feeds):
    """The model run on the OpenVINO EP; GatherND with the index-vector length (the last dim of
    ``indices``) fixed to the case's: with it unknown the output rank is unknown, and the EP's CPU
    plugin refuses the node ("CPU plug-in doesn't support GatherND operation with dynamic rank")."""
    if model.graph.node[0].op_type == "GatherND" and np.ndim(feeds["indices"]):
        key = (id(model), np.shape(feeds["indices"])[-1])
        if key not in _PINNED:
            pinned = type(model)()
            pinned.CopyFrom(model)
            pinned.graph.input[1].type.tensor_type.shape.dim[-1].dim_value = key[1]
            _PINNED[key] = (model, pinned)  # (the model kept alive: its id stays its own)
        model = _PINNED[key][1]
    return _run_session(model, feeds)


GATHER_TARGETS = make_targets("onnxruntime_openvino", _run, ELEMENTS)
SCATTER_TARGETS = onnx_scatter.make_targets("onnxruntime_openvino", _run, ELEMENTS)
ND_TARGETS = onnx_nd.make_targets("onnxruntime_openvino", _run, ELEMENTS)
SCALARIZATION_TARGETS = scalarization_targets("onnxruntime_openvino", openvino_session, IMPORTS, SESSION_LINES)


def _value_targets():
    from conformance.adapters import elementwise_values

    sessions: dict[bytes, object] = {}

    def run(model: bytes, feeds):
        if model not in sessions:
            sessions[model] = openvino_session(model)
        return sessions[model].run(None, feeds)[0]
    repro = elementwise_values._onnx_repro(list(IMPORTS), list(SESSION_LINES), "session.run(None, feeds)[0]")
    return elementwise_values.onnx_targets("onnxruntime_openvino", run, repro=repro)


VALUE_TARGETS = _value_targets()


def _slice_repro(kw, case):
    """The onnxruntime Slice-13 repro with the session made on the OpenVINO EP."""
    from conformance.adapters.dynamic_slice import _onnx_slice_repro
    from conformance.adapters.ort_session import CPU_SESSION_LINE

    imports, lines, call = _onnx_slice_repro(kw, case)
    at = lines.index(CPU_SESSION_LINE)
    return [*IMPORTS, *(i for i in imports if i != "import onnxruntime")], lines[:at] + list(SESSION_LINES) + lines[at + 1:], call


def _slice():
    from conformance.adapters.dynamic_slice import ONNX_REGION, SLICE, run_slice

    @target(SLICE, "onnxruntime_openvino:Slice-13", backend="onnxruntime_openvino",
            region={**ONNX_REGION, "min_rank": 1}, repro=_slice_repro)
    def onnx_slice(operand, start_indices=(), *, slice_sizes, **_):
        return run_slice(_run, operand, start_indices, slice_sizes)
    return onnx_slice


SLICE_TARGETS = (_slice(),)

# What the ONNX operator pages say (negative indices count back; out-of-range ones are errors) holds
# for any ONNX runtime: onnxruntime's declarations of it apply here too. Its MEASURED ones do not.
inherit_deviations([fn.__conformance_target__ for made in (GATHER_TARGETS, SCATTER_TARGETS, ND_TARGETS)
                    for fn in made.values()], "onnxruntime", lambda dev: not dev.reason.startswith("MEASURED"),
                   "As the ONNX operator documents it: ")


def clamped_fmod(case):
    """Declaration model (onnxruntime_openvino.toml): the openvino backend's ``Mod(fmod=1)`` formula in
    float32 (``adapters/openvino.py``), a float64 result's infinities written back as float32's largest
    finite value (-FLT_MAX fmod 1.6653345e-16 overflows to inf and comes back as 3.4028234663852886e+38)."""
    from conformance.adapters.openvino import _fmod

    result = _fmod(case, flush=True)
    if result.dtype == np.float64:
        top = float(np.finfo(np.float32).max)
        result = np.where(np.isinf(result), np.copysign(top, result), result)
    return result


_BF16_MAX = 3.3895313892515355e+38  # bfloat16's largest finite value (0x7F7F), a float32 exactly


def _bf16_clamped_constants(case):
    """``case`` as the EP hands its constants to OpenVINO (measured, onnxruntime_openvino.toml): float64
    arrays held in float32 with out-of-range values clamped to its finite range (the plugin's precision),
    then in every constant (``constants``) of two or more elements, each finite value beyond bfloat16's
    largest (+-3.3895314e38) set to that bound, its sign kept (float32 FLT_MAX reads as 3.3895314e38,
    a float64 inf as FLT_MAX and then 3.3895314e38; a float32 inf stays inf; a one-element constant is
    left as it is)."""
    from dataclasses import replace

    from conformance.adapters.openvino import _in_float32

    constants = set(case.attrs.get("constants", ()))
    held = _in_float32(case)

    def clamp(name, a):
        if name not in constants or a.dtype.kind != "f" or a.size < 2:
            return a
        with np.errstate(invalid="ignore"):
            beyond = np.isfinite(a) & (np.abs(a) > _BF16_MAX)
        return np.where(beyond, np.copysign(a.dtype.type(_BF16_MAX), a), a).astype(a.dtype)

    return replace(held, arrays={k: clamp(k, v) for k, v in held.arrays.items()})


def _written_back(case, result):
    """A float32 result in the case's float type; a float64 one's infinities as +-FLT_MAX (measured:
    float64 3e38 + 3e38 gives 3.4028234663852886e+38, as every float64 result the plugin writes back)."""
    result = np.asarray(result)
    dtype = case.arrays[next(k for k in ("lhs", "on_true", "operand") if k in case.arrays)].dtype
    if result.dtype.kind != "f" or dtype.kind != "f":
        return result
    result = result.astype(dtype)
    if dtype == np.float64:
        top = float(np.finfo(np.float32).max)
        result = np.where(np.isinf(result), np.copysign(top, result), result)
    return result


def clamped_constant_runtime(case):
    """Declaration model (onnxruntime_openvino.toml): the openvino backend's model of a constant operand
    (``constant_runtime``: subnormal constants flushed, the CPU kernels' quirks) on the constants as the EP
    hands them over (``_bf16_clamped_constants``)."""
    from conformance.adapters.openvino import constant_runtime

    return _written_back(case, constant_runtime(_bf16_clamped_constants(case)))


def clamped_constant_float32(case):
    """Declaration model (onnxruntime_openvino.toml): the spec's result in float32 on the constants as the
    EP hands them over (``_bf16_clamped_constants``), written back (``_written_back``): float64 with a
    constant operand (the plugin computes it in float32; a float64 divisor constant is not turned into a
    flushed reciprocal: 1 / 1e38 gives 1.0000000751754868e-38)."""
    from conformance.judging.verdict_values import expected

    return _written_back(case, expected(_bf16_clamped_constants(case)).value)
