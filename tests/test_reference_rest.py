"""Against a reference release, a case whose refusal a declaration in force *there* covers (a zero divisor) has
its rest judged here too, though no declaration is in force here: the old release's refusal of the rest (no int8
kernel at all) is a behaviour the reference no longer has, fixed-since, not still-present with the declared one
(onnxruntime 1.18.1 against 1.32.0: Div-18 on int8 and uint32, issue 66)."""
import numpy as np
import pytest

from conformance.core.case import Case
from conformance.running import reference, rest
from conformance.running.engine import Collect, run_property
from conformance.running.registry import load_backend

CASE = Case("stablehlo.divide", {"lhs": np.array([1, 7], np.int8), "rhs": np.array([0, 2], np.int8)},
            {"rhs_as_scalar": False})


@pytest.fixture
def old_release_against(tmp_path):
    """old-narrow:divide, with a reference (numpy 99.0) that refused CASE as declared and conformed on its rest."""
    (t,) = load_backend("tests.user_modules.old_narrow_divide")
    other = rest.rest_of(CASE, "integer-zero-divisor")
    (tmp_path / reference.VERDICTS).write_text(f'#versions\t{{"numpy": "99.0"}}\n{t.name}\t{CASE.id}\trejects-valid\t1\t\n'
                                               f'{t.name}\t{other.id}\tconform\t0\t\n')
    reference.configure(str(tmp_path))
    yield t, other
    reference.configure(None)


def test_the_rest_a_reference_declaration_hides_is_judged_here_and_is_fixed_since(old_release_against):
    t, other = old_release_against
    assert t.declared(("rejects-valid",), CASE) is None  # not in force on the installed numpy
    sink = Collect()
    run_property(t, "valid", sink=sink, cases=[CASE])
    judged = {c.id: (c, v) for c, v, _ in sink.judgements}
    assert set(judged) == {CASE.id, other.id}, "the rest was not judged here"
    assert reference.kind(t, CASE, judged[CASE.id][1]) == "still-present"  # the zero divisor: declared there
    assert judged[other.id][1].cls == "rejects-valid"
    assert reference.kind(t, judged[other.id][0], judged[other.id][1]) == "fixed-since"


def test_without_a_reference_an_undeclared_refusal_has_no_rest_judged():
    (t,) = load_backend("tests.user_modules.old_narrow_divide")
    sink = Collect()
    run_property(t, "valid", sink=sink, cases=[CASE])
    assert [c.id for c, _, _ in sink.judgements] == [CASE.id]


@pytest.mark.parametrize("order", [0, 1])
def test_a_still_present_crash_is_narrowed_to_the_element_both_releases_crash_on(tmp_path, order):
    """[-1 / 0, INT_MIN / -1] crashes on both releases (the reference on INT_MIN / -1 only, declared there): the
    narrowed case keeps INT_MIN / -1 in either order, not the zero divisor the reference no longer crashes on."""
    from conformance.judging.verdict import Verdict
    from conformance.running import engine

    (t,) = load_backend("tests.user_modules.old_crashing_divide")
    pairs = [(-1, 0), (np.iinfo(np.int32).min, -1)][::1 if order == 0 else -1]
    case = Case("stablehlo.divide", {"lhs": np.array([p[0] for p in pairs], np.int32),
                                     "rhs": np.array([p[1] for p in pairs], np.int32)}, {"rhs_as_scalar": False})
    (tmp_path / reference.VERDICTS).write_text('#versions\t{"numpy": "99.0"}\n')
    reference.configure(str(tmp_path))
    try:
        crash = Verdict("crash", "worker died with exit code -6 (SIGABRT)")
        assert reference.kind(t, case, crash) == "still-present"
        sub, verdict = engine.narrowed(t, case, crash)
    finally:
        reference.configure(None)
    assert sub.arrays["rhs"].tolist() == [-1] and verdict.cls == "crash", (sub.arrays, verdict.detail)
