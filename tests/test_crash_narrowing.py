"""A crash narrowed to what causes it (issue 68, item 3): a ``crash`` on a 256-element elementwise case is
narrowed to its one element pair, in the verdict's text and in the seed (whose replay crashes on it); an
index op's case narrows to one index vector (with the updates or operand batch it pairs with), and each
sub-case is a valid case whose spec result is the matching part of the whole case's."""
import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from conformance.core.case import Case
from conformance.judging.verdict import case_violations
from conformance.oracles.stablehlo.gather import gather
from conformance.running import engine as runner, isolation, narrowing
from conformance.running.registry import load_backend
from tests.user_modules import trap_lib

INT_MIN = np.iinfo(np.int32).min
AT = (2, 1, 3, 0)  # where the trapping pair sits in the 4x4x4x4 case


def _divide_256() -> Case:
    lhs = np.arange(1, 257, dtype=np.int32).reshape(4, 4, 4, 4)
    rhs = np.full((4, 4, 4, 4), -1, np.int32)  # every element divides by -1; one dividend is INT_MIN
    lhs[AT] = INT_MIN
    return Case("stablehlo.divide", {"lhs": lhs, "rhs": rhs}, {"rhs_as_scalar": False})


needs_gcc = pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc to build the trapping library")


@pytest.fixture
def trapping(tmp_path_factory, monkeypatch):
    monkeypatch.setenv(trap_lib.ENV, trap_lib.build(tmp_path_factory.mktemp("trap_lib")))
    monkeypatch.setattr(runner, "_NARROWED", {})
    (t,) = load_backend("tests.user_modules.fpe_reraise")
    yield t
    isolation.close_all()


@needs_gcc
def test_a_crash_on_one_element_of_256_is_narrowed_to_that_element(trapping):
    sink = runner.Collect()
    runner.run_property(trapping, "valid", sink=sink, cases=[_divide_256()])
    ((case, verdict, _),) = sink.judgements
    assert verdict.cls == "crash" and "(SIGFPE)" in verdict.detail
    assert f"narrowed to its element [{', '.join(map(str, AT))}]" in verdict.detail, verdict.detail
    assert "lhs=np.int32(-2147483648), rhs=np.int32(-1)" in verdict.detail
    assert case.arrays["lhs"].shape == (1, 1, 1, 1) and int(case.arrays["lhs"].item()) == INT_MIN


@needs_gcc
def test_the_seed_of_a_narrowed_crash_holds_the_element_and_replays_as_a_crash(trapping, tmp_path, monkeypatch, capsys):
    from conformance.interfaces.cli import main

    drawn = runner.phases
    monkeypatch.setattr(runner, "phases", lambda target, kind, draws: [("edge:constructed", [_divide_256()], 1, 1)])
    with pytest.raises(runner.UndeclaredDivergence) as failed:
        runner.run_property(trapping, "valid")
    assert failed.value.case.arrays["lhs"].size == 1 and "narrowed to its element" in str(failed.value)
    (seed,) = (tmp_path / "seeds").glob("*.json")
    held = Case.from_json(json.loads(seed.read_text())["case"])
    assert held.arrays["lhs"].shape == (1, 1, 1, 1) and int(held.arrays["lhs"].item()) == INT_MIN
    monkeypatch.setattr(runner, "phases", drawn)
    main(["replay", str(seed)])
    assert "still diverges (crash)" in capsys.readouterr().out
    assert main(["repro", str(seed)]) == 0
    (tmp_path / "repro.py").write_text(capsys.readouterr().out)
    done = subprocess.run([sys.executable, str(tmp_path / "repro.py")], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120,  # (PYTHONPATH: trap_lib stands for the framework, installed beside it)
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)})
    assert done.returncode == -signal.SIGFPE, done.stdout + done.stderr  # the script dies of the trap
    assert "int32[1, 1, 1, 1]" in done.stdout


def _gather_with_batching() -> Case:
    operand = np.arange(30, dtype=np.int32).reshape(2, 5, 3)
    indices = np.array([[[0], [3], [1], [4]], [[2], [2], [0], [1]]], np.int32)  # [batch 2, 4 vectors, 1]
    return Case("stablehlo.gather", {"operand": operand, "start_indices": indices},
                dict(offset_dims=[2], collapsed_slice_dims=[1], operand_batching_dims=[0], start_indices_batching_dims=[0],
                     start_index_map=[1], index_vector_dim=2, slice_sizes=[1, 1, 3], indices_are_sorted=False))


def test_a_gather_narrows_to_one_index_vector_with_its_operand_batch():
    case = _gather_with_batching()
    sub, spans = narrowing.narrow(case, lambda c: bool((c.arrays["operand"][..., 0] == 15).any())
                                  and bool((c.arrays["start_indices"] == 0).any()))  # batch 1, the vector [0]
    assert spans == [(1, 2), (2, 3)] and not case_violations(sub)
    assert sub.arrays["start_indices"].shape == (1, 1, 1) and sub.arrays["operand"].shape == (1, 5, 3)
    whole = gather(case.arrays["operand"], case.arrays["start_indices"], **case.attrs)
    part = gather(sub.arrays["operand"], sub.arrays["start_indices"], **sub.attrs)
    assert np.array_equal(part, whole[1:2, 2:3])  # the sub-case computes that vector's part of the result
    assert narrowing.where(case, sub, spans) == "its index vector [1, 2] of start_indices ([0])"


def test_a_scatter_narrows_to_one_index_vector_with_its_updates():
    case = Case("stablehlo.scatter", {"inputs": np.zeros((5, 3), np.int32),
                                      "scatter_indices": np.array([[0], [3], [1], [4]], np.int32),
                                      "updates": np.arange(12, dtype=np.int32).reshape(4, 3)},
                dict(update_window_dims=[1], inserted_window_dims=[0], input_batching_dims=[],
                     scatter_indices_batching_dims=[], scatter_dims_to_operand_dims=[0], index_vector_dim=1,
                     indices_are_sorted=False, unique_indices=False, update_computation="add"))
    sub, spans = narrowing.narrow(case, lambda c: 4 in c.arrays["scatter_indices"])
    assert spans == [(3, 4)] and not case_violations(sub)
    assert sub.arrays["scatter_indices"].tolist() == [[4]] and sub.arrays["updates"].tolist() == [[9, 10, 11]]


def test_a_failure_that_needs_two_elements_is_narrowed_no_further_than_it_shows():
    case = _divide_256()
    both = lambda c: int((c.arrays["lhs"] == INT_MIN).sum() + (c.arrays["lhs"] == 1).sum()) == 2  # two far apart
    sub, spans = narrowing.narrow(case, both)
    assert both(sub) and narrowing.units(sub) > 1
    assert "of its 256 elements" in narrowing.where(case, sub, spans)


def test_a_timeout_is_narrowed_to_the_element_it_hangs_on(monkeypatch):
    monkeypatch.setattr(runner, "TARGET_TIMEOUT", 1.0)
    monkeypatch.setattr(runner, "_NARROWED", {})
    (t,) = load_backend("tests.user_modules.hang_on_element")
    lhs = np.arange(8, dtype=np.int32).reshape(2, 4)
    lhs[1, 2] = 77
    sink = runner.Collect()
    runner.run_property(t, "valid", sink=sink, cases=[Case("stablehlo.add", {"lhs": lhs, "rhs": lhs.copy()},
                                                              {"rhs_as_scalar": False})])
    ((case, verdict, _),) = sink.judgements
    assert verdict.cls == "timeout" and "narrowed to its element [1, 2] (lhs=np.int32(77)" in verdict.detail, verdict.detail
    assert case.arrays["lhs"].shape == (1, 1)
