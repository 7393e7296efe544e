"""Conformance of every selected target to MLIR's ``Elementwise`` trait (rules 1-3: tensors in and
out, one shape, no broadcasting)."""
from conformance.runner import run_property

OP = "mlir.elementwise"


def test_valid(conformance_target):
    """Operand and result types of every kind: the verifier accepts exactly what rules 1-3 allow."""
    run_property(conformance_target, "valid")
