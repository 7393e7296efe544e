"""The properties of every registered spec op, on every selected target (see ``conformance.core.opspec``):
each test is parametrized by the plugin with the targets whose op has that property."""
import pytest

from conformance.running import engine as runner


def _property(target, kind: str) -> None:
    """The property, unless an earlier property of the target already met its adapter error (it was
    reported there, once: no further verdict about the backend can come from the broken target)."""
    from conformance.core.outcome import TargetCannotRun

    if target.name in runner.BROKEN:
        pytest.skip(f"{target.name}: adapter error, reported by its first property: {runner.BROKEN[target.name]}")
    try:
        runner.run_property(target, kind, sink=runner.Gather())  # every undeclared group of the property, not the first
    except TargetCannotRun as e:  # the machine, not the backend's answer: one line, no seed
        pytest.skip(str(e))


@pytest.mark.conformance_property("valid")
def test_valid(conformance_target):
    """Valid cases in the target's region: the spec's result (any schedule's where updates collide),
    or a declared deviation."""
    _property(conformance_target, "valid")


@pytest.mark.conformance_property("invalid")
def test_invalid(conformance_target):
    """Cases breaking one constraint each: the target rejects them, or declares that it does not."""
    _property(conformance_target, "invalid")


@pytest.mark.conformance_property("duplicates")
def test_deterministic(conformance_target):
    """Tens of thousands of updates into a few elements, each case run three times: equal results
    (else ``nondeterministic``), each one some schedule's result."""
    _property(conformance_target, "duplicates")


@pytest.mark.conformance_property("stateful")
def test_stateful(conformance_target):
    """Each case run right after another case of its signature (zeros of the other sign, values
    reversed): the same verdict as run first (else ``history-dependent``, with the calls it needs)."""
    _property(conformance_target, "stateful")
