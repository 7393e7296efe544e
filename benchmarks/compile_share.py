"""How many compiles a pytest run of a compiled backend needs, the share of its time spent compiling,
and what the compile cache saves.

    python -m benchmarks.compile_share --backend iree [--profile ci] [--workers 2] [--cache cold warm]

For each ``--cache`` state, in order, runs ``pytest -n WORKERS conformance --backend B
--hypothesis-profile P`` with ``CONFORMANCE_COMPILE_STATS`` pointing at a fresh folder: ``cold`` with
an empty compile-cache folder made for this benchmark, ``warm`` with the same folder after the runs
before it (so ``--cache cold warm`` measures a first and a second run), ``off`` with
``--no-compile-cache``. Prints per run the wall time, the pytest summary line and its FAILED lines,
the compiles (graphs for torch_compile, modules for iree, models for openvino) summed over the
worker processes, compile-cache hits, the seconds of calls that compiled, their share of the run's
process time (wall time times workers), the target calls per second, and how many worker processes
the isolation workers started.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

from conformance.running.compile_stats import ENV, summed

CACHE_STATES = ("cold", "warm", "off")


def run_once(backend: str, profile: str, workers: int, cache_dir: str, cache: str) -> tuple[float, str, dict]:
    """(wall seconds, pytest's output, summed compile figures) of one pytest run."""
    with tempfile.TemporaryDirectory() as folder:
        flags = ["--no-compile-cache"] if cache == "off" else [f"--cache-dir={cache_dir}"]
        start = time.monotonic()
        run = subprocess.run([sys.executable, "-m", "pytest", "-n", str(workers), "-q", "-p", "no:cacheprovider",
                              "conformance", f"--backend={backend}", f"--hypothesis-profile={profile}", *flags],
                             env={**os.environ, ENV: folder}, capture_output=True, text=True)
        wall = time.monotonic() - start
        return wall, run.stdout, summed(folder, backend)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", required=True, choices=("torch_compile", "iree", "openvino", "xla", "jax"))
    parser.add_argument("--profile", default="ci")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cache", nargs="+", choices=CACHE_STATES, default=["cold", "warm"],
                        help="cache states to run, in order (default: cold warm)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as cache_dir:
        for cache in args.cache:
            wall, out, stats = run_once(args.backend, args.profile, args.workers, cache_dir, cache)
            lines = out.strip().splitlines() or ["(no output)"]
            print("\n".join(line for line in lines if line.startswith("FAILED")))
            if "FAILED" in out:  # the failure text, case and seed: kept, not lost with the run
                with tempfile.NamedTemporaryFile("w", prefix=f"compile_share-{args.backend}-{cache}-", suffix=".txt",
                                                 delete=False) as kept:
                    kept.write(out)
                print(f"pytest's output: {kept.name}")
            share = stats.get("compile_seconds", 0) / (wall * args.workers)
            print(f"{args.backend}, profile {args.profile}, {args.workers} workers, cache {cache}: {wall:.0f} s wall; "
                  f"{lines[-1]}")
            if not stats["processes"]:  # (jax records no compile figures: its wall time says it)
                continue
            print(f"  compiles {stats.get('compiled_graphs', 0)}, cache hits {stats.get('cache_hits', 0)}, in "
                  f"{stats['processes']} processes; worker starts {stats['worker_starts']}; calls {stats.get('calls', 0)} "
                  f"({stats.get('calls', 0) / wall:.1f}/s); seconds in calls that compiled "
                  f"{stats.get('compile_seconds', 0):.0f}; share of process time {share:.0%}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
