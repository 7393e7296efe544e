"""A case the reference release never ran is judged by its group only where the reference had an undeclared
divergence of that target and class (issue 66). A declared one is explained by its declaration, whose condition
already decided for this case: onnxruntime 1.32.0's one Div-18 crash is the declared INT_MIN / -1 trap, and 1.18.1's
crash on int32 -1 / 0 (1.32.0 refuses a zero divisor cleanly) was called still-present by that group."""
import numpy as np

from conformance.core.case import Case
from conformance.judging.verdict import Verdict
from conformance.running import reference
from conformance.running.registry import load_backend


def _reference(tmp_path, declared: int):
    """A reference (numpy 99.0, newer than any installed) whose one divergence of old:maximum is a crash on
    another case, ``declared`` (1) or not (0) there."""
    (t,) = load_backend("tests.user_modules.old_quirk")
    other = Case("stablehlo.maximum", {"lhs": np.array([3], np.float32), "rhs": np.array([4], np.float32)}, {})
    folder = tmp_path / f"ref{declared}"
    folder.mkdir()
    (folder / reference.VERDICTS).write_text(
        f'#versions\t{{"numpy": "99.0"}}\n{t.name}\t{other.id}\tcrash\t{declared}\t\n')
    return t, reference.load(folder)


def test_a_declared_divergence_there_makes_no_group_for_a_case_it_never_ran(tmp_path):
    t, ref = _reference(tmp_path, declared=1)
    case = Case("stablehlo.maximum", {"lhs": np.array([1], np.float32), "rhs": np.array([2], np.float32)}, {})
    assert ref.groups == set()
    assert reference.kind(t, case, Verdict("crash", ""), ref) == "fixed-since"  # no declaration there covers it


def test_an_undeclared_divergence_there_still_makes_its_group(tmp_path):
    t, ref = _reference(tmp_path, declared=0)
    case = Case("stablehlo.maximum", {"lhs": np.array([1], np.float32), "rhs": np.array([2], np.float32)}, {})
    assert ref.groups == {(t.name, "crash")}
    assert reference.kind(t, case, Verdict("crash", ""), ref) == "still-present"
