"""Issue 49: ``conformance report --remeasure`` judges declarations as if the installed release were in
their range and says which measured ones hold here; without it, a declaration measured on other releases
excuses nothing (the divergence is undeclared)."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _report(out: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "conformance.interfaces.cli", "report", "--backends",
                           "tests.user_modules.old_quirk", "--profile", "ci", "--examples", "2", "--jobs", "1",
                           "--out", str(out), *extra], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=out.parent)


def test_remeasure_lists_a_declaration_that_holds_outside_its_range(tmp_path):
    plain = _report(tmp_path / "plain")
    assert "1 undeclared" in plain.stdout, plain.stdout + plain.stderr
    again = _report(tmp_path / "again", "--remeasure")
    assert "0 undeclared" in again.stdout and "1 holds outside range" in again.stdout, again.stdout + again.stderr
    table = (tmp_path / "again" / "remeasure.md").read_text()
    assert "| old:maximum | wrong-value | `<2` | numpy " in table
    assert "outside its range: extend `versions` to take it in" in table
