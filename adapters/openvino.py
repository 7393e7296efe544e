"""Backend ``openvino``: the same one-node ONNX models the onnxruntime backend builds (Gather,
GatherElements, GatherND, ScatterElements, ScatterND at each opset), read and compiled by OpenVINO
for CPU: a second, independent ONNX runtime.

OpenVINO's CPU plugin refuses a node whose output rank is unknown, so each model is reshaped to the
case's static input shapes before it is compiled (about 0.1 s a compile here; `adapters/openvino_compile.py`);
compiled models are cached per (model, input shapes). Complex and bfloat16 numpy inputs are outside the region, as for
onnxruntime.
"""
from __future__ import annotations

from dataclasses import replace

from conformance.adapters import onnx_nd, onnx_scatter
from conformance.adapters.onnx_gather import ALL_ELEMENTS, make_targets
from conformance.registry import inherit_deviations

REQUIRES = ("openvino", "onnx")


def _run(model, feeds):
    from conformance.adapters import openvino_compile

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

    lhs, rhs = _float32_operands(case) if case.arrays["lhs"].dtype == np.float64 else \
        (case.arrays["lhs"], case.arrays["rhs"])
    with np.errstate(invalid="ignore"):
        pick = lhs > rhs if case.op.endswith("maximum") else lhs < rhs
    return np.where(pick, lhs, rhs).astype(case.arrays["lhs"].dtype)


def _float32_operands(case):
    """lhs and rhs as the plugin reads floats: float32, float64 clamped to float32's finite range first."""
    import numpy as np

    top = float(np.finfo(np.float32).max)
    return tuple((np.clip(a.astype(np.float64), -top, top) if a.dtype == np.float64 else a.astype(np.float64))
                 .astype(np.float32) for a in (case.arrays["lhs"], case.arrays["rhs"]))


def _reciprocal(y):
    """``1 / y`` with a subnormal ``y`` read as a zero of its sign."""
    import numpy as np

    y = np.where(np.abs(y) < np.finfo(np.float32).tiny, np.copysign(np.float32(0), y), y)
    with np.errstate(all="ignore"):
        return np.float32(1) / y


def reciprocal_divide(case):
    """Declaration model (openvino.toml): ``Div`` on floats as ``lhs * (1 / rhs)`` in float32, with a
    subnormal divisor read as a zero of its sign (``0 / 1e-45`` gives ``0 * inf``, NaN); float64 read in
    float32 with out-of-range values clamped, as the plugin computes it."""
    import numpy as np

    x, y = _float32_operands(case)
    with np.errstate(all="ignore"):
        return (x * _reciprocal(y)).astype(np.float32).astype(case.arrays["lhs"].dtype)


def flushed_fmod(case):
    """Declaration model (openvino.toml): ``Mod(fmod=1)`` on floats as ``x - trunc(x / y) * y`` in float32
    with a subnormal ``y`` read as a zero of its sign in the division: ``1 fmod 1e-45`` gives -inf,
    ``x fmod inf`` NaN, ``-0 fmod 1`` +0."""
    import numpy as np

    x, y = _float32_operands(case)
    flushed = np.where(np.abs(y) < np.finfo(np.float32).tiny, np.copysign(np.float32(0), y), y)
    with np.errstate(all="ignore"):
        return (x - np.trunc(x / flushed) * y).astype(np.float32).astype(case.arrays["lhs"].dtype)


def unsigned_read_signed(case):
    """Declaration model (openvino.toml): the spec's result with unsigned element values read as the
    signed type of their width (indices as they are), then stored back: max(0, 4294967295) on uint32
    is 0, as on int32 max(0, -1)."""
    import numpy as np

    from conformance.opspec import op_spec

    indices = op_spec(case.op).indices
    signed = {k: v.view(v.dtype.str.replace("u", "i")) if v.dtype.kind == "u" and k.split("[")[0] != indices else v
              for k, v in case.arrays.items()}
    out = op_spec(case.op).part("expected")(replace(case, arrays=signed))
    unsigned = next(v.dtype for k, v in case.arrays.items() if v.dtype.kind == "u" and k.split("[")[0] != indices)
    return np.asarray(out).view(unsigned)
