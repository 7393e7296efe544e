"""Functions an isolation worker runs in the compile-clock tests: a slow compile, a slow run."""
import time

from conformance.running.compile_clock import compiling


def compile_then_run(compile_seconds: float, run_seconds: float) -> str:
    with compiling():
        time.sleep(compile_seconds)
    time.sleep(run_seconds)
    return "done"


def busy(seconds: float) -> str:
    """Compute (no sleeping) for ``seconds`` of this process's CPU time."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
    return "done"
