"""The text a person reads for one divergence: what differs, the clause, and how to reproduce it."""
from __future__ import annotations

import shlex
from pathlib import Path

from conformance.core import runtime
from conformance.core.case import Case
from conformance.running.registry import Target
from conformance.judging.verdict import Verdict


INLINE_CASE_LIMIT = 4000  # characters of case JSON shown inline; a larger case is saved to a file
CASES_DIR = Path(".conformance") / "cases"


def case_argument(case: Case) -> str:
    """The case as ``--case`` takes it: inline JSON, or ``@path`` to a file saved under ``CASES_DIR``."""
    text = case.dumps()
    if len(text) <= INLINE_CASE_LIMIT:
        return shlex.quote(text)
    CASES_DIR.mkdir(parents=True, exist_ok=True)
    path = CASES_DIR / f"{case.id}.json"
    path.write_text(text)
    return shlex.quote(f"@{path}")


def repro_command(target: Target, case: Case) -> str:
    """The command that re-runs ``case`` on ``target`` with every option that changes its outcome."""
    return (f"conformance check --backend {shlex.quote(target.backend)} --target {shlex.quote(target.name)} "
            f"--device {runtime.device()} --case {case_argument(case)}")


def spec_url(op: str) -> str:
    """The public URL of the spec text ``op``'s oracle transcribes ('' for an unknown op)."""
    from conformance.core.opspec import spec_ops

    spec = spec_ops().get(op)
    return spec.spec.split(" ")[0] if spec else ""


def _one_line(text: str, limit: int = 240) -> str:
    """An array dump on one line (numpy breaks a high-rank array over many), cut at a word boundary
    (the seed and the repro script hold every value)."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 4].rsplit(" ", 1)[0] + " ..."


def describe_divergence(target: Target, case: Case, verdict: Verdict) -> str:
    lines = [
        f"{target.name} diverges from {case.op}: class '{verdict.cls}'" + (f" ({verdict.detail})" if verdict.detail else "")
        + (f"; also explained as {', '.join(verdict.also)}" if verdict.also else ""),
        f"case {case.id}: {case.describe()}",
    ]
    url = spec_url(case.op)
    if verdict.clause or url:
        lines.append(f"spec clause: {verdict.clause or '(the op)'}" + (f" — {url}" if url else ""))
    if verdict.expected:
        lines.append(f"expected: {_one_line(verdict.expected)}")
    if verdict.observed:
        lines.append(f"observed: {_one_line(verdict.observed)}")
    lines.append(f"reproduce: {repro_command(target, case)}")
    return "\n".join(lines)
