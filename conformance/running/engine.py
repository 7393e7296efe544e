"""The engine: one function (``run_property``) draws a target's cases of one property, in its region,
under one profile, judges each outcome and hands every verdict to a sink. pytest judges every case and fails
at the end of the property, listing every undeclared group (``Gather``: the first shrunk by Hypothesis);
``conformance report`` logs every divergence (``reports.run.LogSink``)."""
from __future__ import annotations

import hashlib
import random
import warnings
from collections import Counter
from dataclasses import dataclass, replace

from hypothesis import HealthCheck, Verbosity, given, seed, settings
from hypothesis.errors import FlakyFailure, HypothesisException

from conformance.running import batches, compile_grace, crashes, history, isolation, narrowing, ops, profiles, reference, rest
from conformance.running.constructed import call_sequences, constructed_cases
from conformance.running.invalid_values import invalid_value_cases
from conformance.running.large_index import large_index_cases

from conformance.core import outcome, runtime
from conformance.core.case import Case
from conformance.running.registry import Target, installed_version
from conformance.core.opspec import op_spec
from conformance.running.report_text import describe_divergence
from conformance.judging.confirm import CONFIRMABLE, confirm
from conformance.judging.verdict import Verdict, case_violations, judge
from conformance.judging.verdict_scatter import same_values, schedule_matters
from conformance.strategies.layouts import WRITTEN, with_layouts

INVALID_CLASSES = {"accepts-invalid"}
SPEC_CLASSES = {"spec-inconsistency"}  # about the spec, not the target: reported, never a failure


class UndeclaredDivergence(AssertionError):
    """A target differs from the spec in a way its backend has not declared (``case`` and ``verdict``
    say where and how)."""

    def __init__(self, message: str, case: Case | None = None, verdict: Verdict | None = None,
                 before: list | None = None):
        super().__init__(message)
        self.case, self.verdict = case, verdict
        self.before = list(before or ())  # the worker's earlier calls (``history.log``) when it was seen
        self.reference_kind: str | None = None  # against a reference release: regression, fixed-since, still-present
        self.groups: list = [self]  # every undeclared group its property found (``all_groups``), this one first


TARGET_TIMEOUT = 20.0  # seconds of running (compiling not counted); a target slower than this on one case is a ``timeout``
FIRST_CALL_GRACE = 120.0  # extra seconds for the first call of a signature in a worker (a compile nobody marked)
# seconds of running a case gets where a declared timeout covers it (the hang is expected: a call that
# returns within them is judged as any other, one that does not is the declared timeout)
DECLARED_HANG_WAIT = 5.0
COMPILE_SECONDS: Counter = Counter()  # seconds each target's worker spent compiling, in this process
_SEEN: dict[str, set] = {}  # worker name -> signatures called since that worker (process) started
WRITING_OPS = tuple(WRITTEN)  # the ops that write by index
UNMATCHED: list[str] = []  # "target: class" of declared deviations a property never met (said once, at the end)
BROKEN: dict[str, str] = {}  # target -> its adapter error (``outcome.adapter_fault``), in this process
UNAVAILABLE: dict[str, str] = {}  # target -> why its backend cannot run on this machine (``BackendUnavailable``)
_HUNG: set[str] = set()  # targets that timed out once: no more grace for them (a hang must not cost 140 s a case)


def call(target: Target, case: Case) -> outcome.Outcome:
    """Run ``target`` on ``case`` in worker processes that no earlier case has corrupted: a crash is
    tried once more alone (the dead worker restarts), and a death, a hang or a refusal is judged by
    experiment with the framework's own fatal-signal handlers taken into account (``crashes``: a crash
    with its signal named, or one that needs the earlier calls, ``Outcome.history``). A valid case of a writing op
    that a declared crash covers runs in the quarantine worker (``_quarantined``), so an out-of-bounds
    write cannot touch the next, innocent case; a target that isolates itself restarts its workers
    after such a case instead."""
    name = worker_name(target, case)
    quarantined = name.endswith(QUARANTINE)
    tainted = quarantined and isolation.alive(name)  # earlier covered cases ran there
    before = list(history.log(name)) if isolation.alive(name) else []  # the calls a death may need
    first = _call_once(target, case, name)
    if tainted and _undeclared(target, case, first):  # judged only in a process no earlier write can have
        isolation.close(name)                         # touched: a fresh quarantine process runs it again
        first = _call_once(target, case, name)
    declared_crash = target.declared(("crash",), case) is not None
    valid = first.kind in ("timeout", "rejection", "crash") and not case_violations(case)

    def unhidden(seen: outcome.Outcome) -> outcome.Outcome:
        return crashes.unhidden(target, case, seen, name, valid, TARGET_TIMEOUT, FIRST_CALL_GRACE, before)

    if first.kind == "timeout":
        _HUNG.add(target.name)
        if target.declared(("timeout",), case) is None:  # an unexpected run timeout stands only if a
            stuck = crashes.IN_HANDLER.search(first.message)  # fresh worker times out too (in a fatal signal's
            bare = unhidden(first) if stuck else first         # handler: alone with default handling first)
            if bare.kind == "crash":
                return bare
            again = _call_once(target, case, name) if stuck else unhidden(_call_once(target, case, name))
            if stuck and again.kind not in ("timeout", "crash"):  # a death its handler hid, gone alone
                return crashes.not_recurring(target, case, first, again, before, fresh)
            return again
    if first.kind == "rejection" and valid and not declared_crash:
        return unhidden(first)
    if first.kind == "crash" and not declared_crash:  # a declared crash is expected here: no second try
        again = _call_once(target, case, name)
        if again.kind == "crash":
            return unhidden(again)
        hidden = unhidden(again)
        if hidden.kind == "crash":
            return hidden
        return crashes.not_recurring(target, case, first, again, before, fresh)  # (the death alone did not recur)
    elif declared_crash and target.restart_after_crash and case.op in WRITING_OPS and not case_violations(case) \
            and not quarantined:
        # a survived crash on valid input of an op that writes by index may have written out of bounds
        # (XLA's DynamicUpdateSlice does): the workers this backend's targets use restart. A gather or
        # an elementwise op only reads by index; invalid input is refused by checks, not memory errors;
        # restarting after each such case would cost a worker start (jax: about 1.7 s) per case.
        isolation.close(f"target:{target.backend}", target.backend)
    return first


def fresh(call: history.Call, before: list = ()) -> outcome.Outcome:
    """``call``'s outcome in a fresh process after ``before``, under this run's limits as they are now."""
    return history.fresh_outcome(call, before, timeout=TARGET_TIMEOUT, grace=FIRST_CALL_GRACE)


def _quarantined(target: Target, case: Case) -> bool:
    """Whether ``case`` runs in the target's quarantine worker: a valid case of an op that writes by
    index, which a declared crash covers (so it may write out of bounds and live). Those cases share
    a process of their own, and the worker the target's other cases use keeps running (and keeps its
    compiled programs) instead of restarting after each: OpenVINO's ci run started 1,979 processes."""
    return target.isolated and target.restart_after_crash and case.op in WRITING_OPS \
        and target.declared(("crash",), case) is not None and not case_violations(case)


def _undeclared(target: Target, case: Case, result: outcome.Outcome) -> bool:
    verdict = judge(case, result)
    return verdict.diverges and target.declared(verdict.classes, case, verdict.value) is None


def _call_once(target: Target, case: Case, name: str | None = None) -> outcome.Outcome:
    """Run ``target`` on ``case`` (in its backend's worker process when the target is isolated;
    ``name``: that worker's, where the caller has it: ``worker_name(target, case)``)."""
    kwargs = target.call_kwargs(case)
    this = history.Call(target.backend, target.name, case)
    if not target.isolated:
        history.record(f"inproc:{target.backend}", this, fresh_process=False)
        return outcome.run(lambda **kw: outcome.guarded_call(target.fn, kw, case.layout_kwargs()), kwargs)

    name = name or worker_name(target, case)
    w = isolation.worker(name)
    seen = _SEEN.setdefault(name, set())
    fresh = w.proc is None or w.proc.poll() is not None
    if fresh:
        seen.clear()  # a fresh process compiles everything again
    signature = (target.name, case.signature())

    hang_declared = target.declared(("timeout",), case) is not None

    def remote(**kw):
        return w.call("conformance.running.registry", "call_target",
                      {"backend": target.backend, "name": target.name, "kwargs": kw, "device": runtime.device(),
                       "layouts": case.layout_kwargs()},
                      timeout=min(TARGET_TIMEOUT, DECLARED_HANG_WAIT) if hang_declared else TARGET_TIMEOUT,
                      grace=FIRST_CALL_GRACE if grace else 0.0)

    grace = signature not in seen and target.name not in _HUNG and compile_grace.grants(target)
    if fresh and not grace:  # no grace to cover the backend's import: made before the limit starts (under load
        history.preload(w, [this])  # it alone overran a 1 s limit: a hang called where there was none)
    result = outcome.run(remote, kwargs)
    history.record(name, this, fresh_process=fresh)
    if result.kind in ("value", "rejection"):
        compile_grace.observe(target, signature, w.last_run_seconds, signature not in seen, w.last_compile_seconds)
    elif result.kind == "timeout" and signature not in seen and not grace:
        result = replace(result, message=result.message + compile_grace.hint(target))
    seen.add(signature)
    COMPILE_SECONDS[target.name] += w.last_compile_seconds
    return result


# a timeout or crash seen once in a property and declared with a condition: later cases of the property
# that the same declaration covers are counted as seen and not run (each would cost a timeout or a restart)
SKIPPED_AFTER_DECLARED = ("timeout", "crash")


def skips_after(dev) -> bool:
    """Whether a declared timeout/crash, once seen, stands in for later cases: only where its ``when``
    condition says which cases it predicts (a declaration without one predicts nothing in particular)."""
    return dev is not None and bool(getattr(dev, "when", None))


# target name -> (class, declaration) of each declared timeout or crash with a condition seen in this
# process: the target's later cases the declaration covers, in any property, are counted and not run
_DECLARED_HANGS: dict[str, list] = {}


def seen_hang(target: Target, case: Case) -> str | None:
    """The class of a declared timeout/crash this process has seen on ``target`` whose declaration
    covers ``case`` too (the case is then not run), else None."""
    for cls, dev in _DECLARED_HANGS.get(target.name, ()):
        if target.declared((cls,), case, None) is dev:
            return cls
    return None


def note_hang(target: Target, case: Case, verdict: Verdict) -> None:
    """Remember ``verdict`` where it is a declared timeout/crash that ``skips_after`` lets stand in."""
    dev = target.declared(verdict.classes, case, verdict.value) if verdict.cls in SKIPPED_AFTER_DECLARED else None
    if skips_after(dev):
        _DECLARED_HANGS.setdefault(target.name, []).append((verdict.cls, dev))


SAME_PROCESS_RUNS = 2  # calls per case in one process (a nondeterministic kernel shows as two results)
NOT_RECHECKED = ("crash", "timeout", "compile-timeout", "spec-inconsistency", "history-dependent",
                 "mutates-input")  # a fresh process would judge these on what they are not about
# (target, case id) -> the cases of the batch a divergence showed only in (``batch_verdict``): not re-checked
# in a fresh process (alone, it conforms: the batch is its repro)
BATCH_ONLY: dict[tuple[str, str], list] = {}


QUARANTINE = ":quarantine"  # suffix of the worker a target's quarantined cases run in


def worker_name(target: Target, case: Case | None = None) -> str:
    """The worker ``target`` runs ``case`` in (its history log's name too); with ``case``, the
    quarantine worker where ``_quarantined`` says so."""
    if not target.isolated:
        return f"inproc:{target.backend}"
    return f"target:{target.backend}" + (QUARANTINE if case is not None and _quarantined(target, case) else "")


def check_case(target: Target, case: Case, runs: int = SAME_PROCESS_RUNS) -> Verdict:
    """Judge ``target`` on ``case``: called ``runs`` times in one process (differing results are
    ``nondeterministic``); the verdict carries the target's value (``Verdict.value``: declaration models
    read it). A divergence that is to be reported is re-run in a fresh process first (``recheck_fresh``)."""
    first = call(target, case)
    if first.kind == "adapter-error":
        BROKEN[target.name] = first.message
        raise outcome.TargetBroken(f"{target.name}: adapter error, not a verdict about the backend: {first.message}")
    if first.kind == "unavailable":
        UNAVAILABLE[target.name] = first.message
        raise outcome.TargetCannotRun(cannot_run_line(target))
    verdict = _judged(target, case, first, runs)
    if first.kind == "value":  # (a conforming value too: the report records it where the spec leaves it open)
        verdict = replace(verdict, value=first.value)
    return verdict


def on_probe(target: Target, case: Case, verdict: Verdict, runs: int = SAME_PROCESS_RUNS) -> tuple[Case, Verdict]:
    """(case, verdict) to report for an undeclared divergence whose class was decided on a probe
    (``Verdict.probe``: the drawn case itself may show only declared behaviour): the probe judged on its
    own where it diverges undeclared there too, so the seed, replay and script hold a case that shows the
    bug; else the drawn case as it was."""
    probe = verdict.probe
    alone = check_case(target, probe, runs)
    if alone.diverges and target.declared(alone.classes, probe, alone.value) is None:
        kind = probe.meta.get("probe", "")
        return probe, replace(alone, detail=f"{alone.detail} [shown on a probe ({kind} indices) of drawn case "
                                            f"{case.id}, whose own result the declarations cover]", probe=None)
    return case, verdict


def cannot_run_line(target: Target) -> str:
    """The one line for a target whose backend found at run time that it cannot run on this machine."""
    return f"{target.name}: backend {target.backend} cannot run on this machine: {UNAVAILABLE[target.name]} (not a verdict)"


def recheck_fresh(target: Target, failure: "UndeclaredDivergence") -> "UndeclaredDivergence | None":
    """The failure to report after running its case in a fresh process: the same one where the
    divergence shows there too, a ``history-dependent`` one where it does not (None where that is
    declared). Done once per reported failure, not per diverging case: a fresh process costs seconds."""
    verdict, case = failure.verdict, failure.case
    if verdict is None or case is None or verdict.cls in NOT_RECHECKED or not target.isolated \
            or (target.name, case.id) in BATCH_ONLY:
        return failure
    again = fresh_verdict(target, case, verdict, failure.before)
    if again is verdict:
        return failure
    if target.declared(again.classes, case, again.value) is not None:
        return None
    return _failure(target, case, again, failure.before)


def fresh_verdict(target: Target, case: Case, verdict: Verdict, before: list) -> Verdict:
    """``verdict`` if a fresh process shows the divergence too, else ``history-dependent`` (with the
    shortest sequence of the ``before`` calls that brings it back). A ``nondeterministic`` verdict (two
    runs in a row differed) stands where two runs in a fresh process differ too, or where no earlier
    calls bring the divergence back: one bug, one class, whichever property met it."""
    this = history.Call(target.backend, target.name, case)
    if verdict.cls == "nondeterministic":  # two runs in a row differed: do they in a fresh process too?
        a, b = history.fresh_outcomes(this, timeout=TARGET_TIMEOUT, grace=FIRST_CALL_GRACE)
        if a.kind != "value" or b.kind != "value" or not same_values(a.value, b.value) or judge(case, a).diverges:
            return verdict
        before = before + [this]  # the first run of the two, then the one that differed
    elif judge(case, fresh(this)).diverges:
        return verdict
    seq = history.shortest_history(this, before, lambda o: judge(case, o).diverges, run=fresh) \
        or _other_values_first(this)
    if verdict.cls == "nondeterministic" and not seq:
        return verdict  # no earlier calls bring it back: nondeterministic, as first seen
    if seq:
        calls = "; ".join(f"{c.target} on {c.case.describe()}" for c in seq[:3]) + (" ..." if len(seq) > 3 else "")
        detail = f"gone in a fresh process; back after {len(seq)} earlier call(s): {calls}. In-run: {verdict.detail}"
    else:
        detail = f"gone in a fresh process, and replaying the {len(before)} earlier calls there did not bring it back. " \
                 f"In-run: {verdict.detail}"
    return Verdict("history-dependent", detail, clause="a target is a function of its inputs, whatever ran before",
                   expected=verdict.expected, observed=verdict.observed, value=verdict.value, also=(verdict.cls,),
                   history=tuple(seq))


OTHER_VALUES_FIRST = 4  # calls of the case's signature with other values tried before it, at most


def _other_values_first(this: history.Call) -> list:
    """The shortest run of calls of ``this`` case's signature with other values (``constructed.value_variant``)
    after which it diverges in a fresh process, or []: where the calls logged before it no longer hold the
    ones that mattered (Hypothesis replayed the shrunk case after its own calls), a ring of buffers or a
    cache of the signature still shows this way."""
    from conformance.running.constructed import value_variant

    calls = [history.Call(this.backend, this.target, value_variant(this.case, j)) for j in range(1, OTHER_VALUES_FIRST + 1)]
    for n in range(1, len(calls) + 1):
        if judge(this.case, fresh(this, calls[:n])).diverges:
            return calls[:n]
    return []


def _failure(target: Target, case: Case, verdict: Verdict, before: list) -> "UndeclaredDivergence":
    """The failure for an undeclared divergence, noting declarations measured on other releases."""
    failure = UndeclaredDivergence(describe_divergence(target, case, verdict), case, verdict, before)
    for dev in target.out_of_release(verdict.classes, case, verdict.value):
        failure.add_note(f"declared for {dev.package} {dev.versions} ({dev.reason[:80]}), seen on "
                         f"{dev.package} {installed_version(dev.package)}: not excused")
    return failure


def _judged(target: Target, case: Case, first: outcome.Outcome, runs: int) -> Verdict:
    if first.history:  # a death that needs the earlier calls (``crashes``)
        return crashes.history_verdict(first)
    verdict = judge(case, first)
    if first.mutated:
        return _mutates(first, verdict)
    if first.kind == "value" and (runs >= 2 or schedule_matters(case)):
        for _ in range(max(runs, 2) - 1):  # at once, in the same process: nothing else ran in between
            again = call(target, case)
            if again.history or again.kind == "crash":  # the first run left the process to die on the second
                return crashes.history_verdict(again) if again.history else judge(case, again)
            if again.kind != "value" or not same_values(first.value, again.value):
                return _nondeterministic(first, again)
    if verdict.cls in CONFIRMABLE:
        verdict = confirm(case, first, verdict, lambda probe: call(target, probe))
    return verdict


def _mutates(first: outcome.Outcome, verdict: Verdict) -> Verdict:
    return Verdict("mutates-input", f"the target wrote into its input {', '.join(first.mutated)}",
                   clause="a target's inputs are values: the caller's arrays stay unchanged",
                   expected=verdict.expected, observed=verdict.observed)


def _nondeterministic(first: outcome.Outcome, again: outcome.Outcome) -> Verdict:
    return Verdict("nondeterministic", "two runs on the same case differ", clause="a correct target is a function of "
                   "its inputs", expected=first.brief(), observed=again.brief())


# declared classes whose cases run alone: a batch with one would hang or fail whole; a declared crash of an op
# that writes by index too (an out-of-bounds write could land in another case's result); a declared crash of a
# read stays in (a read out of bounds harms no other case, and dies rarely: iree declares one on most gathers)
BATCH_BREAKERS = ("timeout", "rejects-valid", "error")


def batched_run(target: Target, label: str, cases: list[Case]) -> batches.Batched | None:
    """The batches of edge run ``label``'s ``cases`` where the target has a batch entry and batches are on
    (``batches.batchable``), else None. A case ``BATCH_BREAKERS`` covers, or one that runs in the quarantine
    worker, is left out: it runs alone (a batch with it would be split down to it)."""
    if not batches.batchable(target, label):
        return None
    return _batched(target, cases)


def _batched(target: Target, cases: list[Case], key=id) -> batches.Batched:
    kept = [c for c in cases if not _quarantined(target, c) and not breaks_batch(target, c)]
    # (a case whose declared crash was seen on another case runs alone: ``seen_hang`` then stands in for it)
    return batches.Batched(target, kept, lambda c: worker_name(target, c), key=key,
                           alone=lambda c: seen_hang(target, c) is not None,
                           suspect=lambda c: target.declared(("crash", "timeout"), c) is not None)


def drawn_batches(target: Target, kind: str, draws: "Draws", sink, runs: list) -> batches.Batched | None:
    """The batches of the drawn runs of ``runs`` that go in batches (``batches.drawn_batchable``, seeded:
    ``drawn_seeded``), else None. Each such run is drawn once first with a body that only keeps its cases (as
    the run judges them: ``expanded``); the judging runs draw the same cases next, in order, and each is answered
    from its batch as they ask (known by ``Case.id``; batches span runs, so a run of four cases shares a compile
    with the next). A case a judging run draws that the first pass did not (Hypothesis shrinking a failure) runs
    alone, through the one-case path."""
    if not batches.drawn_batchable(target, kind):
        return None
    cases: list[Case] = []
    for label, strat, n, sets in runs:
        if isinstance(strat, list) or not drawn_seeded(draws, sink, label):
            continue
        def keeping(label: str = label, sets: int = sets):
            def keep(case: Case) -> None:
                cases.extend(expanded(target, kind, label, sets, draws, case))
            return keep
        try:
            with profiles.module_independent_draws():
                drawn_test(target, draws, sink, label, strat, n, keeping(), collect=True)()
        except HypothesisException:  # (what stops drawing, an unsatisfiable strategy: the judging run meets it)
            continue
    return _batched(target, list({c.id: c for c in cases}.values()), key=lambda c: c.id) if cases else None


def breaks_batch(target: Target, case: Case) -> bool:
    """Whether a declaration of a class in ``BATCH_BREAKERS`` (and, for an op that writes by index, ``crash``)
    covers ``case`` as a class the case can have: a refusal of it is judged as the engine would judge one
    (``error`` where it has an index out of bounds, ``rejects-valid`` where not), so a declared refusal of
    out-of-bounds indices, stated for every case (no condition), keeps the cases with none in their batches.
    A target names its own breakers (``Target.batch_breakers``) where its batch entry answers a case's refusal
    for that case alone."""
    refused = judge(case, outcome.Outcome("rejection", error_type="Refused")).cls
    breakers = BATCH_BREAKERS if target.batch_breakers is None else target.batch_breakers
    classes = tuple(c for c in breakers if c not in ("rejects-valid", "error") or c == refused)
    return target.declared(classes + (("crash",) if target.op in WRITING_OPS else ()), case) is not None


def batch_verdict(target: Target, case: Case, got: tuple, runs: int, batched: batches.Batched) -> Verdict:
    """The verdict of ``case`` from its outcomes in a batch (``got``: one per call of the batch), judged alone as
    ``check_case`` judges one: two results that differ are ``nondeterministic``, an input written into
    ``mutates-input``. A divergence runs again alone through the one-case path (``check_case``), whose verdict
    is the case's where it diverges too; one that shows only in the batch keeps the batch's class, its detail
    says so (``batch-only``) and names the batch, saved as the case's batch repro (``batches.save_batch``)."""
    first = got[0]
    if first.kind not in ("value", "rejection", "unsupported"):  # (not from a batch: a batch's death splits it)
        return check_case(target, case, runs)
    verdict = judge(case, first)
    differing = [a for a in got[1:] if first.kind == "value" and (a.kind != "value" or not same_values(first.value, a.value))]
    if first.mutated:
        verdict = _mutates(first, verdict)
    elif differing:
        verdict = _nondeterministic(first, differing[0])
    if first.kind == "value":
        verdict = replace(verdict, value=first.value)
    if not verdict.diverges:
        return verdict
    alone = check_case(target, case, runs)
    if alone.diverges:
        return alone
    cases = batched.batch(case)
    BATCH_ONLY[(target.name, case.id)] = cases
    path = batches.save_batch(target, case, cases, runtime.seed_dir())
    ids = ", ".join(c.id for c in cases[:8]) + (" ..." if len(cases) > 8 else "")
    return replace(verdict, detail=f"batch-only: {verdict.detail} [shown only in a batch of {len(cases)} cases "
                                   f"({ids}); alone, in the one-case path, the case {alone.cls}s; the batch's "
                                   f"cases: {path or 'the ids above'}]")


DUPLICATE_RUNS = 3  # calls per case in the "duplicates" property
DUPLICATE_EXAMPLES = 4  # cases per target in the "duplicates" property (each is large)


EDGE_EXAMPLES = 4  # fixed-seed examples per edge scenario (the same cases on every run)
PAIR_EDGE_EXAMPLES = 2  # per meeting pair (every write is that pair: a couple of structures suffice)
INVALID_EDGE_EXAMPLES = 24  # fixed-seed invalid cases before the random ones
STATEFUL_EDGE_EXAMPLES = 4  # fixed-seed cases of the stateful property (each runs after its sibling)
STATEFUL_EXAMPLES = 6  # random cases of the stateful property at most
LAYOUT_EDGE_EXAMPLES = 2  # fixed-seed cases per memory layout the target takes (conformance.core.layouts)
CORNER_EDGE_EXAMPLES = 2  # fixed-seed cases per corner run of the op (OpSpec.corners_ref)


def edge_runs(target: Target, kind: str) -> list[tuple[str, object, int]]:
    """The edge phase of a property: (label, strategy, examples) runs, each with its own fixed seed
    (``edge_seed``), so every run draws the same edge cases. Valid cases: one run per boundary
    scenario of the target's region, leaving out cases that read or write nothing
    (``ops.substantive``) and, for index scenarios, cases without an index value (``ops.indexed``);
    invalid cases: one run over the labels; the duplicate-heavy property has none."""
    if kind == "valid":
        runs = []
        for forced in ops.edge_scenarios(target):
            forced = dict(forced)
            examples = forced.pop("edge_examples", None)  # a run whose one case covers its scenario whole
            keep = forced.pop("edge_keep", None)  # "zero-size": the run is for cases with an empty array
            strategy = ops.valid_cases(target, **forced).filter(ops.zero_size if keep == "zero-size" else
                                                                ops.substantive)  # an empty case shows nothing
            if forced.get("index_scenario") not in (None, "ordinary", "distinct") or "needs" in forced:
                strategy = strategy.filter(ops.indexed)  # an index scenario needs an index value
            n = examples or (PAIR_EDGE_EXAMPLES if "value_pair" in forced else EDGE_EXAMPLES)
            runs.append((f"edge:{','.join(f'{k}={v}' for k, v in forced.items())}", strategy, n))
        # each memory layout the target takes, on a case some array of which it applies to
        return runs + [(f"edge:layout={k}", ops.valid_cases(target).filter(ops.substantive), LAYOUT_EDGE_EXAMPLES)
                       for k in target.layouts if k != "c"] + corner_runs(target, kind)
    if kind == "invalid":
        return [("edge:invalid", ops.invalid_cases(target), INVALID_EDGE_EXAMPLES)] + corner_runs(target, kind)
    if kind == "stateful":  # where constants meet caches (a language-scalar zero), then a few of any kind
        runs = [(label, strategy, n) for label, strategy, n in edge_runs(target, "valid") if "scalar=" in label]
        return runs + [("edge:stateful", ops.valid_cases(target).filter(ops.substantive), STATEFUL_EDGE_EXAMPLES)]
    return []


def corner_runs(target: Target, kind: str) -> list[tuple[str, object, int]]:
    """The op's corner runs (``OpSpec.corners_ref``) of property ``kind`` for ``target``."""
    corners = op_spec(target.op).part("corners")
    return [(f"edge:{label}", strategy, CORNER_EDGE_EXAMPLES)
            for k, label, strategy in (corners(target) if corners else []) if k == kind]


def edge_seed(target: Target, label: str) -> int:
    """The Hypothesis seed of one edge-phase run (and, under the ``ci`` profile, of the random phase):
    a function of (target, property run) only, so pytest, ``conformance report`` and the benchmarks
    draw the same cases, whatever the code around them."""
    return int.from_bytes(hashlib.sha256(database_key(target, label)).digest()[:8], "big")


def database_key(target: Target, label: str) -> bytes:
    """One Hypothesis database key per (target, property run): a failure saved for one target is never
    replayed into another."""
    return f"{target.backend}|{target.name}|{target.op}|{label}".encode()


def _save_seed(target: Target, failure: UndeclaredDivergence) -> None:
    """Write the (shrunk) failing case as a seed file in ``runtime.seed_dir()`` and say where, so
    ``conformance repro``/``replay`` take it as it is."""
    if not runtime.seed_dir() or failure.case is None:
        return
    from conformance.running.seeds import make_seed, seed_path

    path = make_seed(target.backend, target.name, failure.verdict.cls, failure.case, failure.verdict.history,
                     target.excused(failure.case, failure.verdict.value)).save(
        seed_path(runtime.seed_dir(), target.name, failure.verdict.cls, failure.case))
    failure.add_note(f"seed file: {path}  (conformance repro {path} > repro.py; conformance replay {path})")


def _reported(target: Target, e: Exception) -> "UndeclaredDivergence | None":
    """What a failed property reports: its divergence re-checked in a fresh process. A ``FlakyFailure``
    (Hypothesis could not bring the divergence back by replaying the case) is re-checked the same way:
    it is a divergence that needs the calls made before it."""
    if isinstance(e, FlakyFailure):
        found = [x for x in e.exceptions if isinstance(x, UndeclaredDivergence)]
        if not found:
            raise e
        e = found[0]
    failure = recheck_fresh(target, e)
    if failure is not None and failure.case is not None and failure.verdict is not None \
            and failure.verdict.cls in NARROWED:
        case, verdict = narrowed(target, failure.case, failure.verdict)
        if case is not failure.case:
            failure = _failure(target, case, verdict, failure.before)
    note = shapes_note(target, failure.case, failure.verdict) if failure is not None else ""
    if note:
        failure.add_note(note)
    return failure


NARROWED = ("crash", "timeout")  # classes whose case is narrowed to the element or index vector that shows them
# cases per target narrowed in a process, at most: crashes (each costs a worker start per crashing half),
# timeouts (each half that hangs costs the run limit)
NARROWINGS = {"crash": 3, "timeout": 1}
_NARROWED: dict[tuple[str, str], tuple[Case, Verdict]] = {}  # (target, case id) -> what narrowing gave


def narrowed(target: Target, case: Case, verdict: Verdict) -> tuple[Case, Verdict]:
    """(case, verdict) of a ``crash`` or ``timeout`` narrowed to the smallest sub-case that still shows it
    (``narrowing``: the element, the index vector), judged again alone; the verdict's detail says which part
    of the drawn case it is. The case as it was where it has one element or no part fails alone."""
    key = (target.name, case.id)
    if key in _NARROWED:
        return _NARROWED[key]
    done = sum(k[0] == target.name and v[1].cls == verdict.cls for k, v in _NARROWED.items())
    if narrowing.units(case) <= 1 or done >= NARROWINGS[verdict.cls]:
        return case, verdict
    hidden = "default signal handling" in verdict.detail  # shown only with the framework's handlers set aside
    kind = reference.kind(target, case, verdict)  # against a reference release: a part of the same kind (a crash
    # both releases have, not another element's crash the reference no longer has), else its seed shows another

    def still(sub: Case) -> bool:
        got = crashes.bare_outcome(target, sub, TARGET_TIMEOUT, FIRST_CALL_GRACE) if hidden else _call_once(target, sub)
        return got.kind == verdict.cls and (kind is None or reference.kind(target, sub, judge(sub, got)) == kind)

    sub, spans = narrowing.narrow(case, still, narrowing.TRIES if verdict.cls == "crash" else HANG_TRIES)
    result = (case, verdict)
    if sub is not case:
        again = check_case(target, sub, 1)
        if again.cls == verdict.cls and target.declared(again.classes, sub, None) is None:
            result = (sub, replace(again, detail=f"{again.detail} [narrowed to {narrowing.where(case, sub, spans)} "
                                                 f"of case {case.id}: {case.describe()}]"))
    _NARROWED[key] = result
    return result


HANG_TRIES = 10  # sub-cases tried when narrowing a timeout (each that hangs costs the run limit)


def shapes_note(target: Target, case: Case | None, verdict: Verdict | None) -> str:
    """For a target that takes ``dynamic_shapes``: whether the divergence shows only with dynamic shapes, only
    with static ones, or with both (the same case run the other way; a verdict's class is not changed)."""
    if case is None or verdict is None or not target.takes_dynamic_shapes or verdict.cls in NOT_RECHECKED:
        return ""
    twin = replace(case, dynamic=not case.dynamic)
    other = judge(twin, call(target, twin))
    this, that = ("dynamic", "static") if case.dynamic else ("static", "dynamic")
    if other.diverges:
        return f"with {that} shapes too ({other.cls})"
    return f"only with {this} shapes: the same case compiled with {that} shapes conforms"


@dataclass(frozen=True)
class Draws:
    """What one run draws: the Hypothesis ``profile`` (dev, ci, nightly), the random examples per
    property (``examples``; None: the profile's count for the target) and the random phase's ``seed``
    (None: fixed per (target, run) under ``ci``, new draws otherwise). Edge phases always draw the same."""
    profile: str = "dev"
    examples: int | None = None
    seed: int | None = None

    @classmethod
    def current(cls) -> "Draws":
        """The loaded Hypothesis profile and ``--examples`` (pytest's settings)."""
        return cls(settings.get_current_profile_name(), runtime.examples())

    def fixed(self, label: str) -> bool:
        """Whether run ``label`` draws the same cases on every run and machine (no example database)."""
        return label.startswith("edge:") or profiles.fixed_draws(self.profile)

    def random_examples(self, target: Target, kind: str) -> int:
        """The random phase's examples of property ``kind`` of ``target``."""
        profiles.register()
        n = self.examples or profiles.random_examples(target.backend, target.op, self.profile) \
            or settings.get_profile(self.profile).max_examples
        if kind == "duplicates":
            return min(n, DUPLICATE_EXAMPLES)
        if kind == "stateful":
            return min(n, profiles.stateful_examples(self.profile) or STATEFUL_EXAMPLES)
        return n


class Raise:
    """The default sink: stop at the first undeclared divergence, which Hypothesis then shrinks; the engine
    re-checks it in a fresh process and writes its seed. The suite's own tests and the benchmarks need no more
    (a wrong target judged to the end of every run costs 4 to 12 times as long); pytest's properties judge every
    case instead (``Gather``)."""
    quiet = False  # Hypothesis prints the falsifying example and the health checks fail the run
    logs = True  # the judged cases go to ``CASE_LOG``

    def judged(self, target: Target, case: Case, verdict: Verdict, dev, before: list) -> None:
        if verdict.diverges and verdict.cls not in SPEC_CLASSES and dev is None:
            raise _failure(target, case, verdict, before)

    def skipped(self, target: Target, case: Case, cls: str) -> None:
        """A case a declared hang seen before stands in for (not run)."""


class StopOn(Raise):
    """``Raise`` narrowed to one report group: stop on the first undeclared divergence of class ``cls`` and
    clause ``clause``, which Hypothesis then shrinks as it shrinks pytest's failure (``conformance report``
    shows that case as the group's example). Silent, and its cases are not logged as judged: they repeat
    a run already made."""
    quiet, logs = True, False

    def __init__(self, cls: str, clause: str):
        self.cls, self.clause = cls, clause

    def judged(self, target: Target, case: Case, verdict: Verdict, dev, before: list) -> None:
        if verdict.diverges and dev is None and (verdict.cls, verdict.clause) == (self.cls, self.clause):
            raise _failure(target, case, verdict, before)


def group_key(case: Case, verdict: Verdict) -> tuple[str, str, bool]:
    """A divergence's group, as the report groups them: class, clause, and dynamic shapes apart."""
    return verdict.cls, verdict.clause, bool(case.dynamic)


class Gather(Raise):
    """What pytest's properties do with a verdict: judge every case of the property, and keep each
    undeclared divergence instead of stopping at the first: the first ``CASES`` cases of each distinct group
    (``group_key``), first found first. When the property ends, ``run_property`` fails with every group
    (``all_groups``): the first shrunk by Hypothesis as before, each with its seed file. So a second bug of a
    target (or one met later, in the random phase) is judged and named whatever the first one was."""
    quiet, logs = False, True
    CASES = 3  # cases kept per group: the first one a fresh process still shows is the group's
    # undeclared classes after which the property judges nothing more: each later case of such a target may wait
    # out a hang or replay a history (minutes a case where a handler sleeps); ``conformance report`` judges them all
    STOPS = ("timeout", "compile-timeout", "history-dependent")

    def __init__(self):
        self.stopped = ""  # the class that stopped the judging (``STOPS``), if one did
        self.groups: dict[tuple, list] = {}  # group -> [(case, verdict, earlier calls, run label)]
        self.label = ""  # the run being judged (``run_property`` sets it)
        self.drawn: set[str] = set()  # runs Hypothesis drew (their first case can be shrunk by running again)
        self.seeds: dict[str, int] = {}  # random run -> the seed it drew with (a run again draws the same)

    def judged(self, target: Target, case: Case, verdict: Verdict, dev, before: list) -> None:
        reference.record(target, case, verdict, dev is not None)
        if verdict.diverges and verdict.cls not in SPEC_CLASSES and dev is None:
            kind = reference.kind(target, case, verdict)  # (None: no reference release)
            found = self.groups.setdefault((kind, *group_key(case, verdict)), [])
            if len(found) < self.CASES:
                found.append((case, verdict, list(before), self.label))
            if verdict.cls in self.STOPS:
                self.stopped = verdict.cls


class Shrink(StopOn):
    """``StopOn`` for pytest's first group: run one run of the property again (its cases drawn as the first
    time: ``seeds``) to the group's first case, which Hypothesis shrinks and prints as it always has."""
    quiet = False

    def __init__(self, cls: str, clause: str, seeds: dict[str, int], kind: str | None = None):
        super().__init__(cls, clause)
        self.seeds, self.kind = seeds, kind

    def judged(self, target: Target, case: Case, verdict: Verdict, dev, before: list) -> None:
        if verdict.diverges and dev is None and (verdict.cls, verdict.clause) == (self.cls, self.clause) \
                and reference.kind(target, case, verdict) == self.kind:  # (against a reference: of its kind too)
            raise _failure(target, case, verdict, before)


def all_groups(target: Target, kind: str, draws: "Draws", sink: Gather) -> "UndeclaredDivergence | None":
    """The failure of a property that met undeclared divergences: the first group's (shrunk by Hypothesis
    where a drawn run met it, else its first case), each group re-checked in a fresh process as before and
    with its seed file written; with notes naming every other group (class, clause, first case, seed file).
    None where the fresh recheck leaves none (history-dependent, and declared so)."""
    reported: list[UndeclaredDivergence] = []
    # against a reference release, the groups of the kind that fails first (``reference.fails``), in the order met
    ordered = sorted(sink.groups.items(), key=lambda item: not reference.fails(item[0][0]))
    for (ref_kind, cls, clause, _), found in ordered:
        failure = None
        if not reported and reference.fails(ref_kind) and found[0][3] in sink.drawn and cls not in UNSHRUNK:
            failure = _shrunk(target, kind, draws, sink, cls, clause, found[0][3], ref_kind)
        for case, verdict, before, _label in found:
            if failure is not None:
                break
            failure = _reported(target, _failure(target, case, verdict, before))
            if failure is not None:
                _save_seed(target, failure)
        if failure is None or failure.case is None or failure.verdict is None:
            continue
        failure.reference_kind = ref_kind
        if all((f.reference_kind, *group_key(f.case, f.verdict)) != (ref_kind, *group_key(failure.case, failure.verdict))
               for f in reported):
            reported.append(failure)
    for f in reported:
        reference.found(f.reference_kind, target.name, f.verdict.cls)
    failing = [f for f in reported if reference.fails(f.reference_kind)]
    for f in reported:
        if not reference.fails(f.reference_kind):  # found, not of the kind asked to fail on: said, not failed
            warnings.warn(f"{target.name}: {_group_line(f)} (--fail-on {reference.fail_on()}: not a failure)", stacklevel=2)
    if not failing:
        return None
    first = failing[0]
    first.groups = reported
    ref = reference.current()
    if ref is not None:
        first.add_note(f"reference: {first.reference_kind} against the run in {ref.path} ({reference.releases(ref)})")
    if sink.stopped:
        first.add_note(f"groups: judging stopped at the first undeclared {sink.stopped} (each later case could wait "
                       f"out a hang): the cases after it were not judged; conformance report judges them all")
    if len(reported) > 1:
        first.add_note(f"groups: this property found {len(reported)} distinct undeclared groups (class, clause"
                       f"{', kind against the reference' if ref is not None else ''}); the first failing one is shown "
                       f"above, each has its seed file:")
        for i, f in enumerate(reported, 1):
            first.add_note(f"group {i} of {len(reported)}: {_group_line(f)}")
    return first


def _group_line(f: "UndeclaredDivergence") -> str:
    """One found group in words: its kind against the reference, class, clause, first case and seed file."""
    seed_note = next((n for n in getattr(f, "__notes__", ()) if n.startswith("seed file:")), "no seed file")
    kind = f"[{f.reference_kind}] " if getattr(f, "reference_kind", None) else ""
    return (f"{kind}{f.verdict.cls} ({f.verdict.clause or 'the op'}) — first case {f.case.id}: "
            f"{f.case.describe()[:160]} — {seed_note.split('  (')[0]}")


UNSHRUNK = ("timeout", "compile-timeout")  # each shrinking step would wait out a hang: the first case stands


def _shrunk(target: Target, kind: str, draws: "Draws", sink: Gather, cls: str, clause: str,
            label: str, ref_kind: str | None = None) -> "UndeclaredDivergence | None":
    """Run ``label`` of property ``kind`` again until its first ``cls``/``clause`` divergence (of reference kind
    ``ref_kind``), which Hypothesis shrinks (the failure re-checked, noted and its seed written as any
    property's), or None where the run does not meet it again."""
    try:
        run_property(target, kind, draws, Shrink(cls, clause, sink.seeds, ref_kind), phase=label)
    except UndeclaredDivergence as e:
        return e
    return None


REFUSED: dict[str, set] = {}  # target -> the memory layouts it refuses (in this process)
# what the C-ordered copy of a refused view must not give for the view's refusal to be a layout refused: a
# refusal too, or a death, hang or history of the process (then the refusal was no layout's doing)
UNCLEAN = ("rejects-valid", "error", "crash", "timeout", "compile-timeout", "history-dependent", "nondeterministic")


def refuses_layout(target: Target, case: Case, verdict: Verdict, runs: int) -> bool:
    """Whether ``verdict`` (a rejection of valid ``case``) is the target refusing a memory layout: the same
    case C-contiguous is not refused. Then said once, in one line naming the layout and the module's
    ``LAYOUTS`` setting, and the layout is left out for the target from here on (not a ``rejects-valid``
    verdict per case)."""
    kinds = {k for k in case.layouts.values() if k != "c"}
    if not kinds or "MemoryError" in f"{verdict.detail} {verdict.observed}":  # (memory trouble, not a view refused)
        return False
    plain = check_case(target, replace(case, layouts={}), runs)
    if plain.cls in UNCLEAN or plain.observed.startswith("raised "):  # a clean refusal only: the C-ordered
        return False                                                   # copy answers (it raises under any class)
    if len(kinds) > 1:  # several kinds of view in the case: the ones refused on their own (else all of them)
        kinds = {k for k in kinds if _refused_alone(target, case, k, runs)} or kinds
    REFUSED.setdefault(target.name, set()).update(kinds)
    keep = tuple(k for k in target.layouts if k not in REFUSED[target.name])
    warnings.warn(f"{target.name} refuses {'/'.join(sorted(kinds))} views ({verdict.observed[:120]}); those cases are "
                  f"left out: set LAYOUTS = {keep!r} in its module (or layouts= on @target) to say so",
                  stacklevel=2)
    return True


def _refused_alone(target: Target, case: Case, kind: str, runs: int) -> bool:
    """Whether ``case`` with only its ``kind`` views kept (every other array C-ordered) is refused too."""
    only = {name: [k if k == kind else "c" for k in v] if isinstance(v, list) else (v if v == kind else "c")
            for name, v in case.layouts.items()}
    return check_case(target, replace(case, layouts=only), runs).observed.startswith("raised ")


def recheck(target: Target, case: Case, verdict: Verdict, before: list):
    """An undeclared divergence before it is logged: (verdict, declaration) after running the case in a
    fresh process (``fresh_verdict``), for the classes a fresh process can judge on isolated targets."""
    if (target.name, case.id) in BATCH_ONLY:  # alone it conforms: the batch is what shows it
        return verdict, target.declared(verdict.classes, case, verdict.value)
    if verdict.cls in NOT_RECHECKED or not target.isolated:
        return verdict, None
    verdict = fresh_verdict(target, case, verdict, before)
    return verdict, target.declared(verdict.classes, case, verdict.value)


CASE_LOG = "CONFORMANCE_CASE_LOG"  # a file every judged case's (target, property, run, case id) is appended to


def _log_case(target: Target, kind: str, label: str, case: Case) -> None:
    import os

    path = os.environ.get(CASE_LOG)
    if path:
        with open(path, "a") as f:  # one short line per write: whole lines from parallel workers
            f.write(f"{target.name}\t{kind}\t{label}\t{case.id}\n")


def expanded(target: Target, kind: str, label: str, sets: int, draws: Draws, case: Case) -> list[Case]:
    """The cases a run judges for one case it drew or listed: a share of the valid property's cases with dynamic
    dims (a target that takes them), and random valid cases with their other value sets too."""
    if label == kind == "valid" and target.takes_dynamic_shapes and profiles.runs_dynamic(case.id, draws.profile):
        case = replace(case, dynamic=True)
    return list(ops.with_value_sets(case, sets))


QUIET = (("suppress_health_check", list(HealthCheck)), ("print_blob", False), ("verbosity", Verbosity.quiet))


def drawn_seeded(draws: Draws, sink, label: str) -> bool:
    """Whether drawn run ``label`` draws with a seed (so two runs of it draw alike): a fixed run, given draws'
    seed, or a sink that keeps the seed it drew with (pytest's)."""
    return draws.fixed(label) or draws.seed is not None or hasattr(sink, "seeds")


def drawn_test(target: Target, draws: Draws, sink, label: str, strat, n: int, body, collect: bool = False):
    """Drawn run ``label``'s Hypothesis test of ``strat`` (``n`` examples) with ``body`` as its body. A fixed run:
    its own seed, no database; a random one takes the draws' seed, or draws anew (even where Hypothesis would
    derandomize every profile: it does wherever the CI variable is set), its seed kept where the sink keeps
    seeds (a run again, ``Shrink``, draws the same). ``collect``: the quiet first pass of a run in batches, with
    no example database (a pass that never fails would delete the failures saved there)."""
    fixed = draws.fixed(label)
    chosen = {"database": None} if fixed or draws.seed is not None else {"derandomize": False}
    quiet = dict(QUIET) if collect or getattr(sink, "quiet", True) else {}
    changes = {**chosen, **quiet, **({"database": None} if collect else {}), "max_examples": n}
    test = hypothesis_settings(draws.profile, **changes)(given(case=strat)(body))
    test.hypothesis.inner_test._hypothesis_internal_add_digest = database_key(target, label)
    if fixed or draws.seed is not None:
        return seed(edge_seed(target, label) if fixed else draws.seed)(test)
    if hasattr(sink, "seeds"):
        return seed(sink.seeds.setdefault(label, _drawn_seed(target, label)))(test)
    return test


def run_property(target: Target, kind: str, draws: Draws | None = None, sink=None, cases=None,
                 phase: str | None = None) -> Counter:
    """The engine: run property ``kind`` of ``target`` ("valid", "invalid", "duplicates": large
    duplicate-heavy scatter cases each run ``DUPLICATE_RUNS`` times, "stateful": each valid case right
    after a sibling of its signature, ``ops.sibling``) and hand every verdict to ``sink`` (default
    ``Raise``: fail on the first undeclared divergence, as the suite's own tests and benchmarks want; pytest's
    properties pass ``Gather``: judge every case, then fail with every undeclared group).
    A case a declaration excuses whole (a refusal, crash or hang its ``when`` condition names the elements
    of) has its rest judged too (``rest``). ``phase``: run that run alone. The edge phase (``edge_runs``) comes first, then
    the random phase as ``draws`` says (default: the loaded profile); every run with the memory layouts
    the target takes, random valid cases with their value sets. ``cases``: judge these instead of drawing
    (``conformance check``/``replay``). pytest, ``conformance report``, check, replay and the benchmarks
    all run targets here and differ only in their sink. The edge phase's fixed lists go through a target's batch
    entry point where it has one (``batched_run``; each case still judged alone). Returns the classes seen."""
    if target.name in BROKEN:  # said once, by the property that met it; the others have nothing to judge
        raise outcome.TargetBroken(f"{target.name}: adapter error (reported by its first property): {BROKEN[target.name]}")
    if target.name in UNAVAILABLE:
        raise outcome.TargetCannotRun(cannot_run_line(target))
    draws = draws or Draws.current()
    sink = sink or Raise()
    gather = isinstance(sink, Gather)
    runs = DUPLICATE_RUNS if kind == "duplicates" else SAME_PROCESS_RUNS
    seen: Counter = Counter()

    def judge_rest(case: Case, label: str, dev) -> None:
        """The rest of ``case`` without the elements ``dev``'s condition holds on, judged on its own."""
        other = rest.rest_of(case, getattr(dev, "when", "")) if dev is not None and dev.cls in rest.WHOLE_CALL else None
        if other is not None:
            judge(other, label)

    def judge(case: Case, label: str, batched: batches.Batched | None = None) -> None:
        if getattr(sink, "stopped", ""):  # (``Gather.STOPS``: the rest of the property is not judged)
            return
        if getattr(sink, "logs", True):
            _log_case(target, kind, label, case)
        hung = seen_hang(target, case)
        if hung:  # seen once, and the declaration's condition holds: another hang costs seconds
            seen.update((hung,))
            sink.skipped(target, case, hung)
            judge_rest(case, label, target.declared((hung,), case, None))
            return
        if REFUSED.get(target.name, set()) & set(case.layouts.values()):
            return  # a layout the target refuses on every case: said once (``refuses_layout``)
        other = ops.sibling(case) if kind == "stateful" else None
        if other is not None:
            call(target, other)  # same signature, other values: the case must not care
        before = list(history.log(worker_name(target, case)))
        got = batched.outcomes(case) if batched is not None else None  # (None: not in a batch, or alone)
        verdict = batch_verdict(target, case, got, runs, batched) if got else \
            check_case(target, case, 1 if label == "edge:sequence" else runs)  # a sequence: one call each
        # a refusal of a view (whatever class it came to: rejects-valid, or error / wrong-value where the case
        # also has out-of-bounds indices) whose C-ordered copy the target takes: a layout refused, said once
        if verdict.diverges and verdict.observed.startswith("raised ") and refuses_layout(target, case, verdict, runs):
            return
        seen.update(verdict.classes)
        note_hang(target, case, verdict)
        dev = target.declared(verdict.classes, case, verdict.value) if verdict.diverges else None
        if verdict.diverges and dev is None and verdict.probe is not None:
            case, verdict = on_probe(target, case, verdict, runs)
        if verdict.cls in NARROWED and dev is None and not isinstance(sink, Raise):  # (Raise: once, shrunk)
            case, verdict = narrowed(target, case, verdict)
        if "rest_of" in case.meta and verdict.diverges:
            verdict = replace(verdict, detail=f"{verdict.detail} [{rest.describe(case)}]")
        sink.judged(target, case, verdict, dev, before)
        if verdict.diverges:  # (undeclared here: the reference release's declaration hides the same rest there)
            judge_rest(case, label, dev if dev is not None else reference.declared_there(target, case, verdict))

    if cases is not None:
        for case in cases:
            judge(case, "given")
        failure = all_groups(target, kind, draws, sink) if gather and sink.groups else None
        if failure is not None:
            raise failure
        return seen
    planned = [r for r in phases(target, kind, draws) if phase is None or r[0] == phase]
    drawn = drawn_batches(target, kind, draws, sink, planned)  # (None: no drawn run in batches)
    for label, strat, n, sets in planned:
        if getattr(sink, "stopped", ""):
            continue
        if gather:
            sink.label = label
            if not isinstance(strat, list):
                sink.drawn.add(label)

        def judged(label: str = label, sets: int = sets):  # (a function per run: this run's label and sets)
            def conforms(case: Case) -> None:
                for each in expanded(target, kind, label, sets, draws, case):
                    judge(each, label, drawn)
            return conforms

        if isinstance(strat, list):  # constructed cases: each judged as it is (each is its own minimal case)
            def test(strat=strat, label=label, sets=sets) -> None:
                batched = batched_run(target, label, strat)
                for case in strat:
                    for each in expanded(target, kind, label, sets, draws, case):
                        judge(each, label, batched)
        else:
            test = drawn_test(target, draws, sink, label, strat, n, judged())
        try:
            with profiles.module_independent_draws():
                test()
        except (UndeclaredDivergence, FlakyFailure) as e:
            failure = _reported(target, e)
            if failure is None:
                continue  # history-dependent, and declared so
            _save_seed(target, failure)
            if failure is e:
                raise
            raise failure from None
    if kind in ("valid", "invalid") and phase is None:
        relevant = {c for c in target.deviations if (c in INVALID_CLASSES) == (kind == "invalid")}
        UNMATCHED.extend(f"{target.name}: {cls}" for cls in sorted(relevant - set(seen)))
    failure = all_groups(target, kind, draws, sink) if gather and sink.groups else None
    if failure is not None:
        raise failure
    return seen


def _drawn_seed(target: Target, label: str) -> int:
    """The seed of a random run that draws anew: a function of pytest's ``--hypothesis-seed`` and the run where
    one is given (the same seed draws the same cases: two releases compared case by case), else random."""
    from hypothesis import core

    forced = getattr(core, "global_force_seed", None)
    if forced is None:  # (the operating system's: Hypothesis seeds the ``random`` module's state around its tests)
        return random.SystemRandom().getrandbits(64)
    return int.from_bytes(hashlib.sha256(f"{forced}|".encode() + database_key(target, label)).digest()[:8], "big")


def hypothesis_settings(profile: str, **changes) -> settings:
    """The Hypothesis settings of one run: ``profile``'s, with ``changes``."""
    profiles.register()
    return settings(parent=settings.get_profile(profile), **changes)


def phases(target: Target, kind: str, draws: Draws) -> list[tuple[str, object, int, int]]:
    """The runs of one property: (label, strategy, examples, value sets) for the edge phase (first the
    constructed cases, ``running.constructed``: a list instead of a strategy; then the large index batches,
    ``running.large_index``, or the invalid index values, ``running.invalid_values``; last the call sequences),
    then the random phase, each strategy with the memory layouts the target takes (a layout run: that
    layout)."""
    sets = ops.value_sets(target, kind, draws.profile)
    n = draws.random_examples(target, kind)
    built = constructed_cases(target) if kind == "valid" else []
    sequence = call_sequences(target) if kind == "valid" else []
    out = [("edge:constructed", built, len(built), 1)] if built else []
    if built and target.takes_dynamic_shapes:  # the same cases, compiled with dynamic dims: in every profile
        out.append(("edge:dynamic", [replace(c, dynamic=True) for c in built], len(built), 1))
    large = large_index_cases(target) if kind == "valid" else []  # index batches where kernels change path
    out += [("edge:large", large, len(large), 1)] if large else []
    bad = invalid_value_cases(target) if kind == "invalid" else []  # index values a spec makes an error
    out += [("edge:invalid-values", bad, len(bad), 1)] if bad else []
    for label, strat, count in edge_runs(target, kind) + [(kind, ops.STRATEGIES[kind](target), -(-n // sets))]:
        if kind != "invalid":
            strat = with_layouts(strat, target.layouts, label.partition("edge:layout=")[2] or None)
        if label == kind and sequence:  # the call sequences close the edge phase
            out.append(("edge:sequence", sequence, len(sequence), 1))
        out.append((label, strat, count, sets if label == kind else 1))
    return out


class Collect:
    """What ``conformance check``, ``probe`` and ``replay`` do with a verdict: keep it, an undeclared
    divergence after the same fresh-process recheck as everywhere else, to print."""

    def __init__(self):
        self.judgements: list[tuple[Case, Verdict, object]] = []

    def judged(self, target: Target, case: Case, verdict: Verdict, dev, before: list) -> None:
        if verdict.diverges and dev is None and verdict.cls not in SPEC_CLASSES:
            verdict, dev = recheck(target, case, verdict, before)
        self.judgements.append((case, verdict, dev))

    def skipped(self, target: Target, case: Case, cls: str) -> None:
        """Not met: given cases run one by one, in a fresh run."""


def judge_in_batch(target: Target, case_id: str, cases: list[Case]) -> Verdict:
    """The verdict of case ``case_id`` answered in one call of ``target``'s batch entry on ``cases`` (a batch repro
    ``batches.save_batch`` wrote), judged alone as a batch's case is; where the batch fails as a whole (a crash,
    a compile error), that outcome judged against the case. ValueError with one line where it cannot be replayed."""
    at = next((i for i, c in enumerate(cases) if c.id == case_id), None)
    if at is None:
        raise ValueError(f"case {case_id} is not among the batch's {len(cases)} cases")
    if target.batch is None:
        raise ValueError(f"target {target.name} has no batch entry (Target.batch)")
    got = batches.run_batch(target, cases, worker_name(target))
    if not isinstance(got, outcome.Outcome):  # (an Outcome: the batch failed as a whole)
        got = got[at]
        if got is None:
            raise ValueError(f"target {target.name}'s batch entry left case {case_id} to the one-case path: replay "
                             "it with conformance check")
    return judge(cases[at], got)


def judge_given(target: Target, case: Case) -> tuple[Verdict, object]:
    """(verdict, declaration or None) of ``target`` on ``case``, judged by the engine as in any run."""
    sink = Collect()
    run_property(target, "valid", sink=sink, cases=[case])
    _, verdict, dev = sink.judgements[0]  # (the case's own: the rest of a case a declaration excuses follows it)
    return verdict, dev
