"""Value sets (#27): a backend that compiles per signature runs each random case of an elementwise op
as several value sets of one signature. A value set keeps everything a compiler specialises on, is the
same on every machine, is a valid case, and is judged like the drawn case it came from."""
import numpy as np
import pytest
from hypothesis import given, settings

from conformance.running import ops, profiles
from conformance.oracles.stablehlo.elementwise import evaluate
from conformance.running.registry import target
from conformance.running.engine import UndeclaredDivergence, run_property
from conformance.strategies.edge_values import ScalarizationRegion, scalarization_cases
from conformance.strategies.elementwise_values import ValueRegion, value_cases
from conformance.strategies.value_sets import elementwise, scalarization
from conformance.judging.verdict import case_violations


def _draws(strategy, n):
    out = []
    given(strategy)(settings(max_examples=n, database=None, derandomize=True)(lambda case: out.append(case)))()
    return out


def _signature(case):
    return (case.op, case.attrs, case.result_type, case.layouts,
            {k: (a.shape, a.dtype) for k, a in case.arrays.items()})


@pytest.mark.parametrize("op,forms", [("add", ("tensor", "rank0", "scalar")), ("select", ("tensor", "rank0")),
                                      ("compare", ("tensor", "scalar")), ("shift_left", ("tensor", "scalar"))])
def test_a_value_set_keeps_the_signature_and_the_compiled_in_operands(op, forms):
    changed = 0
    for case in _draws(value_cases(op, ValueRegion(constants=True, forms=forms)), 80):
        fixed = set(case.attrs.get("constants", ())) | ({"rhs"} if case.attrs.get("rhs_as_scalar") else set())
        for k in (1, 2):
            other = elementwise(case, k)
            if other is None:  # every operand compiled in: nothing can change
                assert fixed >= {n for n, a in case.arrays.items() if a.size}
                continue
            assert other == elementwise(case, k) and _signature(other) == _signature(case)
            assert not case_violations(other) and other.meta["value_set"] == k
            for name in fixed:
                assert other.arrays[name].tobytes() == case.arrays[name].tobytes()
            changed += other != case and other != elementwise(case, 3 - k)
    assert changed > 100


def test_a_scalarization_value_set_draws_from_the_edge_values():
    for case in _draws(scalarization_cases(ScalarizationRegion("add", ("int8", "float32", "bfloat16"))), 30):
        other = scalarization(case, 1)
        assert _signature(other) == _signature(case)
        for name, a in other.arrays.items():
            if case.meta["scenario"] == "meet":  # a meet case holds every edge value of its type: no other comes
                assert _numbers(a) <= _numbers(case.arrays[name]) and np.isnan(a.astype(np.float64)).any() \
                    <= np.isnan(case.arrays[name].astype(np.float64)).any()


def _numbers(a) -> set:
    return {x for x in a.astype(np.float64).tolist() if x == x}


FLOAT32_TENSORS = {"dtypes": ("float32",), "forms": ("tensor",)}  # (no two cases share an operand by chance)


def test_each_random_case_runs_as_value_sets_and_a_divergence_in_one_is_reported_with_it(monkeypatch):
    """A target wrong only on the value sets (it returns lhs for them): caught, and the failure carries the
    value set's own case, so its seed and script reproduce it. The random phase draws a third of its cases."""
    monkeypatch.setattr(profiles, "VALUE_SET_BACKENDS", ("valuesets",))
    monkeypatch.setattr(profiles, "VALUE_SETS", {settings.get_current_profile_name(): 3})
    made, drawn = [], []
    original = ops.value_set

    def spy(case, k):
        other = original(case, k)
        drawn.append(case) if k == 1 else None
        made.append(other)
        return other

    monkeypatch.setattr(ops, "value_set", spy)

    def oracle(lhs, rhs, *, rhs_as_scalar=False):
        return evaluate("add", {"lhs": lhs, "rhs": np.asarray(rhs, lhs.dtype)}).value

    @target("stablehlo.add", "valuesets:add", isolated=False, backend="valuesets", region=FLOAT32_TENSORS)
    def correct(lhs, rhs, *, rhs_as_scalar=False):
        return oracle(lhs, rhs)

    run_property(correct.__conformance_target__, "valid")
    assert drawn and len(made) == 2 * len(drawn) and all(m is not None for m in made)
    per_phase = profiles.random_examples("valuesets", "stablehlo.add") or settings().max_examples
    assert len(drawn) <= -(-per_phase // 3)  # (Hypothesis may stop short: fewer distinct cases)

    made.clear()

    @target("stablehlo.add", "valuesets:add-wrong", isolated=False, backend="valuesets", region=FLOAT32_TENSORS)
    def wrong_on_value_sets(lhs, rhs, *, rhs_as_scalar=False):
        value = oracle(lhs, rhs)
        return lhs.copy() if any(m is not None and m.arrays["lhs"].tobytes() == lhs.tobytes() for m in made) \
            and lhs.size and not np.array_equal(value, lhs, equal_nan=True) else value

    with pytest.raises(UndeclaredDivergence) as info:
        run_property(wrong_on_value_sets.__conformance_target__, "valid")
    assert info.value.case.meta.get("value_set") in (1, 2) and info.value.verdict.cls == "wrong-value"


def test_only_compiling_backends_and_ops_with_value_sets_get_them(monkeypatch):
    monkeypatch.setattr(profiles, "VALUE_SETS", {settings.get_current_profile_name(): 4})
    add = target("stablehlo.add", "a:add", backend="torch_compile")(lambda lhs, rhs: lhs).__conformance_target__
    eager = target("stablehlo.add", "b:add", backend="torch")(lambda lhs, rhs: lhs).__conformance_target__
    gather = target("stablehlo.gather", "c:gather", backend="torch_compile")(lambda *a, **k: None).__conformance_target__
    eager_gather = target("stablehlo.gather", "d:gather", backend="torch")(lambda *a, **k: None).__conformance_target__
    assert ops.value_sets(add, "valid") == ops.value_sets(gather, "valid") == 4  # index ops too (issue 47)
    assert ops.value_sets(add, "invalid") == ops.value_sets(eager, "valid") == ops.value_sets(eager_gather, "valid") == 1


def test_a_user_module_asks_for_value_sets_with_a_flag(monkeypatch):
    """Value sets were keyed on the built-in backends' names; a user's compiled backend asks with
    ``VALUE_SETS = True`` in its module (issue 47, item 3), and a module without it gets none."""
    from conformance.running.registry import load_backend

    monkeypatch.setattr(profiles, "VALUE_SETS", {settings.get_current_profile_name(): 4})
    (flagged,) = load_backend("tests.user_modules.compiled_add")
    (plain,) = [t for t in load_backend("tests.user_modules.two_bugs") if t.op == "stablehlo.maximum"]
    assert ops.value_sets(flagged, "valid") == 4 and ops.value_sets(plain, "valid") == 1


INDEX_OPS = ("stablehlo.gather", "stablehlo.scatter", "stablehlo.dynamic_slice", "stablehlo.dynamic_update_slice")


def _scenario(v: int, dim: int, size: int, info) -> object:
    hi = dim - size
    if v in (0, hi, hi + 1, -1, int(info.min), int(info.max)):
        return v  # a bound or a dtype edge: kept as it is
    return "inside" if 0 < v < hi else "past" if v > hi else "negative"


@pytest.mark.parametrize("op", INDEX_OPS)
def test_an_index_value_set_keeps_the_signature_validity_and_each_index_scenario(op):
    """Issue 47, item 2: a compiled index op gets several value sets per compile; each keeps what the
    compiler specialises on, stays valid, keeps every index component in its edge scenario (in range,
    at a bound, past the end, negative, at its dtype's edges) and numbers the values afresh."""
    from conformance.judging.index_values import components
    from conformance.running.constructed import user_target
    from conformance.running.index_value_sets import index_op

    moved = renumbered = 0
    for case in _draws(ops.valid_cases(user_target(op)).filter(ops.indexed), 60):
        for k in (1, 2):
            other = index_op(case, k)
            if other is None:
                continue
            assert other == index_op(case, k) and _signature(other) == _signature(case)
            assert not case_violations(other), (case.describe(), other.describe())
            before, after = components(case), components(other)
            for (v, d, s), (w, _, _) in zip(before, after):
                info = np.iinfo(np.asarray(v).dtype)
                assert _scenario(int(w), d, s, info) == _scenario(int(v), d, s, info), (int(v), int(w), d, s)
                assert abs(int(w)) <= max(abs(int(v)), abs(d - s) + 1)  # never further out than it was
            moved += any(int(v) != int(w) for (v, _, _), (w, _, _) in zip(before, after))
            renumbered += any(not np.array_equal(case.arrays[n], other.arrays[n]) for n in case.arrays)
    assert renumbered and (moved or op.startswith("stablehlo.dynamic"))


def test_a_compiled_gather_wrong_on_a_later_value_set_is_caught(monkeypatch):
    """A gather whose executable answers every later call of its signature from the first call's index
    values (a constant folded into the kernel) is caught by the value sets of one random case."""
    from conformance.oracles.stablehlo.gather import gather
    from conformance.running.constructed import user_target

    monkeypatch.setattr(profiles, "VALUE_SETS", {"dev": 3})
    first: dict = {}

    @target("stablehlo.gather", "folded:gather", isolated=False, backend="torch_compile",
            region=user_target("stablehlo.gather").region)
    def folded(operand, start_indices, **attrs):
        key = (operand.shape, operand.dtype.name, start_indices.shape, start_indices.dtype.name, repr(attrs))
        return gather(operand, first.setdefault(key, start_indices.copy()), **{k: v for k, v in attrs.items()
                                                                               if k != "result_type"})

    from conformance.running.engine import Draws

    class Seen:  # keeps every verdict (a sink: ``engine.Raise`` without the raising)
        logs, quiet = False, True

        def __init__(self):
            self.verdicts = []

        def judged(self, target, case, verdict, dev, before):
            self.verdicts.append((case, verdict))

        def skipped(self, target, case, cls):
            pass

    sink = Seen()
    run_property(folded.__conformance_target__, "valid", Draws("dev", examples=30, seed=1), sink=sink)
    assert any(v.diverges and c.meta.get("value_set") for c, v in sink.verdicts)
