"""The record of MLIR's ``Broadcastable`` trait (shape inference and verification)."""
from __future__ import annotations

from conformance.opspec import OpSpec
from conformance.specs.urls import MLIR_BROADCASTABLE


def edge_runs(target) -> list[dict]:
    from conformance.strategies.broadcastable import SCENARIOS

    return [{"scenario": s} for s in SCENARIOS if s != "ordinary"]


SPEC = OpSpec(
    name="mlir.broadcastable", spec=MLIR_BROADCASTABLE, label_prefix="broadcastable",
    region_ref="conformance.strategies.broadcastable:BroadcastRegion", valid_ref="conformance.strategies.broadcastable:broadcast_cases",
    check_ref="conformance.verdict_broadcast:broadcast_violations",
    judge_ref="conformance.verdict_broadcast:judge_broadcast", edge_ref=f"{__name__}:edge_runs")
