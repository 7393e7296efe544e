"""Installing the suite changes nothing in another project's pytest run: no options added, no
Hypothesis profile loaded. Built as a user would meet it: a fresh virtualenv with the package's
wheel installed, beside a small project whose conftest defines ``--device`` and ``--backend`` and
whose Hypothesis test expects the default 100 examples; and beside a project with its own ``strategies.py``
and ``reports/`` package (installing the suite adds one import name, ``conformance``). (The new virtualenv borrows this one's
installed dependencies through a path file, so the test needs no network.)"""
import shutil
import site
import subprocess
import sys
import textwrap
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

CONFTEST = '''
def pytest_addoption(parser):
    parser.addoption("--device", default="tpu")
    parser.addoption("--backend", default="mine")
'''
TEST = '''
from hypothesis import given, settings, strategies as st

RUNS = []


@given(st.integers())
def test_default_profile(x):
    RUNS.append(x)


def test_default_profile_ran_100_examples(pytestconfig):
    assert settings.default.max_examples == 100
    assert len(RUNS) == 100
    assert pytestconfig.getoption("device") == "tpu" and pytestconfig.getoption("backend") == "mine"
'''

OWN = '''
from hypothesis import given

import reports
from strategies import evens


@given(evens)
def test_evens(x):
    assert x % 2 == 0 and reports.TITLE.startswith("the project")
'''


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(python of a fresh virtualenv with the suite's wheel installed, a project folder)."""
    tmp = tmp_path_factory.mktemp("install")
    wheels, source = tmp / "wheels", tmp / "source"  # built from a copy: the checkout gets no build/ folder
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    # conformance/{strategies,oracles,adapters,reports} link to the card's folders: copied as their contents
    shutil.copytree(ROOT / "conformance", source / "conformance", ignore=shutil.ignore_patterns("__pycache__"))
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                            "-w", str(wheels), str(source)], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr[-2000:]
    env_dir = tmp / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    target_site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                 capture_output=True, text=True, check=True).stdout.strip()
    (Path(target_site) / "borrowed.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    (wheel,) = wheels.glob("tensor_index_conformance-*.whl")
    inst = subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)],
                          capture_output=True, text=True)
    assert inst.returncode == 0, inst.stderr[-2000:]
    project = tmp / "project"
    project.mkdir()
    (project / "conftest.py").write_text(textwrap.dedent(CONFTEST))
    (project / "test_mine.py").write_text(textwrap.dedent(TEST))
    own = tmp / "own"  # a second project, with its own strategies.py and reports/ package
    (own / "reports").mkdir(parents=True)
    (own / "strategies.py").write_text("from hypothesis import strategies as st\n\nevens = st.integers().map(lambda x: 2 * x)\n")
    (own / "reports" / "__init__.py").write_text("TITLE = 'the project reports'\n")
    (own / "test_own.py").write_text(textwrap.dedent(OWN))
    return python, project


def _pytest(python: Path, project: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", *args], cwd=project,
                          capture_output=True, text=True, timeout=300)


def test_another_projects_pytest_run_is_unchanged(installed):
    python, project = installed
    where = subprocess.run([str(python), "-c", "import conformance; print(conformance.__file__)"], cwd=project,
                           capture_output=True, text=True, check=True).stdout
    assert str(ROOT) not in where, f"the suite resolved to the checkout, not the installed wheel: {where}"
    result = _pytest(python, project, "test_mine.py")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "2 passed" in result.stdout


def test_the_suite_installs_one_import_namespace(installed):
    python, project = installed
    (wheel,) = (project.parent / "wheels").glob("*.whl")
    import zipfile

    tops = {name.split("/")[0] for name in zipfile.ZipFile(wheel).namelist() if ".dist-info" not in name}
    assert tops == {"conformance"}, tops
    for name in ("strategies", "adapters", "oracles", "reports"):
        result = subprocess.run([str(python), "-c", f"import {name}"], cwd=project.parent, capture_output=True, text=True)
        assert result.returncode == 1 and "ModuleNotFoundError" in result.stderr, (name, result.stderr[-500:])


def test_the_suite_runs_beside_a_projects_own_strategies_and_reports(installed):
    """The project's ``from strategies import evens`` works, and the suite's properties still run there."""
    python, project = installed
    own_project = project.parent / "own"
    suite = _pytest(python, own_project, "-p", "conformance.interfaces.plugin", "--pyargs", "conformance", "--backend", "numpy",
                    "--examples", "2", "-k", "test_valid and take_along_axis")
    assert suite.returncode == 0 and " passed" in suite.stdout, suite.stdout[-3000:] + suite.stderr[-2000:]
    own = _pytest(python, own_project, "test_own.py")
    assert own.returncode == 0 and "1 passed" in own.stdout, own.stdout[-3000:] + own.stderr[-2000:]


def test_the_check_would_catch_a_plugin_that_loads_itself(installed):
    """Opting in by hand (what an auto-loaded plugin would do) breaks that project: the test above
    is not vacuous."""
    python, project = installed
    result = _pytest(python, project, "-p", "conformance.interfaces.plugin")
    assert result.returncode != 0
    assert "already" in (result.stdout + result.stderr)  # --device or --backend defined twice
