"""Per spec op: the strategies a target's region narrows. (Verdicts live in ``verdict``.)"""
from __future__ import annotations

from hypothesis import strategies as st

from conformance.case import Case
from conformance.registry import Target

OPS = ("stablehlo.gather", "stablehlo.scatter", "onnx.GatherND", "onnx.ScatterND", "mlir.broadcastable", "mlir.elementwise",
       "mlir.scalarization")


def valid_cases(target: Target, **forced) -> st.SearchStrategy[Case]:
    """Valid cases in ``target``'s region; ``forced`` fixes strategy fields (the edge phase's scenarios)."""
    region = {**target.region, **forced}
    if target.op == "stablehlo.gather":
        from strategies.gather import GatherRegion, gather_cases

        return gather_cases(GatherRegion(**region))
    if target.op == "stablehlo.scatter":
        from strategies.scatter import ScatterRegion, scatter_cases

        return scatter_cases(ScatterRegion(**region))
    if target.op in ("onnx.GatherND", "onnx.ScatterND"):
        from strategies.onnx_nd import OnnxRegion, gather_nd_cases, scatter_nd_cases

        onnx_region = OnnxRegion(**region)
        return gather_nd_cases(onnx_region) if target.op == "onnx.GatherND" else scatter_nd_cases(onnx_region)
    if target.op == "mlir.broadcastable":
        from strategies.broadcastable import BroadcastRegion, broadcast_cases

        return broadcast_cases(BroadcastRegion(**region))
    if target.op == "mlir.elementwise":
        from strategies.elementwise import ElementwiseRegion, elementwise_cases

        return elementwise_cases(ElementwiseRegion(**region))
    if target.op == "mlir.scalarization":
        from strategies.edge_values import edge_cases

        return edge_cases(region["op"], region["dtypes"], region.get("scenario"))
    raise ValueError(f"no strategy for spec op {target.op!r}")


def edge_scenarios(target: Target) -> list[dict]:
    """The forced strategy fields of the edge phase for ``target``'s valid cases: each boundary
    scenario that applies to its region, once (see ``strategies.boundary``)."""
    from strategies import boundary

    if target.op in ("stablehlo.gather", "stablehlo.scatter", "onnx.GatherND", "onnx.ScatterND"):
        region = valid_region(target)
        index = boundary.index_scenarios(region.index_dtypes, region.oob_share > 0)
        values = boundary.value_scenarios(region.element_dtypes) if region.specials else ("ordinary",)
        # index runs on scatter: computations under which every in-bounds write changes the result
        changing = [c for c in ("replace", "add") if c in getattr(region, "computations", ())]
        runs = [{"index_scenario": s, "value_scenario": "ordinary", **({"computations": tuple(changing)} if changing
                                                                       else {})} for s in index if s != "ordinary"]
        if getattr(region, "style", "") == "general":  # the distinct run: two index components, so a permuted map shows
            key = "sim" if target.op == "stablehlo.gather" else "sdod"
            for run in runs:
                if run["index_scenario"] == "distinct":
                    run["needs"] = {**region.needs, key: 2}
        for s in values:
            if s == "ordinary":
                continue
            if target.op != "stablehlo.scatter":
                runs.append({"index_scenario": "distinct", "value_scenario": s})
                continue
            from strategies.scatter import FAVOURED  # each computation where the scenario's values matter

            favoured = [c for c in FAVOURED.get(s, ()) if c in region.computations] or [None]
            pairs = range(len(boundary.MEETINGS[s])) if s in boundary.MEETINGS else [None]
            runs += [{"index_scenario": "distinct", "value_scenario": s, **({"computations": (c,)} if c else {}),
                      **({"value_pair": k} if k is not None else {})} for c in favoured for k in pairs]
        return runs
    if target.op == "mlir.broadcastable":
        from strategies.broadcastable import SCENARIOS

        return [{"scenario": s} for s in SCENARIOS if s != "ordinary"]
    if target.op == "mlir.scalarization":
        return [{"scenario": "meet"}]
    return []


def substantive(case: Case) -> bool:
    """Whether a valid case can show a value: a gather reads some element, a scatter writes some
    element. The edge phase keeps only these (Hypothesis starts from the smallest cases, which are
    often empty, and the edge phase has few examples)."""
    if case.op == "stablehlo.gather":
        return case.arrays["operand"].size > 0 and case.arrays["start_indices"].size > 0
    if case.op == "stablehlo.scatter":
        from oracles.stablehlo.scatter import as_list, normalize, result_positions

        kw = case.kwargs()
        ins, ups = as_list(kw.pop("inputs")), as_list(kw.pop("updates"))
        positions = result_positions(ins[0].shape, kw.pop("scatter_indices"), ups[0].shape, **normalize(kw))
        return bool((positions >= 0).any())
    if case.op in ("onnx.GatherND", "onnx.ScatterND"):
        return all(a.size > 0 for a in case.arrays.values())
    return True


def valid_region(target: Target):
    """The region object of a gather, scatter or ONNX target (its dtypes, out-of-bounds share, ...)."""
    if target.op == "stablehlo.gather":
        from strategies.gather import GatherRegion

        return GatherRegion(**target.region)
    if target.op == "stablehlo.scatter":
        from strategies.scatter import ScatterRegion

        return ScatterRegion(**target.region)
    from strategies.onnx_nd import OnnxRegion

    return OnnxRegion(**target.region)


def invalid_cases(target: Target) -> st.SearchStrategy[Case]:
    if target.op == "stablehlo.gather":
        from strategies.gather_invalid import invalid_gather_cases

        return invalid_gather_cases(None)
    if target.op == "stablehlo.scatter":
        from strategies.scatter_invalid import invalid_scatter_cases

        return invalid_scatter_cases(None)
    if target.op in ("onnx.GatherND", "onnx.ScatterND"):
        from strategies import onnx_nd

        opset, reduction = target.region.get("opset", 13), target.region.get("reduction")
        if target.op == "onnx.GatherND":
            return st.sampled_from(onnx_nd.gather_labels(opset)).flatmap(
                lambda label: onnx_nd.invalid_gather_nd_cases(opset, label))
        return st.sampled_from(onnx_nd.scatter_labels(opset, reduction)).flatmap(
            lambda label: onnx_nd.invalid_scatter_nd_cases(opset, reduction, label))
    raise ValueError(f"no invalid-case strategy for spec op {target.op!r}")


def duplicate_cases(target: Target) -> st.SearchStrategy[Case]:
    """Large duplicate-heavy cases (scatter only): where threads could make a target nondeterministic."""
    if target.op != "stablehlo.scatter":
        raise ValueError(f"no duplicate-heavy strategy for spec op {target.op!r}")
    from strategies.scatter import ScatterRegion, duplicate_heavy_cases

    return duplicate_heavy_cases(ScatterRegion(**target.region))
