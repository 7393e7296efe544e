"""The edge phase's corners (``OpSpec.corners_ref``) and the declared-hang shortcut of the runner."""
from hypothesis import given, settings

from conformance.running import engine as runner
from conformance.judging.conditions import holds
from conformance.running.registry import Target, load_backend
from conformance.judging.verdict import case_violations
from conformance.oracles.stablehlo.gather import gather


def _gather_target(**kw) -> Target:
    return Target("stablehlo.gather", "corner:probe", lambda **_: None, valid=True, invalid=True, **kw)


def _draws(strategy, n=20) -> list:
    out = []
    given(strategy)(settings(max_examples=n, database=None)(lambda case: out.append(case)))()
    return out


def test_a_general_gather_gets_a_collapsed_dim_of_slice_size_0_that_the_oracle_reads():
    (label, strategy, n), = [r for r in runner.corner_runs(_gather_target(), "valid")]
    assert label == "edge:corner=collapsed-slice-0" and n >= 1
    for case in _draws(strategy):
        assert not case_violations(case)  # C9 allows slice size <= 1
        sizes, collapsed = case.attrs["slice_sizes"], case.attrs["collapsed_slice_dims"]
        assert any(sizes[d] == 0 for d in collapsed) and holds("zero-size-dropped-window", case)
        gather(**case.kwargs())  # every start in range: the spec names an element for each result index


def test_a_gather_style_without_dimension_numbers_gets_no_valid_corner():
    assert runner.corner_runs(_gather_target(region={"style": "take"}), "valid") == []


def test_the_invalid_corner_breaks_c21_beside_an_empty_index_array():
    (label, strategy, _), = runner.corner_runs(_gather_target(region={"index_vector_dim": "last"}), "invalid")
    assert label == "edge:corner=C21-empty-indices"
    for case in _draws(strategy):
        assert [v.label for v in case_violations(case)] == ["C21"]
        assert case.arrays["start_indices"].size == 0 and holds("zero-size-batch", case)
        assert case.attrs["index_vector_dim"] == case.arrays["start_indices"].ndim - 1


def test_a_declared_hang_is_waited_for_once_per_target(monkeypatch):
    from conformance.judging.conditions import negative_start

    monkeypatch.setattr(runner, "TARGET_TIMEOUT", 5.0)  # (1 s was too short for a loaded machine's first call)
    monkeypatch.setattr(runner, "FIRST_CALL_GRACE", 0.0)
    monkeypatch.setattr(runner, "EDGE_EXAMPLES", 1)
    monkeypatch.setattr(runner, "_DECLARED_HANGS", {})
    (hangs,) = load_backend("tests.declared_hang_targets")
    calls, real = [], runner.call
    monkeypatch.setattr(runner, "call", lambda t, case: calls.append(case) or real(t, case))
    seen = runner.run_property(hangs, "valid")
    negative = [c for c in calls if negative_start(c)]
    assert len(negative) == 1 and seen["timeout"] > 1  # later covered cases counted, not run
    assert len(calls) > len(negative)  # cases the declaration does not cover still run
    calls.clear()
    again = runner.run_property(hangs, "valid")  # the property again (its edge phase draws the same
    assert again["timeout"] >= 1 and calls and not any(negative_start(c) for c in calls)  # cases): no wait


def test_only_a_declaration_with_a_condition_skips_cases():
    dev = type("D", (), {"when": ""})()
    assert not runner.skips_after(dev) and runner.skips_after(type("D", (), {"when": "negative-start"})())
