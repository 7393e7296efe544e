"""Compile time is not run time: a worker's marked compile does not count against the run timeout,
an unmarked slow run does, and a compile past its own limit is a compile timeout. Running is CPU time:
a call that waits (starved on a loaded machine) is stopped only at its wall limit."""
import os

import pytest

from conformance.running.isolation import Worker, cpu_seconds
from conformance.core.outcome import CompileTimeout, TargetTimeout


@pytest.fixture
def worker():
    w = Worker()
    yield w
    w.close()


def test_a_marked_compile_longer_than_the_run_limit_is_not_a_timeout(worker):
    assert worker.call("tests.slow_calls", "compile_then_run", {"compile_seconds": 3.0, "run_seconds": 0.0},
                       timeout=1.5) == "done"
    assert worker.last_compile_seconds >= 2.5


def test_a_slow_run_is_a_timeout_whatever_was_compiled_before(worker):
    with pytest.raises(TargetTimeout, match="of running"):
        worker.call("tests.slow_calls", "compile_then_run", {"compile_seconds": 2.0, "run_seconds": 5.0}, timeout=1.5)


def test_a_compile_past_its_limit_is_a_compile_timeout(worker):
    with pytest.raises(CompileTimeout):
        worker.call("tests.slow_calls", "compile_then_run", {"compile_seconds": 5.0, "run_seconds": 0.0},
                    timeout=30.0, compile_timeout=1.5)


def test_a_call_starved_of_cpu_is_not_a_timeout_before_its_wall_limit(worker):
    # waiting is what a call does on a loaded machine: its CPU time, not its wall time, is its running
    if cpu_seconds(os.getpid()) is None:
        pytest.skip("no /proc here: running time is wall time")
    worker.call("tests.slow_calls", "busy", {"seconds": 0.0}, timeout=30.0)  # (the child started and imported)
    assert worker.call("tests.slow_calls", "compile_then_run", {"compile_seconds": 0.0, "run_seconds": 2.5},
                       timeout=1.0) == "done"


def test_a_busy_call_past_its_run_limit_is_a_timeout_by_cpu_time(worker):
    worker.call("tests.slow_calls", "busy", {"seconds": 0.0}, timeout=30.0)
    with pytest.raises(TargetTimeout, match="of running"):
        worker.call("tests.slow_calls", "busy", {"seconds": 30.0}, timeout=1.0)


def test_first_call_grace_extends_the_run_limit(worker):
    assert worker.call("tests.slow_calls", "compile_then_run", {"compile_seconds": 0.0, "run_seconds": 2.0},
                       timeout=1.0, grace=3.0) == "done"


def test_the_clock_leaves_no_file_behind(worker):
    worker.call("tests.slow_calls", "compile_then_run", {"compile_seconds": 0.1, "run_seconds": 0.0}, timeout=30.0)
    assert worker.last_compile_seconds > 0.0  # the worker wrote through the shared clock
    link = f"/proc/self/fd/{worker.clock.fd}"
    if not os.path.exists("/proc/self/fd"):
        pytest.skip("no /proc here to see the descriptor's file")
    assert os.readlink(link).endswith("(deleted)"), "the clock's file is still in the temp folder"
