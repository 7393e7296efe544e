"""Verdicts for the ONNX spec ops ``onnx.GatherND`` and ``onnx.ScatterND``: invalid input (any rule
of the opset's schema, out-of-range indices included) must be rejected; a valid case's value is
the oracle's, up to the update order where ScatterND reductions meet duplicate indices."""
from __future__ import annotations

import numpy as np

from conformance.core.case import Case
from conformance.core.compare import mismatch_mask, same_array
from conformance.core.outcome import Outcome
from conformance.judging.scatter_compare import schedule_mismatch
from conformance.judging.verdict import Verdict, brief, first_mismatch, judge_validity, type_verdict
from conformance.oracles.onnx.gather_nd import OP as GATHER_ND
from conformance.oracles.onnx.gather_nd import check as check_gather_nd
from conformance.oracles.onnx.gather_nd import evaluate as evaluate_gather_nd
from conformance.oracles.onnx.scatter_nd import OP as SCATTER_ND
from conformance.oracles.onnx.scatter_nd import check as check_scatter_nd
from conformance.oracles.onnx.scatter_nd import evaluate as evaluate_scatter_nd
from conformance.oracles.onnx.scatter_nd import tuples

COMPUTATIONS = {"none": "replace", "add": "add", "mul": "multiply", "max": "maximum", "min": "minimum"}


def onnx_violations(case: Case) -> list:
    a, attrs = case.arrays, case.attrs
    if case.op == GATHER_ND:
        return check_gather_nd(a["data"], a["indices"], batch_dims=attrs.get("batch_dims"), opset=attrs["opset"])
    return check_scatter_nd(a["data"], a["indices"], a["updates"], reduction=attrs.get("reduction"), opset=attrs["opset"])


def expected_value(case: Case) -> np.ndarray:
    a, attrs = case.arrays, case.attrs
    if case.op == GATHER_ND:
        return evaluate_gather_nd(a["data"], a["indices"], int(attrs.get("batch_dims") or 0))
    return evaluate_scatter_nd(a["data"], a["indices"], a["updates"], attrs.get("reduction") or "none")


def update_positions(case: Case) -> np.ndarray:
    """ScatterND: for each update element (row-major), the flat index into data it updates."""
    data, idx = case.arrays["data"], case.arrays["indices"]
    k = idx.shape[-1]
    rows = tuples(idx, data.shape)
    tail = data.shape[k:]
    inner = np.arange(int(np.prod(tail, dtype=np.int64)))
    base = np.ravel_multi_index(tuple(rows.T), data.shape[:k]) if k else np.zeros(len(rows), np.int64)
    return (base[:, None] * len(inner) + inner[None, :]).reshape(-1)


def onnx_mismatch(case: Case, value) -> tuple[list, list, list]:
    expected = expected_value(case)
    if case.op == SCATTER_ND:
        bad = schedule_mismatch(expected, value, case.arrays["data"], case.arrays["updates"], update_positions(case),
                                COMPUTATIONS[case.attrs.get("reduction") or "none"])
    else:
        bad = mismatch_mask(expected, value)
    return [value], [expected], [bad]


def judge_onnx(case: Case, outcome: Outcome) -> Verdict:
    early = judge_validity(outcome, onnx_violations(case))
    if early is not None:
        return early
    expected = expected_value(case)
    if outcome.kind == "rejection":
        return Verdict("rejects-valid", f"{outcome.error_type}: {outcome.message[:300]}", clause="valid input",
                       expected=brief(expected), observed=outcome.brief())
    observed = outcome.value
    wrong_type = type_verdict(expected, outcome)
    if wrong_type:
        return wrong_type
    if same_array(expected, observed):
        return Verdict("conform")
    if case.op == SCATTER_ND:
        bad = schedule_mismatch(expected, observed, case.arrays["data"], case.arrays["updates"], update_positions(case),
                                COMPUTATIONS[case.attrs.get("reduction") or "none"])
        if not bad.any():
            return Verdict("conform")
    return Verdict("wrong-value", first_mismatch(expected, observed), clause=f"{case.op} output",
                   expected=brief(expected), observed=brief(observed))
