"""A reference's own verdict on a case outranks a declaration's prediction (issue 66): where the reference release
conformed on this very case, a divergence here is fixed-since or a regression even when a declaration in force on
that release would excuse it (onnxruntime 1.32.0 conformed on the int8 Max-18 cases its stale narrow-int
declaration covers, and 1.18.1's refusals of them were called still-present). A case the reference's target could
not run (``unsupported``) tells nothing and counts as never run there."""
import numpy as np

from conformance.core.case import Case
from conformance.judging.verdict import Verdict
from conformance.running import reference
from conformance.running.registry import load_backend


def _zero_sign_case():
    """old_quirk's maximum on a case whose answer is -0.0: it gives +0.0, which its declaration (numpy <2) models."""
    (t,) = load_backend("tests.user_modules.old_quirk")
    case = Case("stablehlo.maximum", {"lhs": np.array([-0.0, 1], np.float32), "rhs": np.array([-1, 0], np.float32)}, {})
    return t, case, Verdict("wrong-value", "", value=np.array([0.0, 1], np.float32))


def test_a_case_the_reference_conformed_on_is_not_still_present_though_a_declaration_there_covers_it():
    t, case, verdict = _zero_sign_case()
    ref = reference.Reference("ref", versions={"numpy": "1.26.4"})  # the declaration (versions "<2") in force there
    assert reference.kind(t, case, verdict, ref) == "still-present"  # not run there: the declaration decides
    ref.cases[(t.name, case.id)] = ("conform", False, None)
    assert reference.kind(t, case, verdict, ref) == "regression"  # run there, conforming (1.26.4 is not newer)


def test_a_case_the_reference_could_not_run_counts_as_never_run(tmp_path):
    t, case, _ = _zero_sign_case()
    line = f"{t.name}\t{case.id}\tunsupported\t0\t\n"
    (tmp_path / reference.VERDICTS).write_text(f'#versions\t{{"numpy": "99.0"}}\n{line}')
    ref = reference.load(tmp_path)
    assert ref.groups == set()  # (no divergence of the target there)
    crash = Verdict("crash", "")
    assert reference.kind(t, case, crash, ref) == "fixed-since"  # numpy 99.0 there is newer; no crash group there
    ref.groups.add((t.name, "crash"))
    assert reference.kind(t, case, crash, ref) == "still-present"  # not judged there: its group decides
