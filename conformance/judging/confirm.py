"""Classes proven by experiment. A divergence on an index op is explained by candidate models
(``conformance.judging.index_models``: readings of index values x rules for out-of-bounds starts); on a shrunk
case several models often predict the same value (an indexed dim of 1 or 2, values 0 and 1). Before
a class is reported or matched against a declaration, the target runs on probes: the case's dimension
numbers with every indexed dim enlarged (the window plus ``PAD`` positions on each side), distinct
operand values, and index values chosen so that the models predict different results (in bounds,
negative, past the end, mixed, beyond int32 for 64-bit indices, top bit set for unsigned ones).

A class stands only if every model that predicts the case and every probe names it; a model no spec
class names (reset to 0, narrowing, ...) makes the divergence ``wrong-value`` with the model named;
where no model fits, ``wrong-value`` (or the structural class a probe shows).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

import numpy as np

from conformance.core.case import Case
from conformance.judging.index_models import candidates, canonical, fill_choices, fits, fitting
from conformance.judging.index_values import rows as index_rows, start_keys, with_indices
from conformance.core.outcome import Outcome
from conformance.judging.verdict import Verdict, case_violations, judge
from conformance.core.opspec import op_spec

CONFIRMABLE = frozenset({"clamp", "fill", "wrap", "error", "skip-window", "wrong-value"})
STRUCTURAL = ("wrong-shape", "wrong-dtype", "rejects-valid")
PAD = 5  # positions added on each side of every indexed dim in a probe
SHIFTS = 3  # probes per kind where the case has fewer index rows than this
SKIP = ("crash", "timeout", "compile-timeout", "unsupported", "unavailable")


def _distinct(a: np.ndarray, shape: tuple[int, ...] | None = None, bit: int = 0, start: int = 0) -> np.ndarray:
    """Values that differ by position (mod the dtype's range), numbered from ``start + 1`` so that the
    arrays of one probe hold different values too (an update never equals the value it overwrites);
    bool: bit ``bit`` of that number (the patterns for every bit together tell every two positions
    apart)."""
    shape = a.shape if shape is None else shape
    n = np.arange(start + 1, start + int(np.prod(shape, dtype=np.int64)) + 1, dtype=np.int64)
    if a.dtype.kind == "b":
        return ((n >> bit) & 1).astype(bool).reshape(shape)
    return n.astype(a.dtype).reshape(shape)


def _numbered(arrays: dict[str, np.ndarray], shapes: dict, bit: int = 0, first: str = "") -> dict[str, np.ndarray]:
    """``_distinct`` values for every array, numbered on across the arrays in order (the arrays whose
    name starts with ``first`` numbered first: a minimum's updates must be below what they meet)."""
    out, start = {}, 0
    for k, v in sorted(arrays.items(), key=lambda kv: not (first and kv[0].startswith(first))):
        out[k] = _distinct(v, shapes.get(k), bit, start)
        start += int(np.prod(out[k].shape, dtype=np.int64))
    return out


def _bool_bits(arrays: dict[str, np.ndarray], shapes: dict) -> int:
    """How many bit patterns tell every value of a probe apart (1 without a bool array)."""
    if not any(v.dtype.kind == "b" for v in arrays.values()):
        return 1
    total = sum(int(np.prod(shapes.get(k, v.shape), dtype=np.int64)) for k, v in arrays.items())
    return int(total + 1).bit_length()


def _probe_values(columns: list[tuple[int, int]], rows: int, kind: str, dtype: np.dtype, shift: int = 0) -> np.ndarray:
    out = np.zeros((rows, len(columns)), dtype=object)
    bits = dtype.itemsize * 8
    kind, _, only = kind.partition("@")  # "past-end@k": column k past the end, every other one in bounds
    for r in range(rows):
        for k, (dim, size) in enumerate(columns):
            hi = dim - size
            j = r + k + shift
            if only and k != int(only):
                out[r, k] = (j + 1) % (hi + 1) if hi >= 0 else 0
                continue
            out[r, k] = {"inbounds": (j + 1) % (hi + 1) if hi >= 0 else 0,
                         "negative": -1 - (j % max(dim, 1)),
                         "past-end": hi + 1 + (j % 3),
                         # still negative when counted from the end (from-end + fill vs + low-side clamp)
                         "far-negative": -dim - 1 - (j % 3),
                         "mixed": [-1, hi + 1, 0, hi, dim, -dim][j % 6],
                         # narrowed to int32: 1..hi-1 (neither the clamp's hi nor a reset's 0)
                         "beyond-int32": 2**32 + 1 + (j % max(hi - 1, 1)),
                         # read as signed: -1-j (negative), as is: far past the end
                         "top-bit": 2**bits - 1 - (j % max(dim, 1))}[kind]
    return out


def _kinds(dtype: np.dtype, columns: list[tuple[int, int]] = ()) -> list[str]:
    kinds = ["inbounds", "negative", "past-end", "far-negative", "mixed"]
    if len(columns) > 1:  # one window partly past the end and in bounds elsewhere: a rule for partial
        # windows (skip-window) shows on its own there, not only where another bug's result coincides
        kinds += [f"past-end@{k}" for k, (_, size) in enumerate(columns) if size >= 2]
    if dtype.itemsize > 4:
        kinds.append("beyond-int32")
    if dtype.kind == "u":
        kinds.append("top-bit")
    return kinds


def _enlarged_shapes(case: Case) -> dict[str, tuple[int, ...]]:
    """New shapes of the arrays whose indexed dims grow (each to its window plus 2 * PAD)."""
    a = case.attrs
    if case.op == "stablehlo.gather":
        shape = list(case.arrays["operand"].shape)
        for d in a["start_index_map"]:
            shape[d] = a["slice_sizes"][d] + 2 * PAD
        return {"operand": tuple(shape)}
    if case.op == "stablehlo.scatter":
        from conformance.oracles.stablehlo.scatter import window_sizes

        sizes = window_sizes(case)
        keys = [k for k in case.arrays if k.split("[")[0] == "inputs"]
        shape = list(case.arrays[keys[0]].shape)
        for d in a["scatter_dims_to_operand_dims"]:
            shape[d] = sizes[d] + 2 * PAD
        return {k: tuple(shape) for k in keys}
    sizes = list(a["slice_sizes"]) if case.op == "stablehlo.dynamic_slice" else list(case.arrays["update"].shape)
    return {"operand": tuple(k + 2 * PAD for k in sizes)}


def probes(case: Case) -> list[Case]:
    """Cases with ``case``'s dimension numbers, enlarged indexed dims, distinct values, and index
    values that tell the candidate models apart."""
    models = candidates(case)
    rows = index_rows(case) if models else 0
    if rows == 0:
        return []
    from conformance.judging.index_models import index_dtype

    dtype = index_dtype(case)
    info = np.iinfo(dtype)
    shapes = _enlarged_shapes(case)
    index_keys = set(start_keys(case)) | {op_spec(case.op).indices}
    others = {k: v for k, v in case.arrays.items() if k not in index_keys}
    first = "updates" if case.attrs.get("update_computation") == "minimum" else ""  # else an update never wins
    base = _numbered(others, shapes, first=first)
    result_type = case.result_type
    if result_type and "shape" in result_type and case.op in ("stablehlo.scatter", "stablehlo.dynamic_update_slice"):
        result_type = {**result_type, "shape": list(next(iter(shapes.values())))}
    attrs = {**case.attrs, **({"indices_are_sorted": False} if "indices_are_sorted" in case.attrs else {}),
             **({"unique_indices": False} if "unique_indices" in case.attrs else {})}
    skeleton = Case(case.op, {**case.arrays, **base}, attrs, result_type=result_type)
    columns = op_spec(case.op).part("columns")(skeleton)
    out, ids = [], set()
    # few index rows show few values: each kind then runs with its values shifted, so that models
    # agreeing on one value (modulo and reset-to-0 on dim + 1) are told apart on the next
    shifts = range(1 if rows >= SHIFTS else SHIFTS)
    for kind, shift in [(k, s) for k in _kinds(dtype, columns) for s in shifts]:
        values = _probe_values(columns, rows, kind, dtype, shift * rows)
        if not all(info.min <= int(v) <= info.max for v in values.reshape(-1)):
            continue
        # bool has two values: each probe runs once per bit pattern, so that reads of two positions (or of
        # memory outside the operand, mostly zeros) differ in some run
        for bit in range(_bool_bits(others, shapes)):
            patterned = _numbered(others, shapes, bit, first) if bit else base
            arrays = with_indices(case, values, patterned)
            probe = Case(case.op, {k: arrays[k] for k in case.arrays}, attrs, result_type=result_type,
                         meta={"probe": kind + (f"-bit{bit}" if bit else "")}, dynamic=case.dynamic)
            if probe.id not in ids and not case_violations(probe):  # (ids: a list scan would hash every pair)
                ids.add(probe.id)
                out.append(probe)
    return out


def _distinct_int32(case: Case) -> Case:
    """``case`` with distinct int32 values in every array but the index arrays (its structure kept)."""
    index_keys = set(start_keys(case)) | {op_spec(case.op).indices}
    arrays, start = dict(case.arrays), 0
    for k in sorted(k for k in case.arrays if k not in index_keys):
        n = case.arrays[k].size
        arrays[k] = np.arange(start + 1, start + n + 1, dtype=np.int32).reshape(case.arrays[k].shape)
        start += n
    result_type = {**case.result_type, "dtype": "int32"} if case.result_type else None
    return Case(case.op, arrays, dict(case.attrs), result_type=result_type, meta=dict(case.meta))


def _differ_somewhere(a, b, cases: list[Case]) -> bool:
    """Whether index models ``a`` and ``b`` give different results on one of ``cases`` made two-valued-free
    (``_distinct_int32``): then probes that could not tell them apart say nothing about which it is."""
    from conformance.judging.index_models import predicted

    for case in cases:
        distinct = _distinct_int32(case)
        out = predicted(distinct, b)
        if out is not None and not fits(distinct, out, a):
            return True
    return False


def _parts(m) -> int:
    """How many parts a model has beyond the spec: reading steps, and a rule other than the spec's."""
    from conformance.judging.index_models import SPEC_RULE

    return len([s for s in m.reading.split(">") if s != "keep"]) + (m.rule != SPEC_RULE[m.op])


def _fits_text(models) -> str:
    return "; ".join(dict.fromkeys(m.describe() for m in models))


def confirm(case: Case, outcome: Outcome, verdict: Verdict, run_probe: Callable[[Case], Outcome]) -> Verdict:
    """``verdict`` where the probes prove its classes, else ``wrong-value`` naming the models that fit
    (or the structural class a probe shows)."""
    survivors = [m for m in fitting(case, outcome) if not m.is_spec]
    if not survivors:
        if verdict.cls == "wrong-value":
            return verdict
        return replace(verdict, cls="wrong-value", also=(),
                       detail=f"{verdict.detail}; no index model predicts this value")
    tried, seen = 0, [case]
    # a model that fills stays only while one fill constant explains the case and every probe (a bool
    # window of one element fits either constant: only the constants seen together rule fill out)
    fills = {m: fill_choices(case, outcome, m) for m in survivors}
    for probe in probes(case):
        o = run_probe(probe)
        if o.kind in SKIP:
            continue
        tried += 1
        seen.append(probe)
        key = probe.id  # (divergent cases of one structure share probes: their predictions are kept)
        for m in survivors:
            fills[m] = fills[m] & (fill_choices(probe, o, m, key) or frozenset())
        survivors = [m for m in survivors if fills[m]]
        if not survivors:
            v = judge(probe, o)
            cls = v.cls if v.cls in STRUCTURAL else "wrong-value"
            # a refusal of a valid case that no index behaviour explains is a refusal of valid input as well
            # (a target that cannot compile one shape): a declared rejects-valid for it covers it too
            also = ("rejects-valid",) if outcome.kind == "rejection" and not case_violations(case) else ()
            return Verdict(cls, f"looked like {'/'.join(verdict.classes)} ({verdict.detail}), but no index model "
                                f"predicts the target on a probe with the same dimension numbers "
                                f"({probe.meta['probe']} indices): {v.cls}: {v.detail}",
                           clause=v.clause or verdict.clause, expected=verdict.expected, observed=verdict.observed,
                           also=also if cls != "rejects-valid" else (), probe=probe)
    # a part that changed nothing on the probes goes; an unnamed model with no fewer parts than a named
    # one that fits as well goes too (int32 indices read as unsigned, then the low side clamped, is the
    # same function as fill; with windows of 1, a negative read as unsigned is a dropped window); then a part that changed nothing on the case itself goes (the class names what
    # the case showed, the probes only rule models out)
    survivors = [m for m in dict.fromkeys(canonical(m, seen) for m in survivors) if not m.is_spec]
    named = [m for m in survivors if not m.unnamed]
    # an unnamed model goes only where it is the same function as a named one no simpler (on the probes'
    # structures with distinct values: bool or two-valued operands cannot tell fill from a read of position 0)
    survivors = [m for m in survivors if not (m.unnamed and any(
        _parts(n) <= _parts(m) and not _differ_somewhere(m, n, seen) for n in named))]
    survivors = [m for m in dict.fromkeys(canonical(m, [case]) for m in survivors) if not m.is_spec]
    if not survivors:
        return replace(verdict, cls="wrong-value", also=(),
                       detail=f"{verdict.detail}; every index model that predicts the probes gives the spec's "
                              f"value on this case")
    named = [m for m in survivors if not m.unnamed]
    unnamed = [m for m in survivors if m.unnamed]
    where = f"on the case and {tried} probes"
    if unnamed:
        why = f"fits: {_fits_text(unnamed)}" if not named else \
            f"the probes cannot tell {_fits_text(named)} from {_fits_text(unnamed)}"
        return Verdict("wrong-value", f"{why} ({where})", clause=verdict.clause, expected=verdict.expected,
                       observed=verdict.observed)
    shown = list(dict.fromkeys(c for m in named for c in m.classes))
    kept = [c for c in verdict.classes if c in shown] + [c for c in shown if c not in verdict.classes]
    return replace(verdict, cls=kept[0], also=tuple(kept[1:]),
                   detail=f"{verdict.detail}; confirmed {where} (fits: {_fits_text(named)})")
