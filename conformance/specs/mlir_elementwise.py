"""The record of MLIR's ``Elementwise`` trait (same shapes, no broadcasting)."""
from __future__ import annotations

from conformance.core.opspec import OpSpec
from conformance.specs.urls import MLIR_ELEMENTWISE_RFC

def expected(case):
    """A verifier accepts an op the trait allows."""
    import numpy as np

    return np.asarray(True)


def edge_runs(target) -> list[dict]:
    """Each near-miss shape (``strategies.elementwise.NEAR_MISSES``), and a scalar and an unranked type where the
    region has them, in each slot, every other slot the same shape."""
    from conformance.strategies.elementwise import NEAR_MISSES, ElementwiseRegion

    region = ElementwiseRegion(**target.region)
    kinds = NEAR_MISSES + (("scalar",) if region.scalars else ()) + (("unranked",) if region.unranked else ())
    return [{"scenario": k, "slot": slot} for k in kinds for slot in range(3)] + [{"scenario": "same"}]


SPEC = OpSpec(
    name="mlir.elementwise", spec=MLIR_ELEMENTWISE_RFC, label_prefix="elementwise",
    region_ref="conformance.strategies.elementwise:ElementwiseRegion", valid_ref="conformance.strategies.elementwise:elementwise_cases",
    check_ref="conformance.judging.verdict_elementwise:elementwise_violations",
    judge_ref="conformance.judging.verdict_elementwise:judge_elementwise", expected_ref=f"{__name__}:expected",
    edge_ref=f"{__name__}:edge_runs",
    repro_clause="Elementwise rules 1-3: same shapes, no broadcasting (a verifier accepts the op)")
