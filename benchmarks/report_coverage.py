"""What a cheaper report misses: the (target, class) pairs a fuller report found that a cheaper one
did not (the issue's "a ci-profile report finds every class the nightly finds").

    python -m benchmarks.report_coverage CHEAP_DIR FULL_DIR

Both are report folders (``conformance report --profile ci --out CHEAP_DIR`` and ``--profile nightly
--out FULL_DIR`` over the same backends). Prints the pair counts, each missed pair with its count in
the fuller report, and exits 1 when any is missed.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def pairs(folder: Path) -> dict[tuple[str, str], int]:
    report = json.loads((folder / "report.json").read_text())
    found: dict[tuple[str, str], int] = {}
    for d in report["divergences"]:
        found[(d["target"], d["class"])] = found.get((d["target"], d["class"]), 0) + d["count"]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cheap", type=Path)
    parser.add_argument("full", type=Path)
    args = parser.parse_args(argv)
    for folder in (args.cheap, args.full):
        if not (folder / "report.json").exists():
            print(f"report_coverage: expected a report folder (with report.json), got {folder}", file=sys.stderr)
            return 2
    cheap, full = pairs(args.cheap), pairs(args.full)
    targets = {t["id"] for t in json.loads((args.cheap / "report.json").read_text())["targets"]}
    missed = sorted(p for p in full if p not in cheap and p[0] in targets)
    print(f"{args.cheap}: {len(cheap)} (target, class) pairs; {args.full}: {len(full)}; "
          f"found by the second only: {len(missed)}; by the first only: {len(set(cheap) - set(full))}")
    for target, cls in missed:
        print(f"  missed: {target} {cls} (x{full[(target, cls)]} in {args.full})")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
