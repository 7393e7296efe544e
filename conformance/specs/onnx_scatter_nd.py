"""The record of ONNX ``ScatterND`` (opsets 11, 16, 18; a target states opset and reduction in its region)."""
from __future__ import annotations

import numpy as np

from conformance.core.opspec import NoRepro, OpSpec
from conformance.specs.stablehlo_scatter import UNORDERED
from conformance.specs.urls import ONNX_SCATTER_ND

NAME = "onnx.ScatterND"


def invalid_cases(target):
    from hypothesis import strategies as st

    from conformance.strategies import onnx_nd

    opset, reduction = target.region.get("opset", 13), target.region.get("reduction")
    return st.sampled_from(onnx_nd.scatter_labels(opset, reduction)).flatmap(
        lambda label: onnx_nd.invalid_scatter_nd_cases(opset, reduction, label))


def expected(case):
    from conformance.judging.verdict_onnx import expected_value, update_positions

    reduction = case.attrs.get("reduction") or "none"
    if reduction in ("add", "mul") and case.arrays["data"].dtype.kind in "fc":
        positions = update_positions(case)
        if len(np.unique(positions)) < len(positions):
            raise NoRepro(UNORDERED)
    return expected_value(case)


SPEC = OpSpec(
    name=NAME, spec=ONNX_SCATTER_ND, label_prefix="scatternd",
    region_ref="conformance.strategies.onnx_nd:OnnxRegion", valid_ref="conformance.strategies.onnx_nd:scatter_nd_cases",
    check_ref="conformance.judging.verdict_onnx:onnx_violations", judge_ref="conformance.judging.verdict_onnx:judge_onnx",
    invalid_ref=f"{__name__}:invalid_cases", edge_ref="conformance.specs.onnx_gather_nd:edge_runs",
    substantive_ref="conformance.specs.onnx_gather_nd:substantive",
    repro_clause="ScatterND output: a copy of data with each index tuple's slice replaced (or reduced) by its update",
    expected_ref=f"{__name__}:expected", indices="indices", mismatch_ref="conformance.judging.verdict_onnx:onnx_mismatch")
