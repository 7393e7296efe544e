"""Batches: many cases of one op through a target's batch entry point (``Target.batch``), so a compiled
backend compiles one module for them instead of one per case (issue 64).

The fixed lists of the edge phase are batched (``LABELS``: the constructed cases, their dynamic-shape twins, the
large index batches), and so are the valid property's drawn runs (its boundary scenarios and random cases:
``drawn_batchable``), which the engine draws twice alike, once to collect the cases and once to judge them; the
call sequences are not (each call's place in its history is the case), nor the invalid, duplicate-heavy and
stateful properties.
The engine (``engine.run_property``) asks ``Batched.outcomes`` for each case's outcomes and judges the case
alone, as it judges one from the one-case path. A batch that fails as a whole (a compile error, a crash, a
hang) is split in halves until the failing case is alone (a batch that dies first leaves out the cases a declared
crash or hang covers, which run alone: each split of a dead batch restarts its worker): a case alone runs through the one-case path
(``engine.call``), with every crash and hang experiment of that path, and the other cases keep their
batch's answers. ``CONFORMANCE_BATCHES=0`` (or ``--no-batches``) turns batches off.
"""
from __future__ import annotations

import json
import os
import warnings
from pathlib import Path
from typing import Any, Callable

import numpy as np

from conformance.core import outcome, runtime
from conformance.core.case import Case
from conformance.running import history, isolation

ENV = "CONFORMANCE_BATCHES"  # "0": every case through the one-case path
LABELS = ("edge:constructed", "edge:dynamic", "edge:large")  # the runs whose cases go in batches
DRAWN_KINDS = ("valid",)  # properties whose drawn runs go in batches too (``drawn_batchable``)
DEFAULT_SIZE = 16  # cases per batch where a target does not say (``Target.batch_size``)
MAX_BYTES = 32 << 20  # input bytes per batch, at most (a module's arguments; the large cases fill one alone)
RUNS = 2  # calls of each batch in one process (two results of a case that differ: ``nondeterministic``)
BATCH_TIMEOUT = 60.0  # seconds of running one batch call may take in a target's worker (compiling not counted)
BATCH_GRACE = 120.0  # more for a target that may compile without saying so (a batch is a new module every time)
BROKEN: dict[str, str] = {}  # target -> why its batch entry cannot be used (an adapter error): one case a time


def configure(off: bool) -> None:
    """``--no-batches`` (the pytest plugin and ``conformance report`` call this once, at configure time): pass
    the choice on to this process and its children as ``CONFORMANCE_BATCHES=0``."""
    if off:
        os.environ[ENV] = "0"


class RunAlone(Exception):
    """What a batch entry point gives for a case it does not answer in the batch (its one-case answer would be
    a divergence that runs alone anyway: a refusal, say): the engine runs that case through the one-case path."""


def enabled() -> bool:
    """Whether batches are on (``CONFORMANCE_BATCHES`` unset, or anything but 0/off/false/no)."""
    return os.environ.get(ENV, "1").strip().lower() not in ("0", "off", "false", "no")


def batchable(target, label: str) -> bool:
    """Whether run ``label`` of ``target`` (a fixed list of cases) goes in batches."""
    return enabled() and target.batch is not None and label in LABELS and target.name not in BROKEN


def drawn_batchable(target, kind: str) -> bool:
    """Whether the cases Hypothesis draws in the runs of property ``kind`` go in batches: the valid
    property's boundary scenarios and random run (the engine draws them once to collect them, then again to
    judge each, answered from its batch: ``engine.run_property``). Not the other properties: an invalid case
    is refused at compile (a batch of them would split to single cases), and a stateful or duplicate case's
    place among calls is what it tests. A target opts in (``Target.batch_drawn``) where that was measured to pay."""
    return enabled() and target.batch is not None and target.batch_drawn and kind in DRAWN_KINDS \
        and target.name not in BROKEN


def _bytes(case: Case) -> int:
    return sum(int(np.asarray(a).nbytes) for a in case.arrays.values())


def chunks(cases: list[Case], size: int, max_bytes: int = MAX_BYTES) -> list[list[Case]]:
    """``cases`` in order, in batches of at most ``size`` cases and ``max_bytes`` input bytes (a case larger
    than that alone)."""
    out: list[list[Case]] = []
    held = 0
    for case in cases:
        n = _bytes(case)
        if not out or len(out[-1]) >= size or held + n > max_bytes:
            out.append([])
            held = 0
        out[-1].append(case)
        held += n
    return out


def serve_batch(backend: str, name: str, calls: list[dict], device: str = "cpu",
                layouts: list[dict] | None = None) -> list[tuple]:
    """Worker side of an isolated target's batch: ``("ok", Guarded)`` or ``("err", type name, message)`` per case
    (``guarded_batch``)."""
    from conformance.running.registry import loaded_target

    runtime.set_device(device)
    return [("ok", r) if not isinstance(r, BaseException) else ("err", type(r).__name__, str(r))
            for r in guarded_batch(loaded_target(backend, name).batch, calls, layouts)]


def guarded_batch(batch: Callable, calls: list[dict], layouts: list[dict] | None = None) -> list[Any]:
    """``batch`` on copies of every case's arrays (in its memory layouts): per case a ``Guarded`` value (which
    inputs the batch wrote into) or the exception the batch gave for that case."""
    layouts = layouts or [{} for _ in calls]
    copies = [{k: outcome._copy(v, lay.get(k, "c")) for k, v in kw.items()} for kw, lay in zip(calls, layouts)]
    results = list(batch(copies))
    if len(results) != len(calls):
        raise outcome.AdapterError(f"a batch entry point gave {len(results)} results for {len(calls)} cases")
    return [r if isinstance(r, BaseException) else
            outcome.Guarded(r, tuple(k for k in kw if outcome._changed(kw[k], c[k])))
            for r, kw, c in zip(results, calls, copies)]


def _raising(item):
    if isinstance(item, BaseException):
        raise item
    return item


def _per_case(items: list) -> list[outcome.Outcome | None]:
    """One outcome per case from what a batch gave for each (a value, an exception, a remote error); None for a
    case the batch left to the one-case path (``RunAlone``)."""
    out: list[outcome.Outcome | None] = []
    for item in items:
        if isinstance(item, RunAlone) or (isinstance(item, tuple) and item[:2] == ("err", RunAlone.__name__)):
            out.append(None)
            continue
        if isinstance(item, tuple) and item and item[0] == "err":
            item = outcome.RemoteError(item[1], item[2])
        elif isinstance(item, tuple) and item and item[0] == "ok":
            item = item[1]
        out.append(outcome.run(_raising, {"item": item}))
    return out


def run_batch(target, cases: list[Case], worker: str) -> list[outcome.Outcome | None] | outcome.Outcome:
    """The outcomes of one call of ``target``'s batch entry on ``cases`` (one per case; None for a case the batch
    left to the one-case path), or the one outcome of the batch as a whole where it failed so (a crash, a hang,
    a compile error raised for the batch)."""
    calls = [target.call_kwargs(c) for c in cases]
    layouts = [c.layout_kwargs() for c in cases]
    held: list = []

    def whole() -> int:  # (outcome.run classifies what the batch raised; its list of results is kept as it is)
        if not target.isolated:
            held.extend(guarded_batch(target.batch, calls, layouts))
        else:
            held.extend(isolation.worker(worker).call(__name__, "serve_batch", {
                "backend": target.backend, "name": target.name, "calls": calls, "device": runtime.device(),
                "layouts": layouts}, timeout=BATCH_TIMEOUT, grace=BATCH_GRACE if target.compiles is not False else 0.0))
        return 0

    got = outcome.run(whole, {})
    return got if got.kind != "value" else _per_case(held)


class Batched:
    """The outcomes of one edge run's cases, got in batches as the engine asks for them: ``outcomes(case)``
    gives the ``RUNS`` outcomes of a case (None where the case is to run alone, through the one-case path: one
    left out of the batches, or a case a failing batch was narrowed to). Cases are known by identity (the
    engine judges the run's own objects; a large case's id would hash its arrays at every look-up)."""

    def __init__(self, target, cases: list[Case], worker: Callable[[Case], str],
                 alone: Callable[[Case], bool] = lambda case: False, key: Callable[[Case], Any] = id,
                 suspect: Callable[[Case], bool] = lambda case: False):
        self.target, self.cases, self.worker = target, list(cases), worker  # (worker: ``engine.worker_name``)
        self.alone = alone  # a case that runs alone after all, asked as its batch is about to run (a crash seen)
        # how a case is known: by identity where the engine judges the objects it batched; by ``Case.id`` where
        # it judges the same cases drawn again (a drawn run's second pass)
        self.key = key
        self.suspect = suspect  # a case a declared crash or hang covers: where a batch dies, it runs alone first
        self.got: dict[Any, tuple | None] = {}  # key(case) -> its outcomes (None: alone)
        self.batch_of: dict[Any, list[Case]] = {}  # key(case) -> the cases of the batch it was answered in
        self.batches = 0  # batch calls made (a failing batch's halves count)
        self._chunks = chunks(self.cases, target.batch_size or DEFAULT_SIZE)
        self._where = {key(c): i for i, chunk in enumerate(self._chunks) for c in chunk}
        self._done: set[int] = set()

    def outcomes(self, case: Case) -> tuple | None:
        i = self._where.get(self.key(case))
        if i is None:
            return None
        if i not in self._done:
            self._done.add(i)
            chunk = self._chunks[i]
            self.got.update((self.key(c), None) for c in chunk if self.alone(c))
            self._run([c for c in chunk if not self.alone(c)])
        return self.got.get(self.key(case))

    def batch(self, case: Case) -> list[Case]:
        """The cases of the batch ``case`` was answered in (itself alone where it was not)."""
        return self.batch_of.get(self.key(case), [case])

    def _run(self, cases: list[Case]) -> None:
        if not cases:
            return
        if len(cases) == 1:
            self.got[self.key(cases[0])] = None  # alone: the one-case path, with its crash and hang experiments
            return
        name = self.worker(cases[0])
        fresh = not self.target.isolated or not isolation.alive(name)
        runs = []
        for _ in range(RUNS):
            self.batches += 1
            got = run_batch(self.target, cases, name)
            if isinstance(got, outcome.Outcome):  # the batch failed whole: split it
                if got.kind == "adapter-error":
                    BROKEN[self.target.name] = got.message
                    warnings.warn(f"{self.target.name}: its batch entry point cannot run ({got.message}); its cases run "
                                  "one at a time", stacklevel=2)
                    self.got.update((self.key(c), None) for c in cases)
                    return
                suspects = [c for c in cases if self.suspect(c)] if got.kind in ("crash", "timeout") else []
                if suspects and len(suspects) < len(cases):  # the cases a declared crash or hang names run
                    self.got.update((self.key(c), None) for c in suspects)  # alone; the rest once more together
                    self._run([c for c in cases if not self.suspect(c)])  # (each split of a dead batch restarts
                    return  # its worker: seconds for a backend that imports a compiler)
                half = len(cases) // 2
                self._run(cases[:half])
                self._run(cases[half:])
                return
            runs.append(got)
        for c in cases:
            history.record(name, history.Call(self.target.backend, self.target.name, c), fresh_process=fresh)
            fresh = False
        for j, c in enumerate(cases):
            got = tuple(r[j] for r in runs)
            self.got[self.key(c)] = None if None in got else got  # (None: left to the one-case path, ``RunAlone``)
            if None not in got:
                self.batch_of[self.key(c)] = cases


def save_batch(target, case: Case, cases: list[Case], folder: str | os.PathLike | None) -> str:
    """Write the batch ``case`` diverged in (every case of it, the diverging one named) to ``folder`` as JSON,
    a batch repro: the module a compiled target builds is a function of these cases. Returns its path ('' without
    a folder)."""
    if not folder:
        return ""
    path = Path(folder) / f"batch-{target.name.replace(':', '_').replace('/', '_')}-{case.id}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"backend": target.backend, "target": target.name, "case": case.id,
                                "cases": [c.to_json() for c in cases]}))
    return str(path)


def load_batch(path: str | os.PathLike) -> tuple[str, str, str, list[Case]]:
    """(backend, target, diverging case id, cases) of a batch file ``save_batch`` wrote."""
    d = json.loads(Path(path).read_text())
    return d["backend"], d["target"], d["case"], [Case.from_json(c) for c in d["cases"]]
