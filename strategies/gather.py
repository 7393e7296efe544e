"""Hypothesis strategies for ``stablehlo.gather`` cases, built constructively.

``gather_cases(**region)`` draws valid cases; the region's arguments narrow the space to what
a target can express (a *style* fixes the structure of the dimension numbers: ``general``,
``take``, ``along_axis``, ``advanced``, ``gather_nd``). ``invalid_gather_cases(label)`` draws
cases that break exactly one constraint (see ``conformance.strategies.gather_invalid``).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np
from hypothesis import strategies as st

from conformance.core.case import Case
from conformance.oracles.dtypes import ELEMENT_DTYPES, INDEX_DTYPES
from conformance.oracles.dtypes import dtype as dtype_of
from conformance.strategies.boundary import draw_scenarios, element_dtypes_for, high_rank, index_dtypes_for
from conformance.strategies.values import index_array, operand_values, sort_index_vectors, with_room

STYLES = ("general", "take", "along_axis", "advanced", "gather_nd")
EDGE_DIMS = {"int8": (127, 128, 129), "uint8": (255, 256, 257), "int16": (32767, 32768), "uint16": (65535, 65536)}


@dataclass(frozen=True)
class GatherRegion:
    """What part of the gather space to draw from. The defaults cover all of it."""

    style: str = "general"
    index_vector_dim: str = "any"  # general only: "any", "last" (explicit, last axis) or "implicit"
    min_operand_rank: int = 0
    max_operand_rank: int = 6
    max_batch_rank: int = 5
    min_batch_rank: int = 0
    max_dim: int = 4
    dims: tuple[int, ...] = ()  # every dim size drawn from these (the edge phase's dimension runs); (): 0..max_dim
    max_batching_dims: int = 2
    max_index_vector: int = 3
    element_dtypes: tuple[str, ...] = ELEMENT_DTYPES
    index_dtypes: tuple[str, ...] = INDEX_DTYPES
    oob_share: float = 0.25
    edge_dims: bool = True
    specials: bool = True
    sorted_indices: bool = True  # may set indices_are_sorted=true on indices sorted as the spec says
    index_scenario: str | None = None  # force one scenario of conformance.strategies.boundary (the edge phase); None: drawn
    value_scenario: str | None = None
    result_type: bool = True  # False: an API with no declared result type (invalid cases never break C22/C23)
    # structural minimums, used by the invalid-case strategies to get something to break
    needs: dict = field(default_factory=dict)

    def __post_init__(self):
        if self.style not in STYLES:
            raise ValueError(f"GatherRegion.style: expected one of {', '.join(STYLES)}, got {self.style!r}")
        if self.index_vector_dim not in ("any", "last", "implicit"):
            raise ValueError(f"GatherRegion.index_vector_dim: expected any, last or implicit, got {self.index_vector_dim!r}")
        for name in ("element_dtypes", "index_dtypes"):
            for dt in getattr(self, name):
                dtype_of(dt)


@dataclass
class Plan:
    """The structure of one case before its arrays are filled in."""

    operand_shape: list[int]
    slice_sizes: list[int]
    offset_dims: list[int]
    collapsed_slice_dims: list[int]
    operand_batching_dims: list[int]
    start_indices_batching_dims: list[int]
    start_index_map: list[int]
    index_vector_dim: int
    indices_shape: list[int]

    def attrs(self) -> dict:
        return dict(
            offset_dims=tuple(self.offset_dims), collapsed_slice_dims=tuple(self.collapsed_slice_dims),
            operand_batching_dims=tuple(self.operand_batching_dims),
            start_indices_batching_dims=tuple(self.start_indices_batching_dims),
            start_index_map=tuple(self.start_index_map), index_vector_dim=self.index_vector_dim,
            slice_sizes=tuple(self.slice_sizes), indices_are_sorted=False,
        )


def _dim(draw, region: GatherRegion, lo: int = 0) -> int:
    """A dimension size in [lo, max_dim] (0, 1 and 2 are half of 0..4 already); zero one time in twenty."""
    if region.dims:
        return draw(st.sampled_from([d for d in region.dims if d >= lo] or [lo]))
    if lo == 0 and draw(st.integers(0, 19)) == 0:
        return 0
    return draw(st.integers(max(lo, 1), max(lo, 1, region.max_dim)))


def _indices_shape(batch: list[int], ivd: int, implicit: bool, k: int) -> list[int]:
    return list(batch) if implicit else batch[:ivd] + [k] + batch[ivd:]


def _offset_dims_trailing(nb: int, n_offset: int) -> list[int]:
    return list(range(nb, nb + n_offset))


@st.composite
def general_plan(draw, region: GatherRegion) -> Plan:
    needs = region.needs
    n_pairs = draw(st.integers(needs.get("batching", 0), max(needs.get("batching", 0), region.max_batching_dims)))
    lo_rank = max(region.min_operand_rank,
                  n_pairs + max(needs.get("collapsed", 0) + needs.get("offset", 0), needs.get("sim", 0)))
    r_op = draw(st.integers(lo_rank, max(lo_rank, region.max_operand_rank)))
    region = high_rank(region, r_op)
    free = r_op - n_pairs
    n_collapsed = draw(st.integers(needs.get("collapsed", 0), free - needs.get("offset", 0)))
    roles = ["batching"] * n_pairs + ["collapsed"] * n_collapsed + ["offset"] * (free - n_collapsed)
    roles = draw(st.permutations(roles)) if roles else []
    obd = [d for d, r in enumerate(roles) if r == "batching"]
    csd = [d for d, r in enumerate(roles) if r == "collapsed"]
    ofs = [d for d, r in enumerate(roles) if r == "offset"]
    # start_index_map: distinct non-batching dims, any order
    ivd_mode = region.index_vector_dim if not needs.get("explicit_ivd") else "last"
    if ivd_mode == "any":
        ivd_mode = draw(st.sampled_from(["explicit", "last", "implicit"])) if free else "explicit"
    implicit = ivd_mode == "implicit" and free > 0 and needs.get("sim", 0) <= 1  # implicit: one component
    candidates = csd + ofs
    k_lo = max(needs.get("sim", 0), 1 if implicit else 0)
    k = 1 if implicit else draw(st.integers(min(k_lo, len(candidates)), min(len(candidates), region.max_index_vector)))
    sim = list(draw(st.permutations(candidates)))[:k] if candidates else []
    # sizes
    shape = [0] * r_op
    slices = [0] * r_op
    edge_dim = None
    if region.edge_dims and sim and (region.index_scenario == "top-bit" or draw(st.integers(0, 9)) == 0):
        edge_dim = draw(st.sampled_from(sim))
    for d in range(r_op):
        if roles[d] == "collapsed":
            shape[d] = _dim(draw, region, lo=needs.get("collapsed_size", 1))
            slices[d] = needs.get("collapsed_slice", 1)  # 0: the corner C9 allows, an empty dropped window
        elif roles[d] == "offset":
            shape[d] = _dim(draw, region, lo=needs.get("offset_size", 0))
            slices[d] = draw(st.integers(0, shape[d]))
    # start_indices batch axes: the paired ones plus free ones
    nb_lo = max(n_pairs, region.min_batch_rank)
    nb = draw(st.integers(nb_lo, max(nb_lo, region.max_batch_rank)))
    region = high_rank(region, nb + 1)
    batch = [_dim(draw, region) for _ in range(nb)]
    pair_axes = list(draw(st.permutations(range(nb))))[:n_pairs]
    for d_op, axis in zip(obd, pair_axes):
        size = needs["batching_size"] if "batching_size" in needs else batch[axis]
        batch[axis] = shape[d_op] = size
        slices[d_op] = draw(st.integers(0, min(1, size)))
    ivd = nb if (implicit or ivd_mode == "last") else draw(st.integers(0, nb))
    si_shape = _indices_shape(batch, ivd, implicit, k)
    # start_indices_batching_dims: batch axis -> start_indices axis (skip over index_vector_dim)
    sibd = [a if (implicit or a < ivd) else a + 1 for a in pair_axes]
    n_offset = len(ofs)
    offset_dims = sorted(list(draw(st.permutations(range(nb + n_offset))))[:n_offset])
    plan = Plan(shape, slices, offset_dims, csd, obd, sibd, sim, ivd, si_shape)
    if edge_dim is not None:
        plan = _with_edge_dim(draw, plan, edge_dim, region.index_dtypes, region.index_scenario == "top-bit")
    return plan


def _with_edge_dim(draw, plan: Plan, d: int, index_dtypes, largest: bool = False) -> Plan:
    """Make operand dim ``d`` large enough that its clamp bound sits at a small index dtype's edge."""
    sizes = sorted({v for name in index_dtypes for v in EDGE_DIMS.get(name, ())})
    if sizes:  # largest (top-bit): dim - size is beyond the index dtype's maximum as well
        plan.operand_shape[d] = sizes[-1] if largest else draw(st.sampled_from(sizes))
        plan.slice_sizes[d] = 1 if d in plan.collapsed_slice_dims else draw(st.integers(1, 2))
    return plan


@st.composite
def take_plan(draw, region: GatherRegion) -> Plan:
    """``take(operand, indices, axis)``: one collapsed, indexed axis; batch dims replace it in place."""
    r_op = draw(st.integers(max(1, region.min_operand_rank), max(1, region.max_operand_rank)))
    region = high_rank(region, r_op)
    axis = draw(st.integers(0, r_op - 1))
    shape = [_dim(draw, region) for _ in range(r_op)]
    shape[axis] = _dim(draw, region, lo=1)
    nb = draw(st.integers(region.min_batch_rank, max(region.min_batch_rank, region.max_batch_rank)))
    region = high_rank(region, nb + 1)
    batch = [_dim(draw, region) for _ in range(nb)]
    slices = list(shape)
    slices[axis] = 1
    offset_dims = list(range(axis)) + list(range(axis + nb, r_op - 1 + nb))
    return Plan(shape, slices, offset_dims, [axis], [], [], [axis], nb, batch)


@st.composite
def along_axis_plan(draw, region: GatherRegion) -> Plan:
    """``take_along_axis`` / ``torch.gather``: every other axis is a batching dim."""
    r_op = draw(st.integers(max(1, region.min_operand_rank), max(1, region.max_operand_rank)))
    region = high_rank(region, r_op)
    axis = draw(st.integers(0, r_op - 1))
    shape = [_dim(draw, region) for _ in range(r_op)]
    shape[axis] = _dim(draw, region, lo=1)
    si_shape = list(shape)
    si_shape[axis] = _dim(draw, region)
    others = [d for d in range(r_op) if d != axis]
    slices = [min(1, shape[d]) for d in range(r_op)]
    return Plan(shape, slices, [], [axis], others, others, [axis], r_op, si_shape)


@st.composite
def advanced_plan(draw, region: GatherRegion) -> Plan:
    """``x[i0, i1, ...]``: k indexed axes (any order), batch dims in place if adjacent, else in front."""
    r_op = draw(st.integers(max(1, region.min_operand_rank), max(1, region.max_operand_rank)))
    region = high_rank(region, r_op)
    k = draw(st.integers(1, min(r_op, region.max_index_vector)))
    sim = list(draw(st.permutations(range(r_op))))[:k]
    shape = [_dim(draw, region, lo=1 if d in sim else 0) for d in range(r_op)]
    slices = [1 if d in sim else shape[d] for d in range(r_op)]
    nb = draw(st.integers(region.min_batch_rank, max(region.min_batch_rank, region.max_batch_rank)))
    region = high_rank(region, nb + 1)
    batch = [_dim(draw, region) for _ in range(nb)]
    implicit = k == 1 and region.index_vector_dim != "last" and draw(st.booleans())
    si_shape = _indices_shape(batch, nb, implicit, k)
    ordered = sorted(sim)
    first = ordered[0] if ordered == list(range(ordered[0], ordered[0] + k)) else 0
    offset_dims = list(range(first)) + list(range(first + nb, r_op - k + nb))
    return Plan(shape, slices, offset_dims, ordered, [], [], sim, nb, si_shape)


@st.composite
def gather_nd_plan(draw, region: GatherRegion) -> Plan:
    """ONNX ``GatherND(batch_dims=b)``: b leading batching dims, k leading indexed dims, rest sliced."""
    r_op = draw(st.integers(max(1, region.min_operand_rank), max(1, region.max_operand_rank)))
    region = high_rank(region, r_op)
    b = draw(st.integers(0, min(r_op - 1, region.max_batching_dims)))
    k = draw(st.integers(1, min(r_op - b, region.max_index_vector)))
    shape = [_dim(draw, region, lo=1 if b <= d < b + k else 0) for d in range(r_op)]
    extra = draw(st.integers(0, max(0, region.max_batch_rank - b)))
    batch = shape[:b] + [_dim(draw, region) for _ in range(extra)]
    slices = [min(1, s) if d < b else 1 if d < b + k else s for d, s in enumerate(shape)]
    nb = len(batch)
    return Plan(shape, slices, _offset_dims_trailing(nb, r_op - b - k), list(range(b, b + k)),
                list(range(b)), list(range(b)), list(range(b, b + k)), nb, batch + [k])


PLANS = {"general": general_plan, "take": take_plan, "along_axis": along_axis_plan,
         "advanced": advanced_plan, "gather_nd": gather_nd_plan}


@st.composite
def gather_plans(draw, region: GatherRegion) -> Plan:
    return draw(PLANS[region.style](region))


@st.composite
def materialize(draw, plan: Plan, region: GatherRegion, oob_share: float | None = None) -> Case:
    share = region.oob_share if oob_share is None else oob_share
    idx_sc, val_sc = draw_scenarios(draw, region, share > 0)
    element = draw(st.sampled_from(element_dtypes_for(val_sc, region.element_dtypes)))
    index_dt = draw(st.sampled_from(index_dtypes_for(idx_sc, region.index_dtypes)))
    operand = draw(operand_values(tuple(plan.operand_shape), element, val_sc)) if region.specials else np.arange(
        int(np.prod(plan.operand_shape)), dtype=np.int64).astype(dtype_of(element)).reshape(plan.operand_shape)
    shape, slices = plan.operand_shape, plan.slice_sizes
    # a collapsed dim with slice size 0 reads at its start, so its in-bounds starts are those of size 1
    columns = [(shape[d] if 0 <= d < len(shape) else 1,
                (max(slices[d], 1) if d in plan.collapsed_slice_dims else slices[d]) if 0 <= d < len(slices) else 0)
               for d in plan.start_index_map] or [(1, 1)]
    indices = draw(index_array(tuple(plan.indices_shape), plan.index_vector_dim, columns, index_dt, share, idx_sc))
    attrs = plan.attrs()
    if oob_share is None and region.sorted_indices and _sortable(plan) and draw(st.integers(0, 3)) == 0:
        bounds = [shape[d] - slices[d] for d in plan.start_index_map]
        indices = sort_index_vectors(indices, plan.index_vector_dim, plan.start_index_map, bounds)
        attrs["indices_are_sorted"] = True
    return Case("stablehlo.gather", {"operand": operand, "start_indices": indices}, attrs,
                meta={"style": region.style, "scenario": [idx_sc, val_sc]})


def _sortable(plan: Plan) -> bool:
    """Whether sorting the index vectors honours ``indices_are_sorted``: the spec orders every result
    index, so the batch dims must lead the result (offset dims trailing) and carry no batching dims."""
    nb = len(plan.indices_shape) - (plan.index_vector_dim < len(plan.indices_shape))
    return not plan.operand_batching_dims and list(plan.offset_dims) == list(range(nb, nb + len(plan.offset_dims)))


@st.composite
def _scenario_case(draw, region: GatherRegion) -> Case:
    """The scenarios first (``conformance.strategies.boundary``), then the plan (``top-bit`` makes an indexed dim
    larger than the small unsigned index dtypes' signed range, where reading as signed changes the
    result), then the arrays."""
    idx_sc, val_sc = draw_scenarios(draw, region, region.oob_share > 0)
    region = replace(region, index_scenario=idx_sc, value_scenario=val_sc)
    if idx_sc == "top-bit":  # the smallest unsigned dtype: its edge dims stay small
        small = [d for d in ("uint8", "uint16") if d in region.index_dtypes]
        region = replace(region, index_dtypes=(small[0],)) if small else region
    plan = draw(gather_plans(region))
    if idx_sc == "top-bit" and region.style != "general" and plan.start_index_map:
        plan = _with_edge_dim(draw, plan, plan.start_index_map[0], region.index_dtypes, largest=True)
    if idx_sc != "ordinary":
        with_room(draw, plan.operand_shape, plan.slice_sizes, plan.start_index_map)
    return draw(materialize(plan, region))


def gather_cases(region: GatherRegion | None = None, **kwargs) -> st.SearchStrategy[Case]:
    """Valid ``stablehlo.gather`` cases in ``region`` (keyword arguments override its fields)."""
    return _scenario_case(replace(region or GatherRegion(), **kwargs))
