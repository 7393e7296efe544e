"""A user backend that passes its load-time check but finds at run time that its device is gone: each
target raises ``BackendUnavailable`` (an environment line, never a divergence or a seed)."""
from conformance.outcome import BackendUnavailable
from conformance.registry import target


@target("stablehlo.add", "lostdev:add", isolated=False)
def add(lhs, rhs, **_):
    raise BackendUnavailable("device 0 went away (a test)")
