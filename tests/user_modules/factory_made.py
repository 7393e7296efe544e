"""A user module as a framework engineer writes one: targets made by a factory (closures), one more as a
``functools.partial``, a suite helper used inside the target (the oracle, here), and ``VERSION`` for a
build with no distribution. Its bug (the last element of a sum off by one) is switched off with
``FACTORY_BUG=0``. The repro tests copy nothing of it: its script must carry it."""
import functools
import os

import numpy as np

from conformance.oracles.stablehlo.elementwise import evaluate as spec_result
from conformance.registry import target

VERSION = "7.1.3+factory"
REGION = {"dtypes": ("int32",), "forms": ("tensor",)}


def _off_by_one(out):
    if os.environ.get("FACTORY_BUG", "1") == "1" and out.size:
        out = np.array(out)
        out.flat[-1] += 1
    return out


def make(mode):
    @target("stablehlo.add", f"factory:add[{mode}]", region=REGION, isolated=False, layouts=("c",))
    def add(lhs, rhs, **_):
        if mode == "oracle":  # a suite helper inside the target: the script replays what it gave
            return _off_by_one(spec_result("add", {"lhs": lhs, "rhs": rhs}).value)
        return _off_by_one(np.add(lhs, rhs))
    return add


TARGETS = {mode: make(mode) for mode in ("numpy", "oracle")}


def _multiply(lhs, rhs, scale, **_):
    return _off_by_one(np.multiply(lhs, rhs) * scale)


PARTIALS = [target("stablehlo.multiply", "factory:multiply", region=REGION, isolated=False, layouts=("c",))(
    functools.partial(_multiply, scale=1))]
