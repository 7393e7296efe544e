"""Targets of ``stablehlo.shift_left`` on uint8 that agree wherever the spec decides and differ where
it leaves the value open (a shift by 8 or more): two backends give 0, the third gives the operand back
(the older-onnxruntime reading of an over-wide shift), for the report's open-value table. One target
per module (``open_value_targets``, ``_b``, ``_c``): three backends."""
import numpy as np

from conformance.running.registry import target

REGION = {"dtypes": ("uint8",), "forms": ("tensor",)}


def shift(lhs, rhs, wide):
    x, s = np.asarray(lhs, np.uint8), np.broadcast_to(np.asarray(rhs, np.uint8), np.shape(lhs))
    inside = np.left_shift(x, np.where(s < 8, s, 0).astype(np.uint8))
    return np.where(s < 8, inside, wide(x)).astype(np.uint8)


@target("stablehlo.shift_left", "zeros_a:shift", region=REGION)
def zeros_a(lhs, rhs, **_):
    return shift(lhs, rhs, np.zeros_like)
