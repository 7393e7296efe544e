"""Hypothesis strategies for ``mlir.elementwise`` cases: a binary op's operand and result types,
scalars and tensors, with same, dynamic, size-1-broadcast, rank-broadcast and clashing shapes."""
from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

from conformance.core.case import Case
from conformance.oracles.mlir.shapes import format_type


@dataclass(frozen=True)
class ElementwiseRegion:
    scalars: bool = True  # scalar (non-tensor) operands/results
    unranked: bool = True
    max_rank: int = 3


@st.composite
def elementwise_cases(draw, region: ElementwiseRegion) -> Case:
    rank = draw(st.integers(0, region.max_rank))
    base = tuple(draw(st.integers(2, 4)) for _ in range(rank))

    def variant():
        kinds = ["same", "same", "dynamic", "one", "rank", "clash"] + (["scalar"] if region.scalars else []) + \
            (["unranked"] if region.unranked else [])
        kind = draw(st.sampled_from(kinds))
        if kind == "scalar":
            return "f32"
        if kind == "unranked":
            return format_type(None, "f32")
        shape = list(base)
        if kind == "dynamic" and shape:
            shape[draw(st.integers(0, len(shape) - 1))] = None
        elif kind == "one" and shape:
            shape[draw(st.integers(0, len(shape) - 1))] = 1
        elif kind == "rank":
            shape = [draw(st.integers(2, 4))] + shape
        elif kind == "clash" and shape:
            shape[draw(st.integers(0, len(shape) - 1))] = 5
        return format_type(tuple(shape), "f32")

    return Case("mlir.elementwise", {}, {"operands": [variant(), variant()], "results": [variant()]})
