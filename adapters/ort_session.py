"""The session options every onnxruntime target builds its sessions with: quiet logging, and the graph
optimisation level ``CONFORMANCE_ORT_OPT_LEVEL`` names (``disable_all``, ``basic``, ``extended``,
``all``; unset: onnxruntime's default, all). ``conformance triage SEED --stages`` runs a seed at each
level to find the first one whose result leaves the spec. A session made for a thread count (``Case.threads``)
runs its kernels on that many intra-op threads (``intra_op_num_threads``; 1: no thread pool, every kernel
serial); without one, onnxruntime's default (one thread per physical core)."""
from __future__ import annotations

import os

OPT_LEVEL = "CONFORMANCE_ORT_OPT_LEVEL"


def session_options(threads: int | None = None):
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.log_severity_level = 3
    if threads:
        options.intra_op_num_threads = int(threads)
    level = os.environ.get(OPT_LEVEL)
    if level:
        name = LEVELS[level]  # (a misspelt level is a KeyError here, never a session that runs as shipped)
        options.graph_optimization_level = getattr(onnxruntime.GraphOptimizationLevel, name)
    return options


LEVELS = {"disable_all": "ORT_DISABLE_ALL", "basic": "ORT_ENABLE_BASIC", "extended": "ORT_ENABLE_EXTENDED",
          "all": "ORT_ENABLE_ALL"}


def cpu_session(model: bytes, threads: int | None = None):
    """A session of the CPU execution provider on ``model`` (the ``onnxruntime`` backend's), on ``threads``
    intra-op threads (None: onnxruntime's default)."""
    import onnxruntime

    return onnxruntime.InferenceSession(model, session_options(threads), providers=["CPUExecutionProvider"])


# the repro-script line that makes ``session`` the way ``cpu_session`` does (on ``model``)
CPU_SESSION_LINE = "session = onnxruntime.InferenceSession(model.SerializeToString(), providers=['CPUExecutionProvider'])"


def threads_lines(threads: int) -> list[str]:
    """The repro-script lines that make ``session`` the way ``cpu_session(model, threads)`` does."""
    return ["options = onnxruntime.SessionOptions()",
            f"options.intra_op_num_threads = {int(threads)}  # the case's thread count (0 would be onnxruntime's default)",
            "session = onnxruntime.InferenceSession(model.SerializeToString(), options, providers=['CPUExecutionProvider'])"]


# The onnxruntime_openvino backend (adapters/onnxruntime_openvino.py): its EP, and the lines a repro script
# makes ``session`` with as that backend does (here, so that onnx_capture reads them without importing it).
EP = "OpenVINOExecutionProvider"
FALLBACK = "session.disable_cpu_ep_fallback"
# a repro script's lines pinning GatherND's index-vector length as that backend's ``_run`` does (on ``model``, ``FEEDS``)
PIN_LINES = (
    "if model.graph.node[0].op_type == 'GatherND' and FEEDS['indices'].ndim:  # (an unknown output rank: refused)",
    "    model.graph.input[1].type.tensor_type.shape.dim[-1].dim_value = FEEDS['indices'].shape[-1]",
)
# how a repro script makes ``session`` on ``model`` as its ``openvino_session`` does
IMPORTS = ("import onnxruntime", "import onnxruntime_ep_openvino")
SESSION_LINES = (
    "if not any(d.ep_name == 'OpenVINOExecutionProvider' for d in onnxruntime.get_ep_devices()):",
    "    onnxruntime.register_execution_provider_library('openvino', onnxruntime_ep_openvino.get_library_path())",
    "device = next(d for d in onnxruntime.get_ep_devices()",
    "              if d.ep_name == 'OpenVINOExecutionProvider' and d.ep_metadata.get('ov_device') == 'CPU')",
    "options = onnxruntime.SessionOptions()",
    f"options.add_session_config_entry({FALLBACK!r}, '1')  # every node on the OpenVINO EP, or no session",
    "options.add_provider_for_devices([device], {})",
    "session = onnxruntime.InferenceSession(model.SerializeToString(), options)",
    "assert session.get_providers()[0] == 'OpenVINOExecutionProvider', session.get_providers()",
)

