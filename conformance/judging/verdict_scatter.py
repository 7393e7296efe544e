"""Verdicts for ``stablehlo.scatter``: any schedule's result conforms; a differing value is matched
against the out-of-bounds variants (skip-window, clamp, wrap, error, ...) to name it."""
from __future__ import annotations

import numpy as np

from conformance.core.case import Case
from conformance.core.outcome import Outcome
from conformance.core.compare import same_array
from conformance.judging.scatter_compare import collisions, schedule_mismatch
from conformance.judging.verdict import Verdict, brief, first_mismatch, judge_validity
from conformance.oracles.stablehlo.scatter import as_list, check, evaluate_fast, normalize, out_of_bounds, result_positions
from conformance.oracles.stablehlo.scatter_policy import SCATTER_VARIANTS, OutOfBoundsUpdate

# narrowest explanation first when several variants explain one observed value
VARIANT_PRIORITY = ("unsigned-as-signed", "skip-window", "clamp", "wrap", "wrap+skip-window", "wrap+clamp",
                    "wrap-modulo")
SKIP_CLAUSE = "scatter semantics: an update whose result_index is out of bounds is skipped (updated_results = results)"


def scatter_violations(case: Case) -> list:
    rt = case.result_type or {}
    kw = case.kwargs()
    return check(kw.pop("inputs"), kw.pop("scatter_indices"), kw.pop("updates"), **kw,
                 result_shape=rt.get("shape"), result_element_type=rt.get("dtype"))


def _mismatches(case: Case, observed: list[np.ndarray], variant) -> bool | None:
    """True when ``observed`` differs from every schedule's result under ``variant``; None if it errs."""
    kw = case.kwargs()
    ins, ups = as_list(kw.pop("inputs")), as_list(kw.pop("updates"))
    si = kw.pop("scatter_indices")
    attrs = normalize(kw)
    try:
        expected = evaluate_fast(ins, si, ups, variant=variant, **attrs)
        positions = result_positions(ins[0].shape, si, ups[0].shape, variant=variant, **attrs)
    except OutOfBoundsUpdate:
        return None
    return any(schedule_mismatch(e, o, i, u, positions, attrs["update_computation"]).any()
               for e, o, i, u in zip(expected, observed, ins, ups))


def judge_scatter(case: Case, outcome: Outcome) -> Verdict:
    early = judge_validity(outcome, scatter_violations(case))
    if early is not None:
        return early
    kw = case.kwargs()
    expected = evaluate_fast(**kw)
    oob = out_of_bounds(**kw)
    exp_text = "; ".join(brief(e) for e in expected)
    if outcome.kind == "rejection":
        return Verdict("error" if oob else "rejects-valid", f"{outcome.error_type}: {outcome.message[:300]}",
                       clause=SKIP_CLAUSE if oob else "valid input", expected=exp_text, observed=outcome.brief())
    observed = list(outcome.value) if isinstance(outcome.value, tuple) else [outcome.value]
    if len(observed) != len(expected):
        return Verdict("wrong-shape", f"{len(observed)} results for {len(expected)} inputs", clause="C24",
                       expected=exp_text, observed=outcome.brief())
    for e, o in zip(expected, observed):
        if o.shape != e.shape:
            return Verdict("wrong-shape", f"shape {list(o.shape)} != {list(e.shape)}", clause="C24",
                           expected=brief(e), observed=brief(o))
        if o.dtype != e.dtype:
            return Verdict("wrong-dtype", f"dtype {o.dtype.name} != {e.dtype.name}", clause="C25",
                           expected=brief(e), observed=brief(o))
    obs_text = "; ".join(brief(o) for o in observed)
    if not _mismatches(case, observed, SCATTER_VARIANTS["skip-element"]):
        return Verdict("conform")
    if oob:
        names = [n for n in VARIANT_PRIORITY if _mismatches(case, observed, SCATTER_VARIANTS[n]) is False]
        if names:
            classes = list(dict.fromkeys(SCATTER_VARIANTS[n].divergence_class for n in names))
            return Verdict(classes[0], "matches variant " + " and ".join(repr(n) for n in names), clause=SKIP_CLAUSE,
                           expected=exp_text, observed=obs_text, also=tuple(classes[1:]))
    detail = next((first_mismatch(e, o) for e, o in zip(expected, observed) if first_mismatch(e, o)), "")
    return Verdict("wrong-value", detail + " (beyond what any update order gives)",
                   clause="scatter semantics: results = exec(schedule, inputs)", expected=exp_text, observed=obs_text)


def scatter_mismatch(case: Case, value) -> tuple[list, list, list]:
    """(observed results, the spec's results in one schedule, elements no schedule gives) for models."""
    kw = case.kwargs()
    ins, ups = as_list(kw.pop("inputs")), as_list(kw.pop("updates"))
    si = kw.pop("scatter_indices")
    attrs = normalize(kw)
    expected = evaluate_fast(ins, si, ups, **attrs)
    positions = result_positions(ins[0].shape, si, ups[0].shape, **attrs)
    observed = list(value) if isinstance(value, tuple) else [value]
    return observed, expected, [schedule_mismatch(e, o, i, u, positions, attrs["update_computation"])
                                for e, o, i, u in zip(expected, observed, ins, ups)]


def schedule_matters(case: Case) -> bool:
    """A valid scatter case where two update elements write one result element."""
    if case.op != "stablehlo.scatter" or scatter_violations(case):
        return False
    kw = case.kwargs()
    ins, ups = as_list(kw.pop("inputs")), as_list(kw.pop("updates"))
    positions = result_positions(ins[0].shape, kw.pop("scatter_indices"), ups[0].shape, **normalize(kw))
    return len(collisions(positions)[0]) > 0


def same_values(a, b) -> bool:
    """Bitwise-equal results (one array or a tuple of them), NaN payloads aside."""
    a, b = (list(x) if isinstance(x, tuple) else [x] for x in (a, b))
    return len(a) == len(b) and all(same_array(x, y) for x, y in zip(a, b))


def scatter_columns(case: Case) -> list[tuple[int, int]]:
    """(input dim, update window size) per index vector component."""
    from conformance.oracles.stablehlo.scatter import window_sizes

    inputs, sizes = as_list(case.kwargs()["inputs"])[0], window_sizes(case)
    return [(inputs.shape[d], sizes[d]) for d in case.attrs["scatter_dims_to_operand_dims"]]
