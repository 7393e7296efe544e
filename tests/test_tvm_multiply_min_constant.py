"""TVM 0.27 refuses Mul of int32/int64 by a rank-0 initializer holding the type's minimum (tvm.compile's
tirx.RemoveNoOp builds a literal past the type's range): fresh draws found it (2026-12-07, tvm gate run 1: int32
rank-0 MIN * MIN, rhs constant). The declaration covers that refusal on another dtype, side and shape of the same
mechanism; the same minimum as a rank-1 constant or an input, an int16 minimum, another factor and another op,
which compile (measured), are not covered.

Judging only (``Target.declared``): measured with apache-tvm 0.27.0.post1 on 2026-12-07
(docs/findings/tvm_multiply_min_constant_refused.py)."""
import numpy as np
import pytest

from conformance.core.case import Case
from conformance.running.registry import load_backend, missing_requirements


def _targets():
    if missing_requirements("tvm"):
        pytest.skip("tvm not installed")
    return {t.name: t for t in load_backend("tvm")}


def _product(lhs, rhs, constants, op="stablehlo.multiply"):
    return Case(op, {"lhs": lhs, "rhs": rhs}, {"constants": constants, "rhs_as_scalar": False})


MIN32, MIN64 = np.int32(-2 ** 31), np.int64(-2 ** 63)
COVERED = {
    "seen": _product(np.array(MIN32), np.array(MIN32), ("rhs",)),
    "int64-lhs-constant-tensor-rhs": _product(np.array(MIN64), np.arange(6, dtype=np.int64).reshape(2, 3), ("lhs",)),
}
NOT_COVERED = {
    "rank1-constant": _product(np.array([3, 2], np.int32), np.array([MIN32]), ("rhs",)),
    "minimum-as-input": _product(np.array(MIN32), np.array(5, np.int32), ("rhs",)),
    "int16-minimum": _product(np.array([3, 2], np.int16), np.array(-2 ** 15, np.int16), ("rhs",)),
    "minimum-plus-one": _product(np.array([3, 2], np.int32), np.array(-2 ** 31 + 1, np.int32), ("rhs",)),
}


@pytest.mark.parametrize("name", list(COVERED))
def test_a_multiply_by_a_rank0_constant_minimum_refused_is_covered(name):
    assert _targets()["tvm:Mul-18"].declared(("rejects-valid",), COVERED[name]) is not None


@pytest.mark.parametrize("name", list(NOT_COVERED))
def test_a_refusal_of_a_multiply_that_compiles_is_not_covered(name):
    assert _targets()["tvm:Mul-18"].declared(("rejects-valid",), NOT_COVERED[name]) is None


def test_the_same_constant_in_another_op_is_not_covered():
    """Add by a rank-0 constant minimum compiles (measured): the declaration is Mul's."""
    case = _product(np.array([3, 2], np.int32), np.array(MIN32), ("rhs",), op="stablehlo.add")
    assert _targets()["tvm:Add-18"].declared(("rejects-valid",), case) is None
