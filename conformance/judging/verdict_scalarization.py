"""Verdicts for the Elementwise rules 5-6 (``mlir.scalarization``): the op on tensors must equal the
same backend's scalar op at every element, value and type (NaN equals NaN, -0.0 differs from 0.0)."""
from __future__ import annotations

from conformance.core.case import Case
from conformance.core.compare import mismatch_mask
from conformance.core.outcome import Outcome
from conformance.judging.verdict import Verdict, brief


def scalarization_mismatch(case: Case, value) -> tuple[list, list, list]:
    """The tensor form observed, the scalar forms as what it should be, and where they differ."""
    tensor, scalars = value
    return [tensor], [scalars], [mismatch_mask(scalars, tensor)]


def judge_scalarization(case: Case, outcome: Outcome) -> Verdict:
    if outcome.kind in ("crash", "timeout", "compile-timeout", "unsupported", "unavailable"):
        return Verdict(outcome.kind, outcome.message)
    clause = "Elementwise rule 6: the op on tensors is the scalar op at each element"
    if outcome.kind == "rejection":
        return Verdict("rejects-valid", f"{outcome.error_type}: {outcome.message[:300]}", clause=clause)
    tensor, scalars = outcome.value
    if tensor.shape != scalars.shape:
        return Verdict("wrong-shape", f"tensor form {list(tensor.shape)}, scalar forms {list(scalars.shape)}", clause=clause)
    if tensor.dtype != scalars.dtype:
        return Verdict("wrong-dtype", f"tensor form {tensor.dtype.name}, scalar form {scalars.dtype.name}", clause=clause,
                       expected=brief(scalars), observed=brief(tensor))
    bad = mismatch_mask(scalars, tensor)
    if not bad.any():
        return Verdict("conform")
    i = int(bad.nonzero()[0][0])
    inputs = ", ".join(f"{k}={a[i]!r}" for k, a in case.arrays.items())
    return Verdict("wrong-value", f"{case.attrs['op']}({inputs}): tensor form {tensor[i]!r}, scalar form {scalars[i]!r} "
                                  f"({int(bad.sum())} of {bad.size} differ)", clause=clause,
                   expected=brief(scalars), observed=brief(tensor))
