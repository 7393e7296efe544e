"""A reference release (issue 66, item 1): a run judged against another release's run of the same backend, each
undeclared divergence regression, fixed-since or still-present, ``--fail-on`` choosing the kind that fails, in
pytest and in ``conformance report``. The user module ``two_groups`` switches releases: both refuse int16, release 1
drops a NaN, release 2 loses a zero's sign."""
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from conformance.core.case import Case
from conformance.judging.verdict import Verdict
from conformance.running import reference
from conformance.running.registry import load_backend

HERE = Path(__file__).parent
PYTEST = [sys.executable, "-m", "pytest", "-p", "conformance.interfaces.plugin", "--pyargs", "conformance", "-p",
          "no:cacheprovider", "--backend=tests.user_modules.two_groups", "--examples", "10", "-k", "test_valid", "-n", "1",
          "--hypothesis-seed", "5", "--no-watch"]


def _env(release: int) -> dict:
    return {**os.environ, "PYTHONPATH": f"{HERE / 'user_modules'}{os.pathsep}{HERE.parent}",
            "TWO_GROUPS_RELEASE": str(release)}


def _pytest(tmp_path, release: int, *options: str) -> str:
    run = subprocess.run(PYTEST + list(options), cwd=tmp_path, env=_env(release), capture_output=True, text=True,
                         timeout=600)
    return run.stdout + run.stderr


@pytest.fixture(scope="module")
def releases(tmp_path_factory):
    """Each release's run, recorded as a reference (its seeds and verdicts.tsv)."""
    root = tmp_path_factory.mktemp("releases")
    for release in (1, 2):
        out = _pytest(root, release, "--seed-dir", str(root / f"ref{release}"), "--record-verdicts")
        assert "1 failed" in out, out[-2000:]
    return root


def test_an_old_release_against_the_newer_fails_on_what_the_newer_no_longer_does(releases, tmp_path):
    out = _pytest(tmp_path, 1, "--seed-dir", str(tmp_path / "s"), "--reference", str(releases / "ref2"),
                  "--fail-on", "fixed-since")
    assert "1 failed" in out and "reference: fixed-since" in out, out[-3000:]
    assert "[fixed-since] wrong-value" in out and "[fixed-since] rejects-valid" not in out, out[-3000:]
    assert "[still-present] rejects-valid" in out and "not a failure" in out, out[-3000:]  # said, with its seed
    assert len(list((tmp_path / "s").glob("*.json"))) == 2
    assert "undeclared groups 1 fixed-since, 0 regression, 1 still-present (--fail-on fixed-since)" in out, out[-2000:]


def test_the_kind_asked_for_alone_fails(releases, tmp_path):
    out = _pytest(tmp_path, 1, "--seed-dir", str(tmp_path / "s"), "--reference", str(releases / "ref2"),
                  "--fail-on", "regression")
    assert "1 passed" in out and "[fixed-since] wrong-value" in out, out[-3000:]  # found, warned, not failed


def test_a_new_release_against_the_older_names_its_regression(releases, tmp_path):
    out = _pytest(tmp_path, 2, "--seed-dir", str(tmp_path / "s"), "--reference", str(releases / "ref1"),
                  "--fail-on", "regression")
    assert "1 failed" in out and "reference: regression" in out and "[regression] wrong-value" in out, out[-3000:]
    assert "got np.float32(0.0)" in out or "-0.0" in out, out[-3000:]  # the zero's sign: release 2's own bug


def test_fail_on_a_kind_needs_a_reference_and_a_bad_folder_is_one_line(tmp_path):
    out = _pytest(tmp_path, 1, "--fail-on", "fixed-since")
    assert "--fail-on fixed-since: expected with --reference DIR" in out, out[-2000:]
    out = _pytest(tmp_path, 1, "--reference", str(tmp_path / "nowhere"))
    assert "--reference" in out and "no such folder" in out, out[-2000:]


def test_a_seed_folder_alone_judges_by_case_then_by_group(tmp_path, monkeypatch):
    monkeypatch.setenv("TWO_GROUPS_RELEASE", "1")
    (t,) = load_backend("tests.user_modules.two_groups")
    nan = Case("stablehlo.maximum", {"lhs": np.array([np.nan, 1], np.float32), "rhs": np.array([1, 2], np.float32)}, {})
    other = Case("stablehlo.maximum", {"lhs": np.array([np.nan, 3], np.float32), "rhs": np.array([1, 2], np.float32)}, {})
    seed = {"op": nan.op, "backend": t.backend, "target": t.name, "class": "wrong-value", "case": nan.to_json(),
            "versions": {t.backend: "0.5.0"}, "date": ""}
    (tmp_path / "a.json").write_text(json.dumps(seed))
    ref = reference.load(tmp_path)
    wrong = Verdict("wrong-value", "", value=np.array([1, 2], np.float32))
    assert reference.kind(t, nan, wrong, ref) == "still-present"  # the reference diverged on this very case
    assert reference.kind(t, other, wrong, ref) == "still-present"  # not run there: its group was
    refused = Verdict("rejects-valid", "")
    assert reference.kind(t, nan, refused, ref) == "still-present"  # (the case diverged there, by class alone)
    assert reference.kind(t, other, refused, ref) == "regression"  # no such group there, and 0.5.0 is older


def test_a_report_against_a_report_lists_the_chosen_kind_first_and_fails_on_it(tmp_path):
    base = [sys.executable, "-m", "conformance.cli", "report", "--backends", "tests.user_modules.two_groups",
            "--profile", "dev", "--examples", "10", "--jobs", "1"]
    new = subprocess.run(base + ["--out", str(tmp_path / "r2")], cwd=tmp_path, env=_env(2), capture_output=True,
                         text=True, timeout=600)
    assert new.returncode == 0, new.stderr[-2000:]
    old = subprocess.run(base + ["--out", str(tmp_path / "r1"), "--reference", str(tmp_path / "r2"),
                                 "--fail-on", "fixed-since"], cwd=tmp_path, env=_env(1), capture_output=True,
                         text=True, timeout=600)
    assert old.returncode == 1 and "1 fixed-since, 1 still-present" in old.stdout, old.stdout + old.stderr[-2000:]
    report = json.loads((tmp_path / "r1" / "report.json").read_text())
    kinds = {d["class"]: d["reference"] for d in report["divergences"]}
    assert kinds == {"wrong-value": "fixed-since", "rejects-valid": "still-present"}, kinds
    md = (tmp_path / "r1" / "report.md").read_text()
    section = md.split("## Against the reference release", 1)[1]
    assert section.index("### fixed-since (1)") < section.index("### regression (0)") < section.index("### still-present (1)")


def test_a_failures_note_names_only_the_releases_that_differ_among_packages_installed_here():
    ref = reference.Reference("ref", versions={"onnxruntime": "1.32.0", "numpy": "2.4.6", "apache-tvm": "0.27.0",
                                               "onnx": "1.23.2"})
    here = {"onnxruntime": "1.18.1", "numpy": "1.26.4", "onnx": "1.23.2"}
    assert reference.releases(ref, here) == "numpy 2.4.6 there, 1.26.4 here, onnxruntime 1.32.0 there, 1.18.1 here"
    assert reference.releases(ref, {"onnx": "1.23.2"}) == "the same releases of the packages installed here"
