"""Speed of the scatter conformance path. Run: ``python -m benchmarks.scatter_speed [--examples N] [--backend B ...]``.

Prints two tables:
1. per scatter target: examples per second through the whole property (generate -> call -> judge)
   and the share of wall time outside the target call;
2. the fast evaluator against the literal one at 1e5 update elements with duplicates (medians, ratio).
"""
from __future__ import annotations

import statistics

import numpy as np

from benchmarks.rates import print_rates, seconds
from conformance.oracles.stablehlo.scatter import evaluate_fast, evaluate_literal


def evaluator_ratio(repeats: int = 5) -> tuple[float, float, int]:
    """Median seconds of the literal and fast evaluators: 1000 windows of 100 into a 500x100 input."""
    rng = np.random.default_rng(0)
    inputs = rng.standard_normal((500, 100)).astype(np.float32)
    indices = rng.integers(-50, 550, size=(1000, 1)).astype(np.int32)
    updates = rng.standard_normal((1000, 100)).astype(np.float32)
    attrs = dict(update_window_dims=(1,), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,),
                 index_vector_dim=1, update_computation="add")
    lit = [seconds(lambda: evaluate_literal(inputs, indices, updates, **attrs)) for _ in range(max(1, repeats // 2))]
    fast = [seconds(lambda: evaluate_fast(inputs, indices, updates, **attrs)) for _ in range(repeats)]
    return statistics.median(lit), statistics.median(fast), updates.size


def main(argv: list[str] | None = None) -> int:
    print_rates(argv, "python -m benchmarks.scatter_speed", __doc__.splitlines()[0], "stablehlo.scatter")
    lit, fast, n = evaluator_ratio()
    print(f"\nevaluators at {n} update elements: literal {lit:.3f} s, fast {fast * 1e3:.2f} ms, ratio {lit / fast:.0f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
