"""The edge phase's runs for index ops (gather, scatter, GatherND, ScatterND): each boundary scenario
of ``conformance.strategies.boundary`` that applies to a target's region, as forced strategy fields. Each op's
record (``conformance.specs``) calls ``index_edge_runs`` with what is particular to it."""
from __future__ import annotations

from dataclasses import fields

from conformance.strategies import boundary

# the dimension runs of every index target's edge phase (issue 43, item 3): sizes around the vector
# widths of SIMD loops (a tail loop after 8 or 16 lanes), zero-size dims, and rank above ``HIGH_RANK``
VECTOR_DIMS = (7, 8, 9, 15, 16, 17)
ZERO_DIMS = (0, 2, 3)
DIMENSION_EXAMPLES = 2
_RANKS = (("min_operand_rank", "max_operand_rank", "max_batch_rank"), ("min_input_rank", "max_input_rank",
          "max_scatter_rank"), ("min_rank", "max_rank", ""))


def dimension_runs(region) -> list[dict]:
    """Forced fields of the dimension runs that ``region`` allows: rank above ``boundary.HIGH_RANK``,
    a zero-size dim (kept although the case reads nothing: ``edge_keep`` names the test the engine keeps
    it by), and every dim a vector width or one off it (rank 1 or 2, one batch dim)."""
    names = {f.name for f in fields(region)}
    lo, hi, batch = next(r for r in _RANKS if r[0] in names)
    ordinary = {"index_scenario": "ordinary", "edge_examples": DIMENSION_EXAMPLES}
    sized = {"edge_dims": False} if "edge_dims" in names else {}  # (no dim at a small index dtype's edge instead)
    runs = []
    if getattr(region, hi) > boundary.HIGH_RANK:  # (a slice of every dim: without it, most rank-6 slices read nothing)
        runs.append({**ordinary, lo: boundary.HIGH_RANK + 1,
                     **({"min_size": 1, "dims": (1, 2)} if "min_size" in names else {})})
    runs.append({**ordinary, "dims": ZERO_DIMS, **sized, "edge_keep": "zero-size"})
    runs.append({**ordinary, "dims": VECTOR_DIMS, **sized, hi: min(2, getattr(region, hi)), lo: min(1, getattr(region, hi)),
                 **({batch: min(1, getattr(region, batch))} if batch else {})})
    return runs


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
        runs += [{**run, **({"computations": (c,)} if c else {})} for c in computations
                 for run in meeting_runs({"index_scenario": "distinct", "value_scenario": s}, region)]
    return runs + dimension_runs(region)


def meeting_runs(run: dict, region) -> list[dict]:
    """``run`` (a value scenario's) once per meeting pair of ``boundary.MEETINGS``; a pair that tells only in
    wide types (``boundary.WIDE_MEETINGS``) once per such element type of the region, one case each."""
    s = run["value_scenario"]
    out = []
    for k in range(len(boundary.MEETINGS[s])) if s in boundary.MEETINGS else [None]:
        wide = [t for t in boundary.WIDE_MEETINGS.get((s, k), ()) if t in region.element_dtypes]
        if (s, k) in boundary.WIDE_MEETINGS:
            out += [{**run, "value_pair": k, "element_dtypes": (t,), "edge_examples": 1} for t in wide]
        else:
            out.append({**run, **({"value_pair": k} if k is not None else {})})
    return out
