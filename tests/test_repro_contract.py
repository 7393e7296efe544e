"""The repro contract, on a user's own backend module (outside adapters/, no ``repro=`` snippet): the
script imports the target's module where it is importable (the user's project: a fix there shows) and
carries a copy of it for anywhere else, says which it used, prints versions, the spec URL and clause and
the case, and exits 1 while the bug is there, 0 once it is fixed, 2 when it cannot run (a broken
import); ``conformance repro --check`` runs it in a fresh interpreter and reads that code, with the same
convention as ``replay``; ``conformance bisect`` names the release of a package that brought the bug in,
with the suite installed as the README installs it (editable)."""
import os
import subprocess
import sys

import numpy as np
import pytest

from conformance.core.case import Case
from conformance.running.seeds import make_seed

MODULE = '''import numpy as np
{first}
from conformance.running.registry import target


@target("stablehlo.maximum", "mine:max")
def maximum(lhs, rhs, **_):
    return {body}(lhs, rhs)
'''
BUGGY, FIXED = "np.fmax", "np.maximum"  # fmax drops a NaN: the spec's maximum propagates it


@pytest.fixture()
def project(tmp_path):
    (tmp_path / "my_backend.py").write_text(MODULE.format(first="", body=BUGGY))
    case = Case("stablehlo.maximum", {"lhs": np.array([0.0, 1.0], np.float32), "rhs": np.array([np.nan, 0.5], np.float32)},
                {"rhs_as_scalar": False})
    make_seed("my_backend", "mine:max", "wrong-value", case).save(tmp_path / "seed.json")
    return tmp_path


def _run(args, folder):
    return subprocess.run(args, cwd=folder, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(folder)})


def test_a_user_targets_script_exits_1_then_0_once_fixed_and_2_when_it_cannot_run(project):
    made = _run([sys.executable, "-m", "conformance.interfaces.cli", "repro", "seed.json"], project)
    assert made.returncode == 0, made.stderr
    script = project / "repro.py"
    script.write_text(made.stdout)
    assert "_importlib.import_module('my_backend')" in made.stdout and "no repro= snippet" in made.stdout
    assert "import conformance" not in made.stdout.split("SOURCE = ")[0]  # the suite only inside the carried module
    buggy = _run([sys.executable, "repro.py"], project)
    assert buggy.returncode == 1, buggy.stdout + buggy.stderr
    assert "my_backend.py (importable here)" in buggy.stdout
    for said in ("versions: numpy ", "python ", "spec: https://github.com/openxla/stablehlo/",
                 "clause: maximum", "case ", "first differences: at (0,): expected np.float32(nan), observed np.float32(0.0)"):
        assert said in buggy.stdout, (said, buggy.stdout)
    # one exit convention: repro --check, replay and check exit 1 while the divergence is present, 0 once fixed
    cli = [sys.executable, "-m", "conformance.interfaces.cli"]
    assert _run(cli + ["repro", "--check", "seed.json"], project).returncode == 1
    assert _run(cli + ["replay", "seed.json"], project).returncode == 1
    (project / "my_backend.py").write_text(MODULE.format(first="", body=FIXED))
    assert _run([sys.executable, "repro.py"], project).returncode == 0
    assert _run(cli + ["repro", "--check", "seed.json"], project).returncode == 0
    assert _run(cli + ["replay", "seed.json"], project).returncode == 0
    (project / "my_backend.py").write_text(MODULE.format(first="import a_package_nobody_installed", body=BUGGY))
    broken = _run([sys.executable, "repro.py"], project)
    assert broken.returncode == 2 and "could not run: ModuleNotFoundError" in broken.stdout, broken.stdout + broken.stderr


def test_replay_names_the_declaration_that_now_covers_a_seed(project):
    """A seed the backend's deviations file now declares still diverges (exit 1: the bug is there), and
    replay says which declaration covers it, so a user sees the pytest gate would pass it."""
    cli = [sys.executable, "-m", "conformance.interfaces.cli", "replay", "seed.json"]
    before = _run(cli, project)
    assert before.returncode == 1 and "still diverges (wrong-value)" in before.stdout, before.stdout + before.stderr
    module = (project / "my_backend.py").read_text()
    (project / "my_backend.py").write_text(module + 'DEVIATIONS_FILE = __file__[:-3] + ".toml"\n')
    (project / "my_backend.toml").write_text('[[deviation]]\ntarget = "mine:max"\nclass = "wrong-value"\n'
                                             'model = "nan-either"\nwhen = "nan-operand"\nreason = "fmax (a test)"\n')
    after = _run(cli, project)
    assert after.returncode == 1, after.stdout + after.stderr
    assert "still diverges (wrong-value), declared: wrong-value when nan-operand" in after.stdout, after.stdout


def test_a_script_with_a_bug_of_its_own_exits_2_not_1(project):
    made = _run([sys.executable, "-m", "conformance.interfaces.cli", "repro", "seed.json"], project).stdout
    (project / "repro.py").write_text(made.replace("observed = MODULE.maximum(", "observed = MODULE_.maximum("))
    run = _run([sys.executable, "repro.py"], project)
    assert run.returncode == 2 and "could not run: NameError" in run.stdout, run.stdout + run.stderr


SCALARIZATION = '''import numpy as np
from conformance.running.registry import target


@target("mlir.scalarization", "mine:max[per-element]", region={{"op": "maximum", "dtypes": ("float32",)}})
def maximum(*, x0, x1, **_):
    tensor = {tensor}(x0, x1)  # a vector kernel
    return tensor, np.stack([np.maximum(a, b) for a, b in zip(x0, x1)])  # and the scalar op per element
'''


def test_a_user_scalarization_targets_script_measures_the_scalar_forms(tmp_path):
    """Elementwise rule 6 has no oracle value: the script of a user's scalarization target takes the
    scalar forms its target returns as the expected value (exit 1 while the tensor form differs)."""
    (tmp_path / "my_elementwise.py").write_text(SCALARIZATION.format(tensor="np.fmax"))
    case = Case("mlir.scalarization", {"x0": np.array([0.0, 1.0], np.float32), "x1": np.array([np.nan, 0.5], np.float32)},
                {"op": "maximum"})
    make_seed("my_elementwise", "mine:max[per-element]", "wrong-value", case).save(tmp_path / "seed.json")
    made = _run([sys.executable, "-m", "conformance.interfaces.cli", "repro", "seed.json"], tmp_path)
    assert made.returncode == 0, made.stderr
    (tmp_path / "repro.py").write_text(made.stdout)
    buggy = _run([sys.executable, "repro.py"], tmp_path)
    assert buggy.returncode == 1 and "the scalar forms" in buggy.stdout, buggy.stdout + buggy.stderr
    (tmp_path / "my_elementwise.py").write_text(SCALARIZATION.format(tensor="np.maximum"))
    assert _run([sys.executable, "repro.py"], tmp_path).returncode == 0


def _wheel(folder, version: str, bug: bool):
    """A wheel of ``conformance-twover`` (module ``twover``, ``BUG = bug``), written by hand."""
    import zipfile

    info = f"conformance_twover-{version}.dist-info"
    files = {"twover.py": f"BUG = {bug}\n",
             f"{info}/METADATA": f"Metadata-Version: 2.1\nName: conformance-twover\nVersion: {version}\n",
             f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n"}
    files[f"{info}/RECORD"] = "".join(f"{name},,\n" for name in [*files, f"{info}/RECORD"])
    with zipfile.ZipFile(folder / f"conformance_twover-{version}-py3-none-any.whl", "w") as z:
        for name, text in files.items():
            z.writestr(name, text)


def test_bisect_names_the_first_bad_release_under_the_readmes_editable_install(project, tmp_path):
    """Each release runs in a throwaway environment that sees the suite however it is installed here
    (this checkout's is editable, as the README installs it): before, every release was skipped, without
    a reason, because the editable import hook was not visible there."""
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    for version, bug in (("1.0.0", False), ("1.1.0", False), ("2.0.0", True)):
        _wheel(wheels, version, bug)
    (project / "my_backend.py").write_text(MODULE.format(  # (twover imported in the call: only the environments bisect makes have it)
        first="", body=f"({BUGGY} if __import__('twover').BUG else {FIXED})"))
    env = {**os.environ, "PYTHONPATH": str(project), "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(wheels),
           "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    done = subprocess.run([sys.executable, "-m", "conformance.interfaces.cli", "bisect", "seed.json", "--package",
                           "conformance-twover", "--versions", "1.0.0,1.1.0,2.0.0", "--env-dir", str(tmp_path / "envs")],
                          cwd=project, capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "last good 1.1.0, first bad 2.0.0" in done.stdout, done.stdout


def test_a_scripts_first_differences_skip_nan_signs_and_keep_zero_signs():
    """The script's ``differing`` lists what its ``same`` calls different: a NaN of either sign matches a
    NaN (NaN signs and payloads are not compared), -0.0 does not match 0.0."""
    import re

    import numpy as np

    from conformance.reports.repro import TEMPLATE

    source = re.search(r"^def differing\(.*?(?=^def )", TEMPLATE, re.S | re.M).group(0)
    scope = {"np": np}
    exec(source.replace("{{", "{").replace("}}", "}"), scope)
    nan, neg_nan = np.float64("nan"), -np.float64("nan")
    observed = np.array([neg_nan, -0.0, 1.0])
    expected = np.array([nan, 0.0, 1.0])
    assert scope["differing"](observed, expected) == "at (1,): expected np.float64(0.0), observed np.float64(-0.0)"
