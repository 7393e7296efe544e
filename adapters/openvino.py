"""Backend ``openvino``: the same one-node ONNX models the onnxruntime backend builds (Gather,
GatherElements, GatherND, ScatterElements, ScatterND at each opset), read and compiled by OpenVINO
for CPU: a second, independent ONNX runtime.

OpenVINO's CPU plugin refuses a node whose output rank is unknown, so each model is reshaped to the
case's static input shapes before it is compiled (about 0.1 s a compile here; `adapters/openvino_compile.py`);
compiled models are cached per (model, input shapes). Complex and bfloat16 numpy inputs are outside the region, as for
onnxruntime.
"""
from __future__ import annotations

from adapters import onnx_nd, onnx_scatter
from adapters.onnx_gather import ALL_ELEMENTS, make_targets
from conformance.registry import inherit_deviations

REQUIRES = ("openvino", "onnx")


def _run(model, feeds):
    from adapters import openvino_compile

    return openvino_compile.run(model.SerializeToString(), feeds)


ELEMENTS = tuple(e for e in ALL_ELEMENTS if e not in ("complex64", "complex128", "bfloat16"))
GATHER_TARGETS = make_targets("openvino", _run, ELEMENTS)
SCATTER_TARGETS = onnx_scatter.make_targets("openvino", _run, ELEMENTS)
ND_TARGETS = onnx_nd.make_targets("openvino", _run, ELEMENTS)
# What the ONNX operator pages say (negative indices count back; out-of-range ones are errors) holds
# for any ONNX runtime: onnxruntime's declarations of it apply here too. Its MEASURED ones do not.
inherit_deviations([fn.__conformance_target__ for made in (GATHER_TARGETS, SCATTER_TARGETS, ND_TARGETS)
                    for fn in made.values()], "onnxruntime", lambda dev: not dev.reason.startswith("MEASURED"),
                   "As the ONNX operator documents it: ")
for _fn in GATHER_TARGETS.values():  # a declared crash there is a read outside the tensor: nothing to clean up
    _fn.__conformance_target__.restart_after_crash = False


def negated_compare(case):
    """Declaration model (openvino.toml): ``GreaterOrEqual`` as ``not Less`` and ``Greater`` as ``not
    LessOrEqual``, so a NaN on either side compares True; the other directions as the spec has them."""
    import numpy as np

    lhs, rhs = case.arrays["lhs"].astype(np.float64), case.arrays["rhs"].astype(np.float64)
    direction = case.attrs["comparison_direction"]
    with np.errstate(invalid="ignore"):
        spec = {"EQ": lhs == rhs, "NE": lhs != rhs, "LE": lhs <= rhs, "LT": lhs < rhs,
                "GE": ~(lhs < rhs), "GT": ~(lhs <= rhs)}
    return np.asarray(spec[direction])


def select_max_min(case):
    """Declaration model (openvino.toml): ``Max``/``Min`` as ``a > b ? a : b`` / ``a < b ? a : b`` (x86
    max/min instructions: a NaN or a zero in the first operand gives the second), float64 read in
    float32 with out-of-range values clamped to its largest finite value (as the plugin computes it)."""
    import numpy as np

    lhs, rhs = case.arrays["lhs"], case.arrays["rhs"]
    if lhs.dtype == np.float64:
        top = float(np.finfo(np.float32).max)
        lhs, rhs = (np.clip(a, -top, top).astype(np.float32).astype(np.float64) for a in (lhs, rhs))
    with np.errstate(invalid="ignore"):
        pick = lhs > rhs if case.op.endswith("maximum") else lhs < rhs
    return np.where(pick, lhs, rhs).astype(case.arrays["lhs"].dtype)
