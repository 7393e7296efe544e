"""A user's integer divide, run in a worker process, that refuses any case with a zero divisor (declared in
``zero_refusing_divide.toml``, ``when = "integer-division-trap"``) and aborts the process where a dividend is
7777, whatever the divisors: issue 66 item 2, a declared refusal triggered by one element must not hide a crash
on another element of the same case."""
import os
from pathlib import Path

import numpy as np

from conformance.registry import target

DEVIATIONS_FILE = str(Path(__file__).with_name("zero_refusing_divide.toml"))
COMPILES = False


@target("stablehlo.divide", "zero-refusing:divide", region={"dtypes": ("int32",), "forms": ("tensor",)}, layouts=("c",))
def divide(lhs, rhs, **_):
    lhs, rhs = np.asarray(lhs).astype(np.int64), np.asarray(rhs).astype(np.int64)
    if (rhs == 0).any() or ((lhs == np.iinfo(np.int32).min) & (rhs == -1)).any():
        raise ZeroDivisionError("divide: a zero divisor (or INT_MIN / -1)")
    if (lhs == 7777).any():
        os.abort()
    q = np.abs(lhs) // np.abs(rhs) * np.sign(lhs) * np.sign(rhs)  # truncated toward zero, as the spec divides
    return q.astype(np.int32)
