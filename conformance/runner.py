"""One property per (target, valid|invalid): draw cases in the target's region, judge each outcome,
fail only on divergences the target has not declared."""
from __future__ import annotations

import warnings
from collections import Counter

from hypothesis import given, settings

from conformance import isolation, ops, outcome, runtime
from conformance.case import Case
from conformance.registry import Target
from conformance.report_text import describe_divergence
from conformance.verdict import Verdict, judge

INVALID_CLASSES = {"accepts-invalid"}


class UndeclaredDivergence(AssertionError):
    """A target differs from the spec in a way its backend has not declared."""


TARGET_TIMEOUT = 20.0  # seconds; a target slower than this on one case is a ``timeout``


def call(target: Target, case: Case) -> outcome.Outcome:
    """Run ``target`` on ``case`` (in its backend's worker process when the target is isolated)."""
    kwargs = target.call_kwargs(case)
    if not target.isolated:
        return outcome.run(target.fn, kwargs)

    def remote(**kw):
        return isolation.worker(f"target:{target.backend}").call(
            "conformance.registry", "call_target",
            {"backend": target.backend, "name": target.name, "kwargs": kw, "device": runtime.device()},
            timeout=TARGET_TIMEOUT)

    return outcome.run(remote, kwargs)


def check_case(target: Target, case: Case) -> Verdict:
    return judge(case, call(target, case))


def run_property(target: Target, kind: str) -> Counter:
    """Run the Hypothesis property for ``target`` on ``kind`` ("valid" or "invalid") cases."""
    strategy = ops.valid_cases(target) if kind == "valid" else ops.invalid_cases(target)
    seen: Counter = Counter()

    @settings(max_examples=runtime.examples()) if runtime.examples() else (lambda f: f)
    @given(case=strategy)
    def conforms(case: Case) -> None:
        verdict = check_case(target, case)
        seen.update(verdict.classes)
        if verdict.diverges and target.declared(verdict.classes, case) is None:
            raise UndeclaredDivergence(describe_divergence(target, case, verdict))

    conforms()
    relevant = {c for c in target.deviations if (c in INVALID_CLASSES) == (kind == "invalid")}
    for cls in sorted(relevant - set(seen)):
        warnings.warn(f"{target.name}: declared deviation '{cls}' never matched in this run", stacklevel=2)
    return seen
