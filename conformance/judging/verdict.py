"""From (case, outcome) to a verdict: ``conform`` or one named divergence class.

The oracle decides validity and the expected value; a value that differs is matched against the
semantics variants to name *how* it differs. Each spec op's own judge lives with its record
(``conformance.core.opspec``); this module holds what every judge shares.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from conformance.core.compare import mismatch_mask
from conformance.core.outcome import Outcome
from conformance.core.opspec import op_spec

CLASSES = ("conform", "clamp", "fill", "wrap", "error", "skip-window", "wrong-value", "wrong-shape",
           "wrong-dtype", "accepts-invalid", "rejects-valid", "nondeterministic", "mutates-input", "history-dependent", "crash",
           "timeout", "spec-inconsistency")
MEANINGS = {  # one line per class, as the report's legend and the README say them
    "conform": "the spec's result (or, on invalid input, a rejection)",
    "clamp": "an out-of-bounds index was clamped into range where the spec does otherwise",
    "fill": "an out-of-bounds read gave a fill value (0) instead of the spec's result",
    "wrap": "an index was taken modulo the dim, or a negative one counted from the end",
    "error": "the target raised on an out-of-bounds index the spec gives a result for",
    "skip-window": "a scatter window partly out of bounds was dropped whole (the spec skips element by element)",
    "wrong-value": "a value differs from the spec's and no named variant explains it",
    "wrong-shape": "the result's shape (or rank: a scalar for a rank-0 tensor) differs from the spec's",
    "wrong-dtype": "the result's element type differs from the spec's",
    "accepts-invalid": "input the spec forbids was accepted",
    "rejects-valid": "valid input was refused (an exception)",
    "nondeterministic": "two runs on the same case gave different results",
    "mutates-input": "the target wrote into an input array",
    "history-dependent": "the result depends on earlier calls in the same process (gone in a fresh one)",
    "crash": "the process died (abort, segfault, SIGFPE)",
    "timeout": "no answer within the time limit",
    "spec-inconsistency": "the spec contradicts itself on this case (not the target's fault)",
}
# the worst first: what a matrix cell is coloured by
SEVERITY = ("crash", "timeout", "mutates-input", "nondeterministic", "history-dependent", "wrong-value", "wrong-shape", "wrong-dtype",
            "accepts-invalid", "rejects-valid", "clamp", "fill", "wrap", "skip-window", "error", "spec-inconsistency")


@dataclass(frozen=True)
class Verdict:
    cls: str
    detail: str = ""
    clause: str = ""
    expected: str = ""
    observed: str = ""
    also: tuple[str, ...] = ()  # further classes whose variants explain the same observed value
    value: Any = field(default=None, compare=False, repr=False)  # what the target returned (declaration models read it)
    history: tuple = field(default=(), compare=False, repr=False)  # earlier calls a history-dependent divergence needs
    probe: Any = field(default=None, compare=False, repr=False)  # the probe Case the class was decided on (confirm)

    @property
    def classes(self) -> tuple[str, ...]:
        return (self.cls, *self.also)

    @property
    def diverges(self) -> bool:
        return self.cls not in ("conform", "unsupported", "compile-timeout", "unavailable")


def brief(a: np.ndarray) -> str:
    return f"{a.dtype.name}{list(a.shape)} {np.array2string(a, threshold=40, edgeitems=3)}"


def first_mismatch(expected: np.ndarray, observed: np.ndarray) -> str:
    bad = np.argwhere(mismatch_mask(expected, observed))
    if not len(bad):
        return ""
    at = tuple(int(i) for i in bad[0])
    return f"first difference at result{list(at)}: expected {expected[at]!r}, got {observed[at]!r} ({len(bad)} differ)"


def type_verdict(expected: np.ndarray, outcome: Outcome, shape_clause: str = "", dtype_clause: str = "") -> Verdict | None:
    """``wrong-shape`` where the target's value is not one array of ``expected``'s shape, ``wrong-dtype``
    where its element type differs; None where both agree (the values are compared next)."""
    observed = outcome.value
    if not isinstance(observed, np.ndarray):
        return Verdict("wrong-shape", "target returned several values", clause=shape_clause,
                       expected=brief(expected), observed=outcome.brief())
    if observed.shape != expected.shape:
        return Verdict("wrong-shape", f"shape {list(observed.shape)} != {list(expected.shape)}", clause=shape_clause,
                       expected=brief(expected), observed=brief(observed))
    if observed.dtype != expected.dtype:
        return Verdict("wrong-dtype", f"dtype {observed.dtype.name} != {expected.dtype.name}", clause=dtype_clause,
                       expected=brief(expected), observed=brief(observed))
    return None


def case_violations(case) -> list:
    """The oracle's check of a case (its declared result type included where it has one)."""
    return op_spec(case.op).part("check")(case)


def judge_validity(outcome: Outcome, violations: list) -> Verdict | None:
    """The verdict shared by every spec op before its values are compared: a crash, timeout or
    unsupported outcome as such; on invalid input, a rejection conforms and a value accepts it.
    None when the input is valid and the target answered (the op's own judge goes on)."""
    if outcome.kind in ("crash", "timeout", "compile-timeout", "unsupported", "unavailable"):
        return Verdict(outcome.kind, outcome.message)
    if violations:
        labels = ", ".join(v.label for v in violations)
        if outcome.kind == "rejection":
            return Verdict("conform", f"rejected ({labels})")
        return Verdict("accepts-invalid", "; ".join(str(v) for v in violations), clause=labels,
                       expected=f"rejection ({labels})", observed=outcome.brief())
    return None


def judge(case, outcome: Outcome) -> Verdict:
    """The verdict of ``outcome`` on ``case``, by the judge of the case's spec op."""
    return op_spec(case.op).part("judge")(case, outcome)
