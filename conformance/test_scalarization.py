"""The Elementwise trait's rules 5-6 on every selected backend: each elementwise op on tensors equals
the same backend's scalar op applied at every element, for every dtype and its edge values."""
from conformance.runner import run_property

OP = "mlir.scalarization"


def test_valid(conformance_target):
    run_property(conformance_target, "valid")
