"""Issue 49: a seed of an undeclared divergence records which of its differing elements declarations in
force predict; ``conformance replay``, the repro script and so ``conformance bisect`` decide on the other
elements only. Shown with a two-bug module (a declared zero-sign quirk of every release and a NaN bug fixed
in release 3, ``tests/user_modules/two_bugs.py``)."""
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

from conformance.core.case import Case
from conformance.reports.bisect import BAD, GOOD, SKIP, search
from conformance.reports.repro import script
from conformance.running.engine import judge_given
from conformance.running.registry import load_backend
from conformance.running.seeds import load_seed, make_seed

ROOT = Path(__file__).resolve().parent.parent
CASE = Case("stablehlo.maximum", {"lhs": np.array([-0.0, np.nan, 2.0], np.float32),
                                  "rhs": np.array([-0.0, 1.0, 1.0], np.float32)}, {})


def _env(release: int) -> dict:
    return {**os.environ, "TWO_BUGS_RELEASE": str(release), "PYTHONPATH": str(ROOT)}


def test_a_seed_records_the_excused_elements_and_bisect_finds_the_undeclared_fix(tmp_path):
    (t,) = load_backend("tests.user_modules.two_bugs")
    verdict, dev = judge_given(t, CASE)
    assert verdict.diverges and dev is None, verdict  # the NaN is undeclared
    assert t.excused(CASE, verdict.value) == ([0], ["zero-sign"])  # -0.0 as +0.0: declared
    seed_file = make_seed(t.backend, t.name, verdict.cls, CASE, excused=t.excused(CASE, verdict.value)).save(
        tmp_path / "seed.json")
    seed = load_seed(seed_file)
    assert seed.excused == (0,) and seed.excused_by == ("zero-sign",)

    repro = tmp_path / "repro.py"
    repro.write_text(script(seed))
    bare = tmp_path / "bare.py"  # the same seed without the record: compares every element
    bare.write_text(script(load_seed(make_seed(t.backend, t.name, verdict.cls, CASE).save(tmp_path / "bare.json"))))

    def run(path, release):
        return subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=300,
                              env=_env(release), cwd=tmp_path)

    assert run(repro, 1).returncode == 1 and run(repro, 3).returncode == 0, run(repro, 3).stdout
    assert "not checked: 1 element(s)" in run(repro, 3).stdout
    assert run(bare, 3).returncode == 1  # without the record, the excused sign difference hides the fix

    def probe(release):
        code = run(repro, int(release)).returncode
        return BAD if code == 1 else GOOD if code == 0 else SKIP

    found = search(["1", "2", "3", "4"], probe, "two-bugs")
    assert (found.last_good, found.first_bad, found.direction) == ("2", "3", "fix"), found.summary()

    replay = [sys.executable, "-m", "conformance.interfaces.cli", "replay", str(seed_file)]
    old, new = (subprocess.run(replay, capture_output=True, text=True, timeout=300, env=_env(r), cwd=tmp_path)
                for r in (1, 3))
    assert old.returncode == 1 and "still diverges" in old.stdout, old.stdout + old.stderr
    assert new.returncode == 0 and "fixed (only the 1 element(s)" in new.stdout, new.stdout + new.stderr
