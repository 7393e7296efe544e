"""The edge phase's runs for index ops (gather, scatter, GatherND, ScatterND): each boundary scenario
of ``conformance.strategies.boundary`` that applies to a target's region, as forced strategy fields. Each op's
record (``conformance.specs``) calls ``index_edge_runs`` with what is particular to it."""
from __future__ import annotations

from conformance.strategies import boundary


def index_edge_runs(region, *, distinct_key: str = "", favoured: dict | None = None) -> list[dict]:
    """Forced fields per run: one run per index scenario (under the computations where every in-bounds
    write changes the result), then one per value scenario. ``distinct_key``: the ``needs`` key that
    asks a general-style plan for two index components (so a permuted dimension map shows);
    ``favoured``: per value scenario, the computations under which its values matter (scatter),
    each run once per meeting pair of ``boundary.MEETINGS``."""
    index = boundary.index_scenarios(region.index_dtypes, region.oob_share > 0)
    values = boundary.value_scenarios(region.element_dtypes) if region.specials else ("ordinary",)
    changing = [c for c in ("replace", "add") if c in getattr(region, "computations", ())]
    runs = [{"index_scenario": s, "value_scenario": "ordinary", **({"computations": tuple(changing)} if changing
                                                                   else {})} for s in index if s != "ordinary"]
    if distinct_key and getattr(region, "style", "") == "general":
        for run in runs:
            if run["index_scenario"] == "distinct":
                run["needs"] = {**region.needs, distinct_key: 2}
    for s in values:
        if s == "ordinary":
            continue
        if favoured is None:
            runs.append({"index_scenario": "distinct", "value_scenario": s})
            continue
        computations = [c for c in favoured.get(s, ()) if c in region.computations] or [None]
        pairs = range(len(boundary.MEETINGS[s])) if s in boundary.MEETINGS else [None]
        runs += [{"index_scenario": "distinct", "value_scenario": s, **({"computations": (c,)} if c else {}),
                  **({"value_pair": k} if k is not None else {})} for c in computations for k in pairs]
    return runs
