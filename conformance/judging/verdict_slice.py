"""Verdicts for ``stablehlo.dynamic_slice`` and ``stablehlo.dynamic_update_slice``: the start indices
are clamped so the window fits; a target that rejects an out-of-bounds start is ``error``, one whose
value matches negative starts read from the end (then clamped) is ``wrap``."""
from __future__ import annotations

import numpy as np

from conformance.core.case import Case
from conformance.core.compare import mismatch_mask, same_array
from conformance.core.outcome import Outcome
from conformance.judging.verdict import Verdict, brief, first_mismatch, judge_validity, type_verdict
from conformance.oracles.stablehlo.dynamic_slice import (SLICE, adjusted_start, check_dynamic_slice, check_dynamic_update_slice, dynamic_slice,
                                             dynamic_update_slice)

CLAMP = "adjusted_start_indices = clamp(0, start_indices, shape(operand) - {sizes})"


def _kw(case: Case) -> dict:
    kw = case.kwargs()
    kw.setdefault("start_indices", [])
    return kw


def _result_type(case: Case) -> dict:
    rt = case.result_type or {}
    return {"result_shape": rt.get("shape"), "result_element_type": rt.get("dtype")}


def slice_violations(case: Case) -> list:
    return check_dynamic_slice(**_kw(case), **_result_type(case))


def update_violations(case: Case) -> list:
    return check_dynamic_update_slice(**_kw(case), **_result_type(case))


def _sizes(case: Case) -> list[int]:
    return list(case.attrs["slice_sizes"]) if case.op == SLICE else list(case.arrays["update"].shape)


def out_of_bounds(case: Case) -> bool:
    """Some start index is clamped (the window would not fit where it asks)."""
    shape = case.arrays["operand"].shape
    return any(not 0 <= int(s) <= d - k for s, d, k in zip(_kw(case)["start_indices"], shape, _sizes(case)))


def evaluate(case: Case, wrap: bool = False) -> np.ndarray:
    """The spec's result; with ``wrap``, negative starts first read from the end (``start + dim``)."""
    kw = _kw(case)
    if not wrap:
        return dynamic_slice(**kw) if case.op == SLICE else dynamic_update_slice(**kw)
    operand, sizes = case.arrays["operand"], _sizes(case)
    starts = [int(s) + d if int(s) < 0 else int(s) for s, d in zip(kw["start_indices"], operand.shape)]
    window = tuple(slice(a, a + k) for a, k in zip(adjusted_start(starts, operand.shape, sizes), sizes))
    if case.op == SLICE:
        return operand[window].copy()
    out = operand.copy()
    out[window] = case.arrays["update"]
    return out


def judge_slice(case: Case, outcome: Outcome) -> Verdict:
    check = slice_violations if case.op == SLICE else update_violations
    early = judge_validity(outcome, check(case))
    if early is not None:
        return early
    expected, oob = evaluate(case), out_of_bounds(case)
    clause = f"{case.op} semantics: " + CLAMP.format(sizes="slice_sizes" if case.op == SLICE else "shape(update)")
    if outcome.kind == "rejection":
        return Verdict("error" if oob else "rejects-valid", f"{outcome.error_type}: {outcome.message[:300]}",
                       clause=clause if oob else "valid input", expected=brief(expected), observed=outcome.brief())
    observed = outcome.value
    wrong_type = type_verdict(expected, outcome, "result shape", "result element type")
    if wrong_type:
        return wrong_type
    if same_array(expected, observed):
        return Verdict("conform")
    if oob and same_array(evaluate(case, wrap=True), observed):
        return Verdict("wrap", "negative start indices read from the end, then clamped", clause=clause,
                       expected=brief(expected), observed=brief(observed))
    return Verdict("wrong-value", first_mismatch(expected, observed), clause=clause, expected=brief(expected),
                   observed=brief(observed))


def slice_mismatch(case: Case, value) -> tuple[list, list, list]:
    expected = evaluate(case)
    return [value], [expected], [mismatch_mask(expected, value)]


def columns(case: Case) -> list[tuple[int, int]]:
    """(operand dim, window size) per start index."""
    return list(zip(case.arrays["operand"].shape, _sizes(case)))
