"""Installing the suite changes nothing in another project's pytest run: no options added, no
Hypothesis profile loaded. Built as a user would meet it: a fresh virtualenv with the package's
wheel installed, beside a small project whose conftest defines ``--device`` and ``--backend`` and
whose Hypothesis test expects the default 100 examples. (The new virtualenv borrows this one's
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


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(python of a fresh virtualenv with the suite's wheel installed, a project folder)."""
    tmp = tmp_path_factory.mktemp("install")
    wheels, source = tmp / "wheels", tmp / "source"  # built from a copy: the checkout gets no build/ folder
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    for package in ("conformance", "strategies", "oracles", "adapters", "reports"):
        shutil.copytree(ROOT / package, source / package, ignore=shutil.ignore_patterns("__pycache__"))
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
    return python, project


def _pytest(python: Path, project: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", *args], cwd=project,
                          capture_output=True, text=True, timeout=300)


def test_another_projects_pytest_run_is_unchanged(installed):
    python, project = installed
    where = subprocess.run([str(python), "-c", "import conformance; print(conformance.__file__)"], cwd=project,
                           capture_output=True, text=True, check=True).stdout
    assert str(ROOT) not in where, f"the suite resolved to the checkout, not the installed wheel: {where}"
    result = _pytest(python, project)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "2 passed" in result.stdout


def test_the_check_would_catch_a_plugin_that_loads_itself(installed):
    """Opting in by hand (what an auto-loaded plugin would do) breaks that project: the test above
    is not vacuous."""
    python, project = installed
    result = _pytest(python, project, "-p", "conformance.plugin")
    assert result.returncode != 0
    assert "already" in (result.stdout + result.stderr)  # --device or --backend defined twice
