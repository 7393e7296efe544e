"""Strategy health: every valid-case strategy, under the region of every built-in target and under an
empty region, draws without a strategy error or a failed health check, and its boundary scenarios come
at their documented share (``conformance.strategies.boundary.BOUNDARY_SHARE``). Prints the table (pytest -s)."""
import os
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance.running import ops, profiles
from conformance.running.registry import Target, installed_backends, load_backend, missing_requirements
from conformance.oracles.stablehlo.elementwise import OPS as ELEMENTWISE_OPS
from conformance.strategies.boundary import BOUNDARY_SHARE

# per spec op, over all its regions (HEALTH_DRAWS=2000 for a closer look). At 800 the boundary shares sit far
# above BOUNDARY_SHARE (stablehlo.gather 2026-11-28: 77 % of index and 84 % of value scenarios vs 33 %)
DRAWS = int(os.environ.get("HEALTH_DRAWS", "800"))
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


HIGH_RANK_SHARE = 0.10  # of an op's cases under its empty region: some array above rank 4
LAYOUT_DRAWS = 300  # per op of a backend that takes views
LAYOUT_MIN_ARRAYS = 1
# measured gaps of the random draw (the fixed-seed layout runs of the edge phase still try each layout):
# numpy's dynamic_update_slice draws no broadcast update in 300 cases (the operand is written, the start
# indices are 0-d, so only the update can take it)
LAYOUT_GAPS = {("stablehlo.dynamic_update_slice", "broadcast")}


@pytest.mark.parametrize("op", [op for op in GROUPS if op not in ("mlir.broadcastable", "mlir.scalarization")])
def test_high_ranks_come_at_their_share(op):
    """Above rank 4 (rank 6 for index ops, 8 for elementwise tensors) in at least a tenth of the cases
    of the op's whole space; every rank from 1 to 6 is drawn."""
    ranks: Counter = Counter()
    strategy = st.sampled_from(GROUPS[op]).flatmap(lambda name: ops.valid_cases(Target(name, "empty", lambda **_: None)))

    @settings(max_examples=DRAWS // 4, database=None, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(case=strategy)
    def draw(case):
        ranks[max((a.ndim for a in case.arrays.values()), default=0)] += 1

    draw()
    n = sum(ranks.values())
    print(f"\n{op}: ranks {dict(sorted(ranks.items()))}")
    assert sum(c for r, c in ranks.items() if r > 4) / n >= HIGH_RANK_SHARE, dict(ranks)
    assert set(range(1, 7)) <= set(ranks), dict(ranks)


LAYOUT_OPS = ("stablehlo.gather", "stablehlo.scatter", "stablehlo.dynamic_slice", "stablehlo.dynamic_update_slice",
              "onnx.GatherND", "onnx.ScatterND", "stablehlo.add", "stablehlo.maximum")


@pytest.mark.parametrize("backend", ["numpy", "torch"])
def test_every_layout_reaches_each_op_of_a_backend_that_takes_views(backend):
    """Under the regions of a backend's built-in targets, with the layout draw the runner makes: every
    layout the backend lists reaches arrays of each op (in 300 derandomized cases; 0-d start
    indices take only two), and C order stays common; the edge phase then runs each layout on purpose."""
    from conformance.strategies.layouts import with_layouts

    if missing_requirements(backend):
        pytest.skip(f"{backend} not installed")
    by_op: dict = {}
    for t in load_backend(backend):
        by_op.setdefault(t.op, []).append(t)
    for op in LAYOUT_OPS:
        counts: Counter = Counter()
        strategy = st.sampled_from(by_op[op]).flatmap(lambda t: with_layouts(ops.valid_cases(t), t.layouts))

        @settings(max_examples=LAYOUT_DRAWS, database=None, deadline=None, derandomize=True,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
        @given(case=strategy)
        def draw(case):
            for key in case.arrays:
                counts[case.layouts.get(key, "c")] += 1

        with profiles.module_independent_draws():  # the same draws whatever this worker imported before
            draw()
        kinds = by_op[op][0].layouts
        arrays = sum(counts.values())
        print(f"\n{backend} {op}: {arrays} arrays, " + ", ".join(f"{k} {counts[k] / arrays:.0%}" for k in kinds))
        assert counts["c"] / arrays >= 0.1, (op, dict(counts))
        rare = [k for k in kinds if counts[k] < LAYOUT_MIN_ARRAYS and (op, k) not in LAYOUT_GAPS]
        assert not rare, f"{backend} {op}: layouts on fewer than {LAYOUT_MIN_ARRAYS} arrays: {rare} ({dict(counts)})"


CONSTANT_DRAWS = 300  # derandomized cases per backend, over its elementwise targets that take constants


@pytest.mark.parametrize("backend", ["jax", "onnxruntime", "xla"])
def test_constants_come_at_their_share_under_each_target_that_takes_them(backend):
    """Under the regions of a backend's elementwise targets that take constants (``constants=True``):
    each array operand is a constant in about 1 case of 5 (``CONSTANT_SHARE``; within 10 points here), a
    parameter in the rest, and the edge phase folds every operand once per element type."""
    from conformance.running.engine import edge_runs
    from conformance.strategies.elementwise_values import CONSTANT_SHARE

    if missing_requirements(backend):
        pytest.skip(f"{backend} not installed")
    takers = [t for t in load_backend(backend) if t.region.get("constants")]
    assert len({t.op for t in takers}) >= 10, [t.name for t in takers]
    counts: Counter = Counter()

    @settings(max_examples=CONSTANT_DRAWS, database=None, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(case=st.sampled_from(takers).flatmap(ops.valid_cases))
    def draw(case):
        for name in case.arrays:
            if not (name == "rhs" and case.attrs.get("rhs_as_scalar")):
                counts["arrays"] += 1
                counts["constant"] += name in case.attrs["constants"]

    with profiles.module_independent_draws():
        draw()
    share = counts["constant"] / counts["arrays"]
    print(f"\n{backend}: {counts['arrays']} array operands, {share:.0%} constants (CONSTANT_SHARE {CONSTANT_SHARE})")
    assert abs(share - CONSTANT_SHARE[0] / CONSTANT_SHARE[1]) < 0.1, dict(counts)
    for t in takers:
        folded = [label for label, _, _ in edge_runs(t, "valid") if "fold=all" in label]
        assert len(folded) == len(t.region["dtypes"]), (t.name, folded)
