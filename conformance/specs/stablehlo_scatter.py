"""The record of ``stablehlo.scatter``."""
from __future__ import annotations

from conformance.core.opspec import NoRepro, OpSpec
from conformance.specs.urls import STABLEHLO_BATCHING_RFC

NAME = "stablehlo.scatter"
UNORDERED = ("conformance repro: this case has colliding updates, where any order's result is right; "
             "an exact script would be wrong (use `conformance check`)")


def edge_runs(target) -> list[dict]:
    from conformance.running.edge import index_edge_runs
    from conformance.strategies.scatter import FAVOURED, ScatterRegion

    return index_edge_runs(ScatterRegion(**target.region), distinct_key="sdod", favoured=FAVOURED)


def substantive(case) -> bool:
    """Some update lands in bounds."""
    from conformance.oracles.stablehlo.scatter import as_list, normalize, result_positions

    kw = case.kwargs()
    ins, ups = as_list(kw.pop("inputs")), as_list(kw.pop("updates"))
    positions = result_positions(ins[0].shape, kw.pop("scatter_indices"), ups[0].shape, **normalize(kw))
    return bool((positions >= 0).any())


def invalid_cases(target):
    from conformance.strategies.scatter_invalid import invalid_scatter_cases

    return invalid_scatter_cases(None)


def expected(case):
    from conformance.judging.verdict_scatter import schedule_matters
    from conformance.oracles.stablehlo.scatter import evaluate_fast

    if schedule_matters(case) and case.attrs.get("update_computation") != "replace":
        raise NoRepro(UNORDERED)
    return evaluate_fast(**case.kwargs())[0]


SPEC = OpSpec(
    name=NAME, spec=STABLEHLO_BATCHING_RFC, label_prefix="scatter",
    region_ref="conformance.strategies.scatter:ScatterRegion", valid_ref="conformance.strategies.scatter:scatter_cases",
    check_ref="conformance.judging.verdict_scatter:scatter_violations", judge_ref="conformance.judging.verdict_scatter:judge_scatter",
    invalid_ref=f"{__name__}:invalid_cases", duplicates_ref="conformance.strategies.scatter:duplicate_heavy_cases",
    edge_ref=f"{__name__}:edge_runs", substantive_ref=f"{__name__}:substantive",
    repro_clause="scatter semantics: an update whose result_index is out of bounds is skipped; "
                 "results = exec(schedule, inputs)",
    expected_ref=f"{__name__}:expected", labels_ref="conformance.strategies.scatter_invalid:LABELS",
    label_cases_ref="conformance.strategies.scatter_invalid:invalid_scatter_cases",
    label_targets=("stablehlo:scatter-verifier", "xla:scatter"), indices="scatter_indices",
    columns_ref="conformance.judging.verdict_scatter:scatter_columns", values_ref="conformance.running.index_value_sets:index_op", probes=True, mismatch_ref="conformance.judging.verdict_scatter:scatter_mismatch")
