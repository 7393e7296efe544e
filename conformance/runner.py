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
from conformance.verdict_scatter import same_values, schedule_matters

INVALID_CLASSES = {"accepts-invalid"}
SPEC_CLASSES = {"spec-inconsistency"}  # about the spec, not the target: reported, never a failure


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


def check_case(target: Target, case: Case, runs: int = 1) -> Verdict:
    """Judge one call of ``target`` on ``case``; with ``runs`` > 1 (or where duplicate scatter indices
    let the schedule matter) call it again and call differing results ``nondeterministic``."""
    first = call(target, case)
    verdict = judge(case, first)
    if first.kind != "value" or (runs < 2 and not schedule_matters(case)):
        return verdict
    for _ in range(max(runs, 2) - 1):
        again = call(target, case)
        if again.kind != "value" or not same_values(first.value, again.value):
            return Verdict("nondeterministic", "two runs on the same case differ",
                           clause="a correct target is a function of its inputs",
                           expected=first.brief(), observed=again.brief())
    return verdict


DUPLICATE_RUNS = 3  # calls per case in the "duplicates" property
DUPLICATE_EXAMPLES = 4  # cases per target in the "duplicates" property (each is large)


def run_property(target: Target, kind: str) -> Counter:
    """Run the Hypothesis property for ``target`` on ``kind`` cases: "valid", "invalid", or
    "duplicates" (large duplicate-heavy scatter cases, each run ``DUPLICATE_RUNS`` times)."""
    strategy = {"valid": ops.valid_cases, "invalid": ops.invalid_cases,
                "duplicates": ops.duplicate_cases}[kind](target)
    runs = DUPLICATE_RUNS if kind == "duplicates" else 1
    seen: Counter = Counter()
    examples = runtime.examples()
    if kind == "duplicates":
        examples = min(examples or DUPLICATE_EXAMPLES, DUPLICATE_EXAMPLES)

    @settings(max_examples=examples) if examples else (lambda f: f)
    @given(case=strategy)
    def conforms(case: Case) -> None:
        verdict = check_case(target, case, runs)
        seen.update(verdict.classes)
        if verdict.diverges and verdict.cls not in SPEC_CLASSES and target.declared(verdict.classes, case) is None:
            raise UndeclaredDivergence(describe_divergence(target, case, verdict))

    conforms()
    if kind == "duplicates":
        return seen
    relevant = {c for c in target.deviations if (c in INVALID_CLASSES) == (kind == "invalid")}
    for cls in sorted(relevant - set(seen)):
        warnings.warn(f"{target.name}: declared deviation '{cls}' never matched in this run", stacklevel=2)
    return seen
