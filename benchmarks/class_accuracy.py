"""Class accuracy: run every labelled wrong target (``benchmarks.labelled_targets``) through the
suite's properties, as ``pytest --backend benchmarks.labelled_targets`` would, and compare the class
of the first undeclared divergence with the label.

    python -m benchmarks.class_accuracy [--only NAME ...] [--profile ci] [--fresh]

Prints one line per target and the accuracy; exit 1 below 100 %. The run timeout is lowered to a few
seconds for the hanging target (this measures classification, not speed).
"""
from __future__ import annotations

import argparse
import sys
import time

MODULE = "benchmarks.labelled_targets"


def classify(target) -> tuple[str, str]:
    """(class of the first undeclared divergence, its detail), or ("conform", "")."""
    from conformance.running import ops
    from conformance.running.engine import UndeclaredDivergence, run_property

    for kind in ops.kinds(target):
        try:
            run_property(target, kind)
        except UndeclaredDivergence as e:
            return e.verdict.cls, e.verdict.detail
    return "conform", ""


def main(argv: list[str] | None = None) -> int:
    import warnings

    from hypothesis import settings

    from benchmarks.labelled_targets import EXPECTED
    from conformance.running import isolation, profiles, engine as runner
    from conformance.running.registry import load_backend

    parser = argparse.ArgumentParser(prog="python -m benchmarks.class_accuracy", description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", default=(), help="target names (bench:...) to run; default: all")
    parser.add_argument("--profile", default="ci", help="Hypothesis profile (default ci)")
    parser.add_argument("--fresh", action="store_true",
                        help="new random cases each run (the ci profile's random phase is otherwise seeded)")
    args = parser.parse_args(argv)
    profiles.FRESH_DRAWS = args.fresh
    profiles.register()
    settings.load_profile(args.profile)
    runner.TARGET_TIMEOUT, runner.FIRST_CALL_GRACE = 3.0, 2.0
    targets = [t for t in load_backend(MODULE) if not args.only or t.name in args.only]
    if args.only and len(targets) != len(set(args.only)):
        print(f"--only: expected names among {', '.join(sorted(EXPECTED))}", file=sys.stderr)
        return 2
    right = 0
    for t in targets:
        start = time.monotonic()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            got, detail = classify(t)
        ok = got == EXPECTED[t.name]
        right += ok
        print(f"{'ok  ' if ok else 'MISS'} {t.name:52} expected {EXPECTED[t.name]:18} got {got:18} "
              f"{time.monotonic() - start:5.1f}s  {detail[:90]}", flush=True)
    isolation.close(*list(isolation._WORKERS))
    print(f"class accuracy: {right}/{len(targets)} = {100 * right / max(len(targets), 1):.0f} %")
    return 0 if right == len(targets) else 1


if __name__ == "__main__":
    sys.exit(main())
