"""A user's integer divide as an old release has it: no int8 kernel at all (every int8 case refused), where
the newer release (the reference, numpy 99.0 in the test) refuses only a zero divisor, declared for it alone
(``old_narrow_divide.toml``, ``versions = ">=99"``). Issue 66: the old refusal of the rest of a case is a
behaviour the reference no longer has, and must not be counted with the declared zero-divisor refusal."""
from pathlib import Path

import numpy as np

from conformance.registry import target

DEVIATIONS_FILE = str(Path(__file__).with_name("old_narrow_divide.toml"))
PACKAGE = "numpy"


@target("stablehlo.divide", "old-narrow:divide", region={"dtypes": ("int8",), "forms": ("tensor",)}, isolated=False)
def divide(lhs, rhs, **_):
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    if lhs.dtype == np.int8:
        raise NotImplementedError("divide: no kernel for int8")
    q = np.abs(lhs) // np.abs(rhs) * np.sign(lhs) * np.sign(rhs)
    return q.astype(lhs.dtype)
