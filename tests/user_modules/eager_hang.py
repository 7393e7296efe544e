"""An eager framework (its module does not set ``COMPILES``) whose add hangs, computing, on its first two calls
where ``EAGER_HANG_BUDGET_DIR`` names a folder (the first call and its retry in a fresh worker: a ``timeout``),
on every call where it does not; then it answers as the spec does. A first call gets no compile grace: the hang
ends at the run limit."""
import os
from pathlib import Path

import numpy as np

from conformance.registry import target


def _hangs() -> bool:
    folder = os.environ.get("EAGER_HANG_BUDGET_DIR")
    if not folder:
        return True
    count = Path(folder) / "hangs"
    done = int(count.read_text()) if count.exists() else 0
    count.write_text(str(done + 1))
    return done < 2


@target("stablehlo.add", "eager-hang:add", region={"dtypes": ("int32",), "forms": ("tensor",)}, layouts=("c",))
def add(lhs, rhs, **_):
    if _hangs():
        while True:  # a hang that computes: its CPU time runs out
            pass
    return np.add(lhs, rhs)
