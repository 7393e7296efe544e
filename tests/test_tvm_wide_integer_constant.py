"""TVM 0.27 gives any value where a 32- or 64-bit integer Add or Sub with a rank-0 constant overflows (its LLVM code
marks them no-wrap, and LLVM folds the poison with the immediate), and x - MIN is computed as x + MIN: fresh draws
found uint32 1443541485 + 4294967295 (rhs constant) giving 4294967295 (2026-12-07, tvm gate run 1 at 8e120d8). The
declaration covers that value on another dtype, side and shape of the same mechanism, and the subtraction of the
minimum; a wrong element that does not overflow, a rank-1 constant, a 16-bit type and Mul (all measured right) are
not covered.

Judging only (``Target.declared``): measured with apache-tvm 0.27.0.post1 on 2026-12-07
(docs/findings/tvm_subtract_min_constant_wrong_value.py)."""
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


U32, U64, I32 = np.uint32, np.uint64, np.int32
MAX32 = U32(2 ** 32 - 1)
# (target, case, the value TVM gave)
COVERED = {
    "seen": ("tvm:Add-18", _pair("add", np.array(1443541485, U32), np.array(MAX32), ("rhs",)), np.array(MAX32)),
    "uint64-lhs-constant-tensor": ("tvm:Add-18", _pair("add", np.array(2 ** 64 - 1, U64), np.array([0, 1, 2], U64), ("lhs",)),
                                   np.array([2 ** 64 - 1] * 3, U64)),  # 0 is exact; 1 and 2 overflow
    "int32-subtract-minimum": ("tvm:Sub-18", _pair("subtract", np.array([-1, 5], I32), np.array(-2 ** 31, I32), ("rhs",)),
                               np.array([-1, 5 - 2 ** 31], I32)),  # -1 - MIN fits, yet x + MIN overflows
}
NOT_COVERED = {
    "a-wrong-element-that-does-not-overflow": (
        "tvm:Add-18", _pair("add", np.array([0, 1], U32), np.array(MAX32), ("rhs",)), np.array([7, 0], U32)),  # 0 + MAX is exact
    "rank1-constant": ("tvm:Add-18", _pair("add", np.array([1], U32), np.array([MAX32]), ("rhs",)), np.array([MAX32])),
    "int16": ("tvm:Add-18", _pair("add", np.array(1, np.int16), np.array(2 ** 15 - 1, np.int16), ("rhs",)),
              np.array(2 ** 15 - 1, np.int16)),
    "both-inputs": ("tvm:Add-18", _pair("add", np.array(1, U32), np.array(MAX32), ()), np.array(MAX32)),
    "multiply": ("tvm:Mul-18", _pair("multiply", np.array(2 ** 31, U32), np.array(2, U32), ("rhs",)), np.array(MAX32)),
}


@pytest.mark.parametrize("name", list(COVERED))
def test_an_overflowing_element_of_a_rank0_constant_add_or_subtract_is_covered(name):
    target, case, got = COVERED[name]
    assert _targets()[target].declared(("wrong-value",), case, got) is not None


@pytest.mark.parametrize("name", list(NOT_COVERED))
def test_a_wrong_value_the_mechanism_does_not_give_is_not_covered(name):
    target, case, got = NOT_COVERED[name]
    assert _targets()[target].declared(("wrong-value",), case, got) is None
