"""Hypothesis strategies for ``mlir.broadcastable`` cases: operand types and a result type, as MLIR
type strings (``tensor<2x?xi32>``, ``tensor<*xi32>``), mixing static sizes > 1, 1, dynamic and
unranked operands of different ranks, and results that are compatible or not; an incompatible one
carries the rule it breaks under each reading in ``meta``."""
from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

from conformance.core.case import Case
from conformance.oracles import SpecViolation
from conformance.oracles.mlir.broadcastable import infer_result_shape, verdicts
from conformance.oracles.mlir.shapes import format_type
from conformance.strategies.boundary import draw_scenario


@dataclass(frozen=True)
class BroadcastRegion:
    min_operands: int = 1
    max_operands: int = 4
    max_rank: int = 4
    dynamic: bool = True  # '?' dims
    unranked: bool = True  # tensor<*x...>
    result: bool = True  # draw a result type (verifier targets); inference targets ignore it
    incompatible_share: float = 0.2
    scenario: str | None = None  # force one of SCENARIOS (the edge phase); None: drawn per case
    result_mode: str | None = None  # force one of RESULT_MODES (the edge phase; "relaxed": at least one static
    # inferred dim written `?`); None: drawn per case


# Swarm scenarios (one per case, each as often as ``ordinary``): a static 0 meeting 1 (valid: 0) or a
# static n > 1 (a clash) at one position; 1 meeting ``?`` at one position; a static clash beside a
# ``?`` at the same position (the clash must still be found); every operand unranked.
SCENARIOS = ("ordinary", "zero", "zero-clash", "one-vs-dynamic", "clash-beside-dynamic", "all-unranked")
# a verifier's result type: the inferred shape, some dims `?`, `?` made static, one rank more, one dim wrong, unranked
RESULT_MODES = ("exact", "relaxed", "static", "rank", "dim", "unranked")


def _scenarios(region: BroadcastRegion) -> tuple[str, ...]:
    needs = {"zero": region.max_operands >= 2, "zero-clash": region.max_operands >= 2,
             "one-vs-dynamic": region.dynamic and region.max_operands >= 2,
             "clash-beside-dynamic": region.dynamic and region.max_operands >= 3, "all-unranked": region.unranked}
    return tuple(s for s in SCENARIOS if needs.get(s, True))


@st.composite
def broadcast_cases(draw, region: BroadcastRegion) -> Case:
    scenario = draw_scenario(draw, "broadcast", _scenarios(region), region.scenario)
    special = scenario in ("zero", "zero-clash", "one-vs-dynamic", "clash-beside-dynamic")
    rank = draw(st.integers(1 if scenario != "ordinary" or region.result_mode else 0, max(1, region.max_rank)))
    common = [draw(st.integers(2, 4)) for _ in range(rank)]
    lo_n = max(region.min_operands, 3 if scenario == "clash-beside-dynamic" else 2 if special else 1)
    n = draw(st.integers(lo_n, max(lo_n, region.max_operands)))
    operands = []
    weight = round(region.incompatible_share * 100)
    for _ in range(n):
        if scenario == "all-unranked" or (region.unranked and draw(st.integers(0, 9)) == 0 and not special):
            operands.append(None)
            continue
        suffix = common[draw(st.integers(0, rank)):]
        shape = []
        for d in suffix:
            choice = draw(st.sampled_from(["same", "one"] + (["dynamic"] if region.dynamic else [])))
            shape.append(d if choice == "same" else 1 if choice == "one" else None)
        if shape and draw(st.integers(0, 99)) < weight:  # a static size that clashes
            shape[draw(st.integers(0, len(shape) - 1))] = draw(st.sampled_from([5, 6]))
        operands.append(tuple(shape))
    if region.result_mode and not special:  # a result type to judge against static inferred dims: one operand
        operands[0] = tuple(common)  # of full rank, every dim static
    if special:  # the meeting position: the last dim, present in every operand at full rank
        operands = [tuple(common) for _ in operands]
        meet = {"zero": [0, 1], "zero-clash": [0, common[-1]], "one-vs-dynamic": [1, None]}.get(
            scenario, [common[-1], common[-1] + 3, None])  # a static 0 meets 1 (valid) or n > 1 (a clash)
        order = draw(st.permutations(range(len(meet))))
        for i, j in enumerate(order):
            shape = list(operands[j])
            shape[-1] = meet[i]
            operands[j] = tuple(shape)
    try:
        inferred = infer_result_shape(operands)
    except SpecViolation:
        inferred = tuple(common)
    result = inferred
    mode = region.result_mode or draw(st.sampled_from([m for m in RESULT_MODES if m != "unranked" or region.unranked]))
    if mode == "unranked":
        result = None
    elif inferred is None:
        result = tuple(draw(st.sampled_from([1, 2, None] if region.dynamic else [1, 2])) for _ in range(rank))
    elif mode == "relaxed" and region.dynamic:
        result = tuple(None if draw(st.booleans()) else d for d in inferred)
        static = [i for i, d in enumerate(inferred) if d is not None]
        if region.result_mode and static and all(result[i] is not None for i in static):  # one `?` for a static dim
            i = draw(st.sampled_from(static))
            result = tuple(None if j == i else d for j, d in enumerate(result))
    elif mode == "static":
        result = tuple(draw(st.integers(1, 4)) if d is None else d for d in inferred)
    elif mode == "rank":
        result = (1,) + tuple(inferred)
    elif mode == "dim" and inferred:
        i = draw(st.integers(0, len(inferred) - 1))
        result = tuple(7 if j == i else d for j, d in enumerate(inferred))
    attrs = {"operands": [format_type(s, "i32") for s in operands]}
    meta = {}
    if region.result:
        attrs["result"] = format_type(result, "i32")
        meta = {f"breaks ({reading} reading)": label for reading, label in verdicts(operands, result).items() if label}
    return Case("mlir.broadcastable", {}, attrs, meta={**meta, "scenario": scenario})
