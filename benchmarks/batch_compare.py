"""Batches on and off (issue 64): the same report twice, and the seconds per case of each batch size.

    python -m benchmarks.batch_compare --backend xla [--profile dev] [--jobs 2] [--cache cold] [--examples N]
    python -m benchmarks.batch_compare --backend iree --sizes 1 4 16 64
    python -m benchmarks.batch_compare --backend torch_compile --sizes 0 4 16 --targets 'torch_compile:gather'

The first form runs ``conformance report --backends B --profile P`` with ``CONFORMANCE_BATCHES=1`` and then
``=0`` (``cold``: each run with an empty compile-cache folder of its own; ``warm``: one folder, filled by an
unmeasured run first; ``off``: ``--no-compile-cache``) and prints each run's wall time, the compiles summed
over its worker processes (``conformance.running.compile_stats``) and whether the two reports have the same
divergence groups (target, class, clause, declared, cases), the same classes and the same undeclared count;
each group that differs is listed. Exit 1 when they differ.

The second form times the batch entry point of each batchable target of the backend (``--targets``: those
matching a glob), cold (no compile cache, a fresh worker per size), on ``--cases`` of its constructed cases
(``--large``: its large index cases) that batches hold (the ones the engine runs alone left out; the first one starts the worker, untimed): seconds
per case for each batch size; size 0 is the one-case path, case by case. A case a batch leaves to the
one-case path (``batches.RunAlone``) runs through it, timed, as the engine would run it.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from conformance.running.compile_stats import ENV as STATS_ENV, summed

MODES = {"on": "1", "off": "0"}


def report_run(backend: str, profile: str, jobs: int, batches: str, cache_flags: list[str],
               examples: int | None = None, targets: list[str] | None = None) -> dict:
    """Run the report once; its wall time, compile figures and report.json."""
    with tempfile.TemporaryDirectory() as out, tempfile.TemporaryDirectory() as stats:
        env = {**os.environ, "CONFORMANCE_BATCHES": batches, STATS_ENV: stats}
        start = time.monotonic()
        run = subprocess.run([sys.executable, "-m", "conformance.interfaces.cli", "report", "--backends", backend,
                              "--profile", profile, "--jobs", str(jobs), "--out", out, *cache_flags,
                              *(["--examples", str(examples)] if examples else []),
                              *(["--targets", *targets] if targets else [])],
                             env=env, capture_output=True, text=True)
        wall = time.monotonic() - start
        path = Path(out) / "report.json"
        if not path.exists():
            raise SystemExit(f"the report did not finish (exit {run.returncode}):\n{run.stdout[-2000:]}\n{run.stderr[-3000:]}")
        return {"wall": wall, "stats": summed(stats, backend), "report": json.loads(path.read_text())}


def groups(report: dict) -> Counter:
    """(target, class, clause, declared) -> cases, of every divergence group."""
    return Counter({(d["target"], d["class"], d["clause"], d["declared"]): d["count"] for d in report["divergences"]})


def compare(a: dict, b: dict) -> list[str]:
    """Lines saying where report ``a`` (batches on) and ``b`` (off) differ; [] where they agree."""
    ga, gb = groups(a), groups(b)
    lines = [f"only {name}: {k} ({g[k]} cases)" for name, g, other in (("on", ga, gb), ("off", gb, ga))
             for k in sorted(g) if k not in other]
    lines += [f"cases differ: {k}: on {ga[k]}, off {gb[k]}" for k in sorted(ga) if k in gb and ga[k] != gb[k]]
    ca, cb = ({t["id"]: (t["cases"], t["conform"]) for t in r["targets"]} for r in (a, b))
    lines += [f"target {t}: (cases, conform) on {ca.get(t)}, off {cb.get(t)}" for t in sorted(set(ca) | set(cb))
              if ca.get(t) != cb.get(t)]
    return lines


def undeclared(report: dict) -> int:
    return sum(1 for d in report["divergences"] if not d["declared"])


def compare_main(args) -> int:
    runs = {}
    with tempfile.TemporaryDirectory() as shared:
        if args.cache == "warm":  # fill the shared folder once, unmeasured
            report_run(args.backend, args.profile, args.jobs, "1", [f"--cache-dir={shared}"], args.examples, args.targets)
            report_run(args.backend, args.profile, args.jobs, "0", [f"--cache-dir={shared}"], args.examples, args.targets)
        for mode, value in MODES.items():
            with tempfile.TemporaryDirectory() as own:
                flags = {"cold": [f"--cache-dir={own}"], "warm": [f"--cache-dir={shared}"],
                         "off": ["--no-compile-cache"]}[args.cache]
                runs[mode] = report_run(args.backend, args.profile, args.jobs, value, flags, args.examples, args.targets)
    for mode, r in runs.items():
        s = r["stats"]
        rep = r["report"]
        print(f"batches {mode}: {r['wall']:.1f} s wall; {s.get('compiled_graphs', 0)} compiles, "
              f"{s.get('compile_seconds', 0):.1f} s compiling, {s.get('calls', 0)} calls, {s.get('worker_starts', 0)} worker starts; "
              f"{sum(t['cases'] for t in rep['targets'])} cases; {len(rep['divergences'])} groups, "
              f"classes {dict(sorted(Counter(d['class'] for d in rep['divergences']).items()))}, "
              f"{undeclared(rep)} undeclared")
    diff = compare(runs["on"]["report"], runs["off"]["report"])
    print("same groups, classes and undeclared count" if not diff else "DIFFERENT:\n  " + "\n  ".join(diff))
    return 1 if diff else 0


def sizes_main(args) -> int:
    os.environ["CONFORMANCE_NO_COMPILE_CACHE"] = "1"  # (read by the workers this process starts)
    from conformance.running import batches, engine, isolation
    from conformance.running.constructed import constructed_cases
    from conformance.running.large_index import large_index_cases
    from conformance.running.registry import load_backend

    from fnmatch import fnmatchcase

    for t in load_backend(args.backend):
        if t.batch is None or (args.targets and not any(t.name == g or fnmatchcase(t.name, g) for g in args.targets)):
            continue
        label, built = ("edge:large", large_index_cases(t)) if args.large else ("edge:constructed", constructed_cases(t))
        kept = engine.batched_run(t, label, built)
        cases = kept.cases[1:args.cases + 1] if kept else []
        if not cases:
            print(f"{t.name}: no {label} case goes in a batch")
            continue
        for size in args.sizes:
            isolation.close_all()  # a fresh worker: nothing compiled before; started (and the backend imported)
            batches.run_batch(t, kept.cases[:1], engine.worker_name(t, cases[0]))  # by a case not timed
            start, failed, alone = time.monotonic(), 0, 0
            for chunk in (batches.chunks(cases, size) if size else [[c] for c in cases]):
                if not size:  # 0: the one-case path, case by case (the per-API compiled calls of the worker)
                    engine.call(t, chunk[0])
                    continue
                got = batches.run_batch(t, chunk, engine.worker_name(t, chunk[0]))
                failed += len(chunk) if not isinstance(got, list) else 0
                alone += sum(g is None for g in got) if isinstance(got, list) else 0
                for case, g in zip(chunk, got if isinstance(got, list) else []):
                    if g is None:  # left to the one-case path (``batches.RunAlone``): the engine runs it so
                        engine.call(t, case)
            took = time.monotonic() - start
            print(f"{t.name}: size {size:>3}: {len(cases)} cases in {took:6.1f} s, {took / len(cases):.3f} s a case"
                  + (f" ({failed} in batches that failed whole)" if failed else "")
                  + (f" ({alone} left to the one-case path)" if alone else ""), flush=True)
    isolation.close_all()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", required=True)
    parser.add_argument("--profile", default="dev")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--cache", choices=("cold", "warm", "off"), default="cold")
    parser.add_argument("--examples", type=int, help="random examples per property (the report's --examples): "
                        "1 keeps the edge phase, where batches run, and little else")
    parser.add_argument("--sizes", type=int, nargs="*", help="time these batch sizes instead of comparing reports")
    parser.add_argument("--cases", type=int, default=64, help="cases timed per target with --sizes")
    parser.add_argument("--targets", nargs="+", metavar="GLOB", help="only these targets (names or globs; the "
                        "report's --targets)")
    parser.add_argument("--large", action="store_true", help="with --sizes: the large index cases (edge:large) instead")
    args = parser.parse_args(argv)
    return sizes_main(args) if args.sizes else compare_main(args)


if __name__ == "__main__":
    sys.exit(main())
