"""A user backend's release everywhere (issue 63): a module's ``PACKAGE`` (or ``VERSION``) feeds the
pytest header, seeds, the report's Versions line and repro scripts, and ``versions =`` declarations are
read against it (outside it: not excused). A bad ``PACKAGE`` / ``VERSION`` is one line."""
import json
import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

from conformance.running import registry

HERE = Path(__file__).parent
RELEASE = f"ml_dtypes {version('ml_dtypes')}"
ENV = {**os.environ, "PYTHONPATH": str(HERE / "user_modules")}


def test_header_and_seed_name_the_release_and_versions_bind_to_it(tmp_path):
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "conformance.interfaces.plugin", "--pyargs", "conformance",
                          "-p", "no:cacheprovider", "--backend=packaged", "--examples", "3", "-k", "test_valid",
                          "--seed-dir", str(tmp_path / "seeds")],
                         cwd=tmp_path, env=ENV, capture_output=True, text=True, timeout=600)
    out = run.stdout + run.stderr
    assert f"conformance versions: {RELEASE}" in out.replace(", hypothesis", "").replace("hypothesis ", ""), out[:2000]
    assert "1 failed" in out and "packaged:subtract" in out, out[-3000:]  # declared for other releases: not excused
    assert "declared for ml_dtypes <0.0.1" in out, out[-3000:]
    (seed,) = (tmp_path / "seeds").glob("*.json")
    assert json.loads(seed.read_text())["versions"]["ml_dtypes"] == version("ml_dtypes")


def test_report_and_script_name_the_release(tmp_path):
    out = tmp_path / "r"
    run = subprocess.run([sys.executable, "-m", "conformance.cli", "report", "--backends", "packaged", "--profile", "dev",
                          "--examples", "3", "--jobs", "1", "--out", str(out)],
                         cwd=tmp_path, env=ENV, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    assert RELEASE in (out / "report.md").read_text()
    scripts = list((out / "repro").glob("*.py"))
    assert scripts and all("'ml_dtypes'" in s.read_text() for s in scripts)
    done = subprocess.run([sys.executable, scripts[0].name], cwd=scripts[0].parent, capture_output=True, text=True,
                          timeout=120, env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert done.returncode == 1 and RELEASE in done.stdout, done.stdout + done.stderr


@pytest.mark.parametrize("lines, words", [
    ("PACKAGE = 'no-such-framework-dist'", ["PACKAGE = 'no-such-framework-dist'", "no installed distribution"]),
    ("PACKAGE = 3", ["PACKAGE: expected the distribution name"]),
    ("VERSION = lambda: None", ["VERSION: expected a release string"]),
    ("VERSION = lambda: 1 / 0", ["VERSION() raised ZeroDivisionError"])])
def test_a_bad_package_or_version_is_one_line(lines, words, tmp_path, monkeypatch):
    name = f"my_fw_targets_{abs(hash(lines))}"
    (tmp_path / f"{name}.py").write_text(lines + "\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(registry.BackendError) as e:
        registry.load_backend(name)
    assert all(w in str(e.value) for w in words) and "\n" not in str(e.value), str(e.value)


def test_version_alone_names_the_backend(tmp_path, monkeypatch):
    (tmp_path / "my_fw_build.py").write_text("VERSION = '3.0.0.dev7'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.load_backend("my_fw_build")
    assert registry.installed_version("my_fw_build") == "3.0.0.dev7"
    from conformance.running.seeds import versions

    assert versions()["my_fw_build"] == "3.0.0.dev7"
