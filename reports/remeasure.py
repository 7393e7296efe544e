"""``conformance report --remeasure``: which ``MEASURED:`` declarations hold on the installed releases.

The run judges every declaration as if the installed release were in its ``versions`` range
(``CONFORMANCE_REMEASURE=1``, read by ``Deviation.in_release``), then lists per measured declaration of
the targets it ran: met on this release (so its range can take it in: a review of one line), or not met
(fixed, or no case of this run reached it). ``remeasure.md`` beside the report holds the table."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from conformance.running.registry import REMEASURE_ENV as ENV, installed_version


def rows(report: dict, targets) -> list[dict]:
    """One row per measured declaration of ``targets``: its targets, class, ``versions``, the installed
    release of its package, the divergence cases it excused in ``report`` and what follows."""
    met: dict[tuple, int] = {}
    for g in report["divergences"]:
        if g["declared"]:
            key = (g["target"], g["class"], g.get("reason", ""))
            met[key] = met.get(key, 0) + g["count"]
    found: dict[tuple, dict] = {}
    for t in targets:
        for cls, devs in t.deviations.items():
            for dev in devs:
                if not dev.reason.startswith("MEASURED"):
                    continue
                row = found.setdefault((cls, dev.reason, dev.versions), {
                    "class": cls, "reason": dev.reason, "versions": dev.versions, "package": dev.package,
                    "installed": installed_version(dev.package) or "not installed", "targets": [], "cases": 0,
                    "inside": dev.in_range()})
                row["targets"].append(t.name)
                row["cases"] += met.get((t.name, cls, dev.reason), 0)
    for row in found.values():
        row["kind"] = "not met" if not row["cases"] else "holds in range" if row["inside"] else "holds outside range"
        row["verdict"] = {"not met": "not met in this run (fixed, or no case reached it)",
                          "holds in range": "holds, in its range",
                          "holds outside range": f"holds on {row['package']} {row['installed']}, outside its range: "
                                                 "extend `versions` to take it in"}[row["kind"]]
    return sorted(found.values(), key=lambda r: (bool(r["cases"]), r["verdict"], r["targets"][0]))


def write(report_path: Path, targets) -> Path:
    """``remeasure.md`` beside ``report_path`` (report.json); prints the counts."""
    table = rows(json.loads(report_path.read_text()), targets)
    lines = ["# Measured declarations on the installed releases (`conformance report --remeasure`)", "",
             "| targets | class | versions | installed | cases | verdict |", "|---|---|---|---|---|---|"]
    for r in table:
        shown = ", ".join(r["targets"][:3]) + (f" (+{len(r['targets']) - 3})" if len(r["targets"]) > 3 else "")
        lines.append(f"| {shown} | {r['class']} | `{r['versions'] or 'any'}` | {r['package']} {r['installed']} | "
                     f"{r['cases']} | {r['verdict']} |")
    out = report_path.parent / "remeasure.md"
    out.write_text("\n".join(lines) + "\n")
    counts = Counter(r["kind"] for r in table)
    print(f"remeasure: {len(table)} measured declarations: " + "; ".join(f"{n} {k}" for k, n in sorted(counts.items()))
          + f" ({out})")
    return out
