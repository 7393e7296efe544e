"""The backend that gives the operand back for an over-wide shift; with ``OPEN_VALUE_FIX=1`` (its next
release) 0, like the others (see ``open_value_targets``)."""
import os

import numpy as np

from conformance.running.registry import target
from tests.open_value_targets import REGION, shift


@target("stablehlo.shift_left", "unchanged:shift", region=REGION)
def unchanged(lhs, rhs, **_):
    return shift(lhs, rhs, np.zeros_like if os.environ.get("OPEN_VALUE_FIX") else (lambda x: x))
