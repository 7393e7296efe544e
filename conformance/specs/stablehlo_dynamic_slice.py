"""The record of ``stablehlo.dynamic_slice``."""
from __future__ import annotations

from conformance.core.opspec import OpSpec
from conformance.specs.urls import STABLEHLO_SPEC

NAME = "stablehlo.dynamic_slice"


def edge_runs(target) -> list[dict]:
    from conformance.running.edge import index_edge_runs
    from conformance.strategies.dynamic_slice import SliceRegion

    return index_edge_runs(SliceRegion(**target.region))


def substantive(case) -> bool:
    return case.arrays["operand"].size > 0 and all(k > 0 for k in case.attrs["slice_sizes"])


def invalid_cases(target):
    from conformance.strategies.dynamic_slice import invalid_dynamic_slice_cases

    return invalid_dynamic_slice_cases(result_type=target.region.get("result_type", True))


def expected(case):
    from conformance.judging.verdict_slice import evaluate

    return evaluate(case)


SPEC = OpSpec(
    name=NAME, spec=STABLEHLO_SPEC + ", section dynamic_slice", label_prefix="dynamic_slice",
    region_ref="conformance.strategies.dynamic_slice:SliceRegion", valid_ref="conformance.strategies.dynamic_slice:dynamic_slice_cases",
    check_ref="conformance.judging.verdict_slice:slice_violations", judge_ref="conformance.judging.verdict_slice:judge_slice",
    invalid_ref=f"{__name__}:invalid_cases", edge_ref=f"{__name__}:edge_runs", substantive_ref=f"{__name__}:substantive",
    repro_clause="dynamic_slice semantics: result = operand[adjusted_start + i], adjusted_start = "
                 "clamp(0, start_indices, shape(operand) - slice_sizes)",
    expected_ref=f"{__name__}:expected", labels_ref="conformance.strategies.dynamic_slice:SLICE_LABELS",
    label_cases_ref="conformance.strategies.dynamic_slice:invalid_dynamic_slice_cases",
    label_targets=("stablehlo:dynamic_slice-verifier", "xla:dynamic_slice"), indices="start_indices", columns_ref="conformance.judging.verdict_slice:columns", values_ref="conformance.running.index_value_sets:index_op", adapters=("conformance.adapters.dynamic_slice",), mismatch_ref="conformance.judging.verdict_slice:slice_mismatch")
