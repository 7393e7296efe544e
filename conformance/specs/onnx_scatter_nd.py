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


def edge_runs(target) -> list[dict]:
    """GatherND's runs, each value scenario with meeting pairs (``boundary.MEETINGS``) once per pair: every write
    is that meeting (max - 1 beside max: a reduction comparing int64 through double keeps the wrong one)."""
    from conformance.running.edge import index_edge_runs, meeting_runs
    from conformance.strategies.onnx_nd import OnnxRegion

    region = OnnxRegion(**target.region)
    return [each for run in index_edge_runs(region)
            for each in (meeting_runs(run, region) if run.get("value_scenario") not in (None, "ordinary") else [run])]


def corners(target) -> list[tuple[str, str, object]]:
    """Updates of a shape that broadcasts to the one R3 asks for (a size-1 dim, or the leading dim dropped)."""
    from conformance.strategies import onnx_nd

    if not target.invalid:
        return []
    opset, reduction = target.region.get("opset", 13), target.region.get("reduction")
    return [("invalid", "corner=R3-broadcastable", onnx_nd.invalid_scatter_nd_cases(
        opset, reduction, "R3", broadcastable=True).filter(_broadcasts_to_required))]


def _broadcasts_to_required(case) -> bool:
    """Whether the case's updates have another shape than R3 requires, one that broadcasts to it."""
    d, idx, u = case.arrays["data"], case.arrays["indices"], case.arrays["updates"]
    required = idx.shape[:-1] + d.shape[idx.shape[-1]:]
    try:
        return u.shape != required and np.broadcast_shapes(u.shape, required) == required
    except ValueError:
        return False


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
    invalid_ref=f"{__name__}:invalid_cases", edge_ref=f"{__name__}:edge_runs", corners_ref=f"{__name__}:corners",
    substantive_ref="conformance.specs.onnx_gather_nd:substantive",
    repro_clause="ScatterND output: a copy of data with each index tuple's slice replaced (or reduced) by its update",
    expected_ref=f"{__name__}:expected", indices="indices", mismatch_ref="conformance.judging.verdict_onnx:onnx_mismatch")
