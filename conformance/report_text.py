"""The text a person reads for one divergence: what differs, the clause, and how to reproduce it."""
from __future__ import annotations

import shlex

from conformance.case import Case
from conformance.registry import Target
from conformance.verdict import Verdict


def repro_command(target: Target, case: Case) -> str:
    return (f"conformance check --backend {shlex.quote(target.backend)} --target {shlex.quote(target.name)} "
            f"--case {shlex.quote(case.dumps())}")


def describe_divergence(target: Target, case: Case, verdict: Verdict) -> str:
    lines = [
        f"{target.name} diverges from {case.op}: class '{verdict.cls}'" + (f" ({verdict.detail})" if verdict.detail else "")
        + (f"; also explained as {', '.join(verdict.also)}" if verdict.also else ""),
        f"case {case.id}: {case.describe()}",
    ]
    if verdict.clause:
        lines.append(f"spec clause: {verdict.clause}")
    if verdict.expected:
        lines.append(f"expected: {verdict.expected}")
    if verdict.observed:
        lines.append(f"observed: {verdict.observed}")
    lines.append(f"reproduce: {repro_command(target, case)}")
    return "\n".join(lines)
