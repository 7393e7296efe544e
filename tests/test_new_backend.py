"""``conformance new-backend NAME``: the skeleton module it writes loads as a backend with one target per
API style of ``conformance.styles`` and, numpy standing in for the framework, passes; it never overwrites a
file, and a bad NAME or --out is one line, exit 4."""
import os
import subprocess
import sys
import tomllib
import uuid

import pytest

from conformance import styles
from conformance.interfaces.cli import main
from conformance.running import isolation, ops
from conformance.running.engine import Draws, run_property, worker_name
from conformance.running.registry import load_backend


@pytest.fixture
def skeleton(tmp_path, monkeypatch, capsys):
    """``conformance new-backend`` run in an empty folder: (module name, folder); the folder on the path as
    ``PYTHONPATH=.`` puts it (a fresh module name each time: a module is imported once per process)."""
    name = f"mylib_{uuid.uuid4().hex[:8]}"
    monkeypatch.chdir(tmp_path)
    assert main(["new-backend", name]) == 0
    assert f"--backend={name}" in capsys.readouterr().out
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(tmp_path), os.environ.get("PYTHONPATH")) if p))
    yield name, tmp_path
    sys.modules.pop(name, None)


def test_the_skeleton_loads_with_one_target_per_style_and_passes_against_numpy(skeleton):
    name, folder = skeleton
    assert tomllib.loads((folder / f"{name}.toml").read_text()) == {}  # empty: every entry commented out
    targets = load_backend(name)
    assert sorted((t.op, t.region.get("style")) for t in targets) == sorted(
        (styles.OPS[s], styles.REGIONS[s].get("style")) for s in styles.REGIONS)
    assert all(t.name.startswith(f"{name}:") and not t.deviations for t in targets)
    try:
        for t in targets:
            for kind in ops.kinds(t):
                run_property(t, kind, Draws("ci", 3))  # raises on any divergence (nothing is declared)
    finally:
        isolation.close(*{worker_name(t) for t in targets})


def test_the_skeleton_runs_with_the_documented_command(skeleton):
    """From the user's folder: ``PYTHONPATH=. pytest -p conformance.plugin --pyargs conformance --backend=NAME``."""
    name, folder = skeleton
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")} | {"PYTHONPATH": "."}
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "conformance.plugin", "--pyargs", "conformance",
                           "-n", "1", f"--backend={name}", "--examples", "1", "-q", "-p", "no:cacheprovider"],
                          cwd=folder, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0 and " passed" in done.stdout, done.stdout[-2000:] + done.stderr[-2000:]


def test_it_never_overwrites_a_file(skeleton, capsys):
    name, folder = skeleton
    before = (folder / f"{name}.py").read_text()
    (folder / "other.toml").write_text("# mine\n")
    for argv in (["new-backend", name], ["new-backend", "other"]):
        assert main(argv) == 4
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "exists: expected a new file" in err, err
    assert (folder / f"{name}.py").read_text() == before and not (folder / "other.py").exists()


@pytest.mark.parametrize("argv,says", [
    (["new-backend", "my-lib"], "NAME: expected a Python module name"),
    (["new-backend", "numpy"], "NAME: expected a module name no installed package has, got 'numpy'"),
    (["new-backend", "mylib", "--out", "targets.txt"], "--out: expected a path ending in a module name and .py"),
])
def test_a_bad_name_or_path_is_one_line_exit_4(argv, says, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 4
    err = capsys.readouterr().err
    assert err.startswith("conformance new-backend: ") and says in err and err.count("\n") == 1, err
    assert not list(tmp_path.iterdir())


def test_out_names_the_file_or_its_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["new-backend", "mylib", "--out", "src/"]) == 0
    assert main(["new-backend", "other", "--out", "src/mylib_targets.py"]) == 0
    assert sorted(p.name for p in (tmp_path / "src").iterdir()) == ["mylib.py", "mylib.toml", "mylib_targets.py",
                                                                      "mylib_targets.toml"]
    assert 'BACKEND = "other"' in (tmp_path / "src" / "mylib_targets.py").read_text()
    assert "--backend=mylib_targets" in capsys.readouterr().out
