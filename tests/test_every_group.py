"""Every group found, not the first (issue 66, item 2): a property judges every case and its failure names
every distinct undeclared group with its seed file, the first shrunk as before; the rest of a case that a
declaration excuses whole is judged on its own."""
import json

import numpy as np
import pytest

from conformance.core import runtime
from conformance.core.case import Case
from conformance.running import engine as runner, isolation, rest
from conformance.running.registry import load_backend


@pytest.fixture
def seed_dir(tmp_path):
    before = runtime.seed_dir()
    runtime.set_seed_dir(str(tmp_path))
    yield tmp_path
    runtime.set_seed_dir(before)


def _maximum(monkeypatch, release: int):
    monkeypatch.setenv("TWO_GROUPS_RELEASE", str(release))
    (t,) = load_backend("tests.user_modules.two_groups")
    return t


def test_a_second_bug_after_a_first_one_is_still_found_and_named(monkeypatch, seed_dir):
    t = _maximum(monkeypatch, 1)
    with pytest.raises(runner.UndeclaredDivergence) as failed:
        runner.run_property(t, "valid", runner.Draws("dev", examples=20), runner.Gather())
    e = failed.value
    classes = [f.verdict.cls for f in e.groups]
    assert classes[0] == "rejects-valid" and e.verdict.cls == "rejects-valid", classes  # met first: shown first
    assert "wrong-value" in classes, classes  # the dropped NaN, judged after the refusal
    nan = next(f for f in e.groups if f.verdict.cls == "wrong-value")
    assert any(np.isnan(a).any() for a in nan.case.arrays.values() if a.dtype.kind == "f"), nan.case.describe()
    notes = "\n".join(e.__notes__)
    assert f"group 2 of {len(e.groups)}: wrong-value" in notes or f"wrong-value" in notes.split("group 2 of", 1)[1]
    seeds = {json.loads(p.read_text())["class"] for p in seed_dir.glob("*.json")}
    assert {"rejects-valid", "wrong-value"} <= seeds, seeds  # each group its seed file
    assert notes.count("seed file:") >= len(e.groups)


def test_the_verdicts_do_not_depend_on_the_order_of_the_cases(monkeypatch, seed_dir):
    t = _maximum(monkeypatch, 1)
    refused = Case("stablehlo.maximum", {"lhs": np.array([1, 2], np.int16), "rhs": np.array([2, 1], np.int16)}, {})
    nan = Case("stablehlo.maximum", {"lhs": np.array([np.nan, 1], np.float32), "rhs": np.array([1, 2], np.float32)}, {})
    found = []
    for cases in ([refused, nan], [nan, refused]):
        with pytest.raises(runner.UndeclaredDivergence) as failed:
            runner.run_property(t, "valid", sink=runner.Gather(), cases=cases)
        found.append({(f.verdict.cls, f.case.id) for f in failed.value.groups})
    assert found[0] == found[1] and len(found[0]) == 2, found


def test_a_correct_release_still_passes_and_one_bug_alone_is_one_group(monkeypatch, seed_dir):
    t = _maximum(monkeypatch, 2)
    case = Case("stablehlo.maximum", {"lhs": np.array([-0.0, 1], np.float32), "rhs": np.array([-0.0, 2], np.float32)}, {})
    with pytest.raises(runner.UndeclaredDivergence) as failed:
        runner.run_property(t, "valid", sink=runner.Gather(), cases=[case])
    assert [f.verdict.cls for f in failed.value.groups] == ["wrong-value"]
    assert not any(n.startswith("group ") for n in getattr(failed.value, "__notes__", ()))  # one group: no list
    fine = Case("stablehlo.maximum", {"lhs": np.array([3, 1], np.float32), "rhs": np.array([1, 2], np.float32)}, {})
    runner.run_property(t, "valid", cases=[fine])  # conforms: nothing raised


def _divide_case() -> Case:
    lhs = np.arange(1, 17, dtype=np.int32).reshape(4, 4)
    rhs = np.full((4, 4), 3, np.int32)
    rhs[1, 2] = 0  # the declared refusal's trigger
    lhs[3, 0] = 7777  # the crash's, on another element
    return Case("stablehlo.divide", {"lhs": lhs, "rhs": rhs}, {"rhs_as_scalar": False})


def test_the_rest_of_a_case_a_declared_refusal_excuses_is_judged_and_its_crash_found(seed_dir):
    (t,) = load_backend("tests.user_modules.zero_refusing_divide")
    try:
        case = _divide_case()
        sink = runner.Collect()
        runner.run_property(t, "valid", sink=sink, cases=[case])
        (first, verdict, dev), (then, crashed, none) = sink.judgements
        assert first is case and verdict.cls == "rejects-valid" and dev is not None  # the case: the declared refusal
        assert then.meta["rest_of"] == case.id and crashed.cls == "crash" and none is None  # its rest: the crash
        with pytest.raises(runner.UndeclaredDivergence) as failed:
            runner.run_property(t, "valid", cases=[case])
        e = failed.value
        assert e.verdict.cls == "crash", e
        assert e.case.meta.get("rest_of") == case.id and "integer-division-trap" in str(e), str(e)
        assert 7777 in e.case.arrays["lhs"] and not (e.case.arrays["rhs"] == 0).any()  # the trigger gone, the crash kept
        without = case.arrays["lhs"].copy()
        without[3, 0] = 5
        runner.run_property(t, "valid", cases=[Case("stablehlo.divide", {"lhs": without, "rhs": case.arrays["rhs"]},
                                                     {"rhs_as_scalar": False})])  # no crash left: declared, passes
    finally:
        isolation.close_all()


def test_the_rest_keeps_the_other_operand_and_leaves_whole_case_conditions_alone():
    case = _divide_case()
    other = rest.rest_of(case, "integer-division-trap")
    assert other is not None and (other.arrays["lhs"] == case.arrays["lhs"]).all()  # the divisor alone changed
    assert other.arrays["rhs"][1, 2] == 1 and (np.delete(other.arrays["rhs"].ravel(), 6) == 3).all()
    assert rest.rest_of(case, "integer-elements") is None  # holds on the case as a whole: no rest
    everywhere = Case("stablehlo.divide", {"lhs": case.arrays["lhs"], "rhs": np.zeros((), np.int32)},
                      {"rhs_as_scalar": False})
    assert rest.rest_of(everywhere, "integer-division-trap") is None  # every element traps: nothing left


def test_the_rest_of_a_case_with_a_broadcast_layout_can_still_be_laid_out():
    """A divisor passed as a stride-0 view (layout ``broadcast``) is one value along its axis: the rest sets the
    whole line where one element of it traps, so the rest is a valid case in that layout (fresh draws, torch_compile
    2026-12-07: the rest of an int8[64, 3] trunc division set one element of a broadcast line, and the layout's
    ValueError was judged the target's refusal)."""
    from conformance.core import layouts

    lhs = np.array([[-128, 5, 7], [3, -128, 9]], np.int8)
    rhs = np.broadcast_to(np.array([[-1, -1, 2]], np.int8), (2, 3)).copy()
    case = Case("stablehlo.divide", {"lhs": lhs, "rhs": rhs}, {"rhs_as_scalar": False}, layouts={"rhs": "broadcast"})
    other = rest.rest_of(case, "integer-division-trap")
    assert other is not None and other.layouts == {"rhs": "broadcast"}
    assert (other.arrays["rhs"] == np.array([[1, 1, 2]], np.int8)).all()  # each trapping column, whole
    layouts.lay_out(other.arrays["rhs"], "broadcast")  # (raised before: not constant along axis 0)


def test_a_narrowed_case_whose_broadcast_view_would_repeat_along_another_axis_is_not_tried():
    """Cutting a broadcast view's repeated axis to one row makes the next axis the one it repeats along, where its
    values differ: that cut is no case (``narrowing.sliced`` gives None), not a refusal of the target."""
    from conformance.running import narrowing

    rhs = np.broadcast_to(np.array([[1, 2, 3]], np.int8), (2, 3)).copy()
    case = Case("stablehlo.divide", {"lhs": np.ones((2, 3), np.int8), "rhs": rhs}, {"rhs_as_scalar": False},
                layouts={"rhs": "broadcast"})
    assert narrowing.sliced(case, (("lhs", 0), ("rhs", 0)), 0, 1) is None
    kept = narrowing.sliced(case, (("lhs", 1), ("rhs", 1)), 0, 1)  # one column: constant along axis 0
    assert kept is not None and kept.arrays["rhs"].shape == (2, 1)
