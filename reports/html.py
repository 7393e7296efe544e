"""``report.html``: one self-contained page (no network), rendered from ``templates/report.html.j2``
with Jinja2, in the order a backend team reads it:

1. what needs action now: undeclared divergence groups (crashes and timeouts among them; declared ones
   listed below as known), those new since
   the previous report, one line each, linked to their details;
2. a matrix of backends × spec ops, each cell coloured by its worst undeclared class (pale where
   every group is declared), with the counts of undeclared and declared groups, and a legend;
3. with earlier reports: an inline SVG of divergence groups per backend over the runs, and what is
   new, fixed and persisting since the last one;
4. details per group: its example case (shrunk where undeclared), expected and observed, the spec clause and link, the
   declared reason, the seed and the repro script (with copy buttons), the versions.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from conformance.running.report_text import spec_url
from conformance.judging.verdict import MEANINGS, SEVERITY

COLOURS = {  # a class's colour: the worst ones red, misreads orange, refusals purple, index policies blue
    "crash": "#b71c1c", "timeout": "#c62828", "mutates-input": "#d32f2f", "nondeterministic": "#e53935",
    "history-dependent": "#f4511e",
    "wrong-value": "#ef6c00", "wrong-shape": "#f57c00", "wrong-dtype": "#fb8c00", "accepts-invalid": "#8e24aa",
    "rejects-valid": "#6a1b9a", "clamp": "#1565c0", "fill": "#1976d2", "wrap": "#1e88e5", "skip-window": "#039be5",
    "error": "#0277bd", "spec-inconsistency": "#757575", "conform": "#2e7d32",
}
SHOWN_CAUSES = 6  # root causes on the first screen (the rest behind "more")
SHOWN_ACTIONS = 12  # lines of the action list before "more" (the matrix stays in the first screen)


def eager_note(group: dict) -> str:
    """For a compiled target's group: whether the uncompiled target gave the same verdict on its case."""
    if "eager_class" not in group:
        return ""
    same = group["eager_class"] == group["class"]
    return " (eager: same)" if same else f" (eager: {group['eager_class']}, not the same)"


def clip(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters at a word boundary, with an ellipsis when cut."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "…"


def run_settings(report: dict) -> str:
    """'profile ci, 20 examples per property, seed 0': what the run really did (an --examples
    override shown as itself, not as the profile's count)."""
    from conformance.running.profiles import PROFILES

    examples = report.get("examples") or PROFILES.get(report["profile"])
    given = "" if report.get("examples") in (None, PROFILES.get(report["profile"])) else " (--examples)"
    return f"profile {report['profile']}, {examples} examples per property{given}, seed {report['seed']}"


def _worst(classes) -> str:
    ranked = [c for c in SEVERITY if c in classes]
    return ranked[0] if ranked else "conform"


def _pale(colour: str) -> str:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#%02x%02x%02x" % tuple(255 - (255 - v) // 5 for v in (r, g, b))


def _acts(d: dict) -> bool:
    """Whether group ``d`` needs action: undeclared (a declared crash or timeout is known, not news)."""
    return not d["declared"] and d["class"] != "spec-inconsistency"


def changes(report: dict, previous: dict | None) -> tuple[list[dict], list[dict]]:
    """(new, fixed) since ``previous``: groups that need action in one report and not in the other,
    counted only where the target ran in both (a declared group, or one of a target run once, never
    comes and goes from one run to the next)."""
    if not previous:
        return [], []
    def ran(r) -> set:  # (a night summary keeps the names alone)
        return set(r.get("ran") or (t["id"] for t in r.get("targets", [])))

    now = {d["id"]: d for d in report["divergences"] if _acts(d)}
    before = {d["id"]: d for d in previous["divergences"] if _acts(d)}
    both = ran(report) & (ran(previous) or ran(report))  # (an older summary names none: taken as this run's)
    new = [now[i] for i in sorted(now.keys() - before.keys()) if now[i]["target"] in both]
    present = {d["id"] for d in report["divergences"]}  # (fixed means its cases conform now, not that a
    fixed = [before[i] for i in sorted(before.keys() - now.keys())  # declaration covers them: declared_since)
             if before[i]["target"] in both and i not in present]
    return new, fixed


def declared_since(report: dict, previous: dict | None) -> list[dict]:
    """Groups that needed action in ``previous`` and are still found, now covered by a declaration (not
    fixed: the behaviour is there, declared since)."""
    if not previous:
        return []
    declared = {d["id"] for d in report["divergences"] if d["declared"]}
    return [d for d in previous["divergences"] if _acts(d) and d["id"] in declared]


def needs_action(report: dict, previous: dict | None) -> list[dict]:
    """Undeclared groups (crashes and timeouts among them), worst first, those new since ``previous`` said so."""
    new = {d["id"] for d in changes(report, previous)[0]}
    items = []
    for d in report["divergences"]:
        if _acts(d):
            why = ["undeclared"] + (["new since the previous report"] if d["id"] in new else [])
            items.append({**d, "why": ", ".join(why) + f": {clip(d['summary'], 140)}"})
    rank = {c: i for i, c in enumerate(SEVERITY)}
    return sorted(items, key=lambda d: (rank.get(d["class"], 99), d["target"]))


def known_crashes(report: dict) -> list[dict]:
    """Declared crash and timeout groups: known, shown below what needs action."""
    return [d for d in report["divergences"] if d["declared"] and d["class"] in ("crash", "timeout")]


def _backend(d: dict) -> str:
    return d.get("backend") or d["target"].split(":", 1)[0]


def _anchor(op: str) -> str:
    return op.replace(".", "-")


def matrix(report: dict) -> tuple[list[str], list[str], dict]:
    """(backends, ops, cells): a cell per (backend, op) with targets, None where the backend has none."""
    backends = sorted({t.get("backend") or t["id"].split(":", 1)[0] for t in report["targets"]})
    ops = [op for op in _op_order() if any(t["op"] == op for t in report["targets"])]
    ops += sorted({t["op"] for t in report["targets"]} - set(ops))
    cells: dict = {b: {} for b in backends}
    for b in backends:
        for op in ops:
            targets = [t for t in report["targets"] if t["op"] == op and (t.get("backend") or t["id"].split(":", 1)[0]) == b]
            if not targets:
                cells[b][op] = None
                continue
            groups = [d for d in report["divergences"] if d["op"] == op and _backend(d) == b]
            undeclared = [d for d in groups if not d["declared"] and d["class"] != "spec-inconsistency"]
            declared = [d for d in groups if d not in undeclared]
            if undeclared:
                background = COLOURS[_worst({d["class"] for d in undeclared})] + "66"  # (#rrggbbaa: a third opaque)
            elif declared:
                background = _pale(COLOURS[_worst({d["class"] for d in declared})])
            else:
                background = "#e8f5e9"
            title = f"{b} · {op}: {len(targets)} targets, {sum(t['cases'] for t in targets)} cases; " + (
                ", ".join(f"{d['class']}{'' if d['declared'] else ' (undeclared)'}" for d in groups) or "all conform")
            cells[b][op] = {"undeclared": len(undeclared), "declared": len(declared), "background": background,
                            "title": title, "anchor": _anchor(op)}
    return backends, ops, cells


def _op_order() -> list[str]:
    from conformance.core.opspec import spec_ops

    return list(spec_ops())


def _case_text(out: Path | None, seed_path: str) -> str:
    """The group's example case, pretty-printed: op, attributes, and each array (values when small)."""
    if out is None or not (out / seed_path).is_file():
        return "(seed file not found)"
    from conformance.core.case import Case

    data = json.loads((out / seed_path).read_text())
    case = Case.from_json(data["case"])
    lines = [case.op]
    for k, a in case.arrays.items():
        body = np.array2string(a, threshold=64, edgeitems=4, max_line_width=110)
        lines.append(f"  {k}: {a.dtype.name}{list(a.shape)} = {body}" if a.size <= 256 else
                     f"  {k}: {a.dtype.name}{list(a.shape)} (first values {a.ravel()[:8].tolist()})")
    for k, v in case.attrs.items():
        lines.append(f"  {k} = {v}")
    return "\n".join(lines)


def trend_svg(history: list[dict], report: dict, width: int = 640, height: int = 170) -> str:
    """Divergence groups per backend over the runs (oldest first, this one last), as inline SVG."""
    runs = history + [report]
    backends = sorted({_backend(d) for r in runs for d in r["divergences"]})
    counts = {b: [sum(1 for d in r["divergences"] if _backend(d) == b) for r in runs] for b in backends}
    top = max([c for cs in counts.values() for c in cs] + [1])
    left, bottom, step = 40, height - 25, (width - 160) / max(len(runs) - 1, 1)
    palette = ["#1565c0", "#c62828", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f", "#5d4037", "#ad1457", "#455a64", "#9e9d24"]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
             f'aria-label="divergence groups per backend">',
             f'<line x1="{left}" y1="{bottom}" x2="{width - 120}" y2="{bottom}" stroke="#999"/>',
             f'<line x1="{left}" y1="10" x2="{left}" y2="{bottom}" stroke="#999"/>',
             f'<text x="{left - 6}" y="14" font-size="10" text-anchor="end">{top}</text>',
             f'<text x="{left - 6}" y="{bottom}" font-size="10" text-anchor="end">0</text>']
    for i, r in enumerate(runs):
        x = left + i * step
        parts.append(f'<text x="{x:.0f}" y="{height - 8}" font-size="9" text-anchor="middle">{r["created"][5:10]}</text>')
    for k, b in enumerate(backends):
        colour = palette[k % len(palette)]
        points = " ".join(f"{left + i * step:.0f},{bottom - (bottom - 10) * c / top:.0f}" for i, c in enumerate(counts[b]))
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"/>')
        parts.append(f'<text x="{width - 115}" y="{14 + 12 * k}" font-size="10" fill="{colour}">{b} ({counts[b][-1]})</text>')
    parts.append("</svg>")
    return "".join(parts)


def page(report: dict, previous: dict | list[dict] | None = None, out: Path | None = None) -> str:
    """The report page. ``previous``: the earlier report, or several (oldest first) for the trend."""
    from jinja2 import Environment, PackageLoader, select_autoescape

    history = previous if isinstance(previous, list) else [previous] if previous else []
    last = history[-1] if history else None
    backends, ops, cells = matrix(report)
    groups = []
    for d in report["divergences"]:
        groups.append({**d, "eager": eager_note(d), "short": clip(d["summary"], 200), "case": _case_text(out, d["seed"]), "spec_url": spec_url(d["op"]),
                       "reason": d.get("reason", ""), "clause": d.get("clause", ""),
                       "expected": d.get("expected", ""), "observed": d.get("observed", "")})
    by_cell = []
    for b in backends:
        for op in ops:
            mine = [g for g in groups if _backend(g) == b and g["op"] == op]
            if mine:
                by_cell.append({"backend": b, "op": op, "anchor": _anchor(op),
                                "groups": sorted(mine, key=lambda g: (g["declared"], g["target"]))})
    now = {d["id"]: d for d in report["divergences"]}
    before = {d["id"]: d for d in last["divergences"]} if last else {}
    versions = ", ".join(f"{k} {v}" for k, v in sorted(report.get("versions", {}).items()))
    env = Environment(loader=PackageLoader("conformance.reports", "templates"), autoescape=select_autoescape(["html", "j2"]))
    return env.get_template("report.html.j2").render(
        created=report["created"], settings=run_settings(report), versions=versions,
        adapter_errors=report.get("adapter_errors", []), unavailable=report.get("unavailable", []),
        causes=[{**c, "short": clip(c["what"], 120)} for c in report.get("root_causes", [])], shown_causes=SHOWN_CAUSES,
        targets=len(report["targets"]), cases=sum(t["cases"] for t in report["targets"]), groups=groups,
        undeclared_count=sum(1 for d in report["divergences"] if not d["declared"] and d["class"] != "spec-inconsistency"),
        action=needs_action(report, last), shown_actions=SHOWN_ACTIONS, colours=COLOURS,
        legend=[(c, MEANINGS[c]) for c in SEVERITY], backends=backends, ops=ops, matrix=cells, cells=by_cell,
        history=history, trend_svg=trend_svg(history, report) if history else "",
        new=changes(report, last)[0], fixed=changes(report, last)[1], known=known_crashes(report),
        persisting=len(now.keys() & before.keys()), **_open_values(report.get("open_values", {})))


def _open_values(found: dict) -> dict:
    """The template's view of the values the spec leaves open: each row's targets grouped by value."""
    rows = []
    for r in found.get("rows", []):
        by_value: dict[str, list[str]] = {}
        for target, value in sorted(r["values"].items()):
            by_value.setdefault(value, []).append(target)
        rows.append({**r, "by_value": sorted(by_value.items(), key=lambda kv: -len(kv[1]))})
    return {"open_rows": rows, "open_lone": found.get("lone", []), "open_changed": found.get("changed", [])}
