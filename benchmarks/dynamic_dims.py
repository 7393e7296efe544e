"""How many compiles would dynamic dims save the StableHLO-text backends (iree, xla) on the index ops?

    python -m benchmarks.dynamic_dims [--cases N]

Draws N valid cases (derandomized) for each of ``iree:gather``, ``iree:scatter``,
``iree:dynamic_slice`` and ``iree:dynamic_update_slice``, builds the module text the target compiles,
and counts the distinct texts as built (one compile each) and with every tensor dim written ``?`` (what
one executable per signature with dynamic dims would compile). The elementwise value targets already
compile with ``?`` dims; for the index ops the text is mostly set by the dimension numbers, slice sizes
and element types a case draws, which dynamic dims do not merge.
"""
from __future__ import annotations

import argparse

from conformance.adapters.stablehlo_text import dynamic_dims as erased


def texts(name: str, n: int) -> tuple[int, set[str]]:
    """(cases drawn, the module texts ``name`` builds for them)."""
    from hypothesis import HealthCheck, given, settings

    from conformance.running import ops
    from conformance.adapters.dynamic_slice import slice_text
    from conformance.adapters.stablehlo_text import gather_text, scatter_text
    from conformance.running.registry import load_backend

    build = {"iree:gather": lambda kw, rt: gather_text(kw, rt, True)[0],
             "iree:scatter": lambda kw, rt: scatter_text(kw, rt, True)[0]}.get(name, lambda kw, rt: slice_text(kw, rt, True)[0])
    target = {t.name: t for t in load_backend("iree")}[name]
    seen: set[str] = set()
    count = [0]

    @settings(max_examples=n, database=None, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(case=ops.valid_cases(target))
    def draw(case):
        kwargs = {k: v for k, v in case.kwargs().items() if k != "result_type"}
        seen.add(build(kwargs, case.result_type))
        count[0] += 1

    draw()
    return count[0], seen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=300)
    args = parser.parse_args(argv)
    for name in ("iree:gather", "iree:scatter", "iree:dynamic_slice", "iree:dynamic_update_slice"):
        drawn, seen = texts(name, args.cases)
        dynamic = {erased(t) for t in seen}
        print(f"{name}: {drawn} cases, {len(seen)} distinct texts (compiles), {len(dynamic)} with every dim ? "
              f"({1 - len(dynamic) / max(len(seen), 1):.0%} fewer)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
