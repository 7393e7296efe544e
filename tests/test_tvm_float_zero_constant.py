"""TVM 0.27 folds a float Add, Sub, Mul or Div with a rank-0 constant zero by integer identities (TryConstFold):
fresh draws found float16 0.0 (constant) * -0.0 giving 0.0 (2026-12-07, tvm gate run 1 at 8e120d8). The declaration
covers the values its model predicts on other dtypes, sides and ops, and the refused x / 0.0; a value the identity
does not give, a rank-1 constant, 0 - x (computed) and a constant 1 are not covered.

Judging only (``Target.declared``): measured with apache-tvm 0.27.0.post1 on 2026-12-07
(docs/findings/tvm_float_zero_constant_folded.py)."""
import numpy as np
import pytest

from conformance.core.case import Case
from conformance.running.registry import load_backend, missing_requirements


def _targets():
    if missing_requirements("tvm"):
        pytest.skip("tvm not installed")
    return {t.name: t for t in load_backend("tvm")}


def _pair(op, lhs, rhs, constants):
    return Case(f"stablehlo.{op}", {"lhs": lhs, "rhs": rhs}, {"constants": constants, "rhs_as_scalar": False})


F16, F32, F64 = np.float16, np.float32, np.float64
NAN, INF = float("nan"), float("inf")
# (target, class, case, the value TVM gave)
COVERED = {
    "seen": ("tvm:Mul-18", "wrong-value", _pair("multiply", np.array(0.0, F16), np.array(-0.0, F16), ("lhs",)),
             np.array(0.0, F16)),
    "multiply-nan-by-negative-zero-rhs": ("tvm:Mul-18", "wrong-value",
                                          _pair("multiply", np.array(NAN, F64), np.array(-0.0, F64), ("rhs",)),
                                          np.array(-0.0, F64)),
    "add-negative-zero": ("tvm:Add-18", "wrong-value", _pair("add", np.array(-0.0, F32), np.array(0.0, F32), ("rhs",)),
                          np.array(-0.0, F32)),
    "subtract-negative-zero": ("tvm:Sub-18", "wrong-value",
                               _pair("subtract", np.array(-0.0, F32), np.array(-0.0, F32), ("rhs",)), np.array(-0.0, F32)),
    "zero-over-zero": ("tvm:Div-18", "wrong-value", _pair("divide", np.array(0.0, F32), np.array(-0.0, F32), ("lhs",)),
                       np.array(0.0, F32)),
    "divide-by-zero-refused": ("tvm:Div-18", "rejects-valid",
                               _pair("divide", np.array(1.0, F16), np.array(-0.0, F16), ("rhs",)), None),
}
NOT_COVERED = {
    "a-value-the-identity-does-not-give": ("tvm:Mul-18", "wrong-value",
                                           _pair("multiply", np.array(INF, F32), np.array(0.0, F32), ("rhs",)),
                                           np.array(1.0, F32)),
    "rank1-constant": ("tvm:Mul-18", "wrong-value", _pair("multiply", np.array([INF], F32), np.array([0.0], F32), ("rhs",)),
                       np.array([0.0], F32)),
    "zero-minus-x": ("tvm:Sub-18", "wrong-value", _pair("subtract", np.array(0.0, F32), np.array(0.0, F32), ("lhs",)),
                     np.array(-0.0, F32)),  # 0 - 0 is computed: +0
    "constant-one": ("tvm:Mul-18", "wrong-value", _pair("multiply", np.array(NAN, F32), np.array(1.0, F32), ("rhs",)),
                     np.array(1.0, F32)),
    "zero-over-x-refused": ("tvm:Div-18", "rejects-valid",
                            _pair("divide", np.array(0.0, F32), np.array(2.0, F32), ("lhs",)), None),
}


def _declared(entry):
    target, cls, case, got = entry
    return _targets()[target].declared((cls,), case, got)


@pytest.mark.parametrize("name", list(COVERED))
def test_what_the_folder_gives_for_a_rank0_float_zero_constant_is_covered(name):
    assert _declared(COVERED[name]) is not None


@pytest.mark.parametrize("name", list(NOT_COVERED))
def test_what_the_folder_does_not_give_is_not_covered(name):
    assert _declared(NOT_COVERED[name]) is None
