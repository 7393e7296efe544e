"""The record of ``stablehlo.gather``."""
from __future__ import annotations

from conformance.opspec import OpSpec
from conformance.specs.urls import STABLEHLO_BATCHING_RFC

NAME = "stablehlo.gather"


def edge_runs(target) -> list[dict]:
    from conformance.edge import index_edge_runs
    from strategies.gather import GatherRegion

    return index_edge_runs(GatherRegion(**target.region), distinct_key="sim")


def substantive(case) -> bool:
    return case.arrays["operand"].size > 0 and case.arrays["start_indices"].size > 0


def invalid_cases(target):
    from strategies.gather_invalid import invalid_gather_cases

    return invalid_gather_cases(None)


def expected(case):
    from oracles.stablehlo.gather import gather

    return gather(**case.kwargs())


SPEC = OpSpec(
    name=NAME, spec=STABLEHLO_BATCHING_RFC, label_prefix="gather",
    region_ref="strategies.gather:GatherRegion", valid_ref="strategies.gather:gather_cases",
    check_ref="conformance.verdict_gather:gather_violations", judge_ref="conformance.verdict_gather:judge_gather",
    invalid_ref=f"{__name__}:invalid_cases", edge_ref=f"{__name__}:edge_runs", substantive_ref=f"{__name__}:substantive",
    repro_clause="gather semantics: each start index is clamped to [0, dim - slice_size] before the slice is read; "
                 "result = operand[operand_index]",
    expected_ref=f"{__name__}:expected", labels_ref="strategies.gather_invalid:LABELS",
    label_cases_ref="strategies.gather_invalid:invalid_gather_cases",
    label_targets=("stablehlo:verifier", "xla:gather"), indices="start_indices",
    columns_ref="conformance.verdict_gather:gather_columns", probes=True, mismatch_ref="conformance.verdict_gather:gather_mismatch")
