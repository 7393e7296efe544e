"""An add that hangs, computing, where an element of ``lhs`` is 77 (a loop that never ends on one value)."""
import numpy as np

from conformance.registry import target

COMPILES = False


@target("stablehlo.add", "hang-on-element:add", region={"dtypes": ("int32",), "forms": ("tensor",)}, layouts=("c",))
def add(lhs, rhs, **_):
    if (np.asarray(lhs) == 77).any():
        while True:
            pass
    return np.add(lhs, rhs)
