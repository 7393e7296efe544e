"""Candidate models of how a backend treats index values, for every op with indices (gather, scatter,
dynamic_slice, dynamic_update_slice): a *reading* of each value (as is, negatives from the end, modulo
the dim, unsigned read as signed, signed read as unsigned, 64-bit narrowed to int32, or a chain of
these) and a *rule* for a start still out of bounds (the spec's, fill, error, reset to 0, clamp of the
low side only, and for scatter a dropped window or a clamped one).

A model names a spec class (``wrap``, ``fill``, ``clamp``, ``error``, ``skip-window``) only where it is
made of named parts; any other model is ``wrong-value`` with its description ("fits: out-of-bounds
start reset to 0"). ``fits(case, outcome, model)`` says whether a model predicts what a target did.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from functools import cache

import numpy as np

from conformance.core.case import Case
from conformance.core.compare import mismatch_mask
from conformance.judging.index_values import components, effective
from conformance.core.outcome import Outcome
from conformance.judging.verdict_gather import fill_constants  # the fill values a gather verdict accepts

GATHER_RULES = ("clamp", "fill", "error", "reset", "low-clamp")
SCATTER_RULES = ("skip-element", "skip-window", "clamp", "error", "reset", "low-clamp")
SLICE_RULES = ("clamp", "fill", "error", "reset", "low-clamp")
SPEC_RULE = {"stablehlo.gather": "clamp", "stablehlo.scatter": "skip-element",
             "stablehlo.dynamic_slice": "clamp", "stablehlo.dynamic_update_slice": "clamp"}
RULES = {"stablehlo.gather": GATHER_RULES, "stablehlo.scatter": SCATTER_RULES,
         "stablehlo.dynamic_slice": SLICE_RULES, "stablehlo.dynamic_update_slice": SLICE_RULES}
RULE_CLASS = {"clamp": "clamp", "fill": "fill", "error": "error", "skip-window": "skip-window"}
# A declaration-only rule (never a candidate, so it names no class): a window whose start is out of bounds
# read from outside the buffer, any value there; the gathers and dynamic_slice only (a write outside a
# buffer may land anywhere, so a scatter or update slice has no such bound)
ANY_RULE = "any"
ANY_OPS = ("stablehlo.gather", "stablehlo.dynamic_slice")


@dataclass(frozen=True)
class IndexModel:
    op: str
    reading: str  # steps chained with ">"
    rule: str

    @property
    def name(self) -> str:
        return f"{self.reading}/{self.rule}"

    @property
    def is_spec(self) -> bool:
        return self.reading == "keep" and self.rule == SPEC_RULE[self.op]

    @property
    def unnamed(self) -> bool:
        from conformance.oracles.stablehlo.policy import UNNAMED

        return bool(set(self.reading.split(">")) & set(UNNAMED)) or self.rule in ("reset", "low-clamp")

    @property
    def classes(self) -> tuple[str, ...]:
        """The spec classes this model shows (empty for the spec; ``wrong-value`` where unnamed)."""
        if self.unnamed:
            return ("wrong-value",)
        out = ["wrap"] if self.reading != "keep" else []
        if self.rule != SPEC_RULE[self.op]:
            out.append(RULE_CLASS[self.rule])
        return tuple(out)

    def describe(self) -> str:
        from conformance.oracles.stablehlo.policy import DESCRIPTIONS

        steps = [DESCRIPTIONS[s] for s in self.reading.split(">") if s != "keep"]
        rule = {"skip-element": "", "skip-window": "window partly out dropped whole", "clamp": "start clamped"}
        last = rule.get(self.rule, DESCRIPTIONS.get(self.rule, self.rule)) if not self.is_spec else "the spec"
        if self.rule == SPEC_RULE[self.op] and steps:
            last = ""
        return ", then ".join(s for s in steps + [last] if s)


def readings(dtype: np.dtype) -> list[str]:
    """The readings that can differ from reading values as they are, for an index ``dtype``."""
    out = ["keep", "from-end", "modulo"]
    if dtype.kind == "u":  # (numpy's take(mode='wrap') casts uint64 to intp, then wraps: as-signed>modulo)
        out += ["as-signed", "as-signed>from-end", "as-signed>modulo"]
    if dtype.kind == "i":
        out += ["as-unsigned"]
    if dtype.itemsize > 4:
        out += ["narrow-int32", "narrow-int32>from-end", "narrow-int32>modulo"]
    return out


@cache
def models(op: str, dtype_str: str) -> tuple[IndexModel, ...]:
    dtype = np.dtype(dtype_str)
    # a low-side clamp needs a negative start: with unsigned indices read as they are, it is fill
    return tuple(IndexModel(op, r, rule) for r in readings(dtype) for rule in RULES[op]
                 if not (rule == "low-clamp" and dtype.kind == "u" and "as-signed" not in r))


def index_dtype(case: Case) -> np.dtype | None:
    from conformance.judging.conditions import index_array

    si = index_array(case)
    return si.dtype if si.dtype.kind in "iu" else None


def candidates(case: Case) -> tuple[IndexModel, ...]:
    dt = index_dtype(case)
    if case.op not in RULES or dt is None:
        return ()
    return models(case.op, dt.str)


def _fill_choices(expected: np.ndarray, filled: np.ndarray, observed: np.ndarray) -> frozenset | None:
    """The fill constants (positions in ``fill_constants``) with which ``observed`` is ``expected`` outside
    ``filled`` and that one constant inside it; every one where nothing is filled; None where none fits."""
    if expected.shape != observed.shape:
        return None
    bad = mismatch_mask(expected, observed)
    if (bad & ~filled).any():
        return None
    constants = fill_constants(observed.dtype)
    if not filled.any():
        return frozenset(range(len(constants)))
    fills = observed[filled]
    if mismatch_mask(np.broadcast_to(fills[:1], fills.shape), fills).any():
        return None
    found = frozenset(i for i, c in enumerate(constants)
                      if not mismatch_mask(np.asarray(c, observed.dtype), fills[:1]).any())
    return found or None


class _Refused(Exception):
    pass


def _gather_prediction(case: Case, m: IndexModel):
    from conformance.oracles.stablehlo.gather import SpecGap, evaluate_fast
    from conformance.oracles.stablehlo.policy import OutOfBoundsStart, Variant

    try:
        return evaluate_fast(**case.kwargs(), variant=Variant(m.name, m.reading, m.rule))
    except OutOfBoundsStart:
        raise _Refused from None
    except SpecGap:
        return None


PREDICTIONS_KEPT = 4096  # model predictions kept per process (``_remembered``)
_PREDICTIONS: OrderedDict = OrderedDict()  # (case key, model) -> what ``compute`` returned, or _Refused


def _remembered(key: str | None, m: IndexModel, compute):
    """``compute()``, kept under (``key``, ``m``) where the caller names the case by its id: a model's
    prediction is a function of the case alone (no target is called), so a case met again (a probe that
    another divergent case of the same structure ran too) is not evaluated again."""
    if key is None:
        return compute()
    if (key, m) not in _PREDICTIONS:
        try:
            _PREDICTIONS[(key, m)] = compute()
        except _Refused as e:
            _PREDICTIONS[(key, m)] = e
        if len(_PREDICTIONS) > PREDICTIONS_KEPT:
            _PREDICTIONS.popitem(last=False)
    kept = _PREDICTIONS[(key, m)]
    if isinstance(kept, _Refused):
        raise _Refused
    return kept


def _scatter_prediction(case: Case, m: IndexModel):
    """(positions, expected results, inputs, updates, normalised attributes) of a scatter under ``m``."""
    from conformance.oracles.stablehlo.scatter import as_list, evaluate_fast, normalize, result_positions
    from conformance.oracles.stablehlo.scatter_policy import OutOfBoundsUpdate, ScatterVariant

    kw = case.kwargs()
    ins, ups, si = as_list(kw.pop("inputs")), as_list(kw.pop("updates")), kw.pop("scatter_indices")
    attrs = normalize(kw)
    variant = ScatterVariant(m.name, m.reading, m.rule)
    try:
        positions = result_positions(ins[0].shape, si, ups[0].shape, variant=variant, **attrs)
        expected = evaluate_fast(ins, si, ups, variant=variant, positions=positions, **attrs)
    except OutOfBoundsUpdate:
        raise _Refused from None
    return positions, expected, ins, ups, attrs


def _scatter_fits(case: Case, observed: list[np.ndarray], m: IndexModel, key: str | None = None) -> bool:
    from conformance.judging.scatter_compare import schedule_mismatch

    positions, expected, ins, ups, attrs = _remembered(key, m, lambda: _scatter_prediction(case, m))
    if len(observed) != len(expected) or any(e.shape != o.shape for e, o in zip(expected, observed)):
        return False
    return not any(schedule_mismatch(e, o, i, u, positions, attrs["update_computation"]).any()
                   for e, o, i, u in zip(expected, observed, ins, ups))


def _slice_prediction(case: Case, m: IndexModel):
    """(result, filled mask) of a dynamic slice / update slice under a model."""
    from conformance.oracles.stablehlo.policy import FILL, OutOfBoundsStart, Variant, scalar_start

    operand = case.arrays["operand"]
    starts = [case.arrays[k] for k in sorted((k for k in case.arrays if k.startswith("start_indices[")),
                                             key=lambda k: int(k[len("start_indices["):-1]))]
    is_slice = case.op == "stablehlo.dynamic_slice"
    sizes = list(case.attrs["slice_sizes"]) if is_slice else list(case.arrays["update"].shape)
    variant = Variant(m.name, m.reading, m.rule)
    begin, fill = [], False
    for s, d, k in zip(starts, operand.shape, sizes):
        try:
            b = scalar_start(s[()], d, k, variant)
        except OutOfBoundsStart:
            raise _Refused from None
        fill |= b is FILL
        begin.append(0 if b is FILL else b)
    window = tuple(slice(b, b + k) for b, k in zip(begin, sizes))
    if is_slice:
        if fill:
            return np.zeros(sizes, operand.dtype), np.ones(sizes, bool)
        return operand[window].copy(), np.zeros(sizes, bool)
    out = operand.copy()
    if not fill:  # a filled window of an update slice: the update is dropped
        out[window] = case.arrays["update"]
    return out, np.zeros(out.shape, bool)


def _refuses_any(case: Case, m: IndexModel) -> bool:
    """An ``error`` model refuses a case with any out-of-bounds start (as read), even one whose window
    or update is empty: a backend that checks its indices checks them all."""
    return m.rule == "error" and any(effective(v, d, k, m.reading, m.rule) == "out" for v, d, k in components(case))


def fits(case: Case, outcome: Outcome, m: IndexModel, key: str | None = None) -> bool:
    """Whether ``m`` predicts ``outcome`` on ``case``: a rejection where the model refuses, else the value.
    ``key``: the case's id, where the caller has it (the model's prediction is then kept for the next
    outcome on the same case)."""
    return fill_choices(case, outcome, m, key) is not None


def fill_choices(case: Case, outcome: Outcome, m: IndexModel, key: str | None = None) -> frozenset | None:
    """As ``fits``, with the fill constants (positions in ``fill_constants`` of the result's dtype) that
    make ``m`` predict ``outcome``: every one where ``m`` fills nothing; None where ``m`` does not fit. A
    backend fills with one constant, so across probes of one dtype the choices must meet."""
    everything = frozenset(range(8))  # (more than any dtype's fill constants)
    if _refuses_any(case, m):
        return everything if outcome.kind == "rejection" else None
    try:
        if case.op == "stablehlo.scatter":
            if outcome.kind != "value":
                if m.rule != "error":  # (only an error rule refuses: no prediction to compute)
                    return None
                _scatter_fits(case, [np.zeros(0)], m, key)  # raises _Refused where the model refuses
                return None
            observed = list(outcome.value) if isinstance(outcome.value, tuple) else [outcome.value]
            return everything if _scatter_fits(case, observed, m, key) else None
        predict = _gather_prediction if case.op == "stablehlo.gather" else _slice_prediction
        predicted = _remembered(key, m, lambda: predict(case, m))
    except _Refused:
        return everything if outcome.kind == "rejection" else None
    if outcome.kind != "value" or predicted is None or not isinstance(outcome.value, np.ndarray):
        return None
    expected, filled = predicted
    return _fill_choices(expected, filled, outcome.value)


def predicted(case: Case, m: IndexModel) -> Outcome | None:
    """What model ``m`` gives on ``case``: a value (a filled window holds the dtype's first fill constant,
    so that the value fits ``m`` itself), a rejection, or None where the oracle has no answer."""
    if _refuses_any(case, m):
        return Outcome("rejection")
    try:
        if case.op == "stablehlo.scatter":
            from conformance.oracles.stablehlo.scatter import as_list, evaluate_fast, normalize
            from conformance.oracles.stablehlo.scatter_policy import OutOfBoundsUpdate, ScatterVariant

            kw = case.kwargs()
            ins, ups, si = as_list(kw.pop("inputs")), as_list(kw.pop("updates")), kw.pop("scatter_indices")
            try:
                out = evaluate_fast(ins, si, ups, variant=ScatterVariant(m.name, m.reading, m.rule), **normalize(kw))
            except OutOfBoundsUpdate:
                return Outcome("rejection")
            return Outcome("value", out[0] if len(out) == 1 else tuple(out))
        prediction = _gather_prediction(case, m) if case.op == "stablehlo.gather" else _slice_prediction(case, m)
    except _Refused:
        return Outcome("rejection")
    if prediction is None:
        return None
    value, filled = np.asarray(prediction[0]), np.asarray(prediction[1])
    if filled.any():
        value = value.copy()
        value[filled] = np.asarray(fill_constants(value.dtype)[0]).astype(value.dtype)
    return Outcome("value", value)


def fitting(case: Case, outcome: Outcome, among=None) -> list[IndexModel]:
    return [m for m in (candidates(case) if among is None else among) if fits(case, outcome, m)]


def canonical(m: IndexModel, cases: list[Case]) -> IndexModel:
    """``m`` with the parts that changed nothing on ``cases`` dropped: a reading step after which every
    start its rule uses is the same, and the out-of-bounds rule where no start (as read) was out of
    bounds. Two models equal after this behave alike on every case seen: they are one model."""
    from conformance.oracles.stablehlo.policy import read_scalar

    comps = [c for case in cases for c in components(case)]
    steps = [s for s in m.reading.split(">") if s != "keep"]
    for step in list(steps):
        shorter = [s for s in steps if s != step]
        full, cut = ">".join(steps) or "keep", ">".join(shorter) or "keep"
        if all(effective(v, d, k, full, m.rule) == effective(v, d, k, cut, m.rule) for v, d, k in comps):
            steps = shorter
    reading = ">".join(steps) or "keep"
    used = any(not 0 <= read_scalar(v, d, reading) <= d - s for v, d, s in comps)
    return IndexModel(m.op, reading, m.rule if used else SPEC_RULE[m.op])


def explained(case: Case, observed: list[np.ndarray], m: IndexModel) -> list[np.ndarray]:
    """Per result, the elements of ``observed`` that ``m`` predicts (a filled window: any fill constant;
    under the rule ``any``, any value in a window whose start is out of bounds)."""
    none = [np.zeros(o.shape, bool) for o in observed]
    anything = m.rule == ANY_RULE
    if anything:
        if case.op not in ANY_OPS:
            return none
        m = IndexModel(m.op, m.reading, "fill")
    try:
        if case.op == "stablehlo.scatter":
            from conformance.judging.scatter_compare import schedule_mismatch
            from conformance.oracles.stablehlo.scatter import as_list, evaluate_fast, normalize, result_positions
            from conformance.oracles.stablehlo.scatter_policy import OutOfBoundsUpdate, ScatterVariant

            kw = case.kwargs()
            ins, ups, si = as_list(kw.pop("inputs")), as_list(kw.pop("updates")), kw.pop("scatter_indices")
            attrs, variant = normalize(kw), ScatterVariant(m.name, m.reading, m.rule)
            try:
                expected = evaluate_fast(ins, si, ups, variant=variant, **attrs)
                positions = result_positions(ins[0].shape, si, ups[0].shape, variant=variant, **attrs)
            except OutOfBoundsUpdate:
                return none
            return [~schedule_mismatch(e, o, i, u, positions, attrs["update_computation"]) if e.shape == o.shape
                    else np.zeros(o.shape, bool) for e, o, i, u in zip(expected, observed, ins, ups)]
        predicted = _gather_prediction(case, m) if case.op == "stablehlo.gather" else _slice_prediction(case, m)
    except _Refused:
        return none
    if predicted is None or predicted[0].shape != observed[0].shape:
        return none
    expected, filled = predicted
    obs = observed[0]
    ok = ~mismatch_mask(expected, obs)
    if anything:
        return [ok | filled]
    for c in fill_constants(obs.dtype):
        ok |= filled & ~mismatch_mask(np.broadcast_to(np.asarray(c, obs.dtype), obs.shape), obs)
    return [ok]
