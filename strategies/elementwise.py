"""Hypothesis strategies for ``mlir.elementwise`` cases: a binary op's operand and result types,
scalars and tensors, with same, dynamic, size-1-broadcast, rank-broadcast, leading or trailing 1,
reshaped (as many elements) and clashing shapes."""
from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

from conformance.core.case import Case
from conformance.oracles.mlir.shapes import format_type


# shapes one step away from the others' (invalid but for ``dynamic``): what a verifier that broadcasts, pads ranks,
# drops size-1 dims or compares element counts accepts
NEAR_MISSES = ("one", "rank", "leading-one", "trailing-one", "reshaped", "clash", "dynamic")


@dataclass(frozen=True)
class ElementwiseRegion:
    scalars: bool = True  # scalar (non-tensor) operands/results
    unranked: bool = True
    max_rank: int = 3
    scenario: str | None = None  # the edge phase: this kind (NEAR_MISSES) in one slot, "same" in the others
    slot: int | None = None  # that slot: 0 and 1 the operands, 2 the result (default: drawn)


def _reshaped(shape: list) -> list:
    """Another shape of as many elements: the dims reversed where they differ, else two merged, else split."""
    if len(set(shape)) > 1:
        return shape[::-1]
    if len(shape) >= 2:
        return [shape[0] * shape[1]] + shape[2:]
    if shape == [4]:
        return [2, 2]
    return shape + [1]  # (rank 0, or a prime size: a size-1 dim is the only other shape)


@st.composite
def elementwise_cases(draw, region: ElementwiseRegion) -> Case:
    rank = draw(st.integers(0, region.max_rank))
    base = tuple(draw(st.integers(2, 4)) for _ in range(rank))
    forced = draw(st.integers(0, 2)) if region.scenario and region.slot is None else region.slot

    def variant(slot: int):
        kinds = ["same", "same", *NEAR_MISSES] + (["scalar"] if region.scalars else []) + \
            (["unranked"] if region.unranked else [])
        if region.scenario:
            kind = region.scenario if slot == forced else "same"
        else:
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
        elif kind == "leading-one":
            shape = [1] + shape
        elif kind == "trailing-one":
            shape = shape + [1]
        elif kind == "reshaped":
            shape = _reshaped(shape)
        elif kind == "clash" and shape:
            shape[draw(st.integers(0, len(shape) - 1))] = 5
        return format_type(tuple(shape), "f32")

    return Case("mlir.elementwise", {}, {"operands": [variant(0), variant(1)], "results": [variant(2)]})
