"""A worker's death judged by experiment: the same case alone in a fresh worker, with the framework's own
fatal-signal handlers taken into account (``fatal_signals``).

- A death that recurs alone is a ``crash``, its signal named.
- A hang or a refusal under a handler the target's module installed for SIGFPE, SIGSEGV, SIGABRT, ... (one
  that sleeps, deadlocks, or turns the signal into an exception), or a death whose exit code names no
  signal, runs once more alone with those signals at their default: a death there is a ``crash`` whose
  message names the signal and says the framework's handler hid it.
- A death that does not recur alone is replayed after the worker's earlier calls in a fresh process: where
  that brings it back, ``history-dependent`` with the shortest such sequence; where nothing does, still a
  ``crash`` (the process died), saying it did not recur. Only a SIGKILL (sent from outside: the OOM killer,
  a user) that does not recur is no verdict: the fresh answer stands, with a warning.
"""
from __future__ import annotations

import re
import warnings
from collections import Counter
from dataclasses import replace

from conformance.core import outcome, runtime
from conformance.running import compile_grace, history, isolation
from conformance.judging.verdict import Verdict

SIGNAL = re.compile(r"exit code -\d+ \((SIG\w+|signal \d+)\)")
IN_HANDLER = re.compile(r"stuck \d+s in its (SIG[\w,]+) handler")
REFUSAL_PROBES = 2  # refusals of one exception type per target run again with default signal handling, at most
_HANDLERS: dict[str, tuple[str, ...]] = {}  # backend -> fatal signals its module's import gave handlers of its own
_PROBED: Counter = Counter()  # (target, exception type) -> refusals run again with default handling, no death seen


def signal_of(result: outcome.Outcome) -> str:
    """The signal a crash outcome's worker died of ('' where it exited, or the outcome is no crash)."""
    m = SIGNAL.search(result.message) if result.kind == "crash" else None
    return m.group(1) if m else ""


def handlers(target, worker: str) -> tuple[str, ...]:
    """The fatal signals whose handler ``target``'s module installed on import, asked once per backend in
    its worker ``worker`` where that runs, else in a worker of its own (() where it cannot be told). (A dead
    worker is not restarted here: the engine's next call must find it fresh.)"""
    if target.backend not in _HANDLERS:
        own = not isolation.alive(worker)
        w = isolation.Worker() if own else isolation.worker(worker)
        try:
            found = w.call("conformance.running.fatal_signals", "foreign",
                           {"backend": target.backend, "name": target.name}, timeout=60.0)
        except Exception:  # noqa: BLE001 - a worker that cannot say: no handlers known
            found = []
        finally:
            if own:
                w.close()
                if w.clock is not None:
                    w.clock.close()
        _HANDLERS[target.backend] = tuple(found)
    return _HANDLERS[target.backend]


def bare_outcome(target, case, timeout: float, grace: float, earlier: list = ()) -> outcome.Outcome:
    """``target`` on ``case`` in a fresh worker (after the ``earlier`` calls there, ``history.Call``s, their
    outcomes ignored), the fatal signals its module handles set back to their default just before each call."""
    from conformance.running.registry import loaded_target

    def bare(w: isolation.Worker, t, c) -> outcome.Outcome:
        return outcome.run(lambda **kw: w.call(
            "conformance.running.fatal_signals", "call_bare",
            {"backend": t.backend, "name": t.name, "kwargs": kw, "device": runtime.device(),
             "layouts": c.layout_kwargs()},
            timeout=timeout, grace=grace if compile_grace.grants(t) else 0.0), t.call_kwargs(c))

    w = isolation.Worker()
    try:
        history.preload(w, [*earlier, history.Call(target.backend, target.name, case)])
        for c in earlier:
            bare(w, loaded_target(c.backend, c.target), c.case)
        return bare(w, target, case)
    finally:
        w.close()
        if w.clock is not None:
            w.clock.close()


def unhidden(target, case, seen: outcome.Outcome, worker: str, valid: bool, timeout: float,
             grace: float, before: list = ()) -> outcome.Outcome:
    """``seen``, or the crash a framework's own handler hid in it: a hang, a refusal of a ``valid`` case, or
    a death without a signal, under fatal-signal handlers the target's module installed, runs alone with
    default signal handling (``bare_outcome``); a death there is the outcome. A refusal that does not die
    alone runs once more after the worker's earlier calls ``before``, all with default handling: a death
    there is a crash with the shortest sequence of them that brings it back (``Outcome.history``)."""
    if not target.isolated or seen.kind not in ("timeout", "rejection", "crash") or signal_of(seen):
        return seen
    stuck = IN_HANDLER.search(seen.message) if seen.kind == "timeout" else None
    if seen.kind == "rejection" and (not valid or _PROBED[(target.name, seen.error_type)] >= REFUSAL_PROBES):
        return seen
    sigs = (stuck.group(1),) if stuck else handlers(target, worker)
    if not sigs:
        return seen
    bare = bare_outcome(target, case, timeout, grace)
    seq: tuple = ()
    if not signal_of(bare) and seen.kind == "rejection" and before \
            and signal_of(after := bare_outcome(target, case, timeout, grace, before)):
        this = history.Call(target.backend, target.name, case)
        seq = tuple(history.shortest_history(this, list(before), lambda o: bool(signal_of(o)), run=lambda c, s: (
            bare_outcome(target, case, timeout, grace, s))) or before)
        bare = after
    if not signal_of(bare):
        if seen.kind == "rejection":
            _PROBED[(target.name, seen.error_type)] += 1
        return seen
    how = ("the call sat in that handler, which did not return" if stuck else "the call hung") \
        if seen.kind == "timeout" else f"the call raised {seen.error_type}: {outcome.first_line(seen.message, 100)}" \
        if seen.kind == "rejection" else f"the worker exited with no signal ({outcome.first_line(seen.message, 100)})"
    where = f"after {len(seq)} earlier call(s)" if seq else "alone"
    return replace(bare, history=seq, message=f"{bare.message.rstrip(': ')} [run {where} with default signal handling; "
                                              f"the framework's own {'/'.join(sigs)} handler hid it: {how}]")


def dies(result: outcome.Outcome) -> bool:
    """Whether ``result`` is a death: the worker died, or sat in a fatal signal's handler that did not return."""
    return result.kind == "crash" or (result.kind == "timeout" and bool(IN_HANDLER.search(result.message)))


def not_recurring(target, case, first: outcome.Outcome, again: outcome.Outcome, before: list,
                  run=None) -> outcome.Outcome:
    """The outcome of a case whose worker died (``first``) but which answered alone in a fresh worker
    (``again``): a crash with the earlier calls it needs (``Outcome.history``) where replaying them in a fresh
    process (``run(call, calls)``, the caller's limits; default ``history.fresh_outcome``) brings the death
    back, else the death as it was (a SIGKILL from outside: ``again``, with a warning)."""
    this = history.Call(target.backend, target.name, case)
    seq = history.shortest_history(this, before, dies, run=run) if before else None
    if seq:
        return replace(first, history=tuple(seq))
    if signal_of(first) == "SIGKILL":
        warnings.warn(f"{target.name}: a worker was killed (SIGKILL, from outside: the OOM killer?) on case {case.id}; "
                      "alone in a fresh process it answered: no verdict", stacklevel=3)
        return again
    return replace(first, message=f"{first.message} [died once in the run; alone in a fresh process it answered "
                                  f"({outcome.first_line(again.brief(), 80)}), and replaying the {len(before)} earlier "
                                  "call(s) there did not bring the death back]")


def history_verdict(result: outcome.Outcome) -> Verdict:
    """The ``history-dependent`` verdict of a crash that needs earlier calls (``result.history``)."""
    seq = result.history
    calls = "; ".join(f"{c.target} on {c.case.describe()}" for c in seq[:3]) + (" ..." if len(seq) > 3 else "")
    return Verdict("history-dependent", f"alone in a fresh process the case answers; after {len(seq)} earlier call(s) "
                   f"there it dies: {calls}. In-run: {outcome.first_line(result.message)}",
                   clause="a target is a function of its inputs, whatever ran before", observed=result.brief(),
                   also=("crash",), history=tuple(seq))
