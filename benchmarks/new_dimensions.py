"""Which divergence groups of a report the inputs of issue 26 found: memory layouts, ranks above 4,
large tensors (10**5 elements or more), compile-time constants and repeated calls.

    python -m benchmarks.new_dimensions REPORT_DIR [--recheck]

Reads ``REPORT_DIR/report.json`` and each group's seed (its smallest case) and lists the groups whose
case uses one of those inputs, with its class, whether it is declared and its summary. With
``--recheck`` it runs an experiment for the two inputs that can be taken away from a case: the same
case with every array C-contiguous (no layouts) and with no constants is judged again on the same
target; the line says ``needs it`` where the bare case conforms or diverges otherwise, ``also without``
where it diverges the same way (the input was drawn, not needed). Ranks and sizes cannot be taken
away from a case without making another one, so they are listed as drawn. Exit 0.
"""
from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

LARGE = 10 ** 5


def dimensions(case, cls: str) -> list[str]:
    """The issue-26 inputs ``case`` uses (a ``history-dependent`` class: repeated calls)."""
    used = []
    if case.layouts:
        used.append("layout " + ", ".join(f"{k}={v}" for k, v in sorted(case.layouts.items())))
    if any(a.ndim > 4 for a in case.arrays.values()):
        used.append(f"rank {max(a.ndim for a in case.arrays.values())}")
    if any(a.size >= LARGE for a in case.arrays.values()):
        used.append(f"{max(a.size for a in case.arrays.values()):,} elements")
    if case.attrs.get("constants"):
        used.append("constants " + ", ".join(case.attrs["constants"]))
    if cls == "history-dependent":
        used.append("repeated calls")
    return used


def stripped(case):
    """``case`` with its layouts and constants taken away (None if it has neither)."""
    if not case.layouts and not case.attrs.get("constants"):
        return None
    attrs = {k: v for k, v in case.attrs.items() if k != "constants"}
    return replace(case, layouts={}, attrs=attrs)


def recheck(target, case, classes: tuple[str, ...]) -> str:
    from conformance.running.engine import check_case

    bare = stripped(case)
    if bare is None:
        return ""
    verdict = check_case(target, bare)
    if verdict.diverges and set(verdict.classes) & set(classes):
        return "also without"
    return "needs it (without: " + verdict.cls + ")"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path)
    parser.add_argument("--recheck", action="store_true", help="judge each layout/constants case again without them")
    args = parser.parse_args(argv)
    from conformance.running.registry import load_backend
    from conformance.running.seeds import load_seed

    report = json.loads((args.report / "report.json").read_text())
    loaded: dict[str, dict] = {}
    rows = []
    for d in report["divergences"]:
        seed = load_seed(args.report / d["seed"])
        used = dimensions(seed.case, d["class"])
        if not used:
            continue
        note = ""
        if args.recheck and stripped(seed.case) is not None:
            if seed.backend not in loaded:
                loaded[seed.backend] = {t.name: t for t in load_backend(seed.backend)}
            note = recheck(loaded[seed.backend][seed.target], seed.case, (d["class"],))
        rows.append((d["target"], d["class"], d["declared"], "; ".join(used), note, " ".join(d["summary"].split())[:160], d["id"]))
    print(f"{args.report}: {len(report['divergences'])} groups, {len(rows)} whose case uses an issue-26 input")
    for target, cls, declared, used, note, summary, gid in sorted(rows):
        print(f"- {target} {cls} [{'declared' if declared else 'UNDECLARED'}] ({used}){' ' + note if note else ''}: "
              f"{summary} (group {gid})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
