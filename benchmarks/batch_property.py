"""One property of one target, in this process, with batches on or off: its wall time, its batch calls (how many,
their cases, their seconds, how many failed whole and how) and its cases run alone through the one-case path
(how many, their seconds, their classes) (issue 64).

    PYTHONPATH=. python -m benchmarks.batch_property --backend tvm --target tvm:Gather-13 --batches on
    CONFORMANCE_CACHE_DIR=$(mktemp -d) PYTHONPATH=. python -m benchmarks.batch_property --backend xla \
        --target xla:gather --batches off --profile dev --seed 5

Each run draws the same cases (``--seed``, default 5). Run ``on`` and ``off`` back to back, each in a process of its
own: a declared crash seen in one run skips the cases it covers in the next (``engine._DECLARED_HANGS``).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--backend", required=True)
    p.add_argument("--target", required=True, help="a target name of the backend, e.g. tvm:Gather-13")
    p.add_argument("--batches", choices=("on", "off"), default="on")
    p.add_argument("--kind", default="valid", help="the property (valid, invalid, stateful, duplicates)")
    p.add_argument("--profile", default="dev")
    p.add_argument("--seed", type=int, default=5)
    a = p.parse_args(argv)
    from conformance.running import batches, engine, isolation
    from conformance.running.registry import load_backend

    found = [t for t in load_backend(a.backend) if t.name == a.target]
    if not found:
        print(f"error: --target: no target {a.target!r} in backend {a.backend!r}", file=sys.stderr)
        return 2
    os.environ[batches.ENV] = "1" if a.batches == "on" else "0"
    stats: Counter = Counter()
    run_batch, check_case = batches.run_batch, engine.check_case

    def timed_batch(target, cases, worker):
        start = time.monotonic()
        got = run_batch(target, cases, worker)
        stats["batch calls"] += 1
        stats["batch cases"] += len(cases)
        stats["batch seconds"] += time.monotonic() - start
        if not isinstance(got, list):
            stats[f"batch failed whole: {got.kind}"] += 1
        return got

    def timed_case(*args, **kwargs):
        start = time.monotonic()
        verdict = check_case(*args, **kwargs)
        stats["alone"] += 1
        stats["alone seconds"] += time.monotonic() - start
        stats[f"alone: {verdict.cls}"] += 1
        return verdict

    batches.run_batch, engine.check_case = timed_batch, timed_case
    start = time.monotonic()
    sink = engine.Collect()
    try:
        engine.run_property(found[0], a.kind, engine.Draws(a.profile, seed=a.seed), sink)
    finally:
        isolation.close_all()
    print(f"{a.target} {a.kind} batches {a.batches}: {time.monotonic() - start:.1f} s, {len(sink.judgements)} cases judged")
    for key, value in sorted(stats.items()):
        print(f"  {key}: {value:.1f}" if isinstance(value, float) else f"  {key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
