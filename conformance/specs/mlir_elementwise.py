"""The record of MLIR's ``Elementwise`` trait (same shapes, no broadcasting)."""
from __future__ import annotations

from conformance.core.opspec import OpSpec
from conformance.specs.urls import MLIR_ELEMENTWISE_RFC

def expected(case):
    """A verifier accepts an op the trait allows."""
    import numpy as np

    return np.asarray(True)


SPEC = OpSpec(
    name="mlir.elementwise", spec=MLIR_ELEMENTWISE_RFC, label_prefix="elementwise",
    region_ref="conformance.strategies.elementwise:ElementwiseRegion", valid_ref="conformance.strategies.elementwise:elementwise_cases",
    check_ref="conformance.judging.verdict_elementwise:elementwise_violations",
    judge_ref="conformance.judging.verdict_elementwise:judge_elementwise", expected_ref=f"{__name__}:expected",
    repro_clause="Elementwise rules 1-3: same shapes, no broadcasting (a verifier accepts the op)")
