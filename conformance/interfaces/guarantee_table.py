"""The edge-phase guarantee as a table (``conformance guarantee-table``): for each index op, each index
model the suite names, the first constructed case of the default user region that tells it from the
spec; then per target region, how many models it tells apart in how many index dtypes, which it cannot
show at all (no case of the region moves a window for them) and which structures its draws never have;
then for each elementwise op, each value model and the first edge-phase case of the default user region
that tells it from the spec (``running.value_guarantee``)."""
from __future__ import annotations

import numpy as np

from conformance.running.constructed import construction, named_models, user_target
from conformance.running.registry import Target


def _value_of(case) -> str:
    """The index values of a constructed case, shortly."""
    from conformance.judging.index_values import components

    values = sorted({int(v) for v, _, _ in components(case)})
    shown = ", ".join(str(v) for v in values[:4]) + (", ..." if len(values) > 4 else "")
    return f"`{case.describe()[:90]}` with indices {{{shown}}}"


def markdown(targets: list[Target]) -> str:
    from conformance.judging.index_models import RULES

    lines = []
    for op in sorted(RULES):
        built = construction(user_target(op))
        lines += [f"## `{op}`: the default user region", "", "| model | index dtypes told apart | first case (int32 where it applies) |",
                  "|---|---|---|"]
        for name in sorted({m.name for d in built.open_models for m in named_models(op, np.dtype(d))}):
            dtypes = [d for d in built.open_models if (d, name) in built.first]
            pick = "int32" if ("int32", name) in built.first else (dtypes[0] if dtypes else "")
            first = _value_of(built.first[(pick, name)]) if pick else "—"
            lines.append(f"| `{name}` | {len(dtypes)} ({', '.join(dtypes)}) | {first} |")
        lines.append("")
    lines += ["## Per target region", "",
              "| target (first of its region) | op | constructed cases | models told apart | not showable in the region | structures the region lacks |",
              "|---|---|---|---|---|---|"]
    seen = set()
    for t in sorted(targets, key=lambda t: (t.op, t.name)):
        key = (t.op, repr(sorted(t.region.items())))
        if t.op not in RULES or not t.valid or key in seen:
            continue
        seen.add(key)
        built = construction(t)
        told = sum(len(named_models(t.op, np.dtype(d))) - len(v) for d, v in built.open_models.items())
        lacking = sorted({m.name for v in built.unreachable.values() for m in v})
        unmet = sorted({n for v in built.unmet.values() for n in v})
        lines.append(f"| `{t.name}` | {t.op.removeprefix('stablehlo.')} | {len(built.cases)} | {told} | "
                     f"{', '.join(f'`{m}`' for m in lacking) or '—'} | {'; '.join(unmet) or '—'} |")
    return "\n".join(lines + [""] + _value_lines())


def _value_lines() -> list[str]:
    from conformance.running.value_guarantee import ELEMENTWISE, edge_cases, region_of, told_apart

    lines = ["## Value models: the default user region of each elementwise op", "",
             "| op | model | element types told apart | first case |", "|---|---|---|---|"]
    for op in ELEMENTWISE:
        t = user_target(op)
        found = told_apart(edge_cases(t), *region_of(t))
        for name in dict.fromkeys(n for n, _ in found):
            dtypes = [d for (n, d), c in found.items() if n == name and c is not None]
            missed = [d for (n, d), c in found.items() if n == name and c is None]
            first = next(c for (n, d), c in found.items() if n == name and c is not None) if dtypes else None
            lines.append(f"| `{op.removeprefix('stablehlo.')}` | `{name}` | {len(dtypes)} ({', '.join(dtypes)})"
                         f"{' — missed: ' + ', '.join(missed) if missed else ''} | "
                         f"{f'`{first.describe()[:80]}`' if first else '—'} |")
    return lines
