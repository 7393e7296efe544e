"""``--reference-release REQ`` (issue 66, item 1): the reference release installed in a throwaway environment (as
bisect does: ``bisect.release_env``), the same selection run there with its verdicts recorded, this run judged
against that. No network: the releases are wheels of a tiny user framework, ``relfw-fw``, built here and installed
from a local folder. Both releases refuse int16; 1.0 drops a NaN, 2.0 loses a zero's sign; 3.0 does not import."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.reports.bisect import release_env
from conformance.reports.reference_release import requirements, rest_of
from tests.test_bisect_probes import wheel

HERE = Path(__file__).parent
REGION = '{"dtypes": ("int16", "float32"), "forms": ("tensor",)}'
RELEASES = {
    "1.0": "def maximum(a, b):\n    return np.fmax(a, b)\n",  # (drops a NaN)
    "2.0": "def maximum(a, b):\n    out = np.maximum(a, b)\n"
           "    return np.where(out == 0, np.zeros((), out.dtype), out)\n",  # (loses a zero's sign)
}
MODULE = f"""import numpy as np

import relfw_fw  # (a release that does not import is a backend that does not load)
from conformance.registry import target

PACKAGE = "relfw-fw"


@target("stablehlo.maximum", "relfw:maximum", region={REGION}, isolated=False)
def maximum(lhs, rhs, **_):
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    if lhs.dtype == np.int16:
        raise TypeError("maximum: int16 is not supported")
    return relfw_fw.maximum(lhs, rhs)
"""
PYTEST = ["-m", "pytest", "-p", "conformance.interfaces.plugin", "--pyargs", "conformance", "-p", "no:cacheprovider",
          "--backend=relfw", "--examples", "10", "-k", "test_valid", "-n", "1", "--no-watch"]


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """The wheels, the user module, and an environment with each of releases 1.0 and 2.0 installed (the run
    judged there is "this" release; its --reference-release is installed beside it)."""
    root = tmp_path_factory.mktemp("relfw")
    wheels = root / "wheels"
    for version, body in RELEASES.items():
        wheel(wheels, "relfw-fw", version, {"relfw_fw/__init__.py": f"import numpy as np\n\n{body}"})
    wheel(wheels, "relfw-fw", "3.0", {"relfw_fw/__init__.py": "raise ImportError('librelfw.so: cannot open')\n"})
    (root / "modules").mkdir()
    (root / "modules" / "relfw.py").write_text(MODULE)
    index = ("--no-index", "--find-links", str(wheels))
    pythons = {}
    for version in RELEASES:
        python, why = release_env([f"relfw-fw=={version}"], root / "here", index)
        assert python is not None, why
        pythons[version] = python
    (root / "tmp").mkdir()  # (TMPDIR: the reference runs' fresh folders go here, not to /tmp)
    env = {**os.environ, "PYTHONPATH": f"{root / 'modules'}{os.pathsep}{HERE.parent}", "PIP_NO_INDEX": "1",
           "PIP_FIND_LINKS": str(wheels), "CONFORMANCE_CACHE_DIR": str(root / "cache"), "TMPDIR": str(root / "tmp")}
    return root, pythons, env


def _run(world, tmp_path, here: str, *options: str) -> subprocess.CompletedProcess:
    root, pythons, env = world
    return subprocess.run([str(pythons[here]), *PYTEST, "--seed-dir", str(tmp_path / "s"), *options], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=900)


def test_an_old_release_against_a_newer_one_installed_here_fails_on_what_the_newer_no_longer_does(world, tmp_path):
    run = _run(world, tmp_path, "1.0", "--reference-release", "relfw-fw==2.0", "--fail-on", "fixed-since")
    out = run.stdout + run.stderr
    assert run.returncode == 1 and "1 failed" in out, out[-3000:]
    assert "--reference-release: relfw-fw==2.0 in" in out and "recording the same run there" in out, out[-3000:]
    assert "[fixed-since] wrong-value" in out and "[fixed-since] rejects-valid" not in out, out[-3000:]
    assert "[still-present] rejects-valid" in out, out[-3000:]  # both releases refuse int16
    assert "undeclared groups 1 fixed-since, 0 regression, 1 still-present (--fail-on fixed-since)" in out, out[-3000:]
    folder = out.split("recording the same run there into ", 1)[1].split()[0]
    first = (Path(folder) / "verdicts.tsv").read_text().split("\n", 1)[0]
    assert '"relfw-fw": "2.0"' in first, first  # the reference ran on the release asked for
    drawn = [line for line in out.splitlines() if line.startswith("conformance: backend relfw")]
    there = [line for line in (Path(folder) / "reference-run.log").read_text().splitlines()
             if line.startswith("conformance: backend relfw")]
    assert drawn == there and "; seed " in drawn[0], (drawn, there)  # one seed drawn for both runs
    seeds = list((tmp_path / "s").glob("*.json"))
    assert seeds and all('"relfw-fw": "1.0"' in p.read_text() for p in seeds)  # and this run on its own


def test_a_new_release_against_an_older_one_installed_here_names_its_regression(world, tmp_path):
    run = _run(world, tmp_path, "2.0", "--reference-release", "relfw-fw==1.0", "--fail-on", "regression")
    out = run.stdout + run.stderr
    assert run.returncode == 1 and "[regression] wrong-value" in out, out[-3000:]
    assert "[still-present] rejects-valid" in out and "[fixed-since]" not in out, out[-3000:]


@pytest.mark.parametrize("requirement, words", [
    ("relfw-fw==9.9", "--reference-release: pip install relfw-fw==9.9 failed"),  # (no such release)
    ("relfw-fw==3.0", "--reference-release: the run on relfw-fw==3.0 ended with exit 4: ERROR: --backend relfw"),
    ("relfw-fw>=2", "--reference-release relfw-fw>=2: expected PACKAGE==VERSION"),
])
def test_a_release_that_does_not_install_or_import_is_one_line(world, tmp_path, requirement, words):
    run = _run(world, tmp_path, "1.0", "--reference-release", requirement)
    out = run.stdout + run.stderr
    assert run.returncode == 4 and words in out and "Traceback" not in out, out[-3000:]
    line = next(line for line in out.splitlines() if words in line)
    assert line.startswith("ERROR: "), line


def test_the_reference_run_repeats_this_one_but_records_and_a_backend_in_parts_gets_them_all():
    args = ["-k", "x", "--reference-release", "a==1", "tests", "--record-verdicts", "--seed-dir", "s", "-n", "1",
            "--fail-on=fixed-since", "--reference-release=b==2"]
    assert rest_of(args) == ["-k", "x", "tests", "-n", "1"]
    report = ["report", "--reference-release", "a==1", "b==2", "--out", "x", "--seed", "3", "--previous", "p", "q"]
    assert rest_of(report, ("--reference-release", "--previous")) == ["report", "--seed", "3"]
    assert requirements(["iree-base-compiler==3.11.0"], ["iree"]) == ["iree-base-compiler==3.11.0",
                                                                      "iree-base-runtime==3.11.0"]
    assert requirements(["iree-base-compiler==3.11.0 iree-base-runtime==3.11.0"], ["iree"]) == [
        "iree-base-compiler==3.11.0", "iree-base-runtime==3.11.0"]
    assert requirements(["onnxruntime==1.18.1"], ["onnxruntime"]) == ["onnxruntime==1.18.1"]
    with pytest.raises(ValueError, match="expected PACKAGE==VERSION"):
        requirements([""])


def test_a_report_against_a_release_installed_here(world, tmp_path):
    root, pythons, env = world
    base = ["-m", "conformance.cli", "report", "--backends", "relfw", "--profile", "dev", "--examples", "10",
            "--jobs", "1", "--out", str(tmp_path / "r1")]
    run = subprocess.run([str(pythons["1.0"]), *base, "--reference-release", "relfw-fw==2.0", "--fail-on",
                          "fixed-since"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 1 and "1 fixed-since, 1 still-present" in run.stdout, run.stdout + run.stderr[-2000:]
    import json

    report = json.loads((tmp_path / "r1" / "report.json").read_text())
    kinds = {d["class"]: d["reference"] for d in report["divergences"]}
    assert kinds == {"wrong-value": "fixed-since", "rejects-valid": "still-present"}, kinds
