"""Invalid ``stablehlo.gather`` cases, each breaking exactly one constraint label.

Each breaker takes a valid plan drawn with the structure it needs (``NEEDS``) and changes the
least it can. Arrays are filled in afterwards from the (possibly changed) shapes; index values
stay in bounds where bounds still mean anything, since only the attributes are at fault.
"""
from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from conformance.core.case import Case
from conformance.oracles.dtypes import dtype as dtype_of
from conformance.oracles.stablehlo.gather import result_shape
from conformance.strategies.gather import GatherRegion, Plan, general_plan, materialize

# what each label's breaker needs in the valid plan it starts from
NEEDS: dict[str, dict] = {
    "I2": {}, "C1": {}, "C2": {}, "C3": {"sim": 1, "explicit_ivd": True},
    "C4": {"offset": 2}, "C5": {"offset": 1}, "C6": {"collapsed": 2}, "C7": {"collapsed": 2},
    "C8": {"collapsed": 1}, "C9": {"collapsed": 1, "collapsed_size": 2},
    "C10": {"batching": 2}, "C11": {"batching": 1}, "C12": {"batching": 1, "batching_size": 2},
    "C13": {"batching": 2, "batching_size": 2}, "C14": {"batching": 1},
    "C15": {"batching": 1, "explicit_ivd": True}, "C16": {"batching": 1}, "C17": {"batching": 1},
    "C18": {"batching": 1, "sim": 1, "explicit_ivd": True}, "C19": {"sim": 1}, "C20": {},
    "C21": {"offset": 1}, "C22": {}, "C23": {},
}
LABELS = tuple(NEEDS)
# the element and index types invalid cases are drawn in (only the attributes are at fault)
INVALID_REGION = GatherRegion(element_dtypes=("int32", "float32"), index_dtypes=("int32", "int64"))


def _r_si(p: Plan) -> int:
    return len(p.indices_shape)


def _result_rank(p: Plan) -> int:
    nb = _r_si(p) - (1 if p.index_vector_dim < _r_si(p) else 0)
    return nb + len(p.offset_dims)


def _break(label: str, p: Plan, draw) -> tuple[Plan, dict]:
    """Mutate ``p`` in place so that it breaks ``label``; returns (plan, case extras)."""
    extras: dict = {}
    if label == "I2":
        extras["index_dtype"] = draw(st.sampled_from(["float32", "float16", "bool"]))
    elif label == "C1":  # one offset dim too many
        p.offset_dims = p.offset_dims + [_result_rank(p)]
    elif label == "C2":
        p.index_vector_dim = draw(st.sampled_from([_r_si(p) + 1, -1]))
    elif label == "C3":
        p.start_index_map = p.start_index_map[:-1]
    elif label == "C4":
        p.offset_dims = list(reversed(p.offset_dims))
    elif label == "C5":
        p.offset_dims = p.offset_dims[:-1] + [_result_rank(p) + draw(st.integers(0, 2))]
    elif label == "C6":
        p.collapsed_slice_dims = [p.collapsed_slice_dims[0]] + p.collapsed_slice_dims[:-1]
    elif label == "C7":
        p.collapsed_slice_dims = list(reversed(p.collapsed_slice_dims))
    elif label == "C8":
        p.collapsed_slice_dims = p.collapsed_slice_dims[:-1] + [len(p.operand_shape) + draw(st.integers(0, 2))]
    elif label == "C9":
        d = draw(st.sampled_from(p.collapsed_slice_dims))
        p.slice_sizes[d] = draw(st.integers(2, p.operand_shape[d]))
    elif label == "C10":
        p.operand_batching_dims = list(reversed(p.operand_batching_dims))
        p.start_indices_batching_dims = list(reversed(p.start_indices_batching_dims))
    elif label == "C11":
        p.operand_batching_dims = p.operand_batching_dims[:-1] + [len(p.operand_shape)]
    elif label == "C12":
        p.slice_sizes[p.operand_batching_dims[0]] = 2
    elif label == "C13":
        p.start_indices_batching_dims[1] = p.start_indices_batching_dims[0]
    elif label == "C14":
        p.start_indices_batching_dims[-1] = _r_si(p) + 1
    elif label == "C15":
        p.start_indices_batching_dims[0] = p.index_vector_dim
        d = p.operand_batching_dims[0]
        p.operand_shape[d] = p.indices_shape[p.index_vector_dim]
        p.slice_sizes[d] = min(1, p.operand_shape[d])
    elif label == "C16":
        p.start_indices_batching_dims = p.start_indices_batching_dims[:-1]
    elif label == "C17":
        d = p.operand_batching_dims[0]
        p.operand_shape[d] += 1
        p.slice_sizes[d] = min(1, p.operand_shape[d])
    elif label == "C18":
        p.start_index_map[0] = p.operand_batching_dims[0]
    elif label == "C19":
        p.start_index_map[0] = len(p.operand_shape) + draw(st.integers(0, 2))
    elif label == "C20":
        p.slice_sizes = p.slice_sizes + [1] if draw(st.booleans()) or not p.slice_sizes else p.slice_sizes[:-1]
    elif label == "C21":
        offs = [d for d in range(len(p.operand_shape))
                if d not in p.collapsed_slice_dims and d not in p.operand_batching_dims]
        d = draw(st.sampled_from(offs))
        p.slice_sizes[d] = draw(st.sampled_from([p.operand_shape[d] + 1, -1]))
    elif label in ("C22", "C23"):
        extras["declare"] = label
    else:
        raise ValueError(f"invalid_gather_cases: unknown label {label!r}; expected one of {', '.join(LABELS)}")
    return p, extras


@st.composite
def _invalid(draw, label: str, region: GatherRegion, empty_indices: bool = False) -> Case:
    needs = NEEDS[label]
    region = replace(region, style="general", needs=needs, oob_share=0.0, edge_dims=False,
                     max_operand_rank=max(region.max_operand_rank, needs.get("batching", 0) + max(
                         needs.get("offset", 0) + needs.get("collapsed", 0), needs.get("sim", 0))),
                     max_batching_dims=max(region.max_batching_dims, needs.get("batching", 0)),
                     index_vector_dim="last" if needs.get("explicit_ivd") else region.index_vector_dim)
    plan = draw(general_plan(region))
    plan, extras = _break(label, plan, draw)
    if empty_indices:  # a batch axis of size 0: no start index, nothing read, and the attributes still invalid
        axes = [a for a in range(len(plan.indices_shape)) if a != plan.index_vector_dim
                and a not in plan.start_indices_batching_dims]
        plan.indices_shape[draw(st.sampled_from(axes))] = 0
    case = draw(materialize(plan, region, oob_share=0.0))
    if "index_dtype" in extras:
        case.arrays["start_indices"] = case.arrays["start_indices"].astype(dtype_of(extras["index_dtype"]))
    result_type = None
    if extras.get("declare"):
        op = case.arrays["operand"]
        shape = list(result_shape(op, case.arrays["start_indices"], **case.attrs))
        dtype = op.dtype.name
        if label == "C22":
            if shape and draw(st.booleans()):
                i = draw(st.integers(0, len(shape) - 1))
                shape[i] += 1
            else:
                shape = shape + [1]
        else:
            dtype = draw(st.sampled_from([d for d in ("int32", "float32", "int64") if d != dtype]))
        result_type = {"shape": shape, "dtype": dtype}
    return Case(case.op, case.arrays, case.attrs, result_type=result_type, meta={"breaks": label})


def invalid_gather_cases(label: str | None = None, region: GatherRegion | None = None,
                         empty_indices: bool = False) -> st.SearchStrategy[Case]:
    """Cases that break exactly ``label`` (or any one label, when None); ``empty_indices``: with a start
    indices batch axis of size 0 (the region must then allow a batch axis that no batching dim pairs)."""
    region = region or INVALID_REGION
    if label is None:
        return st.sampled_from(LABELS).flatmap(lambda lab: _invalid(lab, region, empty_indices))
    if label not in NEEDS:
        raise ValueError(f"invalid_gather_cases: unknown label {label!r}; expected one of {', '.join(LABELS)}")
    return _invalid(label, region, empty_indices)
