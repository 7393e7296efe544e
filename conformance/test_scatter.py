"""Conformance of every selected target to ``stablehlo.scatter``."""
from conformance.runner import run_property

OP = "stablehlo.scatter"


def test_valid(conformance_target):
    """Valid cases in the target's region: some schedule's result, or a declared deviation."""
    run_property(conformance_target, "valid")


def test_invalid(conformance_target):
    """Cases breaking one constraint each: the target rejects them, or declares that it does not."""
    run_property(conformance_target, "invalid")


def test_deterministic(conformance_target):
    """Tens of thousands of updates into a few elements, each case run three times: equal results
    (else ``nondeterministic``), each one some schedule's result."""
    run_property(conformance_target, "duplicates")
