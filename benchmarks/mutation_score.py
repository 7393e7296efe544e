"""The mutation score: how many of the mutant backends (``benchmarks.mutants``) the suite kills.

    python -m benchmarks.mutation_score [--module M] [--profile ci] [--runs 4] [--rate-examples 300] [--examples N] [--only NAME]

For each mutant: *killed* in how many of ``--runs`` unseeded property runs (edge phase, then the
profile's random examples, a fresh Hypothesis database each run), and its *per-example detection
rate*: the share of ``--rate-examples`` random cases (edge phase excluded) on which it diverges.
Prints one line per mutant and the kill rate per spec op; exits 1 if a mutant survived a run, or was
reported under another class than the module's ``EXPECTED`` class for it (``benchmarks.user_mutants``).
"""
from __future__ import annotations

import argparse
import sys
import time
import warnings
from collections import defaultdict

from hypothesis import HealthCheck, given, settings

from conformance.running import ops, profiles

from conformance.core import runtime
from conformance.running.registry import Target, load_backend
from conformance.running.engine import Draws, UndeclaredDivergence, check_case, run_property

MODULE = "benchmarks.mutants"


def killed(target: Target, profile: str = "") -> tuple[bool, str]:
    """One run of the target's properties (edge phase + random examples: valid, invalid where it takes
    invalid cases, stateful where its op has one) under ``profile`` (its draws: ``ci``'s random phase has
    fixed seeds; default: the loaded profile's name): (killed, the classes it was reported under, one per
    property that failed, joined with '+')."""
    classes = []
    draws = Draws(profile, runtime.examples()) if profile else None
    for kind in [k for k in ops.kinds(target) if k != "duplicates"]:
        try:
            run_property(target, kind, draws)
        except UndeclaredDivergence as e:
            classes.append(e.verdict.cls if e.verdict is not None else "?")
    return bool(classes), "+".join(dict.fromkeys(classes))


def detection_rate(target: Target, examples: int) -> float:
    """Share of random valid cases (no edge phase) on which ``target`` diverges."""
    counts = {"cases": 0, "diverges": 0}

    @settings(max_examples=examples, database=None, deadline=None, suppress_health_check=list(HealthCheck),
              phases=[p for p in settings.default.phases if p.name in ("explicit", "generate")])
    @given(case=ops.valid_cases(target))
    def measure(case):
        counts["cases"] += 1
        counts["diverges"] += check_case(target, case).diverges

    measure()
    return counts["diverges"] / max(counts["cases"], 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.mutation_score", description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="ci", choices=sorted(profiles.PROFILES))
    parser.add_argument("--runs", type=int, default=1, help="unseeded property runs per mutant (default 1)")
    parser.add_argument("--rate-examples", type=int, default=300, help="random cases per detection rate (0: skip)")
    parser.add_argument("--only", default="", help="only mutants whose name contains this")
    parser.add_argument("--module", default=MODULE, help=f"the module of mutants (default {MODULE}; "
                                                         "benchmarks.user_mutants: issue 43's user-style ones)")
    parser.add_argument("--examples", type=int, default=None,
                        help="random examples per property run (default: the profile's; 1 measures the edge phase)")
    args = parser.parse_args(argv)
    if args.examples is not None and args.examples < 1:
        parser.error(f"--examples: expected a positive number of examples, got {args.examples}")
    for name in ("runs", "rate_examples"):
        if getattr(args, name) < 0:
            parser.error(f"--{name.replace('_', '-')}: expected a number >= 0, got {getattr(args, name)}")
    profiles.register()
    settings.register_profile("mutation", parent=settings.get_profile(args.profile), database=None)
    settings.load_profile("mutation")
    warnings.simplefilter("ignore")
    targets = [t for t in load_backend(args.module) if args.only in t.name]
    expected = getattr(__import__(args.module, fromlist=["EXPECTED"]), "EXPECTED", {})
    if not targets:
        parser.error(f"--only: no mutant name contains {args.only!r}")
    runtime.set_examples(args.examples or profiles.PROFILES[args.profile])
    per_op: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    survivors = []
    start = time.monotonic()
    print(f"{'mutant':52} {'op':20} {'killed':>7} {'class':16} {'rate':>6}")
    for t in targets:
        kills, classes = 0, set()
        for _ in range(args.runs):
            k, cls = killed(t, args.profile)  # (the loaded profile is named 'mutation': ci's fixed draws by name)
            kills += k
            classes.add(cls) if k else None
        rate = detection_rate(t, args.rate_examples) if args.rate_examples else float("nan")
        per_op[t.op][0] += kills == args.runs
        per_op[t.op][1] += 1
        if kills < args.runs:
            survivors.append(t.name)
        wrong = {c for cs in classes for c in cs.split("+")} - {expected[t.name]} if t.name in expected else set()
        if wrong:
            survivors.append(f"{t.name} (class {', '.join(sorted(wrong))}, expected {expected[t.name]})")
        print(f"{t.name:52} {t.op:20} {kills:>3}/{args.runs:<3} {','.join(sorted(classes)):16} {rate:6.1%}", flush=True)
    print()
    for op, (k, n) in sorted(per_op.items()):
        print(f"{op:22} killed in every run: {k}/{n} ({k / n:.0%})")
    total = sum(k for k, _ in per_op.values()), sum(n for _, n in per_op.values())
    print(f"{'all':22} killed in every run: {total[0]}/{total[1]} ({total[0] / total[1]:.0%}); "
          f"profile {args.profile}, {args.runs} run(s), {time.monotonic() - start:.0f} s")
    if survivors:
        print("survived at least one run: " + ", ".join(survivors))
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
