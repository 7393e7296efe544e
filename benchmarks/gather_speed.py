"""Speed of the gather conformance path. Run: ``python -m benchmarks.gather_speed [--examples N] [--backend B ...]``.

Prints three tables:
1. per target: examples per second through the whole property (generate -> call -> judge) and the
   share of wall time spent outside the target call (generating, oracle, comparing);
2. the fast evaluator against the literal one at 1e5 result elements (medians, and their ratio);
3. first call against repeated calls of one signature for the compiled targets (jax, xla): a
   repeat that costs as much as the first would mean a compile per example.
"""
from __future__ import annotations

import statistics
import time

import numpy as np

from benchmarks.rates import print_rates, seconds
from conformance.running import ops
from conformance.running.registry import load_backend
from conformance.running.engine import call
from conformance.oracles.stablehlo.gather import evaluate_fast, evaluate_literal


def evaluator_ratio(repeats: int = 5) -> tuple[float, float, int]:
    """Median seconds of the literal and fast evaluators on one take-like case with 1e5 result elements."""
    rng = np.random.default_rng(0)
    operand = rng.standard_normal((500, 100)).astype(np.float32)
    start_indices = rng.integers(-50, 550, size=(1000, 1)).astype(np.int32)
    attrs = dict(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,), index_vector_dim=1,
                 slice_sizes=(1, 100))
    lit = [seconds(lambda: evaluate_literal(operand, start_indices, **attrs)) for _ in range(max(1, repeats // 2))]
    fast = [seconds(lambda: evaluate_fast(operand, start_indices, **attrs)) for _ in range(repeats)]
    n = evaluate_fast(operand, start_indices, **attrs)[0].size
    return statistics.median(lit), statistics.median(fast), n


def compile_reuse(backends: list[str], repeats: int = 20) -> list[tuple[str, float, float]]:
    """(target, first call seconds, median repeat seconds) on one signature with fresh values."""
    from conformance.strategies.gather import gather_cases

    rows = []
    names = {"jax": ("jax:lax.gather[clip]", "jax:jnp.take[clip]"), "xla": ("xla:gather",)}
    for backend in (b for b in backends if b in names):
        targets = {t.name: t for t in load_backend(backend)}
        for name in names[backend]:
            target = targets[name]
            case = ops.valid_cases(target).example()
            call(target, gather_cases(edge_dims=False).example())  # worker started and backend imported
            t0 = time.perf_counter()
            call(target, case)
            first = time.perf_counter() - t0
            times = []
            for i in range(repeats):
                case.arrays["operand"] = np.roll(case.arrays["operand"], i)
                t0 = time.perf_counter()
                call(target, case)
                times.append(time.perf_counter() - t0)
            rows.append((name, first, statistics.median(times)))
    return rows


def main(argv: list[str] | None = None) -> int:
    backends = print_rates(argv, "python -m benchmarks.gather_speed", __doc__.splitlines()[0], "stablehlo.gather")
    lit, fast, n = evaluator_ratio()
    print(f"\nevaluators at {n} result elements: literal {lit:.3f} s, fast {fast * 1e3:.2f} ms, ratio {lit / fast:.0f}x")
    print(f"\n{'compiled target':44} {'first call':>10} {'repeat median':>14}")
    for name, first, repeat in compile_reuse(backends):
        print(f"{name:44} {first * 1e3:8.1f}ms {repeat * 1e3:12.2f}ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
