"""Divergences that need earlier calls: each worker's call log, a re-run in a fresh process, and the
shortest sequence of earlier calls that brings a divergence back (delta debugging over the log).

A divergence that a fresh process does not show is ``history-dependent``: a cache keyed too loosely
(a compiled graph reused for a constant that compares equal), a reused output buffer, state kept
between calls. Its seed keeps the earlier calls, and its repro script replays them first.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from conformance.running import compile_grace, isolation

from conformance.core import outcome, runtime
from conformance.core.case import Case

LOG_LIMIT = 200  # calls kept per worker (the oldest go first)
REPLAY_BUDGET = 40  # fresh-process replays spent looking for the shortest history
TIMEOUT, GRACE = 20.0, 120.0  # default run and first-call seconds per replayed call (callers pass their own)
LOAD_TIMEOUT = 120.0  # seconds a fresh replay process may take to import the backends it replays, before any call


@dataclass(frozen=True)
class Call:
    """One earlier call: a target (by backend and name) on a case."""
    backend: str
    target: str
    case: Case

    def to_json(self) -> dict:
        return {"backend": self.backend, "target": self.target, "case": self.case.to_json()}

    @classmethod
    def from_json(cls, d: dict) -> "Call":
        return cls(d["backend"], d["target"], Case.from_json(d["case"]))


_LOGS: dict[str, list[Call]] = {}


def log(worker: str) -> list[Call]:
    """The calls made in ``worker``'s current process, oldest first."""
    return _LOGS.setdefault(worker, [])


def record(worker: str, call: Call, fresh_process: bool) -> None:
    calls = log(worker)
    if fresh_process:
        calls.clear()
    calls.append(call)
    del calls[:-LOG_LIMIT]


def _remote(w: isolation.Worker, call: Call, timeout: float, grace: float) -> outcome.Outcome:
    from conformance.running.registry import loaded_target
    target = loaded_target(call.backend, call.target)
    kwargs = target.call_kwargs(call.case)
    return outcome.run(lambda **kw: w.call(
        "conformance.running.registry", "call_target",
        {"backend": call.backend, "name": call.target, "kwargs": kw, "device": runtime.device(),
         "layouts": call.case.layout_kwargs()},  # the same views as in the run, or a layout bug "vanishes"
        timeout=timeout, grace=grace if compile_grace.grants(target) else 0.0), kwargs)


def preload(w: isolation.Worker, calls: list[Call]) -> None:
    """Import the backends of ``calls`` in ``w``'s process before any of them runs, under ``LOAD_TIMEOUT``:
    a replayed call's limit then holds its own running only, as in the run, where the backend was loaded
    long before (on a loaded machine an import alone can take a short limit's wall time). A backend that
    fails to load is left to the calls, whose outcomes say so."""
    try:
        w.call("conformance.running.registry", "load_backends", {"backends": sorted({c.backend for c in calls})},
               timeout=LOAD_TIMEOUT)
    except Exception:  # noqa: BLE001 - an import that fails or dies: the first call meets it again and says so
        pass


def fresh_outcome(call: Call, history: list[Call] = (), timeout: float | None = None,
                  grace: float | None = None) -> outcome.Outcome:
    """``call``'s outcome in a new process, after replaying ``history`` there (outcomes ignored)."""
    return fresh_outcomes(call, history, 1, timeout, grace)[0]


def fresh_outcomes(call: Call, history: list[Call] = (), times: int = 2, timeout: float | None = None,
                   grace: float | None = None) -> list[outcome.Outcome]:
    """``call``'s outcomes, ``times`` calls in a row in a new process after replaying ``history`` there; each
    call runs under ``timeout`` seconds (``grace`` more for a compiling target), ``TIMEOUT``/``GRACE`` where
    not given. The limits are arguments, not settings: a caller's limits never leak into another's replays."""
    limits = (TIMEOUT if timeout is None else timeout, GRACE if grace is None else grace)
    w = isolation.Worker()
    try:
        preload(w, [*history, call])
        for earlier in history:
            _remote(w, earlier, *limits)
        return [_remote(w, call, *limits) for _ in range(times)]
    finally:
        w.close()
        if w.clock is not None:
            w.clock.close()


def shortest_history(call: Call, history: list[Call], diverges: Callable[[outcome.Outcome], bool],
                     budget: int = REPLAY_BUDGET, run: Callable | None = None) -> list[Call] | None:
    """The shortest sub-sequence of ``history`` after which ``call`` diverges again in a fresh process
    (one earlier call of the same target first, then delta debugging), or None where even the whole
    history does not bring it back within ``budget`` replays. ``run(call, seq)``: the outcome of ``call``
    after ``seq`` in a fresh process (default ``fresh_outcome``)."""
    spent = [0]

    def brings_back(seq: list[Call]) -> bool:
        spent[0] += 1
        return diverges((run or fresh_outcome)(call, seq))

    same = [c for c in reversed(history) if c.target == call.target][:8]
    for c in same:  # the common case: one earlier call of the same API
        if spent[0] >= budget // 2:
            break
        if brings_back([c]):
            return [c]
    if spent[0] >= budget or not brings_back(history):
        return None
    seq, n = list(history), 2
    while len(seq) >= 2 and spent[0] < budget:  # ddmin: drop chunks while the divergence stays
        chunk = max(len(seq) // n, 1)
        for start in range(0, len(seq), chunk):
            rest = seq[:start] + seq[start + chunk:]
            if spent[0] >= budget:
                break
            if rest and brings_back(rest):
                seq, n = rest, max(n - 1, 2)
                break
        else:
            if chunk == 1:
                break
            n = min(n * 2, len(seq))
    return seq
