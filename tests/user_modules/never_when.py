"""A user's add whose deviations file scopes a declaration to ``negative-start``, a condition of index
ops: it could never apply to an add, so loading the module stops with one line (issue 45)."""
from pathlib import Path

import numpy as np

from conformance.registry import target

DEVIATIONS_FILE = str(Path(__file__).with_name("never_when.toml"))


@target("stablehlo.add", "never:add", region={"dtypes": ("float32",)}, isolated=False)
def add(lhs, rhs, **_):
    return np.asarray(np.add(lhs, rhs))
