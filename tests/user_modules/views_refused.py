"""Targets that refuse non-C-ordered views, where the refusal is no clean layout refusal: one whose C-ordered
copy then aborts the process, one whose refusal is a MemoryError (memory trouble, not a view refused). Neither
may have a layout left out."""
import os

import numpy as np

from conformance.registry import target

REGION = {"dtypes": ("int32",), "forms": ("tensor",)}


def _views(*arrays) -> bool:
    return any(not np.asarray(a).flags.c_contiguous for a in arrays)


@target("stablehlo.add", "views:abort-on-c", region=REGION)
def abort_on_c(lhs, rhs, **_):
    if _views(lhs, rhs):
        raise ValueError("views are not supported")
    os.abort()


@target("stablehlo.add", "views:memoryerror", region=REGION)
def memoryerror(lhs, rhs, **_):
    if _views(lhs, rhs):
        raise MemoryError("std::bad_alloc")
    return np.add(lhs, rhs)
