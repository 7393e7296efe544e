"""Large and tail index batches for the index ops (issue 65, item 1): the edge phase's cases at the sizes
where kernels change path, in every profile.

Every other case an index op gets has a few index vectors. Kernels switch paths past a vector block (64, 128,
256 index vectors), at a thread's grain and past a cache-sized operand, and a kernel wrong only in its last
partial block or at a thread chunk's end passes them all. Here each index op's target gets, from cases its own
region drew (so it can express them):

- one case per size of ``VECTORS`` index vectors, and one whose result (a scatter's: whose updates) has just
  more than each of ``PAST_ELEMENTS`` elements; then one of ``EXTRA_VECTORS`` per further group of cases the
  cover of the named index models needs (``covering``), up to ``MAX_CASES``: every named model is told from the
  spec on a large case too;
- in each, the index vectors that matter (``telling``: the constructed cases' vectors, which tell the named
  index models from the spec, ``running.constructed``; the ONNX ops' in-range edges -dim, -1, dim-1, 0) fill the
  last positions (the last partial block of any vector width), and one of them sits at every thread chunk's end
  (the batch split in each of ``elementwise_values.THREAD_COUNTS`` equal parts) and at the end of each
  ``BLOCKS`` size's last full block (``row_map``); every other vector is an in-bounds filler whose components step
  through their whole range (a row read or written in the wrong place shows);
- a scatter's filler updates the computation's identity for float sums and products and for minimum and maximum
  (a crowded place's rounding bound stays that of its telling writes, and no filler outvotes one), distinct
  values otherwise (an update dropped or written twice shows); a ScatterND's rows all distinct places (its spec
  makes a duplicate an error without a reduction), its data's first dim grown to hold them;
- for a target that sets its backend's thread count (a ``threads`` keyword, ``Target.takes_threads``: the index
  targets of torch, onnxruntime, openvino and xla), each case twice: on the backend's default threads and on one
  (``SERIAL``), the count in the case.

The groups come in a fixed order, so the same cases run everywhere (``tests/test_large_index.py``).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from conformance.core.case import Case

VECTORS = (63, 64, 65, 127, 129, 1023, 1025)  # index vectors around the blocks a vector loop or a thread takes
PAST_ELEMENTS = (2**15, 2**16)  # result (or update) elements a case goes just past: torch's grain is 2**15
BLOCKS = (64, 128, 256)  # a telling run ends at the end of each such block of vectors too
EXTRA_VECTORS = 129  # the size of a case past the sizes above (a group still to tell its models)
MAX_CASES = 16  # large cases with telling rows per target at most (a scatter's spread cases come on top)
MAX_ELEMENTS = 2**18  # no large case past this many elements in any array (memory: a few MB per case)
OPS = ("stablehlo.gather", "stablehlo.scatter", "onnx.GatherND", "onnx.ScatterND")


@dataclass
class Layout:
    """Where a case's index vectors lie: ``index`` the array, ``axis`` the batch axis that grows, ``component``
    the axis of a vector's components (None: one implicit component), ``ranges`` per component its
    (dim, window) (in-bounds starts: 0..dim-window), ``along`` the (array, axis) pairs that grow with it."""
    index: str
    axis: int
    component: int | None
    ranges: list[tuple[int, int]]
    along: list[tuple[str, int]]


def _gather_layout(case: Case) -> Layout | None:
    a, si = case.attrs, case.arrays["start_indices"]
    ivd, operand = a["index_vector_dim"], case.arrays["operand"]
    batch = [d for d in range(si.ndim) if d != ivd and d not in a.get("start_indices_batching_dims", ())]
    if not batch:
        return None
    ranges = [(operand.shape[d], max(a["slice_sizes"][d], 1) if d in a["collapsed_slice_dims"] else a["slice_sizes"][d])
              for d in a["start_index_map"]]
    return Layout("start_indices", batch[0], ivd if ivd < si.ndim else None, ranges, [])


def _scatter_layout(case: Case) -> Layout | None:
    a = case.attrs
    names = sorted(k for k in case.arrays if k.split("[")[0] == "updates")
    inputs = case.arrays["inputs[0]" if "inputs[0]" in case.arrays else "inputs"]
    si = case.arrays["scatter_indices"]
    ivd = a["index_vector_dim"]
    batch_all = [d for d in range(si.ndim) if d != ivd]
    batch = [d for d in batch_all if d not in a.get("scatter_indices_batching_dims", ())]
    if not batch or a.get("unique_indices") or a.get("indices_are_sorted"):
        return None
    fixed = set(a["inserted_window_dims"]) | set(a.get("input_batching_dims", ()))
    windowed = [d for d in range(inputs.ndim) if d not in fixed]
    u = case.arrays[names[0]]
    scatter_dims = [d for d in range(u.ndim) if d not in a["update_window_dims"]]
    ranges = [(inputs.shape[d], 1 if d in fixed else u.shape[a["update_window_dims"][windowed.index(d)]])
              for d in a["scatter_dims_to_operand_dims"]]
    axis = scatter_dims[batch_all.index(batch[0])]
    return Layout("scatter_indices", batch[0], ivd if ivd < si.ndim else None, ranges, [(k, axis) for k in names])


def _nd_layout(case: Case) -> Layout | None:
    data, idx = case.arrays["data"], case.arrays["indices"]
    b = case.attrs.get("batch_dims") or 0
    if idx.ndim - 1 <= b or (case.op == "onnx.ScatterND" and idx.ndim != 2):
        return None  # (a ScatterND's rows over more dims would repeat a filler value: a duplicate target)
    k = idx.shape[-1]
    ranges = [(data.shape[b + j], 1) for j in range(k)]
    along = [("updates", 0)] if case.op == "onnx.ScatterND" else []
    return Layout("indices", b, idx.ndim - 1, ranges, along)


def with_batch_axis(case: Case) -> Case:
    """A gather or scatter ``case`` with a new leading index batch axis of size 1 (a gather's result and a
    scatter's updates get the matching leading dim): the same computation, with an axis to grow."""
    a, arrays = dict(case.attrs), dict(case.arrays)
    name = "start_indices" if case.op == "stablehlo.gather" else "scatter_indices"
    arrays[name] = arrays[name][None]
    a["index_vector_dim"] += 1
    for key in ("start_indices_batching_dims", "scatter_indices_batching_dims"):
        if key in a:
            a[key] = tuple(d + 1 for d in a[key])
    if case.op == "stablehlo.gather":
        a["offset_dims"] = tuple(d + 1 for d in a["offset_dims"])
    else:
        a["update_window_dims"] = tuple(d + 1 for d in a["update_window_dims"])
        arrays.update({k: v[None] for k, v in arrays.items() if k.split("[")[0] == "updates"})
    result = case.result_type
    if result and case.op == "stablehlo.gather":
        result = {**result, "shape": [1] + list(result["shape"])}
    return Case(case.op, arrays, a, result_type=result, meta=dict(case.meta), layouts=dict(case.layouts),
                dynamic=case.dynamic)


LAYOUTS = {"stablehlo.gather": _gather_layout, "stablehlo.scatter": _scatter_layout,
           "onnx.GatherND": _nd_layout, "onnx.ScatterND": _nd_layout}


def run_ends(n: int) -> list[int]:
    """The positions a telling row is laid at in a batch of ``n`` vectors, besides the run at the end: each
    thread chunk's end and the end of each ``BLOCKS`` size's last full block."""
    from conformance.strategies.elementwise_values import THREAD_COUNTS

    ends = [n * j // t - 1 for t in THREAD_COUNTS if t < n for j in range(1, t)]
    ends += [(n - 1) // b * b - 1 for b in BLOCKS if b < n]
    return [e for e in dict.fromkeys(ends) if 0 <= e < n]


def row_map(n: int, k: int) -> np.ndarray:
    """Per position of a batch of ``n``: which of ``k`` telling rows it holds (-1: a filler). The last ``k``
    positions hold all of them in order (the last partial block of any vector width); each of ``run_ends``
    holds one, in turn from the last (a thread chunk's last element, a block's last lane)."""
    out = np.full(n, -1, np.int64)
    for i, end in enumerate(run_ends(n)):
        out[end] = k - 1 - i % k
    tail = min(k, n)
    out[n - tail:] = np.arange(k - tail, k)
    return out


def _fillers(positions: np.ndarray, ranges: list[tuple[int, int]]) -> np.ndarray:
    """(len(positions), components) in-bounds starts, each component stepping through its whole range at its
    own stride."""
    cols = [((positions * (2 * j + 1) + j) % max(dim - window + 1, 1)) for j, (dim, window) in enumerate(ranges)]
    return np.stack(cols, axis=-1) if cols else np.zeros((len(positions), 0), np.int64)


def _rows(a: np.ndarray, axis: int) -> np.ndarray:
    return np.moveaxis(a, axis, 0)


def _filler_values(dtype: np.dtype, count: int, shape: tuple) -> np.ndarray:
    """``count`` rows of distinct (as far as the dtype allows) ordinary values."""
    flat = np.arange(count * int(np.prod(shape, dtype=np.int64)), dtype=np.int64)
    if dtype.kind == "b":
        return (flat % 2 == 1).reshape((count,) + shape)
    with np.errstate(over="ignore", invalid="ignore"):
        v = (flat % 113) + 1 if dtype.kind in "iu" or dtype.itemsize <= 2 else flat + 1
        return v.astype(dtype).reshape((count,) + shape)


def _filler_updates(case: Case, dtype: np.dtype, count: int, shape: tuple) -> np.ndarray:
    """A scatter's filler updates: where fillers meet the telling rows' places (a scatter's operand is small),
    the computation's identity for float sums and products (exact: the rounding bound of a place with many
    writers stays that of its telling writes, ``judging.scatter_compare``) and for minimum and maximum (a
    telling write is never outvoted); distinct values elsewhere (a ScatterND's rows never meet)."""
    comp = case.attrs.get("update_computation") if case.op == "stablehlo.scatter" else None
    floating = dtype.kind in "fc" or dtype.name == "bfloat16"
    if comp in ("add", "multiply") and floating:
        return np.full((count,) + shape, 0 if comp == "add" else 1, dtype)
    if comp in ("minimum", "maximum") and dtype.kind != "b":
        lo, hi = (-np.inf, np.inf) if floating else (np.iinfo(dtype).min, np.iinfo(dtype).max)
        return np.full((count,) + shape, hi if comp == "minimum" else lo, dtype)
    return _filler_values(dtype, count, shape)


def grown(case: Case, layout: Layout, telling: np.ndarray, along: dict, n: int, note: str) -> Case:
    """``case`` with ``n`` index vectors along ``layout.axis``: ``telling`` rows (and their ``along`` rows per
    array) laid by ``row_map``, fillers elsewhere."""
    idx = case.arrays[layout.index]
    rows = row_map(n, len(telling))
    fill = np.flatnonzero(rows < 0)
    row_shape = telling.shape[1:]
    out_rows = np.empty((n,) + row_shape, idx.dtype)
    out_rows[rows >= 0] = telling[rows[rows >= 0]]
    comp = None if layout.component is None else layout.component - (1 if layout.component > layout.axis else 0)
    starts = _fillers(fill, layout.ranges).astype(idx.dtype)  # (fills, components)
    if comp is None:
        out_rows[fill] = starts[:, 0].reshape((-1,) + (1,) * len(row_shape))
    else:
        shaped = np.moveaxis(out_rows[fill], comp + 1, -1)
        shaped[...] = starts.reshape((len(fill),) + (1,) * (len(row_shape) - 1) + (starts.shape[1],))
        out_rows[fill] = np.moveaxis(shaped, -1, comp + 1)
    arrays = dict(case.arrays)
    arrays[layout.index] = np.ascontiguousarray(np.moveaxis(out_rows, 0, layout.axis))
    for name, ax in layout.along:
        src = along[name]
        made = np.empty((n,) + src.shape[1:], src.dtype)
        made[rows >= 0] = src[rows[rows >= 0]]
        made[fill] = _filler_updates(case, src.dtype, len(fill), src.shape[1:])
        arrays[name] = np.ascontiguousarray(np.moveaxis(made, 0, ax))
    made = Case(case.op, arrays, dict(case.attrs), result_type=None, meta={**case.meta, "large": note},
                layouts=dict(case.layouts), dynamic=case.dynamic)
    return _with_result_type(made, case)


def _with_result_type(made: Case, base: Case) -> Case:
    """``made`` with ``base``'s declared result type, its shape the grown case's (from the shape rules, not a
    run of the oracle: the engine runs that once, when it judges the case)."""
    if not base.result_type:
        return made
    a = made.arrays
    if made.op == "stablehlo.gather":
        from conformance.oracles.stablehlo.gather import result_shape

        shape = result_shape(a["operand"], a["start_indices"], **made.attrs)
    elif made.op == "onnx.GatherND":
        from conformance.oracles.onnx.gather_nd import output_shape

        shape = output_shape(a["data"].shape, a["indices"].shape, made.attrs.get("batch_dims") or 0)
    elif made.op == "onnx.ScatterND":
        shape = a["data"].shape
    else:  # a scatter's results keep its inputs' shapes
        return replace(made, result_type=dict(base.result_type))
    return replace(made, result_type={**base.result_type, "shape": list(shape)})


def _expected(case: Case):
    """The spec's result on ``case`` (the op's ``expected`` part), or None where it raises."""
    from conformance.core.opspec import op_spec

    try:
        value = op_spec(case.op).part("expected")(case)
    except Exception:  # (an oracle's own refusal: no result to size by)
        return None
    return value[0] if isinstance(value, (tuple, list)) and len(value) == 1 else value


def _key(case: Case, layout: Layout) -> tuple:
    """Cases of one structure and one set of values outside the index vectors share a key."""
    others = tuple((k, v.dtype.str, v.shape, v.tobytes()) for k, v in sorted(case.arrays.items())
                   if k != layout.index and k not in dict(layout.along))
    idx = case.arrays[layout.index]
    shapes = tuple((k, case.arrays[k].shape[:ax] + case.arrays[k].shape[ax + 1:]) for k, ax in layout.along)
    rest = idx.shape[:layout.axis] + idx.shape[layout.axis + 1:]
    return (case.op, repr(sorted(case.attrs.items())), idx.dtype.str, rest, shapes, others, repr(case.layouts))


@dataclass
class Group:
    base: Case
    layout: Layout
    telling: list  # index rows
    along: dict  # array name -> list of rows
    members: set = field(default_factory=set)  # ids of the cases it was gathered from


def _groups(cases: list[Case], general: bool = False) -> list[Group]:
    """``cases`` grouped by ``_key``, each group's telling rows gathered; ``general``: a case without an axis
    to grow gets one (``with_batch_axis``: only a general-style target takes any dimension numbers)."""
    groups: dict[tuple, Group] = {}
    for case in cases:
        ident = case.id
        layout = LAYOUTS[case.op](case)
        if layout is None and general and case.op.startswith("stablehlo."):
            case = with_batch_axis(case)
            layout = LAYOUTS[case.op](case)
        if layout is None:
            continue
        g = groups.setdefault(_key(case, layout), Group(case, layout, [], {k: [] for k, _ in layout.along}))
        g.members.add(ident)
        seen = {r.tobytes() for r in g.telling}
        idx_rows = _rows(case.arrays[layout.index], layout.axis)
        along_rows = {k: _rows(case.arrays[k], ax) for k, ax in layout.along}
        for i, r in enumerate(idx_rows):
            if r.tobytes() in seen:
                continue
            seen.add(r.tobytes())
            g.telling.append(np.array(r))
            for k in along_rows:
                g.along[k].append(np.array(along_rows[k][i]))
    return sorted(groups.values(), key=lambda g: -len(g.telling))


def _sizes(group: Group) -> list[tuple[int, str]]:
    """(vectors, label) of each size: ``VECTORS``, then past each of ``PAST_ELEMENTS`` result elements."""
    per_vector = _elements_per_vector(group)
    out = [(n, f"{n} vectors") for n in VECTORS]
    for past in PAST_ELEMENTS:
        n = past // max(per_vector, 1) + 3
        out.append((n, f"{n} vectors, past {past} elements"))
    return out


def _elements_per_vector(group: Group) -> int:
    """Result (a scatter: update) elements per index vector of ``group``'s base."""
    base, layout = group.base, group.layout
    k = base.arrays[layout.index].shape[layout.axis]
    if layout.along:
        name, ax = layout.along[0]
        return base.arrays[name].size // max(base.arrays[name].shape[ax], 1)
    value = _expected(base)
    return int(np.asarray(value).size // max(k, 1)) if isinstance(value, np.ndarray) else 1


def _onnx_telling(group: Group) -> None:
    """A ScatterND's or GatherND's rows: the base's, then each component at its in-range edges (-dim, -1,
    dim-1, 0); a ScatterND's made distinct targets (see ``_distinct_targets``)."""
    base, layout = group.base, group.layout
    first = group.telling[0]
    extra = []
    for j, (dim, _) in enumerate(layout.ranges):
        for e in (-dim, -1, dim - 1, 0):
            r = np.array(first)
            r[..., j] = e
            extra.append(r)
    for r in extra:
        group.telling.append(r)
        for k in group.along:
            group.along[k].append(np.array(group.along[k][0]))


def _built(g: Group, n: int, label: str) -> Case | None:
    base, layout = g.base, g.layout
    telling = np.stack(g.telling)
    along = {k: np.stack(v) for k, v in g.along.items()}
    if base.op == "onnx.ScatterND":
        made = _distinct_targets(g, telling, n)
        if made is None:
            return None
        base, layout, telling, along = made
    per_row = int(np.prod(telling.shape[1:], dtype=np.int64))
    if n * per_row > MAX_ELEMENTS or any(n * int(np.prod(v.shape[1:], dtype=np.int64)) > MAX_ELEMENTS
                                         for v in along.values()):
        return None
    return grown(base, layout, telling, along, n, label)


def _distinct_targets(g: Group, telling: np.ndarray, n: int):
    """(base, layout, rows, along) of a ScatterND group whose data's first dim grows so that ``n`` rows can each
    write their own place: the rows become every place in turn (the edges among them written as -dim and -1),
    so no two rows meet; None where that passes ``MAX_ELEMENTS``."""
    base, layout = g.base, g.layout
    data = base.arrays["data"]
    k = telling.shape[-1]
    inner = int(np.prod(data.shape[1:k], dtype=np.int64))
    rows0 = -(-n // max(inner, 1))
    shape = (max(data.shape[0], rows0),) + data.shape[1:]
    if int(np.prod(shape, dtype=np.int64)) > MAX_ELEMENTS or inner == 0:
        return None
    places = np.stack(np.unravel_index(np.arange(n), shape[:k]), axis=-1).astype(telling.dtype)
    dims = np.array(shape[:k])
    ends = row_map(n, min(len(telling), n)) >= 0  # where telling runs lie: the places there read from the end
    places[ends] = places[ends] - dims
    values = _filler_values(data.dtype, 1, shape)[0]
    arrays = {**base.arrays, "data": values, "indices": places[:1]}
    u = base.arrays["updates"]
    arrays["updates"] = np.zeros((1,) + data.shape[k:], u.dtype)
    new_base = Case(base.op, arrays, dict(base.attrs), result_type=base.result_type, meta=dict(base.meta),
                    layouts=dict(base.layouts), dynamic=base.dynamic)
    layout2 = Layout(layout.index, 0, 1, [(s, 1) for s in shape[:k]], layout.along)
    upd = _filler_values(u.dtype, n, u.shape[1:])
    return new_base, layout2, places, {"updates": upd}


def large_index_cases(target) -> list:
    """``target``'s large cases (an index op's valid target; empty for other ops), built once per process."""
    if target.op not in OPS or not target.valid:
        return []
    from conformance.running.constructed import built_once

    cases = built_once(_BUILT, target, _construct)
    if target.takes_threads:  # each again on one thread: a serial path that differs from the threaded one shows
        cases += [replace(c, threads=SERIAL) for c in cases]
    return cases


SERIAL = 1  # the thread count a target that sets it (``Target.takes_threads``) runs each large case on again
_BUILT: dict = {}


def _construct(target) -> list[Case]:
    from conformance.core.opspec import op_spec
    from conformance.running.constructed import construction, region_bases

    check = op_spec(target.op).part("check")
    if target.op.startswith("onnx."):
        groups = _groups(region_bases(target))
        for g in groups:
            _onnx_telling(g)
        return _from_groups(groups, check)
    region = op_spec(target.op).region(dict(target.region))
    general = getattr(region, "style", "") == "general"
    built = construction(target)
    groups = _groups(built.cases, general)
    if not groups:  # no constructed case with an axis to grow: the region's own draws
        return _from_groups(_groups(region_bases(target), general), check)
    ordered, needed = covering(groups, built.first)
    return _from_groups(ordered, check, needed)


def covering(groups: list[Group], first: dict) -> tuple[list[Group], int]:
    """``groups`` in the order that tells every named index model soonest: greedily, the group whose cases
    tell most of the models (``first``: (index dtype, model) -> the case that tells it) not yet told, then the
    rest (most telling rows first); and how many of them it takes to tell them all."""
    told = {}
    for key, case in first.items():
        told.setdefault(case.id, set()).add(key)
    models = [set().union(*(told.get(i, set()) for i in g.members)) for g in groups]
    order, left, done = [], set(range(len(groups))), set()
    while left:
        best = max(sorted(left), key=lambda i: len(models[i] - done))
        if not models[best] - done:
            break
        order.append(best)
        done |= models[best]
        left.discard(best)
    return [groups[i] for i in order] + [groups[i] for i in sorted(left)], len(order)


def _from_groups(groups: list[Group], check, needed: int = 0) -> list[Case]:
    """One case per size of ``_sizes``, and one of ``EXTRA_VECTORS`` per group of the first ``needed`` past them
    (up to ``MAX_CASES``): size i takes group i (``covering``'s order) where it builds (``check`` finds no rule
    broken, no array past ``MAX_ELEMENTS``), else the next that does. A ``stablehlo.scatter``'s cases past
    ``PAST_ELEMENTS`` are ``spread`` instead (the telling rows stay at the vector counts)."""
    out = []
    if not groups:
        return out
    spread_op = groups[0].base.op == "stablehlo.scatter"
    sizes = _sizes(groups[0])
    if spread_op:
        sizes = sizes[:len(VECTORS)]
    sizes += [(EXTRA_VECTORS, f"{EXTRA_VECTORS} vectors")] * max(0, min(needed, MAX_CASES) - len(sizes))
    for i, (n, label) in enumerate(sizes):
        for g in groups[i % len(groups):] + groups[:i % len(groups)]:
            made = _built(g, n, label)
            if made is not None and not check(made):
                out.append(made)
                break
    for past in PAST_ELEMENTS if spread_op else ():
        made = next((m for g in groups for m in [spread(g, past)] if m is not None and not check(m)), None)
        if made is not None:
            out.append(made)
    return out


def spread(g: Group, past: int) -> Case | None:
    """A scatter of ``g``'s structure whose updates have just more than ``past`` elements and whose index vectors
    each write a place of their own (the input's first indexed dim grown to hold them, every other component 0):
    an update dropped, or written to another place, shows; no place is written twice (a collision-heavy case's
    reference result costs a round per writer of its most written place)."""
    base, layout = g.base, g.layout
    per = _elements_per_vector(g)
    n = past // max(per, 1) + 3
    d0 = base.attrs["scatter_dims_to_operand_dims"][0]
    dim, window = layout.ranges[0]
    names = [k for k in base.arrays if k.split("[")[0] == "inputs"]
    first = base.arrays[names[0]]
    shape = tuple(max(dim, n * window) if d == d0 else s for d, s in enumerate(first.shape))
    if int(np.prod(shape, dtype=np.int64)) > MAX_ELEMENTS or n * max(per, 1) > MAX_ELEMENTS or window == 0:
        return None
    inputs = {k: _filler_values(base.arrays[k].dtype, 1, shape)[0] for k in names}
    case = Case(base.op, {**base.arrays, **inputs}, dict(base.attrs), result_type=None, meta=dict(base.meta),
                layouts=dict(base.layouts), dynamic=base.dynamic)
    wide = Layout(layout.index, layout.axis, layout.component, [(shape[d0], window)] + [(1, 1)] * (len(layout.ranges) - 1),
                  layout.along)
    idx = case.arrays[layout.index]
    rows = np.zeros((n,) + idx.shape[:layout.axis] + idx.shape[layout.axis + 1:], idx.dtype)
    if layout.component is None:
        rows[...] = (np.arange(n) * window).reshape((n,) + (1,) * (rows.ndim - 1))
    else:
        comp = layout.component - (1 if layout.component > layout.axis else 0)
        first_col = np.moveaxis(rows, comp + 1, -1)
        first_col[..., 0] = (np.arange(n) * window).reshape((n,) + (1,) * (first_col.ndim - 2))
    if np.iinfo(idx.dtype).max < n * window:
        return None
    along = {k: _filler_values(case.arrays[k].dtype, n, np.moveaxis(case.arrays[k], ax, 0).shape[1:])
             for k, ax in layout.along}
    made = grown(case, wide, rows, along, n, f"{n} vectors, past {past} elements, each its own place")
    return replace(made, result_type={**base.result_type, "shape": list(shape)}) if base.result_type else made
