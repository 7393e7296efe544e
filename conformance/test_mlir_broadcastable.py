"""Conformance of every selected target to MLIR's ``Broadcastable`` trait (shape inference and
verification with static, dynamic and unranked shapes)."""
from conformance.runner import run_property

OP = "mlir.broadcastable"


def test_valid(conformance_target):
    """Operand and result types of every kind: the verifier's answer (or the inferred shape) is the
    document's; where the document contradicts itself, the verdict says which reading the target follows."""
    run_property(conformance_target, "valid")
