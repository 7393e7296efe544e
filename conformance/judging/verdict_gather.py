"""Verdicts for ``stablehlo.gather``: a differing value on out-of-bounds indices is matched against
the variants (fill, wrap, ...) to name it."""
from __future__ import annotations

import numpy as np

from conformance.core.case import Case
from conformance.core.compare import mismatch_mask, same_array
from conformance.core.outcome import Outcome
from conformance.judging.verdict import Verdict, brief, first_mismatch, judge_validity, type_verdict
from conformance.oracles.stablehlo.gather import SpecGap, check, evaluate_fast, gather, needs_clamp
from conformance.oracles.stablehlo.policy import GATHER_VARIANTS

# When several variants explain an observed value (an operand element can equal a fill constant),
# the first in this order names the divergence: the narrowest explanation first.
VARIANT_PRIORITY = ("unsigned-as-signed", "fill", "wrap", "wrap+fill", "wrap-modulo")


def _matches_variant(case: Case, observed: np.ndarray, name: str) -> bool:
    variant = GATHER_VARIANTS[name]
    if variant.out_of_bounds == "error":
        return False
    try:
        expected, filled = evaluate_fast(**case.kwargs(), variant=variant)
    except SpecGap:
        return False
    bad = mismatch_mask(expected, observed)
    if not filled.any():
        return not bad.any()
    if (bad & ~filled).any():
        return False
    fills = observed[filled]  # one constant fills the windows: 0, NaN, the dtype's extremes, or True
    if mismatch_mask(np.broadcast_to(fills[:1], fills.shape), fills).any():
        return False
    return any(not mismatch_mask(np.asarray(c, observed.dtype), fills[:1]).any() for c in fill_constants(observed.dtype))


def fill_constants(dt: np.dtype) -> list:
    if dt.kind in "iu":
        return [0, np.iinfo(dt).min, np.iinfo(dt).max]
    if dt.kind == "b":
        return [False, True]
    return [0, np.nan]


def gather_violations(case: Case) -> list:
    rt = case.result_type or {}
    return check(**case.arrays, **case.attrs, result_shape=rt.get("shape"), result_element_type=rt.get("dtype"))


def judge_gather(case: Case, outcome: Outcome) -> Verdict:
    early = judge_validity(outcome, gather_violations(case))
    if early is not None:
        return early
    try:
        expected = gather(**case.kwargs())
    except SpecGap as e:
        return Verdict("spec-inconsistency", str(e), clause="gather semantics: operand_index")
    oob = needs_clamp(case.arrays["start_indices"], start_index_map=case.attrs["start_index_map"],
                      index_vector_dim=case.attrs["index_vector_dim"], slice_sizes=case.attrs["slice_sizes"],
                      operand_shape=case.arrays["operand"].shape)
    clamp_clause = "gather semantics: full_start_index = clamp(start_index, 0, dim - slice_size)"
    if outcome.kind == "rejection":
        cls = "error" if oob else "rejects-valid"
        return Verdict(cls, f"{outcome.error_type}: {outcome.message[:300]}", clause=clamp_clause if oob else "valid input",
                       expected=brief(expected), observed=outcome.brief())
    observed = outcome.value
    wrong_type = type_verdict(expected, outcome, "C22", "C23")
    if wrong_type:
        return wrong_type
    if same_array(expected, observed):
        return Verdict("conform")
    if oob:
        names = [name for name in VARIANT_PRIORITY if _matches_variant(case, observed, name)]
        if names:
            classes = list(dict.fromkeys(GATHER_VARIANTS[n].divergence_class for n in names))
            detail = "matches variant " + " and ".join(repr(n) for n in names)
            return Verdict(classes[0], detail, clause=clamp_clause, expected=brief(expected),
                           observed=brief(observed), also=tuple(classes[1:]))
    return Verdict("wrong-value", first_mismatch(expected, observed), clause="gather semantics: operand_index",
                   expected=brief(expected), observed=brief(observed))


def gather_mismatch(case: Case, value) -> tuple[list, list, list]:
    """(observed, the spec's result, differing elements) for declaration models."""
    expected = gather(**case.kwargs())
    return [value], [expected], [mismatch_mask(expected, value)]


def gather_columns(case: Case) -> list[tuple[int, int]]:
    """(operand dim, slice size) per index vector component."""
    shape, a = case.arrays["operand"].shape, case.attrs
    return [(shape[d], a["slice_sizes"][d]) for d in a["start_index_map"]]
