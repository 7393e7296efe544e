"""Shared by the speed benchmarks: examples per second through each target's property, and the
command-line front both benchmarks use."""
from __future__ import annotations

import argparse
import time
import warnings

from hypothesis import HealthCheck, given, settings
from hypothesis.errors import NonInteractiveExampleWarning

from conformance.running import ops
from conformance.running.registry import installed_backends, load_backend
from conformance.running.engine import call
from conformance.judging.verdict import judge


def target_rates(backends: list[str], examples: int, op: str = "stablehlo.gather") -> list[tuple[str, float, float]]:
    """(target, examples per second, share of wall time outside the target) for each valid target of ``op``."""
    rows = []
    for backend in backends:
        for target in load_backend(backend):
            if not target.valid or target.op != op:
                continue
            in_target = []

            @settings(max_examples=examples, deadline=None, database=None, derandomize=True,
                      suppress_health_check=list(HealthCheck))
            @given(case=ops.valid_cases(target))
            def run(case):
                t0 = time.perf_counter()
                outcome = call(target, case)
                in_target.append(time.perf_counter() - t0)
                judge(case, outcome)

            call(target, ops.valid_cases(target).example())  # warm the worker (imports), as a run would
            start = time.perf_counter()
            run()
            wall = time.perf_counter() - start
            rows.append((target.name, len(in_target) / wall, 1 - sum(in_target) / wall))
    return rows


def seconds(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def print_rates(argv: list[str] | None, prog: str, description: str, op: str) -> list[str]:
    """Parse ``--examples``/``--backend``, print the per-target rate table for ``op``; the backends."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--examples", type=int, default=60, help="examples per target (default 60)")
    parser.add_argument("--backend", action="append", help="backend to time (repeatable; default: all installed)")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore", NonInteractiveExampleWarning)  # .example() picks warm-up cases only
    backends = args.backend or installed_backends()
    print(f"{'target':52} {'examples/s':>10} {'outside target':>15}")
    for name, rate, outside in target_rates(backends, args.examples, op):
        print(f"{name:52} {rate:10.1f} {outside:15.0%}")
    return backends
