"""How even the shards of a report are: the slowest shard's seconds against the mean, for shards
by count and shards balanced by the measured costs of an earlier run.

    python -m benchmarks.shard_balance --costs EARLIER --actual LATER [--shards 4]

EARLIER and LATER are report folders (or their log.jsonl) of the same targets, ideally two nights:
the partition is made from EARLIER's per-target seconds, and judged by LATER's (a balance measured
on the costs it was made from would flatter it). Prints one line per way of sharding.
"""
from __future__ import annotations

import argparse
import statistics
from pathlib import Path
from types import SimpleNamespace

from conformance.reports.run import measured_costs, shard


def balance(actual: dict[str, float], shards: int, costs: dict[str, float] | None) -> tuple[float, list[float]]:
    """(slowest / mean, seconds per shard) of ``actual``'s targets sharded with ``costs`` (None: by count)."""
    targets = [SimpleNamespace(op="", name=name) for name in actual]
    seconds = [sum(actual[t.name] for t in shard(targets, k, shards, costs)) for k in range(1, shards + 1)]
    return max(seconds) / statistics.mean(seconds), seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--costs", required=True, help="earlier report folder or log.jsonl (the partition's input)")
    parser.add_argument("--actual", required=True, help="later report folder or log.jsonl (the seconds judged)")
    parser.add_argument("--shards", type=int, default=4)
    args = parser.parse_args(argv)
    costs, actual = measured_costs(Path(args.costs)), measured_costs(Path(args.actual))
    print(f"{len(actual)} targets, {sum(actual.values()):.0f} s in all, {args.shards} shards")
    for name, used in (("by count", None), ("by measured cost", costs)):
        ratio, seconds = balance(actual, args.shards, used)
        print(f"{name}: slowest/mean {ratio:.2f}; shards {', '.join(f'{s:.0f}' for s in seconds)} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
