"""Spec-transcribed oracles: one module per spec op, grouped by spec.

Nothing in this package imports a backend.
"""
from oracles.errors import SpecViolation, Violation

__all__ = ["SpecViolation", "Violation"]

SUITE = "tensor-index-conformance"  # checked by conformance.packages: this folder is the suite's own
