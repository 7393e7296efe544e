"""The record of ``stablehlo.dynamic_update_slice``."""
from __future__ import annotations

from conformance.core.opspec import OpSpec
from conformance.specs.urls import STABLEHLO_SPEC

NAME = "stablehlo.dynamic_update_slice"


def substantive(case) -> bool:
    return case.arrays["update"].size > 0


def invalid_cases(target):
    from conformance.strategies.dynamic_slice import invalid_dynamic_update_slice_cases

    return invalid_dynamic_update_slice_cases(result_type=target.region.get("result_type", True))


SPEC = OpSpec(
    name=NAME, spec=STABLEHLO_SPEC + ", section dynamic_update_slice", label_prefix="dynamic_update_slice",
    region_ref="conformance.strategies.dynamic_slice:SliceRegion",
    valid_ref="conformance.strategies.dynamic_slice:dynamic_update_slice_cases",
    check_ref="conformance.judging.verdict_slice:update_violations", judge_ref="conformance.judging.verdict_slice:judge_slice",
    invalid_ref=f"{__name__}:invalid_cases", edge_ref="conformance.specs.stablehlo_dynamic_slice:edge_runs",
    substantive_ref=f"{__name__}:substantive",
    repro_clause="dynamic_update_slice semantics: the window at adjusted_start = clamp(0, start_indices, "
                 "shape(operand) - shape(update)) holds update, the rest is operand",
    expected_ref="conformance.specs.stablehlo_dynamic_slice:expected", mismatch_ref="conformance.judging.verdict_slice:slice_mismatch",
    labels_ref="conformance.strategies.dynamic_slice:UPDATE_LABELS",
    label_cases_ref="conformance.strategies.dynamic_slice:invalid_dynamic_update_slice_cases",
    label_targets=("stablehlo:dynamic_update_slice-verifier", "xla:dynamic_update_slice"),
    indices="start_indices", columns_ref="conformance.judging.verdict_slice:columns", values_ref="conformance.running.index_value_sets:index_op", adapters=("conformance.adapters.dynamic_slice",))
