"""The seed shows what the class names (issue 63): where a divergence's class is decided on a probe (the
drawn case itself shows only declared behaviour), the failure, its seed and its script hold the probe,
which shows the bug on its own, and every replay gives the same verdict."""
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from conformance.core.case import Case
from conformance.core import runtime
from conformance.interfaces.cli import main
from conformance.reports.repro import script
from conformance.running.engine import UndeclaredDivergence, judge_given, run_property
from conformance.running.registry import load_backend
from conformance.running.seeds import load_seed

HERE = Path(__file__).parent


@pytest.fixture()
def take(monkeypatch):
    monkeypatch.syspath_prepend(str(HERE / "user_modules"))
    (t,) = load_backend("probe_only")
    return t


def _drawn(index: int) -> Case:
    return Case("stablehlo.gather", {"operand": np.arange(1, 6, dtype=np.int32),
                                     "start_indices": np.array([[index]], dtype=np.int32)},
                {"offset_dims": [], "collapsed_slice_dims": [0], "operand_batching_dims": [],
                 "start_indices_batching_dims": [], "start_index_map": [0], "index_vector_dim": 1,
                 "slice_sizes": [1], "indices_are_sorted": False})


def test_the_drawn_case_shows_only_the_declared_behaviour(take):
    assert np.array_equal(take.fn(**_drawn(-1).kwargs()), [5])  # from the end, as documented


def test_a_class_decided_on_a_probe_reports_the_probe(take, tmp_path, monkeypatch):
    monkeypatch.setattr(runtime, "seed_dir", lambda: str(tmp_path))
    verdicts = []
    for _ in range(3):  # the same verdict on every replay
        verdict, dev = judge_given(take, _drawn(-1))
        verdicts.append((verdict.cls, dev))
    assert verdicts == [("wrong-value", None)] * 3, verdicts
    with pytest.raises(UndeclaredDivergence) as e:
        run_property(take, "valid", cases=[_drawn(-1)])
    shown = e.value.case
    n = shown.arrays["operand"].shape[0]
    assert (shown.arrays["start_indices"] < -n).any(), shown.describe()  # the probe: far-negative indices
    assert "shown on a probe (far-negative indices) of drawn case" in str(e.value)


def test_its_seed_and_script_show_the_bug(take, tmp_path):
    with pytest.raises(UndeclaredDivergence) as e:
        run_property(take, "valid", cases=[_drawn(-1)])
    from conformance.running.seeds import make_seed

    seed = make_seed("probe_only", "probeonly:take", e.value.verdict.cls, e.value.case).save(tmp_path / "seed.json")
    classes = []
    for _ in range(3):
        env = {**os.environ, "PYTHONPATH": str(HERE / "user_modules")}
        done = subprocess.run([sys.executable, "-m", "conformance.cli", "replay", str(seed)], env=env,
                              capture_output=True, text=True, timeout=300)
        classes.append((done.returncode, "wrong-value" in done.stdout))
    assert classes == [(1, True)] * 3, classes
    (tmp_path / "repro.py").write_text(script(load_seed(seed)))
    done = subprocess.run([sys.executable, "repro.py"], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert done.returncode == 1 and "42" in done.stdout, done.stdout + done.stderr
