"""Where the spec leaves an element's value to the implementation (a shift by the bit width or more, an
integer division by zero or MIN / -1, abs of the type's minimum, a finite remainder by an infinity):
what each target gives there. Such a value never fails a run; the report lists them side by side, names
a target that disagrees with every other one, and a value that changed since the previous report (a
new release that changes an implementation-defined value is worth knowing about even when both are
allowed). Elementwise ops only: they are the ones whose oracle marks single elements open."""
from __future__ import annotations

import numpy as np

from conformance.core.case import Case

MAX_PER_CASE = 8  # distinct open situations recorded per case (the edge cases hold dozens at once)


def _text(v) -> str:
    item = np.asarray(v).item()
    return repr(float(item)) if isinstance(item, float) else repr(item)


def _at(a: np.ndarray, at: tuple):
    return a[at[-a.ndim:]] if a.ndim else a[()]


def observed_open(case: Case, value) -> list[dict]:
    """The open elements of an elementwise value case and what ``value`` (the target's result) holds
    there: one row per distinct tuple of operand values, ``{"op", "dtype", "why", "inputs", "value"}``."""
    if not case.op.startswith("stablehlo.") or not isinstance(value, np.ndarray):
        return []
    from conformance.oracles.stablehlo.elementwise import OPS
    from conformance.judging.verdict_values import expected

    if case.op.removeprefix("stablehlo.") not in OPS:
        return []
    try:
        exp = expected(case)
    except (ValueError, TypeError, KeyError):  # a case outside what the oracle judges
        return []
    if not exp.open.any() or value.shape != exp.value.shape:
        return []
    rows, seen = [], set()
    for at in np.argwhere(exp.open):
        at = tuple(int(i) for i in at)
        inputs = ", ".join(f"{k}={_text(_at(a, at))}" for k, a in sorted(case.arrays.items()))
        if inputs in seen:
            continue
        seen.add(inputs)
        rows.append({"op": case.op, "dtype": exp.value.dtype.name, "why": exp.why, "inputs": inputs,
                     "value": _text(value[at])})
        if len(rows) >= MAX_PER_CASE:
            break
    return rows


def _key(row: dict) -> str:
    return f"{row['op']} {row['dtype']} {row['inputs']}"


def table(records: list[dict]) -> list[dict]:
    """The open-value records of a run folded into rows, one per (op, dtype, operand values), each with
    ``values``: target -> the value it gave (the first one logged where a target gave several)."""
    rows: dict[str, dict] = {}
    for r in records:
        row = rows.setdefault(_key(r), {"op": r["op"], "dtype": r["dtype"], "why": r["why"], "inputs": r["inputs"],
                                        "values": {}})
        row["values"].setdefault(r["target"], r["value"])
    return [rows[k] for k in sorted(rows)]


def lone_values(rows: list[dict], backend_of: dict[str, str]) -> list[dict]:
    """Targets that disagree with every other target on a row where at least two other targets of at
    least two other backends all give one value: ``{"target", "backend", "value", "others", ...row}``."""
    out = []
    for row in rows:
        for target, value in sorted(row["values"].items()):
            others = {t: v for t, v in row["values"].items() if t != target}
            backends = {backend_of.get(t, t.split(":")[0]) for t in others} - {backend_of.get(target, target.split(":")[0])}
            if len(others) >= 2 and len(backends) >= 2 and len(set(others.values())) == 1 and value not in others.values():
                out.append({**{k: row[k] for k in ("op", "dtype", "why", "inputs")}, "target": target,
                            "backend": backend_of.get(target, target.split(":")[0]), "value": value,
                            "others": next(iter(others.values())), "agreeing": len(others)})
    return out


def changes(rows: list[dict], previous: list[dict]) -> list[dict]:
    """Values a target gives now that differ from what the same target gave on the same row before."""
    before = {_key(r): r["values"] for r in previous}
    out = []
    for row in rows:
        old = before.get(_key(row), {})
        for target, value in sorted(row["values"].items()):
            if target in old and old[target] != value:
                out.append({**{k: row[k] for k in ("op", "dtype", "why", "inputs")}, "target": target,
                            "before": old[target], "now": value})
    return out
