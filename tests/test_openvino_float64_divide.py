"""A float64 Div on the OpenVINO CPU plugin is x * (1 / y) in float32, written back with infinities as
+-FLT_MAX (model ``openvino:reciprocal_divide``): a divisor below float32's smallest normal (2**-126) that is
a normal float64 number has a float32 reciprocal that overflows, so a quotient the spec keeps finite comes
back as +-FLT_MAX. Fresh draws found it (2026-12-06, openvino gate run 2: a float64[16, 8, 3] case,
-0.0023191 / -3.25e-41 gave +FLT_MAX, the spec 7.1e37). Another rank and form of the same mechanism is
covered; a float32 result (which keeps its infinities) or another value is not.

The observed values were measured on openvino 2026.4.1 (an AMD EPYC CPU, 2026-12-06); the tests judge them
with ``Target.declared`` and run no backend.
"""
import numpy as np
import pytest

from conformance.core.case import Case
from conformance.running.registry import load_backend, missing_requirements

FLT_MAX = float(np.finfo(np.float32).max)
LHS = [-0.002319094954772596, 1e-4, 2.5]
RHS = [-3.2501996409613573e-41, 2.9e-39, 1.0]  # the first two: subnormal in float32, normal in float64


def _div(backend: str):
    if missing_requirements(backend):
        pytest.skip(f"{backend} not installed")
    return {t.name: t for t in load_backend(backend)}[f"{backend}:Div-18"]


def _case(shape, dtype=np.float64, constants=()):
    return Case("stablehlo.divide", {"lhs": np.array(LHS, dtype).reshape(shape),
                                     "rhs": np.array(RHS, dtype).reshape(shape)},
                {"rhs_as_scalar": False, "constants": list(constants)})


@pytest.mark.parametrize("backend", ["openvino", "onnxruntime_openvino"])
@pytest.mark.parametrize("shape, constants", [
    ((3, 1, 1), ()),  # rank 3, both operands inputs: the seen group's form
    ((1,) * 7 + (3,), ()),  # rank 8
    ((3,), ("lhs",)),  # the dividend a constant
])
def test_a_float64_reciprocal_that_overflows_comes_back_as_flt_max(backend, shape, constants):
    case = _case(shape, constants=constants)
    observed = np.array([FLT_MAX, FLT_MAX, 2.5]).reshape(shape)  # measured (openvino): every form above
    assert _div(backend).declared(("wrong-value",), case, observed) is not None


def test_a_float32_result_keeps_its_infinity():
    """float32 results keep inf (measured: [inf, inf, 2.5]); FLT_MAX there is nothing the plugin gives."""
    t = _div("openvino")
    case = _case((3,), np.float32)
    assert t.declared(("wrong-value",), case, np.array([np.inf, np.inf, 2.5], np.float32)) is not None
    assert t.declared(("wrong-value",), case, np.array([FLT_MAX, FLT_MAX, 2.5], np.float32)) is None


def test_another_value_is_not_covered():
    """A finite value that neither the spec (7.1e37) nor the model (+FLT_MAX) gives is not excused."""
    t = _div("openvino")
    case = _case((3,))
    assert t.declared(("wrong-value",), case, np.array([1e38, FLT_MAX, 2.5])) is None
    assert t.declared(("wrong-value",), case, np.array([-FLT_MAX, FLT_MAX, 2.5])) is None  # (the sign kept)
