"""The record of the Elementwise trait's scalarization rules: an op on tensors equals the same
backend's scalar op at every element."""
from __future__ import annotations

from conformance.core.opspec import OpSpec
from conformance.specs.urls import MLIR_ELEMENTWISE_RFC


def no_violations(case) -> list:
    return []


def expected(case):
    """The scalar forms of the same backend, which only the script can compute."""
    from conformance.core.opspec import EXPECTED_IN_SCRIPT

    return EXPECTED_IN_SCRIPT


def edge_runs(target) -> list[dict]:
    return [{"scenario": "meet"}]


SPEC = OpSpec(
    name="mlir.scalarization", spec=MLIR_ELEMENTWISE_RFC, label_prefix="scalarization",
    region_ref="conformance.strategies.edge_values:ScalarizationRegion", valid_ref="conformance.strategies.edge_values:scalarization_cases",
    check_ref=f"{__name__}:no_violations", judge_ref="conformance.judging.verdict_scalarization:judge_scalarization",
    edge_ref=f"{__name__}:edge_runs", mismatch_ref="conformance.judging.verdict_scalarization:scalarization_mismatch",
    expected_ref=f"{__name__}:expected", values_ref="conformance.strategies.value_sets:scalarization",
    repro_clause="Elementwise rule 6: the op on tensors is the same backend's scalar op at each element")
