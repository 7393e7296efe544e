"""A user's maximum with two bugs in one result: it loses a zero's sign (declared in its deviations
file, ``model = "zero-sign"``, as a quirk of every release) and, in releases before 3 (the environment
variable ``TWO_BUGS_RELEASE``, default 1), drops a NaN (undeclared). Issue 49: a seed of the NaN bug
holds the excused sign difference too; its replay, repro script and bisect decide on the NaN alone."""
import os
from pathlib import Path

import numpy as np

from conformance.registry import target

DEVIATIONS_FILE = str(Path(__file__).with_name("two_bugs.toml"))


@target("stablehlo.maximum", "two:maximum", region={"dtypes": ("float32",), "forms": ("tensor",)}, isolated=False)
def maximum(lhs, rhs, **_):
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    out = np.maximum(lhs, rhs) if int(os.environ.get("TWO_BUGS_RELEASE", "1")) >= 3 else np.fmax(lhs, rhs)
    return np.where(out == 0, np.float32(0.0), out).astype(lhs.dtype)
