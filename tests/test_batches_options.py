"""``--no-batches`` (pytest and ``conformance report``) does what ``CONFORMANCE_BATCHES=0`` does: no target's batch
entry point is called. The fake target (tests/test_batches_targets.py) writes a line to a file at each batch call."""
import os
import subprocess
import sys
from pathlib import Path

from conformance.running import batches
from tests import test_batches_targets as fake

BACKEND = "tests.test_batches_targets"


def _env(log: Path) -> dict:
    env = {**os.environ, fake.LOG: str(log)}
    env.pop(batches.ENV, None)
    return env


def _pytest(log: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "1", "conformance", f"--backend={BACKEND}",
                           "-k", "test_valid", "--examples", "1", "--seed-dir", "", "--no-watch", "-p", "no:cacheprovider",
                           *extra], env=_env(log), capture_output=True, text=True, timeout=600)


def test_pytest_no_batches_calls_no_batch_entry(tmp_path):
    on, off = tmp_path / "on.log", tmp_path / "off.log"
    ran = _pytest(on)
    assert ran.returncode in (0, 1), ran.stdout[-2000:] + ran.stderr[-2000:]  # (1: a random case marked by chance)
    assert on.is_file() and on.read_text().split(), "without the option the fake target's batches run (not vacuous)"
    ran = _pytest(off, "--no-batches")
    assert ran.returncode in (0, 1), ran.stdout[-2000:] + ran.stderr[-2000:]
    assert "passed" in ran.stdout or "failed" in ran.stdout
    assert not off.exists(), f"--no-batches: batch calls of sizes {off.read_text().split()}"


def test_report_no_batches_calls_no_batch_entry(tmp_path):
    log = tmp_path / "report.log"
    base = [sys.executable, "-m", "conformance.interfaces.cli", "report", "--backends", BACKEND, "--ops",
            "stablehlo.gather", "--examples", "1", "--seed", "1", "--jobs", "1"]
    ran = subprocess.run([*base, "--out", str(tmp_path / "off"), "--no-batches"], env=_env(log), capture_output=True,
                         text=True, timeout=600)
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert (tmp_path / "off" / "report.json").is_file()
    assert not log.exists(), f"--no-batches: batch calls of sizes {log.read_text().split()}"
    ran = subprocess.run([*base, "--out", str(tmp_path / "on")], env=_env(log), capture_output=True, text=True,
                         timeout=600)
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert log.is_file() and log.read_text().split(), "without the option the fake target's batches run (not vacuous)"


def test_configure_sets_the_variable_only_when_asked(monkeypatch):
    monkeypatch.delenv(batches.ENV, raising=False)
    batches.configure(False)
    assert batches.enabled()
    batches.configure(True)
    assert os.environ[batches.ENV] == "0" and not batches.enabled()
