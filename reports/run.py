"""``conformance report``: run every (spec op, target) pair and write the divergence report.

Every divergence is appended to ``DIR/log.jsonl`` (flushed and synced) as soon as it is found, and
each finished target gets a ``done`` line, so a run killed at any moment loses at most the case in
flight and ``--resume DIR`` continues it. Targets run in worker processes: an abort is a ``crash``,
a hang a ``timeout``, and the run goes on. At the end the log is folded into ``report.json``
(divergences grouped by target, class and clause, each with its count and an example: for an
undeclared group the case Hypothesis shrank, as pytest would show it, else the smallest logged case;
the example is written as a seed file and, where ``conformance repro`` can write one, a standalone
script), ``report.md`` and ``report.html`` (with ``previous``: what is new, fixed and persisting).
The same seed, profile and versions give the same report.json, ``created`` aside, and so does any
``jobs``: with ``jobs`` > 1 the targets run in that many worker processes (each target resolved
again by backend and name there), all appending to the one log.
"""
from __future__ import annotations

import datetime
import fcntl
import hashlib
import json
import os
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from multiprocessing import get_context
from pathlib import Path

from hypothesis.errors import HypothesisException

from conformance.running import isolation, ops, reference
from conformance.core.case import Case
from conformance.running.registry import Target, loaded_target
from conformance.running.history import Call
from conformance.core.outcome import TargetBroken, TargetCannotRun
from conformance.running.engine import (COMPILE_SECONDS, SPEC_CLASSES, Draws, StopOn, UndeclaredDivergence, check_case,
                                        recheck, run_property)
from conformance.running.seeds import make_seed, versions
from conformance.judging.open_values import changes, lone_values, observed_open, table
from conformance.reports.html import eager_note
from conformance.reports.stages import located
from conformance.reports.triage import root_causes

SCHEMA_VERSION = 1


def _append(log: Path, record: dict) -> None:
    with log.open("a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)  # parallel jobs append to the same log: one whole line at a time
        f.write(json.dumps(record, sort_keys=True) + "\n")
        f.flush()
        os.fsync(f.fileno())


def _records(log: Path) -> list[dict]:
    if not log.exists():
        return []
    out = []
    for line in log.read_text().splitlines():
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:  # a line cut short by a kill: the case in flight, lost
            continue
    return out


FRESH_RECHECKS = 20  # undeclared divergences per target re-run in a fresh process (each costs a process start)


class LogSink:
    """What the report does with a verdict: count it, log every divergence (declared or not, an
    undeclared one re-checked in a fresh process first, ``FRESH_RECHECKS`` per target) and the values
    the spec leaves open, and go on."""

    def __init__(self, log: Path):
        self.log, self.stats, self.open_seen = log, Counter(), set()
        self.undeclared: dict[tuple[str, str], None] = {}  # (class, clause) of undeclared divergences, first seen first

    def skipped(self, target: Target, case: Case, cls: str) -> None:
        self.stats["cases"] += 1  # a declared hang seen once stands in for the later cases it covers
        self.stats["diverges"] += 1

    def judged(self, target: Target, case: Case, verdict, dev, before: list) -> None:
        reference.record_to(self.log.parent / reference.VERDICTS, target, case, verdict, dev is not None)
        for row in observed_open(case, verdict.value) if verdict.value is not None else ():
            if (key := (row["dtype"], row["inputs"])) not in self.open_seen:  # once per target and run
                self.open_seen.add(key)
                _append(self.log, {"kind": "open-value", "target": target.name, "backend": target.backend, **row})
        self.stats["cases"] += 1
        self.stats[verdict.cls if not verdict.diverges else "diverges"] += 1
        if not verdict.diverges:
            return
        if dev is None and self.stats["rechecked"] < FRESH_RECHECKS and verdict.cls not in SPEC_CLASSES:
            self.stats["rechecked"] += 1  # an undeclared divergence: does a fresh process show it too?
            verdict, dev = recheck(target, case, verdict, before)
        if dev is None and verdict.cls not in SPEC_CLASSES:
            self.undeclared.setdefault((verdict.cls, verdict.clause))
        _append(self.log, divergence_record(target, case, verdict, dev))


def divergence_record(target: Target, case: Case, verdict, dev) -> dict:
    """One divergence as the log holds it (``dev``: the declaration that covers it, or None)."""
    eager = {"eager_class": check_case(loaded_target(*target.eager), case).cls} if target.eager else {}
    return {"kind": "divergence", "op": target.op, "target": target.name,
            "backend": target.backend, "class": verdict.cls, "clause": verdict.clause,
            "summary": verdict.detail[:1000], "expected": verdict.expected[:400],
            "observed": verdict.observed[:400], "declared": dev is not None,
            "reason": dev.reason if dev else "", "case": case.to_json(), **eager,
            **({"known": dev.known} if dev and dev.known else {}),
            **({"history": [c.to_json() for c in verdict.history]} if verdict.history else {}),
            **({"model": dev.model} if dev and dev.model else {}),
            **_excused(target, case, verdict, dev),
            **({"unmodelled": True} if dev and dev.blind() else {}),
            **({"reference": kind} if dev is None and (kind := reference.kind(target, case, verdict)) else {})}


SHRUNK_GROUPS = 3  # undeclared groups per target whose example is shrunk (each runs its property again)
UNSHRUNK = ("timeout", "compile-timeout")  # each shrinking step would wait out a hang: the smallest case stands


def shrink(target: Target, kind: str, draws: Draws, cls: str, clause: str, log: Path) -> None:
    """Run property ``kind`` again until its first undeclared ``cls``/``clause`` divergence, let Hypothesis
    shrink it as pytest does, and log the shrunk case (``"shrunk": true``: the group's example, not counted
    again). Where the run does not meet it again (a history-dependent case, a declared one after the fresh
    recheck) or cannot shrink it, the group keeps its smallest logged case."""
    try:
        run_property(target, kind, draws, StopOn(cls, clause))
    except UndeclaredDivergence as e:
        if e.case is not None and e.verdict is not None and (e.verdict.cls, e.verdict.clause) == (cls, clause):
            _append(log, {**divergence_record(target, e.case, e.verdict, None), "shrunk": True})
    except (HypothesisException, TargetBroken):
        return


def run_target(target: Target, log: Path, examples: int | None, seed_value: int, profile: str = "nightly") -> None:
    """Run ``target``'s properties as pytest does (``conformance.running.engine``: the same edge phase,
    layouts, value sets and judging), logging every verdict as it goes; ``examples`` (None: the
    profile's) and ``seed_value`` set the random phase."""
    sink = LogSink(log)
    start = time.monotonic()
    draws = Draws(profile or "nightly", examples, seed_value)
    try:
        for kind in ops.kinds(target):
            known = len(sink.undeclared)
            run_property(target, kind, draws, sink)
            for cls, clause in list(sink.undeclared)[known:SHRUNK_GROUPS]:  # met first in this property
                if cls not in UNSHRUNK:
                    shrink(target, kind, draws, cls, clause, log)
    except TargetBroken as e:  # the target's own code failed: one line for it, no verdicts about the backend
        sink.stats["adapter_error"] = str(e)
    except TargetCannotRun as e:  # the backend cannot run on this machine: an environment line, no group
        sink.stats["cannot_run"] = str(e)
    stats = sink.stats
    _append(log, {"kind": "done", "op": target.op, "target": target.name, "backend": target.backend,
                  "cases": stats["cases"], "conform": stats["conform"], "unsupported": stats["unsupported"],
                  "compile_timeouts": stats["compile-timeout"],
                  "declarations": sum(len(v) for v in target.deviations.values()),
                  "unmodelled_declarations": sum(d.blind() for v in target.deviations.values() for d in v),
                  "compile_seconds": round(COMPILE_SECONDS[target.name], 2),
                  **({"adapter_error": stats["adapter_error"]} if stats["adapter_error"] else {}),
                  **({"unavailable": stats["cannot_run"]} if stats["cannot_run"] else {}),
                  "seconds": round(time.monotonic() - start, 2)})  # in the log only: report.json stays timing-free


def _run_by_name(backend: str, name: str, log: Path, examples: int | None, seed_value: int, device: str = "cpu",
                 profile: str = "") -> None:
    """A job process's task: resolve the target by backend and name, then run it on ``device``."""
    from conformance.core import runtime

    runtime.set_device(device)
    run_target(loaded_target(backend, name), log, examples, seed_value, profile)


def shard(targets: list[Target], k: int, n: int, costs: dict[str, float] | None = None) -> list[Target]:
    """Shard ``k`` of ``n`` (1-based); shards never overlap and together hold every target. Without
    ``costs``: every n-th target in a fixed order. With ``costs`` (target name -> seconds, from an
    earlier run: ``measured_costs``): the costliest target first, each to the shard with the least
    cost so far (a target the earlier run lacks counts as the median), so the slowest shard is
    close to the mean. Every shard computes the same partition from the same costs."""
    ordered = sorted(targets, key=lambda t: (t.op, t.name))
    if not costs:
        return ordered[k - 1::n]
    known = sorted(costs[t.name] for t in ordered if t.name in costs)
    default = known[len(known) // 2] if known else 1.0
    cost = {t.name: costs.get(t.name, default) for t in ordered}
    load, mine = [0.0] * n, []
    for t in sorted(ordered, key=lambda t: -cost[t.name]):  # (stable: ties keep the fixed order)
        i = min(range(n), key=lambda j: (load[j], j))
        load[i] += cost[t.name]
        if i == k - 1:
            mine.append(t)
    return sorted(mine, key=lambda t: (t.op, t.name))


def measured_costs(path: Path) -> dict[str, float]:
    """Seconds per target of an earlier run: its report folder or its ``log.jsonl`` (a merged nightly
    keeps every shard's log; none recorded: empty, and the shards go by count). Raises ``ValueError``
    with the reason where ``path`` is neither."""
    log = path / "log.jsonl" if path.is_dir() else path
    if not log.is_file():
        raise ValueError(f"expected a report folder (with log.jsonl) or a log.jsonl file, got {str(path)!r}")
    return {r["target"]: float(r["seconds"]) for r in _records(log) if r.get("kind") == "done" and "seconds" in r}


def merge(out: Path, parts: list[Path], profile: str, seed_value: int, previous: list[Path] | None = None,
          examples: int | None = None) -> Path:
    """One report from several shard folders: their logs joined, then folded as a single run's."""
    out.mkdir(parents=True, exist_ok=True)
    lines = [line for p in parts for line in (p / "log.jsonl").read_text().splitlines()]
    (out / "log.jsonl").write_text("\n".join(lines) + "\n")
    return write(out, profile, seed_value, previous, examples)


def run(out: Path, targets: list[Target], examples: int | None, seed_value: int, profile: str, resume: bool = False,
        previous: list[Path] | Path | None = None, jobs: int = 1, device: str = "cpu",
        unavailable: list[str] = ()) -> Path:
    """Run ``targets`` into report folder ``out``; ``unavailable``: lines of backends left out because they
    cannot run on this machine (the report lists them, as no group)."""
    out.mkdir(parents=True, exist_ok=True)
    log = out / "log.jsonl"
    if not resume and log.exists():
        log.unlink()
    if not resume:
        reference.start_record(out / reference.VERDICTS)  # every judged case: this folder can be a --reference
    log.touch()  # a shard with no targets still leaves a log for merge
    for line in unavailable:
        _append(log, {"kind": "unavailable", "reason": line})
    done = {r["target"] for r in _records(log) if r["kind"] == "done"}
    todo = [t for t in sorted(targets, key=lambda t: (t.op, t.name)) if t.name not in done]
    progress = _Progress(log, len(done), len(done) + len(todo))
    if jobs <= 1:
        for target in todo:
            run_target(target, log, examples, seed_value, profile)
            progress.step()
    else:
        with ProcessPoolExecutor(jobs, mp_context=get_context("spawn"), initializer=isolation.die_with_parent) as pool:
            pending = {pool.submit(_run_by_name, t.backend, t.name, log, examples, seed_value, device, profile)
                       for t in todo}
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    future.result()  # a job's own error (not a target's) stops the run, as it would with one job
                    progress.step()
    return write(out, profile, seed_value, previous, examples)


class _Progress:
    """Pairs done, divergences so far and time left, on one terminal line (silent when not a terminal)."""

    def __init__(self, log: Path, done: int, total: int):
        self.log, self.done, self.total, self.ran, self.start = log, done, total, 0, time.monotonic()

    def step(self) -> None:
        self.ran += 1
        if not sys.stderr.isatty():
            return
        found = self.log.read_text().count('"kind": "divergence"') if self.log.exists() else 0
        left = (time.monotonic() - self.start) / self.ran * (self.total - self.done - self.ran)
        print(f"\r{self.done + self.ran}/{self.total} pairs, {found} divergences, ~{left:.0f}s left   ",
              end="", file=sys.stderr)


def _write_repro(out: Path, gid: str, group_seed, stage: dict) -> str | None:
    """The group's standalone script as ``repro/<id>.py`` (its path relative to ``out``), or None
    where ``conformance repro`` has no script for the target or the case (``stage``: where a triage
    located the group's seed)."""
    from conformance.reports.repro import NoRepro, script

    try:
        text = script(group_seed, stage)
    except NoRepro:
        return None
    path = Path("repro") / f"{gid}.py"
    (out / path).parent.mkdir(parents=True, exist_ok=True)
    (out / path).write_text(text)
    return str(path)


def blind_share(records: list[dict]) -> dict:
    """Per backend: declarations (per target) and those without a model, and diverging cases excused
    by a declaration and by one without a model (a blind spot: any value in its scope passes)."""
    out: dict = {}
    seen = set()  # a resumed run logs the cases of the target it was cut in again: count each once
    for r in records:
        if r["kind"] == "divergence":
            key = (r["target"], json.dumps(r["case"], sort_keys=True), r["class"])
            if key in seen:
                continue
            seen.add(key)
        b = out.setdefault(r["backend"], {"declarations": 0, "unmodelled_declarations": 0, "declared_cases": 0,
                                          "unmodelled_cases": 0})
        if r["kind"] == "done":
            b["declarations"] += r.get("declarations", 0)
            b["unmodelled_declarations"] += r.get("unmodelled_declarations", 0)
        elif r["kind"] == "divergence" and r["declared"]:
            b["declared_cases"] += 1
            b["unmodelled_cases"] += bool(r.get("unmodelled"))
    return out


def _bisected(seed_path: Path) -> dict:
    """``{"bisect": summary}`` where ``conformance bisect`` left its result beside the group's seed
    (``<id>.bisect.json``; the report shows it once written again, e.g. by ``--resume``), else {}."""
    from conformance.running.seeds import beside

    summary = beside(seed_path, ".bisect.json").get("summary")
    return {"bisect": summary} if summary is not None else {}


def _excused(target: Target, case: Case, verdict, dev) -> dict:
    """An undeclared divergence's elements that declarations in force predict (its seed records them)."""
    if dev is not None or verdict.value is None:
        return {}
    positions, models = target.excused(case, verdict.value)
    return {"excused": {"positions": positions, "models": models}} if positions else {}


def _group_id(target: str, cls: str, clause: str, dynamic: bool = False) -> str:
    """A divergence group's id: one per (target, class, clause), and a group of its own for the cases run
    with dynamic shapes (``Case.dynamic``: the dynamically compiled kernel is other code)."""
    return hashlib.sha256(f"{target}|{cls}|{clause}{'|dynamic' if dynamic else ''}".encode()).hexdigest()[:12]


def _record_group(r: dict) -> str:
    """A record's group id; against a reference release, each kind a group of its own (so a fixed-since case
    is its group's example, not one member among still-present ones)."""
    gid = _group_id(r["target"], r["class"], r["clause"], bool((r.get("case") or {}).get("dynamic")))
    return gid if not r.get("reference") else _group_id(gid, r["reference"], "")


def write(out: Path, profile: str, seed_value: int, previous: list[Path] | Path | None = None,
          examples: int | None = None) -> Path:
    """Fold ``log.jsonl`` into report.json, report.md and one seed file per divergence group."""
    records = _records(out / "log.jsonl")
    unavailable = sorted({r["reason"] for r in records if r["kind"] == "unavailable"}  # (lines, not of a target)
                         | {r["unavailable"] for r in records if r["kind"] == "done" and r.get("unavailable")})
    records = [r for r in records if r["kind"] != "unavailable"]
    groups: dict[str, list[dict]] = defaultdict(list)
    shrunk: dict[str, dict] = {}  # group -> its case as Hypothesis shrank it (``shrink``)
    seen = set()
    for r in records:  # a resumed target runs again from its start: each (target, case) counts once
        key = (r["target"], json.dumps(r.get("case"), sort_keys=True))
        if r["kind"] == "divergence" and r.get("shrunk"):
            shrunk[_record_group(r)] = r
        elif r["kind"] == "divergence" and key not in seen:
            seen.add(key)
            groups[_record_group(r)].append(r)
    divergences = []
    for gid, rs in sorted(groups.items()):
        smallest = shrunk.get(gid) or min(rs, key=lambda r: (len(json.dumps(r["case"], sort_keys=True)),
                                                            json.dumps(r["case"], sort_keys=True)))
        seed_path = Path("seeds") / f"{gid}.json"
        excused = smallest.get("excused") or {}
        group_seed = make_seed(smallest["backend"], smallest["target"], smallest["class"], Case.from_json(smallest["case"]),
                               tuple(Call.from_json(c) for c in smallest.get("history", ())),
                               (excused.get("positions", []), excused.get("models", [])))
        group_seed.save(out / seed_path)
        stage = located(out / seed_path)  # (``conformance triage --stages`` run on the seed left it there)
        divergences.append({"id": gid, "op": smallest["op"], "target": smallest["target"], "class": smallest["class"],
                            "backend": smallest["backend"], "clause": smallest["clause"],
                            "expected": smallest.get("expected", ""), "observed": smallest.get("observed", ""),
                            "count": len(rs), "declared": smallest["declared"], "shrunk": gid in shrunk,
                            **({"shapes": "dynamic"} if smallest["case"].get("dynamic") else {}),
                            **({"reference": smallest["reference"]} if smallest.get("reference") else {}),
                            **({"reason": smallest["reason"]} if smallest["declared"] else {}),
                            **({"known": smallest["known"]} if smallest.get("known") else {}),
                            "summary": ("[dynamic shapes] " if smallest["case"].get("dynamic") else "") + smallest["summary"],
                            "seed": str(seed_path),
                            **({"eager_class": smallest["eager_class"]} if "eager_class" in smallest else {}),
                            "repro": _write_repro(out, gid, group_seed, stage), **_bisected(out / seed_path),
                            **stage})
    targets = [{"id": r["target"], "op": r["op"], "backend": r["backend"], "cases": r["cases"], "conform": r["conform"],
                "unsupported": r["unsupported"],
                **({"compile_seconds": r["compile_seconds"]} if r.get("compile_seconds") else {}),
                **({"compile_timeouts": r["compile_timeouts"]} if r.get("compile_timeouts") else {})}
               for r in sorted((r for r in records if r["kind"] == "done"),
                                                                  key=lambda r: (r["op"], r["target"]))]
    broken = [{"target": r["target"], "op": r["op"], "backend": r["backend"], "error": r["adapter_error"]}
              for r in records if r["kind"] == "done" and r.get("adapter_error")]
    report = {"schema_version": SCHEMA_VERSION, "created": datetime.datetime.now(datetime.timezone.utc).isoformat(),
              "profile": profile, **({"examples": examples} if examples else {}), "seed": seed_value,
              "versions": versions(), "targets": targets, "divergences": divergences,
              "blind_share": blind_share(records), **({"adapter_errors": broken} if broken else {}),
              **({"unavailable": unavailable} if unavailable else {})}
    ref = reference.current()
    if ref is not None:
        report["reference"] = {"path": ref.path, "versions": ref.versions, "first": reference.order(reference.fail_on())[0],
                               "groups": {k: sum(d.get("reference") == k for d in divergences) for k in reference.KINDS}}
    report["root_causes"] = root_causes(divergences)
    history = earlier_reports(previous)
    rows = table([r for r in records if r["kind"] == "open-value"])
    backend_of = {r["target"]: r["backend"] for r in records if r["kind"] == "done"}
    report["open_values"] = {"rows": rows, "lone": lone_values(rows, backend_of),
                             **({"changed": changes(rows, history[-1].get("open_values", []))} if history else {})}
    (out / "report.json").write_text(json.dumps(report, indent=1, sort_keys=True))
    (out / HISTORY).write_text("".join(json.dumps(night, sort_keys=True) + "\n"
                                       for night in (history + [night_summary(report)])[-HISTORY_NIGHTS:]))
    (out / "report.md").write_text(markdown(report, history[-1] if history else None))
    from conformance.reports.html import page

    (out / "report.html").write_text(page(report, history, out))
    return out / "report.json"


ROOT_CAUSES_SHOWN = 15  # root causes listed in report.md (all of them are in report.json and report.html)
HISTORY = "history.jsonl"  # one line a night: enough of each report for the trend and the new/fixed lists
HISTORY_NIGHTS = 60
SUMMARY_KEYS = ("id", "op", "target", "backend", "class", "count", "declared", "summary")


def night_summary(report: dict) -> dict:
    """The part of a report that later reports need: its time, settings and divergence groups."""
    return {"created": report["created"], "profile": report["profile"], "seed": report["seed"],
            "divergences": [{k: d[k] for k in SUMMARY_KEYS if k in d} for d in report["divergences"]],
            "ran": report.get("ran") or sorted(t["id"] for t in report.get("targets", [])),
            "open_values": _open_rows(report)}


def _open_rows(report: dict) -> list[dict]:
    """The open-value rows of a report (``{"rows": ...}``) or of a night summary (the rows alone)."""
    found = report.get("open_values", [])
    return found.get("rows", []) if isinstance(found, dict) else found


def earlier_reports(previous: list[Path] | Path | None) -> list[dict]:
    """Earlier nights, oldest first (by ``created``), from report folders (their report.json and the
    history.jsonl they carry) and history files; each night once."""
    paths = [previous] if isinstance(previous, Path) else list(previous or [])
    nights: dict[str, dict] = {}
    for p in paths:
        files = [p] if p.is_file() else [f for f in (p / HISTORY, p / "report.json") if f.exists()]
        for f in files:
            lines = [f.read_text()] if f.name == "report.json" else f.read_text().splitlines()
            for night in (json.loads(line) for line in lines if line.strip()):
                nights[night["created"]] = night_summary(night)
    return [nights[k] for k in sorted(nights)]


OPEN_SHOWN = 20  # lone and changed open values listed in report.md (all of them are in report.json)


def open_value_lines(open_values: dict) -> list[str]:
    """report.md's section on the values the spec leaves open: informational, never a failure."""
    rows = open_values.get("rows", [])
    if not rows:
        return []
    from conformance.reports.html import clip

    lone, changed = open_values.get("lone", []), open_values.get("changed", [])
    targets = {t for r in rows for t in r["values"]}
    lines = ["", f"## Where the spec leaves the value open (informational: {len(rows)} situations, "
                 f"{len(targets)} targets; never a failure)", ""]
    lines += [f"- lone value: `{v['target']}` gives {clip(v['value'], 40)} for {v['op'].removeprefix('stablehlo.')}"
              f"({v['dtype']}: {clip(v['inputs'], 80)}); {v['agreeing']} other targets give {clip(v['others'], 40)} "
              f"— {v['why']}" for v in lone[:OPEN_SHOWN]]
    lines += [f"- changed: `{c['target']}` {c['op'].removeprefix('stablehlo.')}({c['dtype']}: {clip(c['inputs'], 80)}) "
              f"was {clip(c['before'], 40)}, now {clip(c['now'], 40)}" for c in changed[:OPEN_SHOWN]]
    if not (lone or changed):
        lines.append("- no target alone against the others" + (", nothing changed since the previous report"
                                                                if "changed" in open_values else ""))
    elif len(lone) > OPEN_SHOWN or len(changed) > OPEN_SHOWN:
        lines.append("- … more in report.json (`open_values`)")
    return lines


def reference_lines(report: dict) -> list[str]:
    """report.md's section on the reference release: the undeclared groups by kind, the chosen kind first."""
    ref = report.get("reference")
    if not ref:
        return []
    from conformance.reports.html import clip

    here = report.get("versions", {})  # (the releases that differ from this run's: the rest are the same)
    shown = ", ".join(f"{k} {v} (here {here.get(k, 'not installed')})" for k, v in sorted(ref.get("versions", {}).items())
                      if here.get(k) != v) or "the same releases as this run"
    lines = ["", f"## Against the reference release ({ref['path']}: {shown})", ""]
    for kind in reference.order(ref.get("first", "")):
        groups = [d for d in report["divergences"] if d.get("reference") == kind]
        lines.append(f"### {kind} ({len(groups)})")
        lines += [f"- `{d['target']}` **{d['class']}** ×{d['count']}: {clip(d['summary'], 160)} — "
                  f"`conformance replay {d['seed']}`" for d in groups] or ["None."]
        lines.append("")
    return lines


def markdown(report: dict, previous: dict | None = None) -> str:
    """report.md, short enough to paste into an issue: what needs action, the backends × ops counts,
    then what is declared (one line per op and target)."""
    from conformance.reports.html import changes, clip, declared_since, known_crashes, matrix, needs_action, run_settings

    action = needs_action(report, previous)
    shown = ", ".join(f"{k} {v}" for k, v in sorted(report.get("versions", {}).items()))
    lines = [f"# Divergence report ({run_settings(report)})", "", f"Versions: {shown}.", "",
             f"## Needs action now ({len(action)})", ""]
    for d in action:
        how = f"`python {d['repro']}`" if d.get("repro") else \
            "no standalone script for this case (`conformance repro` on its seed says why)"
        lines.append(f"- `{d['target']}` **{d['class']}** ×{d['count']}{eager_note(d)} — {d['why']} — "
                     f"`conformance replay {d['seed']}`, {how}" + (f" — bisect: {d['bisect']}" if d.get("bisect") else "")
                     + (f" — stage: {d['stage']} (owner: {d['owner']})" if d.get("stage") else ""))
    if not action:
        lines.append("Nothing needs action: no undeclared divergence, crash or timeout.")
    lines += reference_lines(report)
    known = known_crashes(report)
    if known:
        lines += ["", f"Known (declared) crashes and timeouts ({len(known)}): "
                  + "; ".join(f"`{d['target']}` {d['class']} ×{d['count']}" for d in known)]
    causes = report.get("root_causes", [])
    if causes:
        lines += ["", f"## Root causes ({len(causes)}: {len(report['divergences'])} groups)", ""]
        for c in causes[:ROOT_CAUSES_SHOWN]:
            seen = f"{len(c['groups'])} groups, {len(c['targets'])} targets, {len(c['ops'])} ops"
            how = f"`python {c['repro']}`" if c.get("repro") else f"`conformance replay {c['seed']}`"
            known = f" ({c['known']})" if c.get("known") else ""
            lines.append(f"- {c['backend']} — {'declared' if c['declared'] else '**undeclared**'}: "
                         f"{clip(c['what'], 140)} — {seen} — {c['status']}{known} — {how}")
        if len(causes) > ROOT_CAUSES_SHOWN:
            lines.append(f"- … {len(causes) - ROOT_CAUSES_SHOWN} more in report.json / report.html")
    if report.get("unavailable"):
        lines += ["", f"## Cannot run on this machine ({len(report['unavailable'])}): not divergences", ""]
        lines += [f"- {line}" for line in report["unavailable"]]
    if report.get("adapter_errors"):
        lines += ["", f"## Adapter errors ({len(report['adapter_errors'])}): the target's own code failed, no verdict", ""]
        lines += [f"- `{a['target']}` ({a['op']}): {a['error']}" for a in report["adapter_errors"]]
    if previous is not None:
        fixed = changes(report, previous)[1]
        lines += ["", f"## Fixed since the previous report ({len(fixed)})", ""]
        lines += [f"- `{d['target']}` {d['class']}: {clip(d['summary'], 160)}" for d in fixed] or ["None."]
        covered = declared_since(report, previous)
        if covered:  # still there, now declared: not fixed
            lines += ["", f"## Declared since the previous report ({len(covered)}): still found, not fixed", ""]
            lines += [f"- `{d['target']}` {d['class']}: {clip(d['summary'], 160)}" for d in covered]
    backends, ops, cells = matrix(report)
    lines += ["", "## Backends × spec ops (undeclared/declared divergence groups; ✓ all conform)", "",
              "| backend | " + " | ".join(op.removeprefix("stablehlo.").removeprefix("mlir.") for op in ops) + " |",
              "|---" * (1 + len(ops)) + "|"]
    for b in backends:
        row = []
        for op in ops:
            c = cells[b][op]
            row.append("" if c is None else "✓" if not (c["undeclared"] or c["declared"]) else
                       f"**{c['undeclared']}**/{c['declared']}" if c["undeclared"] else f"{c['declared']}")
        lines.append(f"| {b} | " + " | ".join(row) + " |")
    blind = report.get("blind_share", {})
    if blind:
        lines += ["", "## Blind share (declarations without a model excuse any value in their scope)", "",
                  "| backend | declarations | unmodelled | declared cases | excused by unmodelled |", "|---|---|---|---|---|"]
        lines += [f"| {b} | {v['declarations']} | {v['unmodelled_declarations']} | {v['declared_cases']} | "
                  f"{v['unmodelled_cases']} |" for b, v in sorted(blind.items())]
    lines += open_value_lines(report.get("open_values", {}))
    spec = [d for d in report["divergences"] if d["class"] == "spec-inconsistency"]
    if spec:
        lines += ["", "## Where the spec contradicts itself (not the target's fault)", ""]
        lines += [f"- `{d['target']}` ×{d['count']}: {clip(d['summary'], 240)}" for d in spec]
    compiled = [d for d in report["divergences"] if "eager_class" in d]
    if compiled:
        lines += ["", "## Compiled targets against the uncompiled target on the same case", ""]
        lines += [f"- `{d['target']}` {d['class']}{eager_note(d)}" for d in compiled]
    declared = [d for d in report["divergences"] if d["declared"]]
    if declared:
        lines += ["", f"## Declared ({len(declared)} groups)", ""]
        lines += [f"- `{d['target']}` {d['class']} ×{d['count']}" for d in declared]
    lines.append("")
    return "\n".join(lines)
