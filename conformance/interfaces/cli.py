"""Command line: ``conformance list`` and ``conformance check`` (re-run one case on one target)."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from conformance.running import compile_cache

from conformance.core import runtime
from conformance.core.case import Case
from conformance.core.choices import expected_one_of
from conformance.core.opspec import op_spec
from conformance.running.registry import (BUILTIN_BACKENDS, OPT_IN_BACKENDS, BackendError, cannot_run, cannot_run_line,
                                          installed_backends, load_backend, missing_requirements)


class _Parser(argparse.ArgumentParser):
    """Bad arguments: one line (the command, the argument, what was expected), exit code 2."""

    def error(self, message: str):
        message = message.replace("the following arguments are required: ", "expected the arguments ")
        print(f"{self.prog}: {message}", file=sys.stderr)
        raise SystemExit(2)


def _whole(lo: int):
    """An argparse type: a whole number >= ``lo``, else a one-line error naming what was expected."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number >= {lo}, got {text!r}") from None
        if value < lo:
            raise argparse.ArgumentTypeError(f"expected a whole number >= {lo}, got {value}")
        return value
    return parse


def _device(text: str) -> str:
    try:
        runtime.set_device(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e).split(": ", 1)[1]) from None
    return runtime.device()


def _add_device(parser, default: str | None = "cpu") -> None:
    parser.add_argument("--device", type=_device, default=default, help="device the targets run on: cpu (default) or cuda")


def _versions() -> dict[str, str]:
    """The installed releases of the suite and of every built-in backend's packages (opt-in ones too)."""
    from conformance.running.seeds import distributions

    packages = ["tensor-index-conformance", *distributions(), "hypothesis"]
    from conformance.running.registry import installed_version

    out = {}
    for pkg in dict.fromkeys(packages):
        release = installed_version(pkg)  # (a user module's VERSION where it states one)
        if release is not None:
            out[pkg] = release
    return out


def cmd_versions(_args) -> int:
    print("\n".join(f"{k} {v}" for k, v in _versions().items()))
    return 0


def cmd_list(args) -> int:
    for name in args.backend or ():  # a user module's PACKAGE / VERSION: known once it is loaded
        if name not in BUILTIN_BACKENDS:
            load_backend(name)
    print("versions: " + ", ".join(f"{k} {v}" for k, v in _versions().items()))
    for name in args.backend or BUILTIN_BACKENDS:
        missing = missing_requirements(name) if name in BUILTIN_BACKENDS else []
        if missing:
            print(f"{name}: not installed (missing {', '.join(missing)})")
            continue
        if not args.backend:  # the overview: one line per backend
            opt_in = " (opt-in)" if name in OPT_IN_BACKENDS else ""
            targets = load_backend(name)
            ops = sorted({t.op for t in targets})
            here = f" (cannot run on this machine: {why})" if (why := cannot_run(name)) else ""
            print(f"{name}: {len(targets)} targets over {len(ops)} spec ops{opt_in}{here}")
            continue
        opt_in = " (opt-in: runs only with --backend " + name + ")" if name in OPT_IN_BACKENDS else ""
        for t in load_backend(name):
            kinds = "+".join(k for k, on in (("valid", t.valid), ("invalid", t.invalid)) if on)
            script = "; repro script" if t.repro else "; repro script (carries its module)" if name not in BUILTIN_BACKENDS else ""
            print(f"{name}: {t.name}  [{t.op}; {kinds}; {sum(len(v) for v in t.deviations.values())} declared "
                  f"deviations{script}]{opt_in}")
    from conformance.running.ops import names

    print("spec ops: " + ", ".join(names()))
    if not args.backend:
        print("targets of one backend: conformance list --backend NAME")
    return 0


def cmd_check(args) -> int:
    from conformance.running.report_text import describe_divergence
    from conformance.running.engine import judge_given

    targets = {t.name: t for t in load_backend(args.backend)}  # a bad --backend first: the first argument
    case = _read_case(args.case, "check")
    if case is None:
        return 2
    if args.target not in targets:
        print(f"conformance check: --target: {expected_one_of(args.target, targets)}", file=sys.stderr)
        return 2
    target = targets[args.target]
    verdict, dev = judge_given(target, case)
    if not verdict.diverges:
        print(f"{target.name}: conform on case {case.id}")
        return 0
    print(describe_divergence(target, case, verdict))
    print(f"declared deviation: {dev.reason}" if dev else "not declared")
    return 1


def admits(target, case) -> bool:
    """Whether ``case`` lies in ``target``'s region as far as the probe can tell: its style, its update
    computation, comparison direction, element and index types, and out-of-bounds indices only where the
    region draws them."""
    region = target.region
    if target.op != case.op or not target.valid or region.get("style", "general") != case.meta.get("style", "general"):
        return False
    computation = case.attrs.get("update_computation")
    if computation and computation not in region.get("computations", (computation,)):
        return False
    direction = case.attrs.get("comparison_direction")
    if direction and direction not in region.get("directions", (direction,)):
        return False
    spec = op_spec(case.op)
    index_keys = {k for k in case.arrays if k.split("[")[0] in ("start_indices", spec.indices)}
    for key, names in (("index_dtypes", index_keys), ("element_dtypes", set(case.arrays) - index_keys),
                       ("dtypes", set(case.arrays) - {"pred"})):
        if key in region and any(case.arrays[k].dtype.name not in region[key] for k in names):
            return False
    return region.get("oob_share", 1) > 0


def cmd_probe(args) -> int:
    """Run one case on every installed target whose region admits it; print each verdict."""
    from conformance.running.engine import judge_given

    case = _read_case(args.case, "probe")
    if case is None:
        return 2
    backends = args.backend or installed_backends()
    for backend in backends:
        for t in load_backend(backend):
            if not admits(t, case):
                continue
            verdict, declared = judge_given(t, case)
            note = " (declared)" if declared else " (UNDECLARED)" if verdict.diverges else ""
            variants = f"  [{verdict.detail}]" if verdict.detail.startswith("matches variant") else ""
            print(f"{t.name:44} {'/'.join(verdict.classes)}{note}{variants}")
    return 0


def _read_case(arg: str, command: str) -> Case | None:
    """The case ``--case`` names: JSON, or ``@file`` of a case or of a seed file (its ``case``)."""
    import json

    try:
        text = Path(arg[1:]).read_text() if arg.startswith("@") else arg
    except OSError as e:
        print(f"conformance {command}: --case: cannot read {arg[1:]!r} ({e.strerror or e})", file=sys.stderr)
        return None
    try:
        data = json.loads(text)
        if isinstance(data, dict) and isinstance(data.get("case"), dict) and "arrays" not in data:
            data = data["case"]  # a seed file (what a run keeps, ``conformance replay`` takes)
        return Case.from_json(data)
    except (ValueError, KeyError, TypeError) as e:
        print(f"conformance {command}: --case: expected a case as JSON (or @file), {e}", file=sys.stderr)
        return None


def cmd_attributes_table(args) -> int:
    """Print the attributes each target family fixes (docs/attributes.md)."""
    from conformance.interfaces.attributes_table import markdown

    print(markdown(), end="")
    return 0


def cmd_labels(args) -> int:
    from conformance.interfaces.labels_table import rows
    from conformance.core.opspec import spec_ops

    labelled = {name: spec.label_targets for name, spec in spec_ops().items() if spec.labels_ref}
    if args.op not in labelled:
        print(f"conformance labels: --op: expected one of {', '.join(labelled)}, got {args.op!r}", file=sys.stderr)
        return 2
    wanted = labelled[args.op]
    backends = dict.fromkeys(name.split(":")[0] for name in wanted)
    targets = [t for b in backends if not missing_requirements(b) for t in load_backend(b)
               if t.invalid and t.name in wanted]
    for label, oracle, answers in rows(targets, args.op):
        print(f"{label}: oracle: {oracle}")
        for t, answer in zip(targets, answers):
            print(f"    {t.name}: {answer}")
    return 0


TABLES = {  # command: (title, what the table is)
    "onnx-table": ("ONNX GatherND / ScatterND: negative and out-of-range indices",
                   "How each ONNX GatherND/ScatterND target treats what the operator documents pin down "
                   "(negative and out-of-range indices, int32 indices, an attribute the opset does not have, "
                   "duplicate indices). \"accepted\" means the target returned a value for input the opset forbids."),
    "mlir-table": ("MLIR Broadcastable: the InferDim and verification tables",
                   "How each Broadcastable verifier target answers the trait document's two tables; `?` is a "
                   "dynamic dim."),
    "guarantee-table": ("The edge phase's guarantee: every index model told from the spec",
                        "Each index model the suite names (a reading of index values x an out-of-bounds rule, "
                        "`conformance/judging/index_models.py`) against the constructed edge cases "
                        "(`conformance/running/constructed.py`), which every profile runs first; "
                        "`tests/test_edge_guarantee.py` fails where a region could show a model and no case does."),
    "edge-table": ("The judged edge table (elementwise ops at edge inputs)",
                   "The StableHLO elementwise ops at edge inputs (signed zeros, NaN, infinities, integer "
                   "extremes, shift counts past the width), judged by `oracles/stablehlo/elementwise.py` "
                   "(StableHLO spec v1.0.0)."),
}


def _print_table(args, command: str, body: str) -> int:
    """Print a measured table, or (--out FILE) write it as a Markdown page that says how and when it was made."""
    if not args.out:
        print(body)
        return 0
    import datetime

    from conformance.running.seeds import versions

    title, about = TABLES[command]
    given = "".join(f" --backend {b}" for b in args.backend or ())
    shown = ", ".join(f"{k} {v}" for k, v in sorted(versions().items()))
    Path(args.out).write_text(
        f"# {title}\n\n{about}\n\nGenerated by `conformance {command}{given} --out {args.out}` on "
        f"{datetime.date.today().isoformat()} (backends: {', '.join(args.backend or installed_backends())}; "
        f"{shown}; CPU). Opt-in backends are measured with `--backend NAME`.\n\n{body}\n")
    print(f"wrote {args.out}")
    return 0


def cmd_onnx_table(args) -> int:
    from conformance.interfaces.onnx_table import TABLE_OPS, markdown

    backends = args.backend or installed_backends()
    return _print_table(args, "onnx-table", markdown([t for b in backends for t in load_backend(b) if t.op in TABLE_OPS]))


def cmd_mlir_table(args) -> int:
    from conformance.interfaces.broadcast_table import markdown, tabled

    backends = args.backend or installed_backends()
    return _print_table(args, "mlir-table", markdown([t for b in backends for t in load_backend(b) if tabled(t)]))


def cmd_declarations_table(_args) -> int:
    from conformance.interfaces.declarations_table import markdown

    print(markdown())
    return 0


def cmd_guarantee_table(args) -> int:
    from conformance.interfaces.guarantee_table import markdown

    backends = args.backend or installed_backends()
    return _print_table(args, "guarantee-table", markdown([t for b in backends for t in load_backend(b)]))


def cmd_edge_table(args) -> int:
    from conformance.interfaces.edge_table import markdown
    from conformance.oracles.stablehlo.elementwise import OPS

    backends = args.backend or installed_backends()
    return _print_table(args, "edge-table", markdown([t for b in backends for t in load_backend(b)
                                                      if t.op.removeprefix("stablehlo.") in OPS]))


RUN_SETTINGS = ("backends", "ops", "targets", "profile", "examples", "seed", "shard", "shard_costs", "device")  # what --resume keeps
REPORT_DEFAULTS = {"profile": "nightly", "seed": 0, "device": "cpu"}


def _run_settings(args) -> str | None:
    """Fill ``args`` with the settings of the run: the recorded ones of ``--resume DIR`` (an option
    given again must agree with them), else the given ones and the defaults. The error line, if any."""
    if not args.resume:
        for key, value in REPORT_DEFAULTS.items():
            if getattr(args, key) is None:
                setattr(args, key, value)
        if args.backends is None:
            args.backends = installed_backends()
        return None
    path = Path(args.resume) / "settings.json"
    if not path.is_file():
        return f"conformance report: --resume {args.resume}: expected a report folder with settings.json (a run started by conformance report)"
    recorded = json.loads(path.read_text())
    for key in RUN_SETTINGS:
        given = getattr(args, key)
        if given is not None and given != recorded.get(key):
            shown = " ".join(given) if isinstance(given, list) else given
            return (f"conformance report: --{key} {shown}: the run in {args.resume} was started with "
                    f"{recorded.get(key)!r}; --resume continues it with its own settings (leave --{key} out)")
        setattr(args, key, recorded.get(key))
    return None


def cmd_report(args) -> int:
    from conformance.running import batches, ops
    from conformance.running.profiles import PROFILES
    from conformance.reports.run import run

    error = _run_settings(args)
    if error:
        print(error, file=sys.stderr)
        return 2
    compile_cache.configure(args.cache_dir, args.no_compile_cache)
    batches.configure(args.no_batches)
    try:
        compile_cache.prune()
    except ValueError as e:
        print(f"conformance report: {e}", file=sys.stderr)
        return 2
    if args.profile not in PROFILES:
        print(f"conformance report: --profile: {expected_one_of(args.profile, PROFILES)}", file=sys.stderr)
        return 2
    unknown = [o for o in args.ops or () if o not in ops.names()]
    if unknown:
        print(f"conformance report: --ops: {expected_one_of(unknown[0], ops.names(), many=30)}", file=sys.stderr)
        return 2
    targets, unavailable = [], []
    for name in args.backends:
        missing = missing_requirements(name) if name in BUILTIN_BACKENDS else []
        if missing:
            print(f"conformance report: --backends {name}: not installed (missing {', '.join(missing)})", file=sys.stderr)
            return 2
        try:
            loaded = [t for t in load_backend(name) if not args.ops or t.op in args.ops]
            reason = cannot_run(name)
        except BackendError as e:  # (its line names --backend: this command's option is --backends)
            print(f"conformance report: {str(e).replace('--backend ', '--backends ', 1)}", file=sys.stderr)
            return 2
        if reason:  # the machine, not the backend: skipped with one line, in the report too
            unavailable.append(cannot_run_line(name, reason).replace("--backend ", "backend ", 1))
            print(f"conformance report: skipped {unavailable[-1]}", file=sys.stderr)
            continue
        targets += loaded
    if args.targets:
        from fnmatch import fnmatchcase

        def named(t, p):  # the exact name (brackets and all), or a glob
            return t.name == p or fnmatchcase(t.name, p)

        unmatched = [p for p in args.targets if not any(named(t, p) for t in targets)]
        if unmatched:
            print(f"conformance report: --targets {unmatched[0]}: expected a target name or glob of the chosen "
                  f"backends and ops (conformance list --backend NAME lists them)", file=sys.stderr)
            return 2
        targets = [t for t in targets if any(named(t, p) for p in args.targets)]
    if args.shard_costs and not args.shard:
        print("conformance report: --shard-costs: expected with --shard K/N (it balances the shards)", file=sys.stderr)
        return 2
    if args.shard:
        try:
            k, n = (int(x) for x in args.shard.split("/"))
            assert 1 <= k <= n
        except (ValueError, AssertionError):
            print(f"conformance report: --shard: expected K/N with 1 <= K <= N, got {args.shard!r}", file=sys.stderr)
            return 2
        from conformance.reports.run import measured_costs, shard

        costs = None
        if args.shard_costs:
            try:
                costs = measured_costs(Path(args.shard_costs))
            except ValueError as e:
                print(f"conformance report: --shard-costs: {e}", file=sys.stderr)
                return 2
        targets = shard(targets, k, n, costs)
    out = Path(args.resume or args.out)
    if (bad := _bad_previous(args.previous)) is not None:
        print(f"conformance report: --previous: {bad}", file=sys.stderr)
        return 2
    if not args.resume:
        out.mkdir(parents=True, exist_ok=True)
        (out / "settings.json").write_text(json.dumps({k: getattr(args, k) for k in RUN_SETTINGS}, indent=1) + "\n")
    if args.remeasure:
        from conformance.reports import remeasure

        os.environ[remeasure.ENV] = "1"  # (the report's worker jobs inherit it)
    if args.fail_on in ("regression", "fixed-since", "still-present") and not (args.reference or args.reference_release):
        print(f"conformance report: --fail-on {args.fail_on}: expected with --reference DIR", file=sys.stderr)
        return 2
    if args.reference_release:
        if args.reference:
            print("conformance report: --reference-release: expected it or --reference DIR, not both", file=sys.stderr)
            return 2
        from conformance.reports import reference_release

        folder = reference_release.fresh_folder()
        again = reference_release.rest_of(args.argv, ("--reference-release", "--previous"))
        command = ["-m", "conformance.interfaces.cli", *again, "--out", str(folder)]
        try:
            args.reference = str(reference_release.record(args.reference_release, args.backends or [], command,
                                                          os.getcwd(), folder, lambda line: print(line, flush=True)))
        except ValueError as e:
            print(f"conformance report: {e}", file=sys.stderr)
            return 2
    if args.reference:
        from conformance.running import reference

        try:
            reference.configure(args.reference, args.fail_on)
        except ValueError as e:
            print(f"conformance report: {e}", file=sys.stderr)
            return 2
        os.environ[reference.ENV], os.environ[reference.FAIL_ENV] = args.reference, args.fail_on  # (its worker jobs)
    path = run(out, targets, args.examples, args.seed, args.profile,
               resume=bool(args.resume), previous=[Path(p) for p in args.previous or ()],
               jobs=args.jobs or os.cpu_count() or 1, device=args.device, unavailable=unavailable)
    if args.remeasure:
        remeasure.write(path, targets)
    return _finish(path, args.fail_on)


# --fail-on: which divergence groups make the exit code 1 (a kind against --reference: its undeclared groups)
FAIL_ON = ("never", "undeclared", "any", "regression", "fixed-since", "still-present")


def _finish(path: Path, fail_on: str) -> int:
    """Say where the report is and what it holds (one line each), and the exit code ``fail_on`` asks for:
    1 where ``undeclared`` (an undeclared group, a crash or timeout group, or an adapter error) or ``any``
    (any divergence group) holds, else 0."""
    report = json.loads(path.read_text())
    groups = report["divergences"]
    undeclared = [d for d in groups if not d["declared"] and d["class"] != "spec-inconsistency"]
    crashes = [d for d in groups if d["class"] in ("crash", "timeout")]
    broken = report.get("adapter_errors", [])
    print(f"\n{len(report['targets'])} targets, {sum(t['cases'] for t in report['targets'])} cases: "
          f"{len(groups)} divergence groups, {len(undeclared)} undeclared, {len(crashes)} crash/timeout, "
          f"{len(broken)} adapter errors")
    print(f"report: {path.parent / 'report.html'}  (also {path.name}, report.md; seeds/ and repro/ beside them)")
    failing = {"never": False, "undeclared": bool(undeclared or crashes or broken), "any": bool(groups or broken),
               "regression": False, "fixed-since": False, "still-present": False}
    if "reference" in report:
        counts = report["reference"]["groups"]
        print(f"against the reference ({report['reference']['path']}): "
              + ", ".join(f"{counts.get(k, 0)} {k}" for k in ("regression", "fixed-since", "still-present")))
        failing.update({k: bool(counts.get(k)) for k in ("regression", "fixed-since", "still-present")})
    return int(failing[fail_on])


def _bad_previous(previous: list[str] | None) -> str | None:
    """Why the --previous arguments are unusable (None if they are fine): each must be a report
    folder (with report.json) or a history file (history.jsonl, one JSON night a line)."""
    for p in map(Path, previous or ()):
        if p.is_dir() and not (p / "report.json").exists():
            return f"expected a report folder (with report.json) or a history.jsonl file, got folder {str(p)!r}"
        if not p.exists():
            return f"expected a report folder or a history.jsonl file, got {str(p)!r} (no such file or folder)"
        if p.is_file():
            try:
                nights = [json.loads(line) for line in p.read_text().splitlines() if line.strip()]
            except (ValueError, UnicodeDecodeError):
                nights = [None]
            if not all(isinstance(n, dict) and "created" in n and "divergences" in n for n in nights):
                return f"expected a history file (one JSON report summary a line, as report folders' history.jsonl), got {str(p)!r}"
    return None


def cmd_merge(args) -> int:
    from conformance.reports.run import merge

    parts = [Path(p) for p in args.dirs]
    missing = [p for p in parts if not (p / "log.jsonl").exists() or not (p / "report.json").exists()]
    if missing:
        print(f"conformance merge: expected report folders (log.jsonl, report.json), got {missing[0]}", file=sys.stderr)
        return 2
    first = json.loads((parts[0] / "report.json").read_text())
    earlier = [Path(p) for p in args.previous or ()]
    if (bad := _bad_previous(args.previous)) is not None:
        print(f"conformance merge: --previous: {bad}", file=sys.stderr)
        return 2
    from conformance.running.reference import merge_verdicts

    if (why := merge_verdicts(args.out, parts)):  # (every shard's verdicts: the merged folder is a --reference)
        print(f"conformance merge: {why}", file=sys.stderr)
    path = merge(Path(args.out), parts, first["profile"], first["seed"], earlier, first.get("examples"))
    return _finish(path, args.fail_on)


def cmd_repro(args) -> int:
    from conformance.running.seeds import load_seed, make_seed
    from conformance.reports.repro import NoRepro, script

    if bool(args.seed) == bool(args.case):
        print("conformance repro: expected a seed file or --case (with --target), not both or neither", file=sys.stderr)
        return 2
    if args.device != "cpu":
        print(f"conformance repro: --device {args.device}: scripts run on cpu only for now", file=sys.stderr)
        return 2
    try:
        if args.case:
            if not args.target:
                raise ValueError("conformance repro: --case needs --target backend:name")
            case = _read_case(args.case, "repro")
            if case is None:
                return 2
            seed = make_seed(args.target.split(":")[0], args.target, args.cls, case)
        else:
            seed = load_seed(args.seed)
        if args.target:
            seed.target = args.target
            seed.backend = args.target.split(":")[0]
        from conformance.reports.stages import located

        text = script(seed, located(args.seed) if args.seed and not args.target else {})
    except (NoRepro, ValueError) as e:
        print(str(e) if str(e).startswith("conformance") else f"conformance repro: {e}", file=sys.stderr)
        return 2
    if not args.check:
        print(text, end="")
        return 0
    return _check_script(text)


def _check_script(text: str) -> int:
    """Run a repro script in a fresh interpreter and say what its exit code means; the suite's one exit
    convention: 1 while the divergence is present (the script's exit 1, or its process killed by a
    signal: a crash reproduces), 0 once the target agrees, 2 where the script could not run."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "repro.py"
        path.write_text(text)
        done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=600)
    meaning = {0: "the target agrees with the spec: not reproduced", 1: "the divergence is present: reproduced",
               2: "the script could not run"}.get(done.returncode, "the process died (a crash reproduces a crash seed)")
    print(f"repro script exit {done.returncode}: {meaning}")
    said = (done.stdout + done.stderr).strip().splitlines()
    if done.returncode not in (0, 1) and said:
        print(said[-1], file=sys.stderr)  # what stopped it
    return done.returncode if done.returncode in (0, 1) else 1 if done.returncode < 0 else 2


def cmd_on_release(args) -> int:
    """``conformance report`` with other releases installed: a throwaway environment (kept under the cache
    folder's ``bisect``, as bisect's) with ``REQ...`` installed over this one's packages, the report run there."""
    from conformance.running.compile_cache import ENV_DIR, default_folder
    from conformance.reports.bisect import release_env

    rest = list(args.report)  # (argparse hands everything after the first requirement to the remainder)
    cut = rest.index("--") if "--" in rest else len(rest)
    before, report = rest[:cut], rest[cut + 1:]
    while "--env-dir" in before:
        i = before.index("--env-dir")
        args.env_dir = before[i + 1] if i + 1 < len(before) else None
        del before[i:i + 2]
    args.requirements = [*args.requirements, *before]
    bad = [r for r in args.requirements if "==" not in r]
    if bad or not args.requirements:
        print(f"conformance on-release: expected PACKAGE==VERSION requirements, got {bad[0] if bad else 'none'!r}",
              file=sys.stderr)
        return 2
    envs = Path(args.env_dir or Path(os.environ.get(ENV_DIR) or default_folder()) / "bisect")
    envs.mkdir(parents=True, exist_ok=True)
    python, why = release_env(args.requirements, envs)
    if python is None:
        print(f"conformance on-release: {why}", file=sys.stderr)
        return 2
    print(f"conformance on-release: {' '.join(args.requirements)} in {python.parent.parent}", flush=True)
    return subprocess.run([str(python), "-m", "conformance.interfaces.cli", "report", *report],
                          env={k: v for k, v in os.environ.items() if k != "PYTHONHOME"}).returncode


def cmd_bisect(args) -> int:
    """Find the release of ``--package`` where the seed's divergence came in (or went away)."""
    import tempfile

    from conformance.running.compile_cache import ENV_DIR, default_folder
    from conformance.reports.bisect import choose, save, search, venv_probe
    from conformance.reports.repro import NoRepro, script
    from conformance.running.seeds import load_seed

    try:
        seed = load_seed(args.seed)
        versions = choose(args.versions, args.package)
        text = script(seed)
    except (ValueError, NoRepro) as e:
        print(str(e) if str(e).startswith("conformance") else f"conformance bisect: {e}", file=sys.stderr)
        return 2
    if len(versions) < 2:
        print(f"conformance bisect: --versions {args.versions}: expected at least two releases, got {versions}", file=sys.stderr)
        return 2
    envs = Path(args.env_dir or Path(os.environ.get(ENV_DIR) or default_folder()) / "bisect")
    envs.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "repro.py"
        path.write_text(text)
        try:
            probe = venv_probe(args.package, path, envs, seed=seed)  # (the seed's class judges a death; its backend's parts)
        except ValueError as e:
            print(f"conformance bisect: {e}", file=sys.stderr)
            return 2

        def said(version: str) -> str:
            answer = probe(version)
            why = probe.reasons.get(version)
            print(f"{args.package} {version}: {answer}" + (f" ({why})" if why else ""), flush=True)
            return answer
        said.reasons = probe.reasons

        result = search(versions, said, args.package)
    print(result.summary())
    print(f"wrote {save(result, Path(args.seed))} ({result.seconds:.0f} s)")
    return 0 if result.direction else 1


def cmd_triage(args) -> int:
    """Where a seed's divergence comes in: its backend's pipeline stage by stage (``reports.stages``)."""
    from conformance.reports.stages import STAGES, run_stages, save, sidecar
    from conformance.running.seeds import load_seed

    try:
        seed = load_seed(args.seed)
    except ValueError as e:
        print(f"conformance triage: {e}", file=sys.stderr)
        return 2
    if not args.stages:
        print("conformance triage: expected --stages (where in the backend's pipeline the divergence comes in)",
              file=sys.stderr)
        return 2
    if seed.backend not in STAGES:
        print(f"conformance triage: --stages: the seed's backend {seed.backend!r} has no stages here; "
              f"expected a seed of {', '.join(STAGES)}", file=sys.stderr)
        return 2
    print(f"{seed.target} ({seed.cls}, case {seed.case.id}), stage by stage:")
    first, results = run_stages(args.seed, seed.backend, seed.cls)
    try:
        save(args.seed, first, results)  # the report and the repro script name the stage from here
        print(f"recorded in {sidecar(args.seed)}")
    except OSError as e:  # a seed in a folder this user cannot write: the verdicts above still stand
        print(f"not recorded: cannot write {sidecar(args.seed)} ({e.strerror})")
    if first is not None:
        print(f"first stage that shows it: {first.name}; owner: {first.owner}")
        return 1
    ran = [code for _, code in results if code in (0, 1)]
    print("no stage diverges: the seed does not reproduce here" if ran else "no stage could run")
    return 0 if ran else 2


def _replay_batch(path: str) -> int:
    """Replay a batch repro: 1 while its case still diverges in the batch, 0 fixed, 2 where it cannot run."""
    from conformance.running import batches
    from conformance.running.engine import judge_in_batch

    try:
        backend, name, case_id, cases = batches.load_batch(path)
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"conformance replay: {path}: expected a batch repro (JSON with backend, target, case, cases): "
              f"{type(e).__name__}: {e}", file=sys.stderr)
        return 2
    targets = {t.name: t for t in load_backend(backend)}
    if name not in targets:
        print(f"conformance replay: {path}: target: {expected_one_of(name, targets)}", file=sys.stderr)
        return 2
    try:
        verdict = judge_in_batch(targets[name], case_id, cases)
    except ValueError as e:
        print(f"conformance replay: {path}: {e}", file=sys.stderr)
        return 2
    where = f"in its batch of {len(cases)} cases"
    print(f"{path}: " + (f"still diverges {where} ({verdict.cls})" if verdict.diverges else f"fixed (case {case_id} "
                         f"conforms {where})"))
    return int(verdict.diverges)


def cmd_replay(args) -> int:
    """Re-run saved seeds: per seed, 'still diverges' (with the declaration that now covers it, if one
    does) or 'fixed'. Exit 1 while any still diverges."""
    from conformance.running.engine import judge_given
    from conformance.running.seeds import load_seed

    still = 0
    for path in args.seeds:
        if Path(path).name.startswith("batch-"):  # a batch-only divergence's batch repro (batches.save_batch)
            got = _replay_batch(path)
            if got == 2:
                return 2
            still += got
            continue
        try:
            seed = load_seed(path)
            targets = {t.name: t for t in load_backend(seed.backend)}
            target = targets[seed.target]
            if target.op != seed.case.op:
                raise ValueError(f"seed {path}: target {seed.target} runs {target.op}, expected a case of it, "
                                 f"the seed's case is of {seed.case.op}")
        except ValueError as e:
            print(f"conformance replay: {e}", file=sys.stderr)
            return 2
        except KeyError:
            print(f"conformance replay: {path}: target: {expected_one_of(seed.target, targets)}", file=sys.stderr)
            return 2
        verdict, _ = judge_given(target, seed.case)
        if runtime.STAGE_UNAVAILABLE in verdict.detail:  # a triage stage that cannot run this case (reports.stages)
            print(f"{path}: {verdict.detail.split(runtime.STAGE_UNAVAILABLE, 1)[1].splitlines()[0].strip(': ')[:200]}",
                  file=sys.stderr)
            return 2
        diverges = verdict.diverges
        left = seed.remaining(verdict.value) if diverges and seed.excused and verdict.value is not None else None
        if left == []:  # only elements declared deviations predict differ: the reported divergence is gone
            print(f"{path}: fixed (only the {len(seed.excused)} element(s) declared deviations excuse still differ)")
            continue
        still += diverges
        dev = target.declared(verdict.classes, seed.case, verdict.value) if diverges else None
        # the pytest gate passes a divergence a declaration covers: say so, with what it declares (after the
        # parenthesis, which names the class alone: reports.stages reads it)
        declared = f", declared: {dev.cls}{' when ' + dev.when if dev.when else ''}" if dev is not None else ""
        print(f"{path}: {'still diverges (' + verdict.cls + ')' + declared if diverges else 'fixed'}")
    return 1 if still else 0


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="conformance", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    listing = sub.add_parser("list", help="installed versions, backends; with --backend, that backend's targets")
    listing.add_argument("--backend", action="append", help="list this backend's targets (repeatable)")
    sub.add_parser("versions", help="the installed versions of the suite's backends' packages")
    check = sub.add_parser("check", help="run one case on one target and print the verdict")
    check.add_argument("--backend", required=True, help=f"{', '.join(BUILTIN_BACKENDS)} or a module path")
    check.add_argument("--target", required=True, help="target name, e.g. numpy:take[clip]")
    check.add_argument("--case", required=True, help="the case as JSON, or @path to a JSON file")
    _add_device(check)
    labels = sub.add_parser("labels", help="per constraint label: a minimal breaking case, the oracle's and the verifier's messages")
    labels.add_argument("--op", default="stablehlo.gather",
                        help="a spec op whose record lists labels: stablehlo.gather (default) or stablehlo.scatter")
    probe = sub.add_parser("probe", help="run one case on every target of its op and style; print each verdict")
    probe.add_argument("--case", required=True, help="the case as JSON, or @path to a JSON file")
    probe.add_argument("--backend", action="append", help="backend (repeatable; default: every installed one)")
    _add_device(probe)
    for command, about in (
            ("onnx-table", "how each ONNX GatherND/ScatterND target treats negative and out-of-range indices, int32 "
                           "indices, attributes and duplicates (Markdown)"),
            ("mlir-table", "how each Broadcastable verifier target answers the InferDim and verification tables (Markdown)"),
            ("guarantee-table", "which constructed edge case tells each index model from the spec, per target region "
                                "(Markdown)"),
            ("edge-table", "elementwise ops at edge values, judged by the StableHLO spec where it decides, each "
                           "target's pick where it does not (Markdown)")):
        table = sub.add_parser(command, help=about)
        table.add_argument("--backend", action="append", help="backend (repeatable; default: every installed one)")
        table.add_argument("--out", help="write a Markdown page (title, command, date, versions) to this file")
    sub.add_parser("attributes-table", help="per target family, the API attributes it fixes, the values run and "
                                            "each value left out with why (Markdown)")
    sub.add_parser("declarations-table", help="every class, when condition and model a [[deviation]] entry may name, "
                                              "a line each (Markdown; docs/declarations.md)")
    report = sub.add_parser("report", help="run every (spec op, target) pair and write report.json/report.md")
    report.add_argument("--backends", nargs="+", help="backends (default: every installed one)")
    report.add_argument("--ops", nargs="+", help="spec ops (default: all)")
    report.add_argument("--targets", nargs="+", metavar="NAME", help="only these targets: names or globs "
                        "(numpy:put*; an exact name may hold brackets: numpy:put[clip]) (default: all)")
    report.add_argument("--profile", help="dev, ci or nightly (default): examples per property")
    report.add_argument("--examples", type=_whole(1), help="examples per property, overriding the profile")
    report.add_argument("--seed", type=_whole(0), help="Hypothesis seed (default 0)")
    report.add_argument("--out", default="reports/out", help="output folder (default reports/out, git-ignored)")
    report.add_argument("--resume", help="continue the run in this folder, with the settings it was started with")
    report.add_argument("--previous", nargs="+", help="earlier report folders or history.jsonl files (any order): report.html "
                                                     "shows what changed since the latest and a trend over all of them "
                                                     "(each folder carries its history.jsonl, so last night's folder is enough)")
    _add_device(report, default=None)  # (None: not given; --resume takes the recorded one)
    report.add_argument("--jobs", type=_whole(1), help="targets run at once, each in its own process (default: one per core); "
                                                 "the report does not depend on it")
    report.add_argument("--cache-dir", help="folder of the compiled backends' caches (default $CONFORMANCE_CACHE_DIR, "
                                             "else ~/.cache/tensor-index-conformance)")
    report.add_argument("--no-compile-cache", action="store_true", help="compile everything afresh (no cache read or written)")
    report.add_argument("--no-batches", action="store_true", help="every case through the one-case path: no compiled "
                        "backend gets a batch of edge cases (as CONFORMANCE_BATCHES=0; same verdicts, slower)")
    report.add_argument("--remeasure", action="store_true",
                        help="judge every declaration as if this release were in its versions range, and list "
                             "which MEASURED declarations hold here (remeasure.md): extending a range is a review")
    report.add_argument("--fail-on", choices=FAIL_ON, default="never",
                        help="exit 1 when the report has: undeclared (undeclared, crash or timeout groups, adapter "
                             "errors), any (any divergence group), never (default: the report is the product); with "
                             "--reference, regression, fixed-since or still-present (an undeclared group of that kind)")
    report.add_argument("--reference", metavar="DIR",
                        help="judge each undeclared divergence against another release's run (a report folder, or a "
                             "pytest seed folder): regression, fixed-since or still-present; report.md lists the "
                             "groups by kind, the --fail-on kind first")
    report.add_argument("--reference-release", nargs="+", action="extend", metavar="PACKAGE==VERSION",
                        help="as --reference, the reference made here: these releases installed in a throwaway "
                             "environment (as conformance bisect does), the same report run there first")
    report.add_argument("--shard", help="K/N: run the K-th of N disjoint slices of the targets (merge them after)")
    report.add_argument("--shard-costs", metavar="PREVIOUS", help="with --shard: balance the slices by each target's "
                        "seconds in an earlier report folder (or its log.jsonl), not by count")
    merge_parser = sub.add_parser("merge", help="merge shard report folders into one report")
    merge_parser.add_argument("dirs", nargs="+", help="shard output folders")
    merge_parser.add_argument("--out", default="reports/out", help="output folder (default reports/out)")
    merge_parser.add_argument("--fail-on", choices=FAIL_ON, default="never", help="as for report")
    merge_parser.add_argument("--previous", nargs="+", help="earlier report folders or history.jsonl "
                                                           "files: what changed, and the trend")
    repro = sub.add_parser("repro", help="print a standalone script that reproduces a saved seed")
    repro.add_argument("seed", nargs="?", help="a seed file (JSON)")
    repro.add_argument("--case", help="a case (JSON, or @path) instead of a seed file; needs --target")
    repro.add_argument("--target", help="run the seed's case on this target instead (backend:name)")
    repro.add_argument("--check", action="store_true", help="run the script in a fresh interpreter: exit 1 while "
                       "the divergence is present, 0 once the target agrees, 2 where it cannot run (as replay)")
    repro.add_argument("--class", dest="cls", default="wrong-value", help="with --case: the divergence class to state")
    _add_device(repro)
    on_release = sub.add_parser("on-release", help="conformance report with other releases of packages installed "
                                                   "(a throwaway environment): an old release judged as it is")
    on_release.add_argument("requirements", nargs="+", metavar="PACKAGE==VERSION")
    on_release.add_argument("--env-dir", help="where the environments are kept (default: <cache folder>/bisect)")
    on_release.add_argument("report", nargs=argparse.REMAINDER, help="-- then conformance report's options")
    bisect = sub.add_parser("bisect", help="the release of a package where a seed's divergence came in (or went away)")
    bisect.add_argument("seed", help="a seed file (JSON)")
    bisect.add_argument("--package", required=True, help="the distribution to vary, e.g. onnxruntime")
    bisect.add_argument("--versions", required=True, help="A..B (releases on the index, both ends), all, or a comma list")
    bisect.add_argument("--env-dir", help="where the per-release virtual environments are kept (default: "
                                          "<cache folder>/bisect; reused by the next bisect)")
    triage = sub.add_parser("triage", help="where in its backend's pipeline a seed's divergence comes in (--stages)")
    triage.add_argument("seed", help="a seed file (JSON)")
    triage.add_argument("--stages", action="store_true", help="re-run the seed at each stage of its backend's "
                                                              "pipeline; name the first that leaves the spec")
    replay = sub.add_parser("replay", help="re-run saved seeds: still diverges / fixed")
    replay.add_argument("seeds", nargs="+", help="seed files (JSON); a batch-only divergence's batch-*.json runs "
                                                 "its batch through the target's batch entry")
    _add_device(replay)
    from conformance.interfaces import new_backend  # conformance new-backend NAME: a module skeleton

    new_backend.add_parser(sub)
    try:
        args = parser.parse_args(argv)
        args.argv = list(sys.argv[1:] if argv is None else argv)  # (--reference-release runs the same command there)
    except SystemExit as e:  # a bad argument (one line already printed), or --help
        return int(e.code or 0)
    commands = {"report": cmd_report, "merge": cmd_merge, "repro": cmd_repro, "replay": cmd_replay, "bisect": cmd_bisect, "on-release": cmd_on_release, "triage": cmd_triage, "edge-table": cmd_edge_table, "guarantee-table": cmd_guarantee_table, "attributes-table": cmd_attributes_table, "declarations-table": cmd_declarations_table, "list": cmd_list, "versions": cmd_versions, "check": cmd_check, "labels": cmd_labels, "probe": cmd_probe,
                "onnx-table": cmd_onnx_table, "mlir-table": cmd_mlir_table}
    commands["new-backend"] = new_backend.run
    try:
        return commands[args.command](args)
    except BackendError as e:
        print(f"conformance: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `conformance list | head`: the reader left; nothing to say
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
