"""Crashes called crashes (issue 63, item 6): a framework's own fatal-signal handlers (one that re-raises, one
that sleeps forever, one that turns the signal into an exception) do not hide a deterministic trap (INT_MIN / -1
in C: SIGFPE); a heap-corrupting write followed by an abort is a ``crash`` or ``history-dependent`` with the
sequence, never a dropped layout; an eager user module's hang ends at the run limit, in pytest and the report."""
import json
import shutil
import time
import warnings

import numpy as np
import pytest

from conformance.core.case import Case
from conformance.running import compile_grace, crashes, engine as runner, history, isolation
from conformance.running.registry import load_backend
from tests.user_modules import trap_lib

@pytest.fixture(scope="module")
def library(tmp_path_factory):
    if shutil.which("gcc") is None:
        pytest.skip("needs gcc to build the trapping library")
    return trap_lib.build(tmp_path_factory.mktemp("trap_lib"))


@pytest.fixture
def trap_env(library, monkeypatch):
    monkeypatch.setenv(trap_lib.ENV, library)
    yield
    isolation.close_all()  # (the workers inherited this test's environment)


def _divide_case() -> Case:
    lhs = np.arange(1, 17, dtype=np.int32).reshape(4, 4)
    rhs = np.full((4, 4), 3, np.int32)
    lhs[2, 1], rhs[2, 1] = np.iinfo(np.int32).min, -1
    return Case("stablehlo.divide", {"lhs": lhs, "rhs": rhs}, {"rhs_as_scalar": False})


@pytest.mark.parametrize("module, hidden", [("fpe_reraise", False), ("fpe_sleeps", True), ("fpe_raises", True)])
def test_a_trap_is_a_crash_naming_sigfpe_whatever_handler_the_framework_installed(module, hidden, trap_env, monkeypatch):
    monkeypatch.setattr(runner, "TARGET_TIMEOUT", 60.0)  # a run limit waited out even once costs 60 s: far from
    (t,) = load_backend(f"tests.user_modules.{module}")  # the seconds a loaded machine adds to the real path
    began = time.monotonic()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no "an earlier case had corrupted it" warning instead of a verdict
        verdict = runner.check_case(t, _divide_case())
    assert verdict.cls == "crash" and "(SIGFPE)" in verdict.detail, verdict.detail
    assert ("the framework's own SIGFPE handler hid it" in verdict.detail) == hidden, verdict.detail
    assert time.monotonic() - began < 45  # a sleeping handler is seen in it, not waited out (60 s a limit)


def test_the_same_divide_without_the_trapping_pair_conforms(trap_env):
    (t,) = load_backend("tests.user_modules.fpe_raises")
    case = _divide_case()
    case.arrays["rhs"][2, 1] = 2
    assert runner.check_case(t, case).cls == "conform"  # the handlers alone are no divergence


def test_a_heap_write_then_an_abort_turned_into_memoryerror_is_a_crash_and_no_layout_is_dropped(trap_env, monkeypatch):
    monkeypatch.setattr(runner, "REFUSED", {})
    (t,) = load_backend("tests.user_modules.heap_raises")
    assert len(t.layouts) > 1  # it takes views: a layout could be dropped
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        with pytest.raises(runner.UndeclaredDivergence) as failed:
            runner.run_property(t, "valid")
    verdict = failed.value.verdict
    assert verdict.cls == "crash" and "(SIGABRT)" in verdict.detail and "MemoryError" in verdict.detail, verdict.detail
    assert not runner.REFUSED and not [w for w in seen if "refuses" in str(w.message) or "corrupted" in str(w.message)]


@pytest.mark.parametrize("leaked", [False, True])
def test_a_heap_write_detected_at_the_next_call_is_history_dependent_with_the_sequence(trap_env, monkeypatch, leaked):
    monkeypatch.setattr(runner, "REFUSED", {})
    if leaked:  # replay limits another test (or run) left in the history module: the replays use the run's own
        monkeypatch.setattr(history, "TIMEOUT", 1e-3)
        monkeypatch.setattr(history, "GRACE", 0.0)
    (t,) = load_backend("tests.user_modules.heap_sleeps")
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        with pytest.raises(runner.UndeclaredDivergence) as failed:
            runner.run_property(t, "valid")
    verdict = failed.value.verdict
    assert verdict.cls == "history-dependent" and "crash" in verdict.also, verdict.detail
    assert verdict.history and "SIGABRT handler" in verdict.detail
    writes = verdict.history[-1].case  # the earlier call: a write past the block (a start the spec clamps)
    start, n, m = int(writes.arrays["start_indices[0]"]), writes.arrays["operand"].size, writes.arrays["update"].size
    assert start + m > n
    assert not runner.REFUSED and not [w for w in seen if "refuses" in str(w.message) or "corrupted" in str(w.message)]
    (note,) = [n for n in getattr(failed.value, "__notes__", []) if n.startswith("seed file: ")]
    seed = json.loads(open(note.split()[2]).read())
    assert seed["history"], "the seed keeps the sequence"


@pytest.fixture
def hang_budget(tmp_path, monkeypatch):
    """Two hanging calls, counted in this test's folder (a worker started before would count elsewhere)."""
    isolation.close_all()
    monkeypatch.setenv("EAGER_HANG_BUDGET_DIR", str(tmp_path))
    yield
    isolation.close_all()


def test_an_eager_user_modules_first_call_hang_ends_at_the_run_limit(hang_budget, monkeypatch, found_is_enough):
    monkeypatch.setattr(runner, "TARGET_TIMEOUT", 2.0)  # (FIRST_CALL_GRACE stays 120 s: it must not apply)
    (t,) = load_backend("tests.user_modules.eager_hang")
    assert t.compiles is None and not compile_grace.grants(t)
    began = time.monotonic()
    with pytest.raises(runner.UndeclaredDivergence) as failed:
        runner.run_property(t, "valid")
    assert time.monotonic() - began < 100  # the grace (120 s) not waited out; under load the 2 s limits add up
    assert failed.value.verdict.cls == "timeout" and "run limit 2s" in failed.value.verdict.detail
    assert "no compile grace" in failed.value.verdict.detail


def test_an_eager_user_modules_hang_is_a_timeout_in_the_report(hang_budget, tmp_path, monkeypatch):
    from conformance.reports.run import run

    monkeypatch.setattr(runner, "TARGET_TIMEOUT", 2.0)
    monkeypatch.setattr(runner, "EDGE_EXAMPLES", 1)
    began = time.monotonic()
    run(tmp_path / "report", load_backend("tests.user_modules.eager_hang"), examples=1, seed_value=0, profile="dev")
    assert time.monotonic() - began < 120
    report = json.loads((tmp_path / "report" / "report.json").read_text())
    assert {(d["target"], d["class"]) for d in report["divergences"]} == {("eager-hang:add", "timeout")}


def test_a_module_that_does_not_say_gets_grace_once_a_first_call_is_seen_compiling(monkeypatch):
    from types import SimpleNamespace

    monkeypatch.setattr(compile_grace, "MEASURED", set())
    eager, says = SimpleNamespace(name="u:eager", compiles=None), SimpleNamespace(name="u:says", compiles=True)
    compile_grace.observe(eager, "sig", 0.3, first=True)
    compile_grace.observe(eager, "sig", 0.2, first=False)  # as fast again: no compile
    assert not compile_grace.grants(eager) and compile_grace.grants(says)
    compile_grace.observe(eager, "sig2", 2.5, first=True)
    compile_grace.observe(eager, "sig2", 0.1, first=False)  # the first call of a signature paid for a compile
    assert compile_grace.grants(eager)


@pytest.mark.parametrize("name", ["views:abort-on-c", "views:memoryerror"])
def test_a_view_refused_is_no_layout_left_out_where_the_c_ordered_copy_dies_or_it_was_a_memoryerror(name, monkeypatch):
    monkeypatch.setattr(runner, "REFUSED", {})
    t = {t.name: t for t in load_backend("tests.user_modules.views_refused")}[name]
    lhs = np.arange(12, dtype=np.int32).reshape(3, 4)
    case = Case("stablehlo.add", {"lhs": lhs, "rhs": lhs.copy()}, {"rhs_as_scalar": False}, layouts={"lhs": "fortran"})
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        verdict, _ = runner.judge_given(t, case)
    assert verdict.cls == "rejects-valid", verdict.detail
    assert not runner.REFUSED and not [w for w in seen if "refuses" in str(w.message)]


def test_a_memoryerror_a_handler_made_of_an_abort_an_earlier_write_caused_is_history_dependent(trap_env, monkeypatch):
    """The issue's heap write: the write answers, the next call's abort comes out as MemoryError (never a
    ``nondeterministic`` "raised MemoryError"): with default signal handling the sequence dies of SIGABRT."""
    monkeypatch.setattr(runner, "REFUSED", {})
    (t,) = load_backend("tests.user_modules.heap_later_raises")
    with pytest.raises(runner.UndeclaredDivergence) as failed:
        runner.run_property(t, "valid")
    verdict = failed.value.verdict
    assert verdict.cls == "history-dependent" and verdict.history, verdict.detail
    assert "(SIGABRT)" in verdict.detail and "handler hid it: the call raised MemoryError" in verdict.detail
    assert not runner.REFUSED


def test_a_warm_call_that_dies_at_once_in_a_sleeping_handler_is_seen_there_every_time(trap_env):
    """The child's signal mask at rest is read before the call is sent: read after, a call that aborts at once
    (its backend already loaded) is already inside the handler, its signal blocked, and reads as a plain hang
    (measured before the fix: 4 of 6 such replays waited out the wall limit instead)."""
    (t,) = load_backend("tests.user_modules.heap_sleeps")
    one = np.array(3, np.int32)  # the update's last element lands on the next block's header: the next call aborts
    case = Case("stablehlo.dynamic_update_slice", {"operand": np.arange(4, dtype=np.int32),
                                                   "update": np.arange(2, dtype=np.int32), "start_indices": [one]}, {})
    call = history.Call(t.backend, t.name, case)
    for _ in range(5):
        got = history.fresh_outcome(call, [call], timeout=20.0, grace=0.0)
        assert crashes.dies(got) and "SIGABRT handler" in got.message, got.message


def test_the_mask_at_rest_is_read_before_the_call_is_sent(monkeypatch):
    """The order the test above depends on, without its race: the rest mask is read before sending, every call."""
    order = []
    real_send, real_blocked = isolation._send, isolation.fatal_signals.blocked
    monkeypatch.setattr(isolation, "_send", lambda stream, obj: (order.append("send"), real_send(stream, obj))[1])
    monkeypatch.setattr(isolation.fatal_signals, "blocked", lambda pid: (order.append("mask"), real_blocked(pid))[1])
    w = isolation.Worker()
    try:
        for _ in range(2):
            assert w.call("os", "getpid", {}) == w.proc.pid
    finally:
        w.close()
    sends = [i for i, e in enumerate(order) if e == "send"]
    assert len(sends) == 2 and all(i > 0 and order[i - 1] == "mask" for i in sends), order
