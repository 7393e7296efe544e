"""For each stablehlo.gather constraint label: one case breaking only it, the oracle's message and
what the StableHLO verifier (and, where installed, XLA) answered. ``conformance labels`` prints it."""
from __future__ import annotations

from hypothesis import HealthCheck, find, settings

from conformance.case import Case
from conformance.outcome import first_line
from conformance.registry import Target
from conformance.runner import call
from conformance.verdict import case_violations


def one_case(label: str) -> Case:
    """The simplest case that breaks exactly ``label`` (Hypothesis' minimal example)."""
    from strategies.gather_invalid import invalid_gather_cases

    return find(invalid_gather_cases(label), lambda c: True,
                settings=settings(database=None, suppress_health_check=list(HealthCheck)))


def rows(targets: list[Target]) -> list[tuple[str, str, list[str]]]:
    """(label, oracle message, one answer per target) for every label."""
    from strategies.gather_invalid import LABELS

    out = []
    for label in LABELS:
        case = one_case(label)
        (violation,) = case_violations(case)
        answers = []
        for t in targets:
            outcome = call(t, case)
            answers.append("ACCEPTED" if outcome.kind == "value" else first_line(outcome.message, 160))
        out.append((label, str(violation), answers))
    return out
