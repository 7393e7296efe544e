"""The error an oracle raises for input that breaks the spec's constraints."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Violation:
    """One broken constraint: its label as the spec writes it and what was wrong."""

    label: str
    message: str

    def __str__(self) -> str:
        return f"({self.label}) {self.message}"


class SpecViolation(ValueError):
    """Input the spec forbids. ``labels`` lists every violated constraint label."""

    def __init__(self, op: str, violations: list[Violation]):
        self.op = op
        self.violations = list(violations)
        self.labels = [v.label for v in self.violations]
        super().__init__(f"{op}: " + "; ".join(str(v) for v in self.violations))
