"""Verdicts for ``mlir.broadcastable``. A verifier target answers accept/reject for the whole op; an
inference target (``broadcast_shapes``) returns the shape it infers. Where the document's table
and its formal Verify disagree on a case, the verdict is ``spec-inconsistency`` and says which
reading the target follows (the suite never picks one)."""
from __future__ import annotations

import numpy as np

from conformance.core.case import Case
from conformance.core.outcome import Outcome
from conformance.judging.verdict import Verdict
from conformance.oracles import SpecViolation
from conformance.oracles.mlir.broadcastable import infer_result_shape, verdicts, verify
from conformance.oracles.mlir.shapes import parse_type


def shapes(case: Case):
    return [parse_type(t)[0] for t in case.attrs["operands"]], \
        (parse_type(case.attrs["result"])[0] if "result" in case.attrs else None)


def broadcast_violations(case: Case) -> list:
    """The formal Verify's violations (empty when the op verifies under that reading)."""
    operands, result = shapes(case)
    try:
        verify(operands, result, reading="formal")
    except SpecViolation as e:
        return e.violations
    return []


def _dims(shape) -> str:
    return "[" + ", ".join("?" if d is None else str(d) for d in shape) + "]"


def judge_broadcast(case: Case, outcome: Outcome) -> Verdict:
    if outcome.kind in ("crash", "timeout", "compile-timeout", "unsupported", "unavailable"):
        return Verdict(outcome.kind, outcome.message)
    operands, result = shapes(case)
    value = outcome.value if outcome.kind == "value" else None
    inference = value is not None and value.dtype != np.bool_  # an inferred shape, not accept/reject
    if outcome.kind == "rejection" and "result" not in case.attrs:  # an inference target refused
        try:
            infer_result_shape(operands)
        except SpecViolation:
            return Verdict("conform", "rejected (InferDim)")
        return Verdict("rejects-valid", f"{outcome.error_type}: {outcome.message[:300]}", clause="InferDim",
                       expected=_dims(infer_result_shape(operands) or ()), observed=outcome.brief())
    if inference:
        try:
            expected = infer_result_shape(operands)
        except SpecViolation as e:
            return Verdict("accepts-invalid", str(e), clause="InferDim", expected="rejection", observed=outcome.brief())
        got = tuple(None if int(d) < 0 else int(d) for d in value.reshape(-1))  # -1: a dynamic dim
        if got != tuple(expected):
            return Verdict("wrong-shape", f"inferred {_dims(got)} != {_dims(expected)}", clause="InferShape",
                           expected=_dims(expected), observed=_dims(got))
        return Verdict("conform")
    accepted = outcome.kind == "value"
    v = verdicts(operands, result)
    if (v["formal"] is None) != (v["table"] is None):
        follows = "table" if accepted == (v["table"] is None) else "formal"
        return Verdict("spec-inconsistency", f"the verification table and the formal Verify disagree "
                                             f"(formal: {v['formal'] or 'OK'}, table: {v['table'] or 'OK'}); "
                                             f"the target {'accepts' if accepted else 'rejects'}: the {follows} reading",
                       clause="Verification")
    ok = v["formal"] is None
    if ok == accepted:
        return Verdict("conform")
    if accepted:
        return Verdict("accepts-invalid", f"violates {v['formal']}", clause=v["formal"], expected="rejection",
                       observed="accepted")
    return Verdict("rejects-valid", f"{outcome.error_type}: {outcome.message[:300]}", clause="Verification",
                   expected="accepted", observed=outcome.brief())
