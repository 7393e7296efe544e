"""Spec-transcribed oracles: one module per spec op, grouped by spec.

Nothing in this package imports a backend.
"""
from conformance.oracles.errors import SpecViolation, Violation

__all__ = ["SpecViolation", "Violation"]
