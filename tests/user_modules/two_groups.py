"""A user's maximum with two bugs in one property, switched by release (``TWO_GROUPS_RELEASE``, default 1; the
module's ``VERSION`` follows it): every release refuses int16 operands (met first, in the edge phase); release 1
also drops a NaN (``fmax``); release 2 drops no NaN but returns +0.0 for -0.0 (a bug release 1 did not have).
Issue 66: one failure must not hide the other, and a run against the other release tells them apart."""
import os

import numpy as np

from conformance.registry import target


def VERSION() -> str:
    return f"{int(os.environ.get('TWO_GROUPS_RELEASE', '1'))}.0.0"


@target("stablehlo.maximum", "groups:maximum", region={"dtypes": ("int16", "float32"), "forms": ("tensor",)},
        isolated=False)
def maximum(lhs, rhs, **_):
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    if lhs.dtype == np.int16:
        raise TypeError("maximum: int16 is not supported")
    if int(os.environ.get("TWO_GROUPS_RELEASE", "1")) >= 2:
        out = np.maximum(lhs, rhs)
        return np.where(out == 0, np.zeros((), out.dtype), out)  # -0.0 becomes +0.0
    return np.fmax(lhs, rhs)
