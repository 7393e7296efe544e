"""Hypothesis strategies for ``stablehlo.scatter`` cases, built constructively.

``scatter_cases(region)`` draws valid cases. A *style* fixes the structure of the dimension numbers
to what an API family can express: ``general`` (everything), ``along_axis`` (torch ``scatter_``,
numpy ``put_along_axis``), ``advanced`` (``x[idx] = v``, ``index_put_``, ``ufunc.at``), ``take``
(``index_add_``/``index_copy_``/``put``), ``scatter_nd`` (ONNX ScatterND). Windows may lie fully in,
partly out or fully out of bounds; duplicates come at a tunable rate.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np
from hypothesis import strategies as st

from conformance.core.case import Case
from conformance.oracles.dtypes import ELEMENT_DTYPES, INDEX_DTYPES
from conformance.oracles.dtypes import dtype as dtype_of
from conformance.oracles.stablehlo.dims import combine, from_index_vectors, index_vectors
from conformance.oracles.stablehlo.scatter import result_positions
from conformance.oracles.stablehlo.scatter_policy import COMPUTATIONS
from conformance.strategies.boundary import MEETINGS, draw_scenarios, element_dtypes_for, high_rank, index_dtypes_for, meeting_value
from conformance.strategies.values import index_array, operand_values, sort_index_vectors, with_room

STYLES = ("general", "along_axis", "advanced", "take", "scatter_nd")
EDGE_DIMS = {"int8": (127, 128, 129), "uint8": (255, 256, 257)}


@dataclass(frozen=True)
class ScatterRegion:
    """What part of the scatter space to draw from. The defaults cover all of it (one input)."""

    style: str = "general"
    index_vector_dim: str = "any"  # general only: "any", "last" or "implicit"
    min_input_rank: int = 0
    max_input_rank: int = 6
    max_scatter_rank: int = 5
    min_scatter_rank: int = 0
    max_dim: int = 4
    dims: tuple[int, ...] = ()  # every dim size drawn from these (the edge phase's dimension runs); (): 0..max_dim
    max_batching_dims: int = 2
    max_index_vector: int = 3
    max_inputs: int = 1
    element_dtypes: tuple[str, ...] = ELEMENT_DTYPES
    index_dtypes: tuple[str, ...] = INDEX_DTYPES
    computations: tuple[str, ...] = tuple(COMPUTATIONS)
    oob_share: float = 0.25
    dup_share: float = 0.2
    cut_share: float = 0.25
    edge_dims: bool = True
    specials: bool = True
    unique_indices: bool = True  # may set unique_indices=true where the indices really are unique
    indexed_prefix: bool = False  # advanced style only: the indexed axes are 0..k-1 in order (torch index_put_)
    needs: dict = field(default_factory=dict)  # general style: structural minimums for the invalid cases
    large_cases: bool = True  # can take duplicate_heavy_cases (tens of thousands of updates)
    sorted_indices: bool = True  # may set indices_are_sorted=true on indices sorted as the spec says
    index_scenario: str | None = None  # force one scenario of conformance.strategies.boundary (the edge phase); None: drawn
    value_scenario: str | None = None
    value_pair: int | None = None  # the edge phase: fill inputs and updates with MEETINGS[value_scenario][k]

    def __post_init__(self):
        if self.style not in STYLES:
            raise ValueError(f"ScatterRegion.style: expected one of {', '.join(STYLES)}, got {self.style!r}")
        for c in self.computations:
            if c not in COMPUTATIONS:
                raise ValueError(f"ScatterRegion.computations: expected names from {', '.join(COMPUTATIONS)}, got {c!r}")
        for name in ("element_dtypes", "index_dtypes"):
            for dt in getattr(self, name):
                dtype_of(dt)


@dataclass
class ScatterPlan:
    """The structure of one case before its arrays are filled in."""

    input_shape: list[int]
    update_window_dims: list[int]
    inserted_window_dims: list[int]
    input_batching_dims: list[int]
    scatter_indices_batching_dims: list[int]
    scatter_dims_to_operand_dims: list[int]
    index_vector_dim: int
    indices_shape: list[int]
    updates_shape: list[int]
    window_sizes: list[int]  # per input dim (1 at inserted and batching dims)

    def attrs(self) -> dict:
        return dict(
            update_window_dims=tuple(self.update_window_dims), inserted_window_dims=tuple(self.inserted_window_dims),
            input_batching_dims=tuple(self.input_batching_dims),
            scatter_indices_batching_dims=tuple(self.scatter_indices_batching_dims),
            scatter_dims_to_operand_dims=tuple(self.scatter_dims_to_operand_dims),
            index_vector_dim=self.index_vector_dim, indices_are_sorted=False, unique_indices=False,
        )


def _dim(draw, region: ScatterRegion, lo: int = 0) -> int:
    """A dimension size; zero-size dims (allowed when ``lo == 0``) come one time in twenty."""
    if region.dims:
        return draw(st.sampled_from([d for d in region.dims if d >= lo] or [lo]))
    if lo == 0 and draw(st.integers(0, 19)) == 0:
        return 0
    return draw(st.integers(max(lo, 1), max(lo, 1, region.max_dim)))


def _finish(shape, roles, sdod, window_sizes, batch, pair_axes, ivd, implicit, uwd) -> ScatterPlan:
    """Derive the remaining fields from the drawn structure."""
    ibd = [d for d, r in enumerate(roles) if r == "batching"]
    iwd = [d for d, r in enumerate(roles) if r == "inserted"]
    window_dims = [d for d, r in enumerate(roles) if r == "window"]
    k = len(sdod)
    si_shape = list(batch) if implicit else batch[:ivd] + [k] + batch[ivd:]
    sibd = [a if (implicit or a < ivd) else a + 1 for a in pair_axes]
    updates_shape = list(combine(len(batch) + len(window_dims), uwd, [window_sizes[d] for d in window_dims], batch))
    return ScatterPlan(shape, list(uwd), iwd, ibd, sibd, list(sdod), ivd, si_shape, updates_shape, window_sizes)


def _window(draw, size: int) -> int:
    """A window extent within ``size``: full, partial (>= 2 where possible, so it can be cut), or 0."""
    if size == 0 or draw(st.integers(0, 19)) == 0:
        return 0
    return draw(st.integers(min(2, size), size))


@st.composite
def general_plan(draw, region: ScatterRegion) -> ScatterPlan:
    needs = region.needs  # structural minimums (for the invalid-case strategies): see conformance.strategies.scatter_invalid
    lo_pairs = needs.get("batching", 0)
    n_pairs = draw(st.integers(lo_pairs, max(lo_pairs, region.max_batching_dims)))
    lo_free = needs.get("inserted", 0) + needs.get("window", 0)
    lo_rank = max(region.min_input_rank, n_pairs + max(lo_free, needs.get("sdod", 0)))
    r_in = draw(st.integers(lo_rank, max(lo_rank, region.max_input_rank)))
    region = high_rank(region, r_in)
    free = r_in - n_pairs
    n_inserted = draw(st.integers(needs.get("inserted", 0), free - needs.get("window", 0)))
    roles = draw(st.permutations(["batching"] * n_pairs + ["inserted"] * n_inserted + ["window"] * (free - n_inserted)))
    roles = list(roles)
    shape = [_dim(draw, region, lo=1 if r == "inserted" else 0) for r in roles]
    window_sizes = [_window(draw, s) if r == "window" else 1 for s, r in zip(shape, roles)]
    mode = "explicit" if needs.get("explicit_ivd") else region.index_vector_dim
    if mode == "any":
        mode = draw(st.sampled_from(["explicit", "last", "implicit"])) if free else "explicit"
    implicit = mode == "implicit" and free > 0 and needs.get("sdod", 0) <= 1  # implicit: one component
    candidates = [d for d, r in enumerate(roles) if r != "batching"]
    k_lo = min(len(candidates), needs.get("sdod", 0))
    k = 1 if implicit else draw(st.integers(k_lo, max(k_lo, min(len(candidates), region.max_index_vector))))
    sdod = list(draw(st.permutations(candidates)))[:k] if candidates else []
    nb_lo = max(n_pairs, region.min_scatter_rank)
    nb = draw(st.integers(nb_lo, max(nb_lo, region.max_scatter_rank)))
    region = high_rank(region, nb + 1)
    batch = [_dim(draw, region) for _ in range(nb)]
    pair_axes = list(draw(st.permutations(range(nb))))[:n_pairs]
    for d, axis in zip([d for d, r in enumerate(roles) if r == "batching"], pair_axes):
        batch[axis] = shape[d] = needs.get("batching_size", shape[d])
        window_sizes[d] = 1
    if region.edge_dims and sdod and (region.index_scenario == "top-bit" or draw(st.integers(0, 9)) == 0):
        sizes = sorted({v for name in region.index_dtypes for v in EDGE_DIMS.get(name, ())})
        if sizes:
            d = draw(st.sampled_from(sdod))
            shape[d] = draw(st.sampled_from(sizes))
            window_sizes[d] = 1 if roles[d] == "inserted" else draw(st.integers(1, 2))
    ivd = nb if (implicit or mode == "last") else draw(st.integers(0, nb))
    n_window = free - n_inserted
    uwd = sorted(list(draw(st.permutations(range(nb + n_window))))[:n_window])
    return _finish(shape, roles, sdod, window_sizes, batch, pair_axes, ivd, implicit, uwd)


@st.composite
def along_axis_plan(draw, region: ScatterRegion) -> ScatterPlan:
    """torch ``scatter_(axis, index, src)`` / numpy ``put_along_axis``: every other axis is a batching dim."""
    r_in = draw(st.integers(max(1, region.min_input_rank), max(1, region.max_input_rank)))
    region = high_rank(region, r_in)
    axis = draw(st.integers(0, r_in - 1))
    shape = [_dim(draw, region, lo=1 if d == axis else 0) for d in range(r_in)]
    roles = ["inserted" if d == axis else "batching" for d in range(r_in)]
    batch = list(shape)
    batch[axis] = _dim(draw, region)
    others = [d for d in range(r_in) if d != axis]
    return _finish(shape, roles, [axis], [1] * r_in, batch, others, r_in, False, [])


@st.composite
def advanced_plan(draw, region: ScatterRegion) -> ScatterPlan:
    """``x[i0, i1, ...] = v``: k indexed axes (any order); the update's scatter dims sit in place of
    the indexed axes when those are adjacent, else in front (numpy's advanced-indexing rule)."""
    r_in = draw(st.integers(max(1, region.min_input_rank), max(1, region.max_input_rank)))
    region = high_rank(region, r_in)
    k = draw(st.integers(1, min(r_in, region.max_index_vector)))
    sdod = list(range(k)) if region.indexed_prefix else list(draw(st.permutations(range(r_in))))[:k]
    shape = [_dim(draw, region, lo=1 if d in sdod else 0) for d in range(r_in)]
    roles = ["inserted" if d in sdod else "window" for d in range(r_in)]
    nb = draw(st.integers(region.min_scatter_rank, max(region.min_scatter_rank, region.max_scatter_rank)))
    region = high_rank(region, nb + 1)
    batch = [_dim(draw, region) for _ in range(nb)]
    implicit = k == 1 and region.index_vector_dim != "last" and draw(st.booleans())
    ordered = sorted(sdod)
    first = ordered[0] if ordered == list(range(ordered[0], ordered[0] + k)) else 0
    uwd = list(range(first)) + list(range(first + nb, r_in - k + nb))
    return _finish(shape, roles, sdod, [1 if d in sdod else s for d, s in enumerate(shape)], batch, [], nb,
                   implicit, uwd)


@st.composite
def take_plan(draw, region: ScatterRegion) -> ScatterPlan:
    """``index_add_(axis, index, source)`` / ``index_copy_`` / ``put``: one indexed axis, 1-D indices."""
    r_in = draw(st.integers(max(1, region.min_input_rank), max(1, region.max_input_rank)))
    region = high_rank(region, r_in)
    axis = draw(st.integers(0, r_in - 1))
    shape = [_dim(draw, region, lo=1 if d == axis else 0) for d in range(r_in)]
    roles = ["inserted" if d == axis else "window" for d in range(r_in)]
    n = _dim(draw, region)
    uwd = list(range(axis)) + list(range(axis + 1, r_in))
    return _finish(shape, roles, [axis], [1 if d == axis else s for d, s in enumerate(shape)], [n], [], 1, True, uwd)


@st.composite
def scatter_nd_plan(draw, region: ScatterRegion) -> ScatterPlan:
    """ONNX ``ScatterND``: indices [..., k] address the k leading dims; the rest are full windows."""
    r_in = draw(st.integers(max(1, region.min_input_rank), max(1, region.max_input_rank)))
    region = high_rank(region, r_in)
    k = draw(st.integers(1, min(r_in, region.max_index_vector)))
    shape = [_dim(draw, region, lo=1 if d < k else 0) for d in range(r_in)]
    roles = ["inserted" if d < k else "window" for d in range(r_in)]
    nb = draw(st.integers(max(1, region.min_scatter_rank), max(1, region.min_scatter_rank, region.max_scatter_rank)))
    region = high_rank(region, nb + 1)
    batch = [_dim(draw, region) for _ in range(nb)]
    uwd = list(range(nb, nb + r_in - k))
    return _finish(shape, roles, list(range(k)), [1 if d < k else s for d, s in enumerate(shape)], batch, [], nb,
                   False, uwd)


PLANS = {"general": general_plan, "along_axis": along_axis_plan, "advanced": advanced_plan, "take": take_plan,
         "scatter_nd": scatter_nd_plan}


@st.composite
def with_duplicates(draw, indices: np.ndarray, ivd: int, share: float) -> np.ndarray:
    """Copy some index vectors from earlier scatter positions (row-major), at rate ``share``."""
    if share <= 0 or indices.size == 0:
        return indices
    vectors = index_vectors(indices, ivd)
    flat = vectors.reshape(-1, vectors.shape[-1]).copy()
    weight = max(1, round(share * 100))
    for pos in range(1, len(flat)):
        if draw(st.integers(0, 99)) < weight:
            flat[pos] = flat[draw(st.integers(0, pos - 1))]
    out = flat.reshape(vectors.shape)
    return from_index_vectors(out, ivd, indices.ndim)


@st.composite
def with_cut_window(draw, indices: np.ndarray, plan: ScatterPlan, share: float) -> np.ndarray:
    """With probability ``share``, move one window so that it lies partly out of bounds (the case
    where the spec's skip-element and a backend's skip-window differ)."""
    shape, ws, ivd = plan.input_shape, plan.window_sizes, plan.index_vector_dim
    cols = [k for k, d in enumerate(plan.scatter_dims_to_operand_dims) if ws[d] >= 2]
    if not cols or indices.size == 0 or draw(st.integers(0, 99)) >= round(share * 100):
        return indices
    k = draw(st.sampled_from(cols))
    d = plan.scatter_dims_to_operand_dims[k]
    starts = [shape[d] - ws[d] + 1, shape[d] - 1]
    if indices.dtype.kind == "i":
        starts += [-1, 1 - ws[d]]
    info = np.iinfo(indices.dtype)
    starts = [v for v in starts if info.min <= v <= info.max]
    if not starts:  # e.g. uint8 indices on a dim of 257: no cut start the dtype can hold
        return indices
    vectors = index_vectors(indices, ivd).copy()
    flat = vectors.reshape(-1, vectors.shape[-1])
    flat[draw(st.integers(0, len(flat) - 1)), k] = draw(st.sampled_from(starts))
    out = flat.reshape(vectors.shape)
    return from_index_vectors(out, ivd, indices.ndim)


@st.composite
def materialize(draw, plan: ScatterPlan, region: ScatterRegion) -> Case:
    idx_sc, val_sc = draw_scenarios(draw, region, region.oob_share > 0)
    element = draw(st.sampled_from(element_dtypes_for(val_sc, region.element_dtypes)))
    index_dt = draw(st.sampled_from(index_dtypes_for(idx_sc, region.index_dtypes)))
    n_inputs = draw(st.integers(1, max(1, region.max_inputs)))

    def values(shape, side: int):
        if region.value_pair is not None and val_sc in MEETINGS:
            value = meeting_value(MEETINGS[val_sc][region.value_pair][side], element)
            return np.full(tuple(shape), np.array(value, dtype=object if isinstance(value, int) else None)).astype(
                dtype_of(element))
        if region.specials:
            return draw(operand_values(tuple(shape), element, val_sc))
        return np.arange(int(np.prod(shape)), dtype=np.int64).astype(dtype_of(element)).reshape(shape)

    shape, ws = plan.input_shape, plan.window_sizes
    columns = [(shape[d], ws[d]) for d in plan.scatter_dims_to_operand_dims] or [(1, 1)]
    indices = draw(index_array(tuple(plan.indices_shape), plan.index_vector_dim, columns, index_dt, region.oob_share,
                               idx_sc))
    indices = draw(with_duplicates(indices, plan.index_vector_dim, region.dup_share))
    cut = {"ordinary": region.cut_share, "past-end": max(region.cut_share, 0.5) if region.cut_share else 0,
           "negative": max(region.cut_share, 0.5) if region.cut_share else 0}.get(idx_sc, 0)
    indices = draw(with_cut_window(indices, plan, cut))
    attrs = plan.attrs()
    if region.sorted_indices and _sortable(plan) and draw(st.integers(0, 3)) == 0:
        indices = sort_index_vectors(indices, plan.index_vector_dim, plan.scatter_dims_to_operand_dims)
        attrs["indices_are_sorted"] = True
    arrays = {}
    for i in range(n_inputs):
        arrays[f"inputs[{i}]" if region.max_inputs > 1 else "inputs"] = values(shape, 0)
    arrays["scatter_indices"] = indices
    for i in range(n_inputs):
        arrays[f"updates[{i}]" if region.max_inputs > 1 else "updates"] = values(plan.updates_shape, 1)
    attrs["update_computation"] = _computation(draw, region, val_sc)
    if region.unique_indices and draw(st.booleans()):
        positions = result_positions(shape, indices, plan.updates_shape, **attrs)
        attrs["unique_indices"] = bool((positions >= 0).all() and len(np.unique(positions)) == len(positions))
    return Case("stablehlo.scatter", arrays, attrs, meta={"style": region.style, "scenario": [idx_sc, val_sc]})


def _sortable(plan: ScatterPlan) -> bool:
    """Whether sorting the index vectors honours ``indices_are_sorted`` (update scatter dims lead the
    updates, no batching dims: see ``conformance.strategies.gather._sortable``)."""
    nb = len(plan.updates_shape) - len(plan.update_window_dims)
    return not plan.input_batching_dims and list(plan.update_window_dims) == list(
        range(nb, nb + len(plan.update_window_dims)))


# value scenarios whose values matter most under some computations: half the time one of those
FAVOURED = {"nan": ("minimum", "maximum"), "signed-zeros": ("minimum", "maximum", "add"), "bool": ("add", "multiply"),
            "int-extremes": ("add", "multiply", "maximum", "minimum"), "inexact": ("add", "multiply")}


def _computation(draw, region: ScatterRegion, scenario: str) -> str:
    favoured = [c for c in FAVOURED.get(scenario, ()) if c in region.computations]
    if favoured and draw(st.booleans()):
        return draw(st.sampled_from(favoured))
    return draw(st.sampled_from(region.computations))


def _with_edge_dim(draw, plan: ScatterPlan, index_dtypes) -> ScatterPlan:
    """Make the first indexed input dim larger than a small unsigned index dtype's signed range."""
    sizes = sorted({v for name in index_dtypes for v in EDGE_DIMS.get(name, ())})
    if not sizes or not plan.scatter_dims_to_operand_dims:
        return plan
    d = plan.scatter_dims_to_operand_dims[0]
    old = plan.input_shape[d]
    plan.input_shape[d] = draw(st.sampled_from(sizes))
    if d not in plan.inserted_window_dims and d not in plan.input_batching_dims and plan.window_sizes[d] == old:
        # a full window (advanced/take/scatter_nd styles): keep it full in the updates' window dim too
        window_dims = [x for x in range(len(plan.input_shape))
                       if x not in plan.inserted_window_dims and x not in plan.input_batching_dims]
        plan.window_sizes[d] = plan.input_shape[d]
        plan.updates_shape[plan.update_window_dims[window_dims.index(d)]] = plan.input_shape[d]
    return plan


@st.composite
def _scenario_case(draw, region: ScatterRegion) -> Case:
    """The scenarios first (``conformance.strategies.boundary``), then the plan (``top-bit``: an indexed dim beyond a
    small unsigned index dtype's signed range), then the arrays."""
    idx_sc, val_sc = draw_scenarios(draw, region, region.oob_share > 0)
    region = replace(region, index_scenario=idx_sc, value_scenario=val_sc)
    if idx_sc == "top-bit":
        region = replace(region, index_dtypes=tuple(d for d in region.index_dtypes if d in EDGE_DIMS and
                                                    d.startswith("u")) or region.index_dtypes)
    plan = draw(scatter_plans(region))
    if idx_sc == "top-bit" and region.style != "general":
        plan = _with_edge_dim(draw, plan, region.index_dtypes)
    if idx_sc != "ordinary":
        with_room(draw, plan.input_shape, plan.window_sizes, plan.scatter_dims_to_operand_dims)
    return draw(materialize(plan, region))


def scatter_plans(region: ScatterRegion) -> st.SearchStrategy[ScatterPlan]:
    return PLANS[region.style](region)


def scatter_cases(region: ScatterRegion | None = None, **kwargs) -> st.SearchStrategy[Case]:
    """Valid ``stablehlo.scatter`` cases in ``region`` (keyword arguments override its fields)."""
    return _scenario_case(replace(region or ScatterRegion(), **kwargs))


@st.composite
def duplicate_heavy_cases(draw, region: ScatterRegion, updates: int = 2**15, targets: int = 16) -> Case:
    """Many updates into a few result elements of a rank-1 input, in any style's layout: where a
    multithreaded backend could let the schedule vary between runs."""
    floats = [d for d in ("float32", "float64", "float16", "bfloat16") if d in region.element_dtypes]
    element = draw(st.sampled_from(floats or list(region.element_dtypes)))
    computation = "add" if "add" in region.computations else region.computations[0]
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    dt = dtype_of(element)
    inputs = rng.standard_normal(targets).astype(dt) if dt.kind == "f" or element == "bfloat16" else \
        rng.integers(-3, 4, targets).astype(dt)
    values = rng.standard_normal(updates).astype(dt) if dt.kind == "f" or element == "bfloat16" else \
        rng.integers(-3, 4, updates).astype(dt)
    index = rng.integers(0, targets, updates).astype(dtype_of(draw(st.sampled_from(region.index_dtypes))))
    implicit = region.style == "take"
    attrs = dict(update_window_dims=(), inserted_window_dims=(0,), input_batching_dims=(),
                 scatter_indices_batching_dims=(), scatter_dims_to_operand_dims=(0,), index_vector_dim=1,
                 indices_are_sorted=False, unique_indices=False, update_computation=computation)
    return Case("stablehlo.scatter", {"inputs": inputs, "scatter_indices": index if implicit else index[:, None],
                                      "updates": values}, attrs, meta={"style": region.style, "seed": seed})
