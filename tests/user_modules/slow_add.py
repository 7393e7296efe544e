"""A user backend whose add is right but slow (a second a call), and whose subtract is wrong: a
run of it lasts long enough to watch, and to interrupt."""
import time

import numpy as np

from conformance.registry import target

COMPILES = False


@target("stablehlo.subtract", "slow:subtract", region={"dtypes": ("int32",), "forms": ("tensor",)}, isolated=False,
        layouts=("c",))
def subtract(lhs, rhs, **_):
    return np.subtract(rhs, lhs)


@target("stablehlo.add", "slow:add", region={"dtypes": ("int32",), "forms": ("tensor",)}, isolated=False, layouts=("c",))
def add(lhs, rhs, **_):
    time.sleep(1.0)
    return np.add(lhs, rhs)
