"""A user backend whose availability check fails: this machine lacks what it needs (as the OpenVINO EP
on a non-Intel CPU). ``--backend`` of it is one line; no target is ever called."""
import numpy as np

from conformance.registry import target

CALLS: list = []


def unavailable() -> str:
    return "a FakeAccelerator 9000 (none found)"


@target("stablehlo.add", "needshw:add", isolated=False)
def add(lhs, rhs, **_):
    CALLS.append(1)
    return np.add(lhs, rhs)
