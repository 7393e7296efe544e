"""A replay in a fresh process (the history-dependent recheck, a crash's shortest sequence) charges no call with
importing the backend: on a loaded machine an import alone can take a call's limit, and a death or divergence the
replay would bring back then reads as "did not recur" (the limits a replay runs under: tests/test_crash_handlers.py)."""
import numpy as np

from conformance.core.case import Case
from conformance.running import history, isolation
from conformance.running.registry import load_backend
from tests.user_modules import slow_import


def _add_call() -> history.Call:
    (t,) = load_backend("tests.user_modules.slow_import")
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    return history.Call(t.backend, t.name, Case("stablehlo.add", {"lhs": a, "rhs": a}, {"rhs_as_scalar": False}))


def test_a_replayed_first_call_is_not_charged_with_the_backends_import():
    call = _add_call()
    limit = slow_import.IMPORT_CPU_SECONDS / 3  # the import alone takes three times the call's limit
    got = history.fresh_outcome(call, [call], timeout=limit, grace=0.0)
    assert got.kind == "value", got.message
    np.testing.assert_array_equal(got.value, call.case.arrays["lhs"] * 2)
    isolation.close_all()

