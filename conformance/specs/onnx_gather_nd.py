"""The record of ONNX ``GatherND`` (opsets 11, 12, 13; a target states its opset in its region)."""
from __future__ import annotations

from conformance.core.opspec import OpSpec
from conformance.specs.urls import ONNX_GATHER_ND

NAME = "onnx.GatherND"


def edge_runs(target) -> list[dict]:
    from conformance.running.edge import index_edge_runs
    from conformance.strategies.onnx_nd import OnnxRegion

    return index_edge_runs(OnnxRegion(**target.region))


def substantive(case) -> bool:
    return all(a.size > 0 for a in case.arrays.values())


def invalid_cases(target):
    from hypothesis import strategies as st

    from conformance.strategies import onnx_nd

    opset = target.region.get("opset", 13)
    return st.sampled_from(onnx_nd.gather_labels(opset)).flatmap(lambda label: onnx_nd.invalid_gather_nd_cases(opset, label))


def expected(case):
    from conformance.judging.verdict_onnx import expected_value

    return expected_value(case)


SPEC = OpSpec(
    name=NAME, spec=ONNX_GATHER_ND, label_prefix="gathernd",
    region_ref="conformance.strategies.onnx_nd:OnnxRegion", valid_ref="conformance.strategies.onnx_nd:gather_nd_cases",
    check_ref="conformance.judging.verdict_onnx:onnx_violations", judge_ref="conformance.judging.verdict_onnx:judge_onnx",
    invalid_ref=f"{__name__}:invalid_cases", edge_ref=f"{__name__}:edge_runs", substantive_ref=f"{__name__}:substantive",
    repro_clause="GatherND output: the slices of data named by the index tuples (batch_dims leading dims shared)",
    expected_ref=f"{__name__}:expected", indices="indices", mismatch_ref="conformance.judging.verdict_onnx:onnx_mismatch")
