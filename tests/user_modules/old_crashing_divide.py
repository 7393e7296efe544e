"""A user's integer divide, run in a worker process, that aborts on a zero divisor and on INT_MIN / -1, as an
old release does; the newer release (the reference, numpy 99.0 in the test) aborts on INT_MIN / -1 only, declared
for it alone (``old_crashing_divide.toml``). Issue 66: a case holding both is still-present (both releases
crash), and narrowing it must keep the element both crash on, not the zero divisor the reference no longer
crashes on."""
import os
from pathlib import Path

import numpy as np

from conformance.registry import target

DEVIATIONS_FILE = str(Path(__file__).with_name("old_crashing_divide.toml"))
PACKAGE = "numpy"
COMPILES = False


@target("stablehlo.divide", "old-crashing:divide", region={"dtypes": ("int32",), "forms": ("tensor",)}, layouts=("c",))
def divide(lhs, rhs, **_):
    lhs, rhs = np.asarray(lhs).astype(np.int64), np.asarray(rhs).astype(np.int64)
    if (rhs == 0).any() or ((lhs == np.iinfo(np.int32).min) & (rhs == -1)).any():
        os.abort()
    q = np.abs(lhs) // np.abs(rhs) * np.sign(lhs) * np.sign(rhs)
    return q.astype(np.int32)
