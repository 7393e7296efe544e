"""The session options every onnxruntime target builds its sessions with: quiet logging, and the graph
optimisation level ``CONFORMANCE_ORT_OPT_LEVEL`` names (``disable_all``, ``basic``, ``extended``,
``all``; unset: onnxruntime's default, all). ``conformance triage SEED --stages`` runs a seed at each
level to find the first one whose result leaves the spec."""
from __future__ import annotations

import os

OPT_LEVEL = "CONFORMANCE_ORT_OPT_LEVEL"


def session_options():
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.log_severity_level = 3
    level = os.environ.get(OPT_LEVEL)
    if level:
        name = LEVELS[level]  # (a misspelt level is a KeyError here, never a session that runs as shipped)
        options.graph_optimization_level = getattr(onnxruntime.GraphOptimizationLevel, name)
    return options


LEVELS = {"disable_all": "ORT_DISABLE_ALL", "basic": "ORT_ENABLE_BASIC", "extended": "ORT_ENABLE_EXTENDED",
          "all": "ORT_ENABLE_ALL"}


def cpu_session(model: bytes):
    """A session of the CPU execution provider on ``model`` (the ``onnxruntime`` backend's)."""
    import onnxruntime

    return onnxruntime.InferenceSession(model, session_options(), providers=["CPUExecutionProvider"])


# the repro-script line that makes ``session`` the way ``cpu_session`` does (on ``model``)
CPU_SESSION_LINE = "session = onnxruntime.InferenceSession(model.SerializeToString(), providers=['CPUExecutionProvider'])"
