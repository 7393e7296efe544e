"""Strategy health: every valid-case strategy, under the region of every built-in target and under an
empty region, draws without a strategy error or a failed health check, and its boundary scenarios come
at their documented share (``strategies.boundary.BOUNDARY_SHARE``). Prints the table (pytest -s)."""
import os
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance import ops
from conformance.registry import Target, installed_backends, load_backend
from oracles.stablehlo.elementwise import OPS as ELEMENTWISE_OPS
from strategies.boundary import BOUNDARY_SHARE

DRAWS = int(os.environ.get("HEALTH_DRAWS", "2000"))  # per spec op, over all its regions
# every registered spec op but mlir.elementwise (its cases are shape tables, without boundary scenarios);
# the 17 elementwise value ops share one strategy (strategies/elementwise_values.py): one group of
# DRAWS cases over the regions of all of them
VALUE_OPS = tuple(sorted(f"stablehlo.{op}" for op in ELEMENTWISE_OPS))
GROUPS = {op: (op,) for op in ops.names() if op != "mlir.elementwise" and op not in VALUE_OPS}
GROUPS["stablehlo elementwise values"] = VALUE_OPS


def _regions(group: tuple[str, ...]) -> list[Target]:
    """One target per distinct (op, region) of the group among the installed backends, plus each op's
    empty region."""
    seen, out = set(), []
    for backend in installed_backends():
        for t in load_backend(backend):
            key = (t.op, repr(sorted(t.region.items())))
            if t.op in group and key not in seen:
                seen.add(key)
                out.append(t)
    out += [Target(op, f"empty-region:{op}", lambda **_: None) for op in group if op != "mlir.scalarization"]
    return out


@pytest.mark.parametrize("op", GROUPS)
def test_strategies_draw_cleanly_at_their_boundary_share(op):
    targets = _regions(GROUPS[op])
    counts: Counter = Counter()
    strategy = st.sampled_from(targets).flatmap(ops.valid_cases)

    @settings(max_examples=DRAWS, database=None, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(case=strategy)
    def draw(case):
        scenario = case.meta.get("scenario")
        counts["cases"] += 1
        if isinstance(scenario, list):
            counts[f"index:{scenario[0]}"] += 1
            counts[f"value:{scenario[1]}"] += 1
        elif scenario:
            counts[f"scenario:{scenario}"] += 1

    draw()
    n = counts.pop("cases")
    assert n >= DRAWS * 0.9, f"only {n} of {DRAWS} cases drawn"
    print(f"\n{op}: {n} cases over {len(targets)} regions")
    for key, c in sorted(counts.items()):
        print(f"  {key:28} {c / n:6.1%}")
    for kind in ("index", "value", "scenario"):
        total = sum(c for k, c in counts.items() if k.startswith(kind + ":"))
        boundary = sum(c for k, c in counts.items() if k.startswith(kind + ":") and not k.endswith(":ordinary"))
        if total:
            assert boundary / total >= BOUNDARY_SHARE, f"{op} {kind} scenarios: {boundary / total:.1%} boundary"
