"""The records of the 17 elementwise StableHLO ops judged value by value (``stablehlo.add``,
``stablehlo.compare``, ...): one ``OpSpec`` each, sharing the oracle, strategies and judge."""
from __future__ import annotations

from conformance.core.opspec import OpSpec
from conformance.specs.urls import STABLEHLO_SPEC
from conformance.oracles.stablehlo.elementwise import CLAUSES, OPS


def _record(op: str) -> OpSpec:
    return OpSpec(
        name=f"stablehlo.{op}", spec=f"{STABLEHLO_SPEC}, section {op}", label_prefix=op,
        region_ref="conformance.strategies.elementwise_values:ValueRegion", valid_ref=f"conformance.strategies.elementwise_values:CASES.{op}",
        check_ref="conformance.judging.verdict_values:value_violations", judge_ref="conformance.judging.verdict_values:judge_values",
        edge_ref=f"conformance.strategies.elementwise_values:EDGE_RUNS.{op}", repro_clause=CLAUSES[op],
        expected_ref="conformance.judging.verdict_values:expected_value", adapters=("conformance.adapters.elementwise_values",),
        mismatch_ref="conformance.judging.verdict_values:value_mismatch", ci_examples=CI_EXAMPLES,
        values_ref="conformance.strategies.value_sets:elementwise")


# the edge phase meets every pair of edge values of every element type once (as tensors) and runs
# each type's rank-0 (and language-scalar) forms once; the ci profile adds this many random cases
CI_EXAMPLES = 8


SPECS = tuple(_record(op) for op in OPS)
