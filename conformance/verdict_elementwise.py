"""Verdicts for ``mlir.elementwise``: a verifier target accepts exactly the ops the Elementwise rules
1-3 allow (a dynamic size that may mismatch at runtime is undefined behaviour, not an error)."""
from __future__ import annotations

from conformance.case import Case
from conformance.outcome import Outcome
from conformance.verdict import Verdict
from oracles.mlir.elementwise import check


def elementwise_violations(case: Case) -> list:
    return check(case.attrs["operands"], case.attrs["results"])


def judge_elementwise(case: Case, outcome: Outcome) -> Verdict:
    if outcome.kind in ("crash", "timeout", "unsupported"):
        return Verdict(outcome.kind, outcome.message)
    violations = elementwise_violations(case)
    accepted = outcome.kind == "value"
    if bool(violations) != accepted:
        return Verdict("conform")
    if accepted:
        labels = ", ".join(v.label for v in violations)
        return Verdict("accepts-invalid", "; ".join(str(v) for v in violations), clause=labels,
                       expected=f"rejection ({labels})", observed="accepted")
    return Verdict("rejects-valid", f"{outcome.error_type}: {outcome.message[:300]}", clause="Elementwise rules 1-3",
                   expected="accepted", observed=outcome.brief())
