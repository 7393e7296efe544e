"""The record of ``stablehlo.gather``."""
from __future__ import annotations

from conformance.core.opspec import OpSpec
from conformance.specs.urls import STABLEHLO_BATCHING_RFC

NAME = "stablehlo.gather"


def edge_runs(target) -> list[dict]:
    from conformance.running.edge import index_edge_runs
    from conformance.strategies.gather import GatherRegion

    return index_edge_runs(GatherRegion(**target.region), distinct_key="sim")


def corners(target) -> list[tuple[str, str, object]]:
    """Two validity edges: a collapsed dim with slice size 0 (C9 allows it: the result keeps its
    elements, each read at its start) and slice sizes past the operand (breaking C21) beside an empty
    index array, where a shape check that runs per index never runs."""
    from dataclasses import replace

    from conformance.strategies.gather import GatherRegion, gather_cases
    from conformance.strategies.gather_invalid import INVALID_REGION, invalid_gather_cases

    region, runs = GatherRegion(**target.region), []
    if target.valid and region.style == "general":
        runs.append(("valid", "corner=collapsed-slice-0", gather_cases(
            region, needs={**region.needs, "collapsed": 1, "collapsed_slice": 0}, oob_share=0.0, edge_dims=False,
            index_scenario="ordinary", value_scenario="ordinary").filter(substantive)))
    if target.invalid:
        runs.append(("invalid", "corner=C21-empty-indices", invalid_gather_cases(
            "C21", replace(region, element_dtypes=INVALID_REGION.element_dtypes, index_dtypes=INVALID_REGION.index_dtypes,
                           min_batch_rank=1, max_batching_dims=0), empty_indices=True)))
    return runs


def substantive(case) -> bool:
    return case.arrays["operand"].size > 0 and case.arrays["start_indices"].size > 0


def invalid_cases(target):
    """Cases breaking one label each; for an API without a declared result type (region
    ``result_type=False``) not C22/C23, and with the index vector where its region puts it."""
    from hypothesis import strategies as st

    from dataclasses import replace

    from conformance.strategies.gather import GatherRegion
    from conformance.strategies.gather_invalid import INVALID_REGION, LABELS, invalid_gather_cases

    region = GatherRegion(**target.region)
    if region.result_type and region.index_vector_dim == "any":
        return invalid_gather_cases(None)
    labels = [lab for lab in LABELS if region.result_type or lab not in ("C22", "C23")]
    base = replace(INVALID_REGION, index_vector_dim=region.index_vector_dim)
    return st.sampled_from(labels).flatmap(lambda lab: invalid_gather_cases(lab, base))


def expected(case):
    from conformance.oracles.stablehlo.gather import gather

    return gather(**case.kwargs())


SPEC = OpSpec(
    name=NAME, spec=STABLEHLO_BATCHING_RFC, label_prefix="gather",
    region_ref="conformance.strategies.gather:GatherRegion", valid_ref="conformance.strategies.gather:gather_cases",
    check_ref="conformance.judging.verdict_gather:gather_violations", judge_ref="conformance.judging.verdict_gather:judge_gather",
    invalid_ref=f"{__name__}:invalid_cases", corners_ref=f"{__name__}:corners", edge_ref=f"{__name__}:edge_runs", substantive_ref=f"{__name__}:substantive",
    repro_clause="gather semantics: each start index is clamped to [0, dim - slice_size] before the slice is read; "
                 "result = operand[operand_index]",
    expected_ref=f"{__name__}:expected", labels_ref="conformance.strategies.gather_invalid:LABELS",
    label_cases_ref="conformance.strategies.gather_invalid:invalid_gather_cases",
    label_targets=("stablehlo:verifier", "xla:gather"), indices="start_indices",
    columns_ref="conformance.judging.verdict_gather:gather_columns", values_ref="conformance.running.index_value_sets:index_op", probes=True, mismatch_ref="conformance.judging.verdict_gather:gather_mismatch")
