"""A seed written on an old release records what the declarations in force on the newest release excuse
(issue 66 item 3): a user's maximum loses a zero's sign on every release (declared for release 3 on, where it
was measured: not in force on release 1) and drops a NaN before release 3. The seed of the NaN bug, written on
release 1, records the sign difference as excused, so its script and a bisect judge the NaN alone and find the
fix (without the record: "no change", the sign difference of every release hiding it)."""
import os
import subprocess
import sys

import numpy as np
import pytest

from conformance.core.case import Case
from conformance.reports.bisect import BAD, GOOD, SKIP, search
from conformance.reports.repro import script
from conformance.running.engine import judge_given
from conformance.running.registry import Deviation, load_backend
from conformance.running.seeds import load_seed, make_seed

CASE = Case("stablehlo.maximum", {"lhs": np.array([-0.0, np.nan, 2.0], np.float32),
                                  "rhs": np.array([-0.0, 1.0, 1.0], np.float32)}, {})
MODULE = '''import os
from pathlib import Path

import numpy as np

from conformance.registry import target

DEVIATIONS_FILE = str(Path(__file__).with_suffix(".toml"))
VERSION = lambda: os.environ.get("NEWEST_QUIRK_RELEASE", "1")


@target("stablehlo.maximum", "newest_quirk:maximum", region={"dtypes": ("float32",), "forms": ("tensor",)},
        isolated=False)
def maximum(lhs, rhs, **_):
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    out = np.maximum(lhs, rhs) if int(os.environ.get("NEWEST_QUIRK_RELEASE", "1")) >= 3 else np.fmax(lhs, rhs)
    return np.where(out == 0, np.float32(0.0), out).astype(lhs.dtype)
'''
DECLARED = '''[[deviation]]
target = "newest_quirk:maximum"
class = "wrong-value"
model = "zero-sign"
reason = "MEASURED: returns +0.0 for every zero (a test module), measured on release 3"
versions = ">=3"
'''


@pytest.mark.parametrize("versions, newest", [("", True), (">=1.32.0", True), (">=2.13,!=2.14.1", True),
                                              (">=2.13,<2.14", False), ("==1.18.1", False), ("<0.0.1", False)])
def test_a_declaration_is_in_force_on_the_newest_release_where_its_range_has_no_upper_end(versions, newest):
    assert Deviation("wrong-value", "r", versions=versions, package="x").on_newest() is newest


def test_a_seed_of_an_old_release_records_what_the_newest_releases_declarations_excuse(tmp_path, monkeypatch):
    (tmp_path / "newest_quirk.py").write_text(MODULE)
    (tmp_path / "newest_quirk.toml").write_text(DECLARED)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("NEWEST_QUIRK_RELEASE", "1")
    (t,) = load_backend("newest_quirk")
    verdict, dev = judge_given(t, CASE)
    assert verdict.diverges and dev is None, verdict  # on release 1 the declaration (>=3) excuses nothing
    assert t.excused(CASE, verdict.value) == ([0], ["zero-sign"])  # ... but the seed records what it would
    seed = load_seed(make_seed(t.backend, t.name, verdict.cls, CASE, excused=t.excused(CASE, verdict.value)).save(
        tmp_path / "seed.json"))
    assert seed.versions["newest_quirk"] == "1" and seed.excused == (0,)
    (tmp_path / "run").mkdir()
    repro, bare = tmp_path / "run" / "repro.py", tmp_path / "run" / "bare.py"
    repro.write_text(script(seed))
    bare.write_text(script(make_seed(t.backend, t.name, verdict.cls, CASE)))  # no record: every element compared

    def probe(path):
        def answer(release):
            env = {**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"}, "NEWEST_QUIRK_RELEASE": release}
            code = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=300, env=env,
                                  cwd=path.parent).returncode
            return {0: GOOD, 1: BAD}.get(code, SKIP)
        return answer

    found = search(["1", "2", "3", "4"], probe(repro), "newest-quirk")
    assert (found.direction, found.last_good, found.first_bad) == ("fix", "2", "3"), found.summary()
    hidden = search(["1", "2", "3", "4"], probe(bare), "newest-quirk")
    assert hidden.direction == "" and set(hidden.results.values()) == {BAD}, hidden.summary()


def test_a_declaration_of_old_releases_only_is_not_recorded(tmp_path, monkeypatch):
    """Declared for releases before 2 (bounded above): the newest no longer does it; on release 3 (outside
    it) the seed compares that element too."""
    (tmp_path / "old_only_quirk.py").write_text(MODULE.replace("newest_quirk", "old_only_quirk").replace(
        "NEWEST_QUIRK_RELEASE", "OLD_ONLY_RELEASE"))
    (tmp_path / "old_only_quirk.toml").write_text(DECLARED.replace("newest_quirk", "old_only_quirk").replace(
        '">=3"', '"<2"'))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("OLD_ONLY_RELEASE", "1")
    (t,) = load_backend("old_only_quirk")
    verdict, _ = judge_given(t, CASE)
    assert t.excused(CASE, verdict.value) == ([0], ["zero-sign"])  # in force here (release 1)
    monkeypatch.setenv("OLD_ONLY_RELEASE", "3")
    from conformance.running import registry

    monkeypatch.setitem(registry.RELEASES, "old_only_quirk", "3")
    verdict, _ = judge_given(t, CASE)
    assert verdict.diverges and t.excused(CASE, verdict.value) == ([], [])
