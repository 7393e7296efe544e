"""Verdicts for the elementwise StableHLO ops (``stablehlo.add``, ...): the result is one array of the
operands' shape (rank 0 stays a rank-0 tensor, not the backend's scalar type) and element type (a
language-scalar operand does not change it), equal to the oracle's value wherever the spec decides
it and one of the allowed values wherever the spec leaves it to the implementation."""
from __future__ import annotations

import numpy as np

from conformance.core.case import Case
from conformance.core.compare import mismatch_mask
from conformance.core.outcome import Outcome
from conformance.judging.verdict import Verdict, brief, judge_validity
from conformance.oracles.stablehlo import elementwise

SHAPE_CLAUSE = "Elementwise: the result has the operands' shape (a rank-0 tensor stays a tensor)"
TYPE_CLAUSE = "C1: lhs, rhs and result have the same element type (i1 for compare)"


def spec_name(case: Case) -> str:
    return case.op.removeprefix("stablehlo.")


def expected(case: Case) -> elementwise.Expected:
    return elementwise.evaluate(spec_name(case), case.arrays, case.attrs)


def value_violations(case: Case) -> list:
    """Generated cases are valid by construction (one element type the op takes, one shape): none."""
    return []


def _inputs_at(case: Case, at: tuple) -> str:
    parts = []
    for k, a in case.arrays.items():
        v = a[at[-a.ndim:]] if a.ndim else a[()]
        parts.append(f"{k}={v!r}")
    attrs = case.attrs.get("comparison_direction")
    return f"{spec_name(case)}({', '.join(parts)}{', ' + attrs if attrs else ''})"


def judge_values(case: Case, outcome: Outcome) -> Verdict:
    early = judge_validity(outcome, [])
    if early is not None:
        return early
    op = spec_name(case)
    clause = elementwise.CLAUSES[op]
    if outcome.kind == "rejection":
        return Verdict("rejects-valid", f"{outcome.error_type}: {outcome.message[:300]}", clause=clause)
    exp = expected(case)
    observed = outcome.value
    if outcome.returned:
        return Verdict("wrong-shape", f"returned a {outcome.returned}, not a rank-{exp.value.ndim} array",
                       clause=SHAPE_CLAUSE, expected=brief(exp.value), observed=outcome.brief())
    if not isinstance(observed, np.ndarray) or observed.shape != exp.value.shape:
        shape = list(observed.shape) if isinstance(observed, np.ndarray) else "several values"
        return Verdict("wrong-shape", f"shape {shape} != {list(exp.value.shape)}", clause=SHAPE_CLAUSE,
                       expected=brief(exp.value), observed=outcome.brief())
    if observed.dtype != exp.value.dtype:
        how = " (rhs passed as a language scalar)" if case.attrs.get("rhs_as_scalar") else ""
        return Verdict("wrong-dtype", f"element type {observed.dtype.name} != {exp.value.dtype.name}{how}",
                       clause=TYPE_CLAUSE, expected=brief(exp.value), observed=brief(observed))
    bad = _bad(exp, observed)
    if not bad.any():
        return Verdict("conform")
    at = tuple(int(i) for i in np.argwhere(bad)[0])
    want = " or ".join(repr(o[at]) for o in exp.allowed) if exp.open[at] else repr(exp.value[at])
    return Verdict("wrong-value", f"{_inputs_at(case, at)}: expected {want}, got {observed[at]!r} "
                                  f"({int(bad.sum())} of {bad.size} differ)",
                   clause=clause, expected=brief(exp.value), observed=brief(observed))


def _bad(exp: elementwise.Expected, observed: np.ndarray) -> np.ndarray:
    """Elements of ``observed`` the spec does not allow (open elements allow their listed values)."""
    bad = mismatch_mask(exp.value, observed) & ~exp.open
    if exp.allowed:
        fits = np.zeros(exp.open.shape, bool)
        for option in exp.allowed:
            fits |= ~mismatch_mask(option, observed)
        bad |= exp.open & ~fits
    return bad


def value_mismatch(case: Case, value) -> tuple[list, list, list]:
    """(observed results, the spec's results, elements the spec does not allow) for declaration models."""
    exp = expected(case)
    return [value], [exp.value], [_bad(exp, value)]


def expected_value(case: Case) -> np.ndarray:
    """What a repro script states as expected: the oracle's value (NoRepro where the spec leaves the
    first differing element open: one exact value would be wrong)."""
    from conformance.core.opspec import NoRepro

    exp = expected(case)
    if exp.open.any():
        raise NoRepro(f"{case.op}: the spec leaves {int(exp.open.sum())} element(s) open ({exp.why})")
    return exp.value
