"""For each constraint label of a spec op: one case breaking only it, the oracle's message and what
the StableHLO verifier (and, where installed, XLA) answered. ``conformance labels`` prints it."""
from __future__ import annotations

from hypothesis import HealthCheck, Phase, find, settings

from conformance.core.case import Case
from conformance.core.opspec import op_spec, spec_ops
from conformance.core.outcome import first_line
from conformance.running.registry import Target
from conformance.running.engine import call
from conformance.judging.verdict import case_violations

def _strategies(op: str):
    """The op's labels and its invalid-case strategy for one label (ops whose record lists labels)."""
    ops = [name for name, spec in spec_ops().items() if spec.labels_ref]
    if op not in ops:
        raise ValueError(f"--op: expected one of {', '.join(ops)}, got {op!r}")
    spec = op_spec(op)
    return spec.part("labels"), spec.part("label_cases")


def one_case(label: str, op: str = "stablehlo.gather") -> Case:
    """The simplest case that breaks exactly ``label``: the first one Hypothesis generates, from the
    simplest choice at every draw (the same case in every run). Shrinking a random first find took about
    a second a label and often stopped at a larger case (float32[2, 2] where this gives int32[1, 1])."""
    _, strategy = _strategies(op)
    return find(strategy(label), lambda c: True,
                settings=settings(database=None, phases=[Phase.generate], suppress_health_check=list(HealthCheck)))


def rows(targets: list[Target], op: str = "stablehlo.gather") -> list[tuple[str, str, list[str]]]:
    """(label, oracle message, one answer per target) for every label."""
    labels, _ = _strategies(op)
    out = []
    for label in labels:
        case = one_case(label, op)
        (violation,) = case_violations(case)
        answers = []
        for t in targets:
            outcome = call(t, case)
            answers.append("ACCEPTED" if outcome.kind == "value" else first_line(outcome.message, 160))
        out.append((label, str(violation), answers))
    return out
