"""How many compiles a pytest run of a compiled backend needs, and the share of its time spent compiling.

    python -m benchmarks.compile_share --backend torch_compile [--profile ci] [--workers 2]

Runs ``pytest -n WORKERS conformance --backend B --hypothesis-profile P`` with
``CONFORMANCE_COMPILE_STATS`` pointing at a fresh folder, then prints the wall time, the pytest
summary line and its FAILED lines, the compiles (graphs for torch_compile, modules for iree, models for openvino) summed over the worker
processes, the seconds of calls that compiled, and their share of the run's process time (wall time
times workers).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

from conformance.compile_stats import ENV, summed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", required=True, choices=("torch_compile", "iree", "openvino"))
    parser.add_argument("--profile", default="ci")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        start = time.monotonic()
        run = subprocess.run([sys.executable, "-m", "pytest", "-n", str(args.workers), "-q", "-p", "no:cacheprovider",
                              "conformance", f"--backend={args.backend}", f"--hypothesis-profile={args.profile}"],
                             env={**os.environ, ENV: folder}, capture_output=True, text=True)
        wall = time.monotonic() - start
        stats = summed(folder, args.backend)
    lines = run.stdout.strip().splitlines() or ["(no output)"]
    summary = lines[-1]
    print("\n".join(line for line in lines if line.startswith("FAILED")))
    share = stats.get("compile_seconds", 0) / (wall * args.workers)
    print(f"{args.backend}, profile {args.profile}, {args.workers} workers: {wall:.0f} s wall; {summary}")
    print(f"compiles {stats.get('compiled_graphs', 0)} in {stats['processes']} processes; calls "
          f"{stats.get('calls', 0)}; seconds in calls that compiled {stats.get('compile_seconds', 0):.0f}; "
          f"share of process time {share:.0%}")
    return run.returncode


if __name__ == "__main__":
    raise SystemExit(main())
