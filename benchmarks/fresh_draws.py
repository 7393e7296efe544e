"""Does a backend's gate hold under fresh random draws? Runs it N times unseeded and lists, per run,
the divergence groups no declaration covers (issue 67).

    python -m benchmarks.fresh_draws --backend tensorflow_xla [--runs 3] [--workers 2] [--keep DIR]

Each run is the gate as a user runs it, at the default profile (``dev``: new random draws each run, no
example database), from a scratch folder of its own with a fresh ``--seed-dir``:

    pytest -q -n WORKERS -p no:cacheprovider --pyargs conformance -p conformance.plugin --backend=X \
        --seed-dir SCRATCH/seeds

Per run it prints the wall time, pytest's summary line and one line per group no declaration covers:
the target, the class and the case (op, dtypes and shapes, attributes), then the failure's detail and
expected/observed values. A group is what a failing property left: its seed file (target, class, case)
and its failure text; a FAILED property that left no seed (an adapter error, a failure the fresh-process
re-check did not reproduce) is listed from pytest's text alone; where several properties of one target failed
and left one seed, the group line names them. Pytest stops a property at its first
undeclared divergence, so a run lists at most one group per property. The last line counts the runs
with no undeclared group. ``--keep DIR`` keeps each run's pytest output and seeds under DIR/run-K.
Exit 0 when every run found nothing undeclared, 1 otherwise.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Group:
    target: str
    cls: str
    case: str  # Case.describe(): op, dtypes and shapes, attributes
    detail: list[str] = field(default_factory=list)  # the failure's detail, expected and observed lines
    seed: str = ""
    properties: tuple = ()  # the properties of the target that failed in the run (valid, stateful, ...)

    def lines(self) -> list[str]:
        failed = f"; failed: {', '.join(self.properties)}" if len(self.properties) > 1 else ""
        return [f"  - {self.target} [{self.cls}] {self.case}" + (f"  (seed {self.seed}{failed})" if self.seed else ""),
                *(f"      {line}" for line in self.detail)]


@dataclass
class Run:
    index: int
    seconds: float
    returncode: int
    summary: str
    groups: list[Group]


HEAD = re.compile(r"^(?:E\s+)?(?P<target>\S.*?) diverges from (?P<op>\S+): class '(?P<cls>[^']+)'(?P<rest>.*)$")


def failure_texts(output: str) -> dict[str, list[str]]:
    """target -> the detail, expected and observed lines of its failure in pytest's output (the first seen)."""
    found: dict[str, list[str]] = {}
    lines = output.splitlines()
    for i, line in enumerate(lines):
        m = HEAD.match(line)
        if not m or m["target"] in found:
            continue
        detail = [f"class '{m['cls']}'{m['rest']}"]
        for follow in lines[i + 1:i + 8]:
            follow = re.sub(r"^E\s+", "", follow)
            if follow.startswith(("expected:", "observed:", "declared for ")):
                detail.append(follow if len(follow) <= 200 else follow[:196] + " ...")
        found[m["target"]] = detail
    return found


def groups_of(seed_dir: Path, output: str) -> list[Group]:
    """The undeclared groups of one run: its seed files, then any FAILED property that left none."""
    from conformance.running.seeds import load_seed

    texts = failure_texts(output)
    groups, seen = [], set()
    for path in sorted(seed_dir.glob("*.json")) if seed_dir.is_dir() else ():
        if path.name.startswith("batch-"):  # a batch repro beside its seed (``batches.save_batch``), not a seed
            continue
        try:
            seed = load_seed(path)
        except ValueError as e:
            groups.append(Group("?", "?", str(e)))
            continue
        kinds = [m.group(1) for line in output.splitlines()
                 if line.startswith("FAILED ") and f"/{seed.target}]" in line and (m := re.search(r"::test_(\w+)\[", line))]
        groups.append(Group(seed.target, seed.cls, seed.case.describe(), texts.get(seed.target, []), path.name,
                            tuple(kinds)))
        seen.add(seed.target)
    for line in output.splitlines():
        if line.startswith("FAILED ") and not any(f"/{t}]" in line for t in seen):
            test = line.removeprefix("FAILED ").split(" - ")[0]
            groups.append(Group(test, "(no seed)", line.split(" - ", 1)[1][:200] if " - " in line else "",
                                [error] if (error := raised(output, test)) else []))
    return groups


def raised(output: str, test: str) -> str:
    """The exception line (``E   SomeError: ...``) of ``test``'s section in pytest's failure report, if any."""
    name = test.rsplit("::", 1)[-1]
    lines = output.splitlines()
    start = next((i for i, line in enumerate(lines) if re.match(r"^_{3,} \S.* _{3,}$", line) and f" {name} " in line), None)
    if start is None:
        return ""
    for line in lines[start + 1:]:
        if re.match(r"^_{3,} \S.* _{3,}$", line) or line.startswith("=" * 10):  # the next section
            break
        if re.match(r"^E\s+\w+(Error|Exception|Interrupt|Exit)\b", line):
            return re.sub(r"^E\s+", "", line)[:200]
    return ""


def run_once(backend: str, workers: int, index: int, keep: Path | None) -> Run:
    with tempfile.TemporaryDirectory(prefix="fresh-draws-") as scratch:
        seeds = Path(scratch) / "seeds"
        command = [sys.executable, "-m", "pytest", "-q", "-n", str(workers), "-p", "no:cacheprovider",
                   "--pyargs", "conformance", "-p", "conformance.plugin", f"--backend={backend}",
                   f"--seed-dir={seeds}"]
        start = time.monotonic()
        done = subprocess.run(command, cwd=scratch, capture_output=True, text=True)
        seconds = time.monotonic() - start
        output = done.stdout + done.stderr
        summary = next((line.strip("= ") for line in reversed(output.splitlines())
                        if re.search(r"\b(passed|failed|error|no tests ran)\b", line)), "(no summary line)")
        groups = groups_of(seeds, output)
        if keep is not None:
            into = keep / f"run-{index}"
            into.mkdir(parents=True, exist_ok=True)
            (into / "pytest.txt").write_text(" ".join(command) + "\n\n" + output)
            if seeds.is_dir():
                shutil.copytree(seeds, into / "seeds", dirs_exist_ok=True)
        return Run(index, seconds, done.returncode, summary, groups)


def minutes(seconds: float) -> str:
    return f"{int(seconds // 60)} min {seconds % 60:.0f} s" if seconds >= 60 else f"{seconds:.0f} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2, help="pytest -n (default 2)")
    parser.add_argument("--keep", type=Path, default=None, help="keep each run's output and seeds under DIR/run-K")
    parser.add_argument("--json", type=Path, default=None, help="also write the runs as JSON to this file")
    args = parser.parse_args(argv)
    from conformance.running.seeds import versions

    installed = versions()
    print(f"fresh draws of --backend {args.backend}: {args.runs} runs, pytest -n {args.workers}, default profile, "
          f"unseeded; {', '.join(f'{k} {v}' for k, v in sorted(installed.items()))}", flush=True)
    runs = []
    for index in range(1, args.runs + 1):
        run = run_once(args.backend, args.workers, index, args.keep)
        runs.append(run)
        print(f"run {index}: {minutes(run.seconds)}, exit {run.returncode}, {run.summary}; "
              f"{len(run.groups)} undeclared group{'s' if len(run.groups) != 1 else ''}", flush=True)
        for group in run.groups:
            print("\n".join(group.lines()), flush=True)
    clean = sum(1 for r in runs if not r.groups and r.returncode == 0)
    print(f"{clean} of {len(runs)} runs found no undeclared group")
    if args.json:
        args.json.write_text(json.dumps([{"run": r.index, "seconds": round(r.seconds, 1), "exit": r.returncode,
                                          "summary": r.summary,
                                          "groups": [g.__dict__ for g in r.groups]} for r in runs], indent=1))
    return 0 if clean == len(runs) else 1


if __name__ == "__main__":
    sys.exit(main())
