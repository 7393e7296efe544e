"""Conformance of every selected target to ``stablehlo.scatter``."""
from conformance.runner import run_property

OP = "stablehlo.scatter"


def test_valid(conformance_target):
    """Valid cases in the target's region: the result is the spec's, or a declared deviation."""
    run_property(conformance_target, "valid")


def test_invalid(conformance_target):
    """Cases breaking one constraint each: the target rejects them, or declares that it does not."""
    run_property(conformance_target, "invalid")
