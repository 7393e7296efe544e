"""A user backend whose module names its distribution (``PACKAGE``): its release is read from the install
and goes into the pytest header, seeds, the report and repro scripts; its ``versions =`` declarations are
read against it. (ml_dtypes stands in for the framework: a distribution every install of the suite has.)"""
from pathlib import Path

import numpy as np

from conformance.registry import target

PACKAGE = "ml_dtypes"
DEVIATIONS_FILE = str(Path(__file__).with_suffix(".toml"))


@target("stablehlo.subtract", "packaged:subtract", region={"dtypes": ("int32",), "forms": ("tensor",)}, isolated=False,
        layouts=("c",))
def subtract(lhs, rhs, **_):
    return np.subtract(rhs, lhs)  # operands the wrong way round: a wrong value on almost every case


@target("stablehlo.multiply", "packaged:multiply", region={"dtypes": ("int32",), "forms": ("tensor",)}, isolated=False,
        layouts=("c",))
def multiply(lhs, rhs, **_):
    return np.multiply(lhs, rhs) + 1  # declared below for every release: excused
