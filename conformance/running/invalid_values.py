"""Invalid index values (issue 65, item 3): the edge phase's invalid cases that break a value rule, in every
profile.

ONNX GatherND and ScatterND make an index outside [-dim, dim-1] an error (GatherND's rule R5, ScatterND's R4);
their drawn invalid cases break it with one value at a time. Here a target that takes invalid cases gets, from
cases its own region drew, one case per value of ``edge_values``: the dim itself and one past it, one past
-dim, and the int64 values that land in range once narrowed to 32 bits (2**32 + 1 reads as 1, 2**32 - 1 as
-1) or that overflow an offset computation (2**62 + 1, the int64 extremes). Each sits in the last index vector
(a vector loop's tail), in the first component, and breaks that rule alone (``check`` holds each to it). A
target that wraps, clamps or narrows them instead of refusing is ``accepts-invalid``.

(The other value rule in the suite's specs, a static clash beside a dynamic dim in a broadcast, is an edge
scenario of its own: ``clash-beside-dynamic`` in ``conformance.strategies.broadcastable``.)
"""
from __future__ import annotations

import numpy as np

from conformance.core.case import Case

RULE = {"onnx.GatherND": "R5", "onnx.ScatterND": "R4"}  # the rule an out-of-range index value breaks
BASES = 2  # region draws the values are placed in (each value once per base)


def edge_values(dim: int) -> list[int]:
    """The out-of-range int64 values tried on an indexed dim of ``dim``."""
    i64 = np.iinfo(np.int64)
    values = [dim, dim + 1, -dim - 1, -dim - 2, 2**31 - 1, 2**31, -2**31 - 1, 2**32, 2**32 + 1, 2**32 - 1,
              2**62 + 1, int(i64.max), int(i64.min), int(i64.min) + 1]
    return [v for v in dict.fromkeys(values) if not -dim <= v < dim]


def with_value(case: Case, value: int) -> Case | None:
    """``case`` with the first component of its last index vector set to ``value`` (None: no vector)."""
    idx = case.arrays["indices"]
    if idx.size == 0 or idx.shape[-1] == 0:
        return None
    bad = idx.astype(np.int64, copy=True)
    bad.reshape(-1, bad.shape[-1])[-1, 0] = value
    return Case(case.op, {**case.arrays, "indices": bad}, dict(case.attrs),
                meta={"breaks": RULE[case.op], "value": value})


def invalid_value_cases(target) -> list:
    """``target``'s invalid-value cases (a GatherND or ScatterND target that takes invalid cases; else empty)."""
    if target.op not in RULE or not target.invalid:
        return []
    from conformance.running.constructed import built_once

    return built_once(_BUILT, target, _construct)


_BUILT: dict = {}


def _construct(target) -> list[Case]:
    from conformance.core.opspec import op_spec
    from conformance.running.constructed import region_bases

    check = op_spec(target.op).part("check")
    out = []
    bases = [c for c in region_bases(target) if c.arrays["indices"].size and c.arrays["indices"].shape[-1]]
    for base in bases[:BASES]:
        b = base.attrs.get("batch_dims") or 0
        for v in edge_values(base.arrays["data"].shape[b]):
            made = with_value(base, v)
            if made is not None and [x.label for x in check(made)] == [RULE[target.op]]:
                out.append(made)
    return out
