"""How each ONNX spec-op target treats five things the ONNX documents pin down, measured on small
fixed cases: a negative index (valid), an index out of range, int32 indices, an attribute the
opset's schema does not have or allow, and duplicate indices (ScatterND without a reduction).
``conformance onnx-table`` prints it as Markdown."""
from __future__ import annotations

import numpy as np

from conformance.core.case import Case
from conformance.running.registry import Target
from conformance.running.engine import call
from conformance.judging.verdict import judge

TABLE_OPS = ("onnx.GatherND", "onnx.ScatterND")  # the spec ops this table measures

COLUMNS = ("negative index", "index out of range", "int32 indices", "attribute not in the opset", "duplicate indices")
DATA = np.array([[0.0, 1.0], [2.0, 3.0]], np.float32)


def _gather_cases(opset: int) -> list[Case | None]:
    def case(indices, dtype=np.int64, **attrs):
        return Case("onnx.GatherND", {"data": DATA, "indices": np.array(indices, dtype)}, {"opset": opset, **attrs})

    attribute = case([[1, 0]], batch_dims=0) if opset < 12 else case([[1, 0]], batch_dims=-1)
    return [case([[-1, 0]]), case([[2, 0]]), case([[1, 0]], np.int32), attribute, case([[1, 0], [1, 0]])]


def _scatter_cases(opset: int, reduction: str | None) -> list[Case | None]:
    red = {} if reduction is None else {"reduction": reduction}

    def case(indices, dtype=np.int64, updates=(5.0,), **attrs):
        return Case("onnx.ScatterND", {"data": np.zeros(4, np.float32), "indices": np.array(indices, dtype),
                                       "updates": np.array(updates, np.float32)}, {"opset": opset, **red, **attrs})

    wrong = {11: "add", 13: "add", 16: "max", 18: "avg"}[opset]
    return [case([[-1]]), case([[4]]), case([[1]], np.int32), case([[1]], reduction=wrong),
            case([[0], [0]], updates=(5.0, 7.0))]


def _describe(case: Case, t: Target) -> str:
    outcome = call(t, case)
    verdict = judge(case, outcome)
    if outcome.kind == "rejection":
        return "rejected" if verdict.cls == "conform" else f"rejected ({verdict.cls})"
    if outcome.kind != "value":
        return outcome.kind
    if verdict.cls == "accepts-invalid":
        value = np.asarray(outcome.value).reshape(-1)
        if case.meta.get("duplicates") or (case.op == "onnx.ScatterND" and case.arrays["updates"].size == 2):
            return {5.0: "accepted: first wins", 7.0: "accepted: last wins", 12.0: "accepted: summed"}.get(
                float(value[0]), f"accepted: {value.tolist()}")
        return f"accepted: {value.tolist()}"
    return verdict.cls


def rows(targets: list[Target]) -> list[tuple[str, list[str]]]:
    out = []
    for t in targets:
        opset = t.region.get("opset", 13)
        cases = _gather_cases(opset) if t.op == "onnx.GatherND" else _scatter_cases(opset, t.region.get("reduction"))
        cells = [_describe(c, t) for c in cases]
        if t.op == "onnx.GatherND":
            cells[-1] = cells[-1] + " (valid)"
        out.append((t.name, cells))
    return out


def markdown(targets: list[Target]) -> str:
    lines = ["| target | " + " | ".join(COLUMNS) + " |", "|---" * (len(COLUMNS) + 1) + "|"]
    lines += [f"| {name} | " + " | ".join(cells) + " |" for name, cells in rows(targets)]
    return "\n".join(lines)
