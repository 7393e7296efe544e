"""Conformance of every selected target to ONNX ``GatherND`` (at the opset each target states)."""
from conformance.runner import run_property

OP = "onnx.GatherND"


def test_valid(conformance_target):
    """Valid cases at the target's opset: the document's output, or a declared deviation."""
    run_property(conformance_target, "valid")


def test_invalid(conformance_target):
    """Cases breaking one rule of the opset's schema each (out-of-range indices included): rejected."""
    run_property(conformance_target, "invalid")
