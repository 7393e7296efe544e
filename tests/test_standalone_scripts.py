"""A standalone script for any target (issue 63): a user module's target with no ``repro=`` snippet (a
closure made by a factory, a ``functools.partial``, one that calls a suite helper) gets a script that
carries its module, runs from an empty folder where neither the module nor the suite can be imported,
prints the backend's release and keeps the exit contract: 1 while the bug is there, 0 with it off."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.core.case import Case
from conformance.reports.repro import script
from conformance.running.engine import check_case
from conformance.running.registry import load_backend
from conformance.running.seeds import make_seed

HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def targets():
    sys.path.insert(0, str(HERE / "user_modules"))
    try:
        yield {t.name: t for t in load_backend("factory_made")}
    finally:
        sys.path.remove(str(HERE / "user_modules"))


def _case(op):
    import numpy as np

    lhs = np.arange(6, dtype=np.int32).reshape(2, 3)
    return Case(op, {"lhs": lhs, "rhs": lhs[::-1].copy()}, {"rhs_as_scalar": False})


def _run(text, folder, bug):
    """The script in an empty folder, with a `conformance` package there that refuses to import (the
    suite is not needed) and no PYTHONPATH (the user's module is not importable)."""
    (folder / "conformance").mkdir(parents=True)
    (folder / "conformance" / "__init__.py").write_text("raise ImportError('the suite is not installed here')\n")
    (folder / "repro.py").write_text(text)
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"}, "FACTORY_BUG": bug}
    return subprocess.run([sys.executable, "repro.py"], cwd=folder, env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("name", ["factory:add[numpy]", "factory:add[oracle]", "factory:multiply"])
def test_a_factory_made_target_gets_a_script_that_runs_from_an_empty_folder(targets, name, tmp_path):
    t = targets[name]
    case = _case(t.op)
    verdict = check_case(t, case)
    assert verdict.cls == "wrong-value", verdict
    text = script(make_seed("factory_made", name, verdict.cls, case))
    assert "import factory_made" not in text and "from factory_made" not in text
    buggy = _run(text, tmp_path / "on", "1")
    assert buggy.returncode == 1, buggy.stdout + buggy.stderr
    assert "factory_made: VERSION 7.1.3+factory" in buggy.stdout
    fixed = _run(text, tmp_path / "off", "0")
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr


def test_the_release_is_recorded_in_the_seed(targets):
    seed = make_seed("factory_made", "factory:add[numpy]", "wrong-value", _case("stablehlo.add"))
    assert seed.versions.get("factory_made") == "7.1.3+factory"
