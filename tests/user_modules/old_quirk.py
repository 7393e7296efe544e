"""A user's maximum that returns +0.0 for every zero, declared as measured on numpy releases before 2
only (``versions = "<2"`` in old_quirk.toml): on the installed numpy the declaration is out of its range,
and ``conformance report --remeasure`` says it still holds here (issue 49)."""
from pathlib import Path

import numpy as np

from conformance.registry import target

DEVIATIONS_FILE = str(Path(__file__).with_name("old_quirk.toml"))
PACKAGE = "numpy"


@target("stablehlo.maximum", "old:maximum", region={"dtypes": ("float32",), "forms": ("tensor",)}, isolated=False)
def maximum(lhs, rhs, **_):
    out = np.maximum(np.asarray(lhs), np.asarray(rhs))
    return np.where(out == 0, np.float32(0.0), out).astype(out.dtype)
