"""What the large index batches (``conformance.running.large_index``, run ``edge:large``) cost a backend, and
what they find there.

    PYTHONPATH=. python -m benchmarks.large_cost --backend numpy [--backend torch ...]

Per backend: the index targets, their large cases (one thread count and all), the seconds to build them and
to judge them (each as the engine does: two calls, a recheck of a divergence), the largest array (bytes), and
each divergence group (target, class, declared or not) with its first case's size. Exits 1 where a group is
undeclared. Quote medians and ratios: the machines are shared.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter


def measure(backend: str) -> tuple[dict, Counter, dict]:
    from conformance.running.engine import Collect, run_property
    from conformance.running.large_index import large_index_cases
    from conformance.running.registry import load_backend

    figures = {"targets": 0, "cases": 0, "skipped": 0, "build_s": 0.0, "judge_s": 0.0, "largest_bytes": 0}
    groups: Counter = Counter()
    first: dict = {}
    for t in load_backend(backend):
        start = time.monotonic()
        cases = large_index_cases(t)
        figures["build_s"] += time.monotonic() - start
        if not cases:
            continue
        figures["targets"] += 1
        figures["cases"] += len(cases)
        figures["largest_bytes"] = max(figures["largest_bytes"], *(a.nbytes for c in cases for a in c.arrays.values()))
        sink = Collect()
        start = time.monotonic()
        run_property(t, "valid", sink=sink, cases=cases)  # (a case a declared hang's condition holds for: skipped)
        figures["judge_s"] += time.monotonic() - start
        figures["skipped"] += len(cases) - len(sink.judgements)
        for case, verdict, dev in sink.judgements:
            if verdict.diverges:
                key = (t.name, verdict.cls, "declared" if dev else "UNDECLARED")
                groups[key] += 1
                first.setdefault(key, case.meta.get("large", "") + (f" [threads: {case.threads}]" if case.threads else ""))
    return figures, groups, first


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", action="append", required=True, help="a backend (repeatable)")
    args = parser.parse_args(argv)
    undeclared = 0
    for backend in args.backend:
        figures, groups, first = measure(backend)
        print(f"{backend}: {figures['targets']} index targets, {figures['cases']} large cases; built in "
              f"{figures['build_s']:.0f} s, judged in {figures['judge_s']:.0f} s "
              f"({figures['judge_s'] / max(figures['cases'], 1):.2f} s a case); largest array "
              f"{figures['largest_bytes'] / 2**20:.1f} MiB; {figures['skipped']} skipped after a declared hang; "
              f"{sum(groups.values())} diverging cases in {len(groups)} groups")
        for (name, cls, kind), n in sorted(groups.items()):
            print(f"  {kind:10} {name} {cls}: {n} cases (first: {first[(name, cls, kind)]})")
            undeclared += kind == "UNDECLARED"
    return 1 if undeclared else 0


if __name__ == "__main__":
    sys.exit(main())
