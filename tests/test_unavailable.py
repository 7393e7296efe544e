"""What the machine cannot run is not a divergence (issue 62): a backend whose availability check fails
is one line and exit 4 when asked for by name, skipped with that line within `all` and the report, and
never a seed; a target that finds at run time that its backend cannot run here is skipped the same way."""
import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from conformance.interfaces import plugin
from conformance.running import registry
from conformance.running.engine import UNAVAILABLE, run_property
from conformance.core.outcome import TargetCannotRun

HERE = Path(__file__).parent
SUITE = ["-p", "conformance.interfaces.plugin", "--pyargs", "conformance", "-q", "-p", "no:cacheprovider"]


def _pytest(tmp_path, *args, env=()):
    return subprocess.run([sys.executable, "-m", "pytest", *SUITE, "--seed-dir", str(tmp_path / "seeds"), *args],
                          cwd=tmp_path, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHONPATH": str(HERE / "user_modules"), **dict(env)})


def _said(run) -> list[str]:
    return [ln for ln in (run.stdout + run.stderr).splitlines() if ln.strip() and not ln.startswith(("no tests ran", "="))]


def test_a_backend_that_cannot_run_here_is_one_line_exit_4_and_no_seed(tmp_path):
    run = _pytest(tmp_path, "--backend=needs_hardware")
    said = _said(run)
    assert run.returncode == 4, run.stdout[-2000:] + run.stderr[-2000:]
    assert said == ["ERROR: --backend needs_hardware: cannot run on this machine: a FakeAccelerator 9000 (none found) "
                    "(no verdict, no seed)"], said
    assert not (tmp_path / "seeds").exists()


@pytest.mark.parametrize("backend", ["numpy", "onnxruntime_openvino"])
def test_a_forced_failing_check_of_a_builtin_backend_is_one_line(tmp_path, backend):
    if registry.missing_requirements(backend):
        pytest.skip(f"{backend} is not installed here")
    run = _pytest(tmp_path, f"--backend={backend}", env={registry.UNAVAILABLE_ENV: backend})
    said = _said(run)
    assert run.returncode == 4 and len(said) == 1, said
    assert said[0].startswith(f"ERROR: --backend {backend}: cannot run on this machine: forced by")


def test_within_all_it_is_skipped_with_that_line(monkeypatch, capsys):
    monkeypatch.setattr(plugin, "installed_backends", lambda: ["needs_hardware"])
    monkeypatch.syspath_prepend(str(HERE / "user_modules"))
    options = {"backend": ["all"]}
    config = SimpleNamespace(getoption=options.get, _conformance_targets=None)
    assert plugin.selected_targets(config) == []
    assert config._conformance_skipped == ["--backend needs_hardware: cannot run on this machine: "
                                           "a FakeAccelerator 9000 (none found) (no verdict, no seed)"]
    assert "conformance: skipped --backend needs_hardware" in capsys.readouterr().err


def test_the_check_is_asked_of_the_module_and_can_be_forced(monkeypatch):
    monkeypatch.syspath_prepend(str(HERE / "user_modules"))
    monkeypatch.setattr(registry, "_CANNOT_RUN", {})
    assert registry.cannot_run("needs_hardware") == "a FakeAccelerator 9000 (none found)"
    assert registry.cannot_run("numpy") == ""  # no check: it runs wherever numpy imports
    monkeypatch.setattr(registry, "_CANNOT_RUN", {})
    monkeypatch.setenv(registry.UNAVAILABLE_ENV, "numpy, torch")
    assert registry.cannot_run("numpy").startswith("forced by")


def test_a_target_that_finds_its_device_gone_at_run_time_is_skipped_not_judged(tmp_path):
    run = _pytest(tmp_path, "--backend=lost_device", "-rs", "--examples", "2")
    out = run.stdout + run.stderr
    assert run.returncode == 0, out[-3000:]
    assert "failed" not in out and "skipped" in out
    assert "lostdev:add: backend lost_device cannot run on this machine: device 0 went away (a test)" in out
    assert not (tmp_path / "seeds").exists()


def test_the_engine_stops_the_property_with_the_line(monkeypatch):
    monkeypatch.syspath_prepend(str(HERE / "user_modules"))
    (t,) = registry.load_backend("lost_device")
    with pytest.raises(TargetCannotRun, match="device 0 went away"):
        run_property(t, "valid")
    with pytest.raises(TargetCannotRun):  # the next property of it stops at once
        run_property(t, "stateful")
    UNAVAILABLE.pop(t.name)


def test_the_report_lists_it_and_makes_no_group(tmp_path):
    out = tmp_path / "r"
    run = subprocess.run([sys.executable, "-m", "conformance.cli", "report", "--backends", "needs_hardware", "lost_device",
                          "--profile", "dev", "--examples", "2", "--jobs", "1", "--out", str(out)],
                         cwd=tmp_path, capture_output=True, text=True, timeout=600,
                         env={**os.environ, "PYTHONPATH": str(HERE / "user_modules")})
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "conformance report: skipped backend needs_hardware: cannot run on this machine" in run.stderr
    report = json.loads((out / "report.json").read_text())
    assert report["divergences"] == []
    assert len(report["unavailable"]) == 2, report["unavailable"]
    assert "## Cannot run on this machine (2)" in (out / "report.md").read_text()
    assert "device 0 went away (a test)" in (out / "report.html").read_text()
    assert not list((out / "seeds").glob("*.json")) if (out / "seeds").exists() else True
