"""Verdicts for ``mlir.elementwise``: a verifier target accepts exactly the ops the Elementwise rules
1-3 allow (a dynamic size that may mismatch at runtime is undefined behaviour, not an error)."""
from __future__ import annotations

from conformance.core.case import Case
from conformance.core.outcome import Outcome
from conformance.judging.verdict import Verdict, judge_validity
from conformance.oracles.mlir.elementwise import check


def elementwise_violations(case: Case) -> list:
    return check(case.attrs["operands"], case.attrs["results"])


def judge_elementwise(case: Case, outcome: Outcome) -> Verdict:
    early = judge_validity(outcome, elementwise_violations(case))
    if early is not None:
        return early
    if outcome.kind == "value":
        return Verdict("conform")
    return Verdict("rejects-valid", f"{outcome.error_type}: {outcome.message[:300]}", clause="Elementwise rules 1-3",
                   expected="accepted", observed=outcome.brief())
