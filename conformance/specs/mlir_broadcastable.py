"""The record of MLIR's ``Broadcastable`` trait (shape inference and verification)."""
from __future__ import annotations

import numpy as np

from conformance.core.opspec import OpSpec
from conformance.specs.urls import MLIR_BROADCASTABLE


def expected(case):
    """What a target answers on a case the formal Verify accepts: a verifier (the case has a result
    type) True; an inference target the inferred shape, -1 for a dynamic dim. NoRepro where the
    verification table and the formal Verify disagree (the spec leaves the answer open) or a shape is
    unranked."""
    from conformance.core.opspec import NoRepro
    from conformance.oracles.mlir.broadcastable import infer_result_shape, verdicts
    from conformance.judging.verdict_broadcast import shapes

    operands, result = shapes(case)
    if "result" in case.attrs:
        v = verdicts(operands, result)
        if (v["formal"] is None) != (v["table"] is None):
            raise NoRepro("conformance repro: the verification table and the formal Verify disagree on this case")
        return np.asarray(True)
    inferred = infer_result_shape(operands)
    if inferred is None:
        raise NoRepro("conformance repro: an unranked result has no shape to compare")
    return np.asarray([-1 if d is None else d for d in inferred], np.int64)


def edge_runs(target) -> list[dict]:
    """Each special scenario; for a verifier, each result mode (``RESULT_MODES``) on compatible operands."""
    from conformance.strategies.broadcastable import RESULT_MODES, SCENARIOS, BroadcastRegion

    region = BroadcastRegion(**target.region)
    modes = [m for m in RESULT_MODES if (m != "unranked" or region.unranked) and (m != "relaxed" or region.dynamic)]
    return [{"scenario": s} for s in SCENARIOS if s != "ordinary"] + \
        ([{"scenario": "ordinary", "result_mode": m, "incompatible_share": 0.0} for m in modes] if region.result else [])


SPEC = OpSpec(
    name="mlir.broadcastable", spec=MLIR_BROADCASTABLE, label_prefix="broadcastable",
    region_ref="conformance.strategies.broadcastable:BroadcastRegion", valid_ref="conformance.strategies.broadcastable:broadcast_cases",
    check_ref="conformance.judging.verdict_broadcast:broadcast_violations",
    judge_ref="conformance.judging.verdict_broadcast:judge_broadcast", edge_ref=f"{__name__}:edge_runs",
    expected_ref=f"{__name__}:expected",
    repro_clause="InferShape / Verify: the broadcast result shape (a verifier accepts the op)")
