"""Sequences through errors (issue 65): for a target that takes invalid cases, the edge phase's call
sequences interleave refused calls with valid ones, so a target wrong only on the first valid call after a
refusal is `history-dependent`, its seed holds the calls it needs, and its script replays them (exit 1)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.core.case import Case
from conformance.judging.verdict import case_violations
from conformance.reports.repro import script
from conformance.running.constructed import call_sequences
from conformance.running.engine import UndeclaredDivergence, run_property
from conformance.running.registry import load_backend
from conformance.running.seeds import make_seed

HERE = Path(__file__).parent


@pytest.fixture()
def stale(monkeypatch):
    monkeypatch.syspath_prepend(str(HERE / "user_modules"))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(HERE / "user_modules"), os.environ.get("PYTHONPATH", "")]))
    (t,) = load_backend("stale_after_error")
    return t


def test_the_sequences_of_a_target_that_takes_invalid_cases_pass_through_refusals(stale):
    cases = call_sequences(stale)
    invalid = [i for i, c in enumerate(cases) if case_violations(c)]
    assert len(invalid) >= 2, [c.describe() for c in cases]
    assert all(i + 1 < len(cases) and not case_violations(cases[i + 1]) for i in invalid)  # each followed by a valid call


def test_a_valid_call_wrong_only_after_a_refusal_is_history_dependent_and_its_script_replays_it(stale, tmp_path):
    with pytest.raises(UndeclaredDivergence) as e:
        run_property(stale, "valid")
    verdict = e.value.verdict
    assert verdict.cls == "history-dependent", str(e.value)
    assert any(case_violations(c.case) for c in verdict.history), [c.case.describe() for c in verdict.history]
    seed = make_seed("stale_after_error", "stale:gather", verdict.cls, e.value.case, verdict.history)
    (tmp_path / "repro.py").write_text(script(seed))
    done = subprocess.run([sys.executable, "repro.py"], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert done.returncode == 1, done.stdout + done.stderr
    assert "earlier call" in (tmp_path / "repro.py").read_text()
