"""numpy's elementwise ops as ``mlir.scalarization`` targets (part of backend ``numpy``)."""
from __future__ import annotations

import numpy as np

from conformance.adapters.elementwise_ops import make_targets


def _table() -> dict:
    return {"negate": np.negative, "abs": np.abs, "add": np.add, "subtract": np.subtract, "multiply": np.multiply,
            "divide": np.divide, "remainder": np.remainder, "maximum": np.maximum, "minimum": np.minimum,
            "and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor, "shift_left": np.left_shift,
            "shift_right": np.right_shift, "compare_lt": np.less, "compare_eq": np.equal, "select": np.where}


def _quiet(fn):
    def call(*args):
        with np.errstate(all="ignore"):
            return fn(*args)
    return call


def _source(op: str, arrays) -> tuple:
    return [], [f"f = np.{_table()[op].__name__}"], "{}"


SCALARIZATION_TARGETS = make_targets("numpy", "np", lambda: {k: _quiet(v) for k, v in _table().items()},
                                     lambda a: a, np.asarray, source=_source)
