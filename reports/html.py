"""``report.html``: one self-contained page with the per-op targets x classes tables as a heatmap,
the undeclared divergences, and (given the previous report) what is new, fixed and persisting."""
from __future__ import annotations

import html


def eager_note(group: dict) -> str:
    """For a compiled target's group: whether the uncompiled target gave the same verdict on its case."""
    if "eager_class" not in group:
        return ""
    same = group["eager_class"] == group["class"]
    return " (eager: same)" if same else f" (eager: {group['eager_class']}, not the same)"


def _cell(count: int, top: int) -> str:
    if not count:
        return "<td></td>"
    shade = 255 - int(180 * count / max(top, 1))
    return f'<td style="background: rgb(255,{shade},{shade})">{count}</td>'


def page(report: dict, previous: dict | None = None) -> str:
    parts = [f"<h1>Divergence report</h1><p>seed {report['seed']}, profile {html.escape(report['profile'])}, "
             f"created {html.escape(report['created'])}</p>"]
    if previous is not None:
        now = {d["id"]: d for d in report["divergences"]}
        before = {d["id"]: d for d in previous["divergences"]}
        for title, ids, source in (("New", now.keys() - before.keys(), now), ("Fixed", before.keys() - now.keys(), before),
                                   ("Persisting", now.keys() & before.keys(), now)):
            items = "".join(f"<li><code>{html.escape(source[i]['target'])}</code> {html.escape(source[i]['class'])}: "
                            f"{html.escape(source[i]['summary'])}</li>" for i in sorted(ids))
            parts.append(f"<h2>{title} since the previous report ({len(ids)})</h2><ul>{items}</ul>")
    for op in sorted({t["op"] for t in report["targets"]}):
        rows = [d for d in report["divergences"] if d["op"] == op]
        classes = sorted({d["class"] for d in rows})
        top = max((d["count"] for d in rows), default=1)
        head = "".join(f"<th>{html.escape(c)}</th>" for c in classes)
        body = ""
        for t in (t for t in report["targets"] if t["op"] == op):
            cells = "".join(_cell(sum(d["count"] for d in rows if d["target"] == t["id"] and d["class"] == c), top)
                            for c in classes)
            body += f"<tr><td><code>{html.escape(t['id'])}</code></td><td>{t['cases']}</td>{cells}</tr>"
        parts.append(f"<h2>{html.escape(op)}</h2><table><tr><th>target</th><th>cases</th>{head}</tr>{body}</table>")
    undeclared = [d for d in report["divergences"] if not d["declared"] and d["class"] != "spec-inconsistency"]
    items = "".join(f"<li><code>{html.escape(d['target'])}</code> {html.escape(d['class'])} ×{d['count']}"
                    f"{html.escape(eager_note(d))}: "
                    f"{html.escape(d['summary'])} (seed <code>{html.escape(d['seed'])}</code>)</li>" for d in undeclared)
    parts.append(f"<h2>Undeclared divergences ({len(undeclared)})</h2><ul>{items}</ul>")
    style = "body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}"
    return f"<!doctype html><html><head><meta charset='utf-8'><style>{style}</style></head><body>{''.join(parts)}</body></html>"
