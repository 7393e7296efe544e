"""The edge phase's constructed cases for the index ops (gather, scatter, dynamic_slice,
dynamic_update_slice): built, not hoped for. From fixed draws of the target's own region (so every case
is one the target can express), each keeps its structure, gets distinct operand values (a window that
moves shows) and one index component set to a probe value, and the run keeps:

- per index dtype of the region, each *structure* that tells window rules apart, where the region has
  it: a start just past the high bound on a slice of 1 and on a slice of 2 or more narrower than its dim,
  a nonzero start on a full-width slice, small negatives (-1, -2) on a dim wider than its slice, and the
  dtype's own minimum and maximum;
- for every index model the suite names (``judging.index_models``: a reading of index values x an
  out-of-bounds rule), a case on which that model's result differs from the spec's, where the region
  has one (a greedy cover, in a fixed order: the same cases on every run and machine);
- for the ops that only move values (gather and the slices), per float element type of the region's draws,
  a case whose values are all -0.0 and one whose values are all NaN, where the spec's result has elements
  (``VALUE_FILLS``): a target that loses a zero's sign or a NaN on the way shows on every element it moves.

``tests/test_edge_guarantee.py`` holds every built-in region and a default user region to this.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from conformance.core.case import Case
from conformance.core.opspec import op_spec
from conformance.core.outcome import Outcome

BASE_DRAWS = 24  # fixed draws of the region the constructed cases are built from (cast to each index dtype)
BASE_SEED = 20261127
# rounds of draws (seeds BASE_SEED, BASE_SEED + 1, ...): an index dtype whose structures or models are not all
# met in one round's bases goes on to the next (most regions need one: 24 draws where each dtype drew 24)
BASE_ROUNDS = 4


@dataclass(frozen=True)
class Requirement:
    """A structure the constructed cases must hold where the region has one."""
    name: str
    holds: object  # (value, dim, size) -> bool


def _requirements(dtype: np.dtype) -> list[Requirement]:
    info = np.iinfo(dtype)
    out = [Requirement("past the high bound, slice of 1", lambda v, d, k: k == 1 and d >= 2 and v == d - k + 1),
           Requirement("past the high bound, slice of 2+", lambda v, d, k: 2 <= k < d and v == d - k + 1),
           Requirement("nonzero start, full-width slice", lambda v, d, k: k == d >= 2 and v == 1),
           Requirement("in-bounds nonzero start", lambda v, d, k: d - k >= 2 and v == 1),
           Requirement(f"{dtype.name} maximum", lambda v, d, k: v == int(info.max) and d >= 2 and k < d)]
    if dtype.kind == "i":
        out += [Requirement("-1 on a dim wider than its slice", lambda v, d, k: d - k >= 1 and v == -1),
                Requirement("-2 on a dim 2 wider than its slice", lambda v, d, k: d - k >= 2 and v == -2),
                Requirement(f"{dtype.name} minimum", lambda v, d, k: v == int(info.min) and d >= 2 and k < d)]
    return out


def probe_values(dim: int, size: int, dtype: np.dtype) -> list[int]:
    """Index values worth trying on one component (``dim`` long, windows of ``size``), those ``dtype`` holds."""
    info, hi, bits = np.iinfo(dtype), dim - size, dtype.itemsize * 8
    values = [1, hi, hi + 1, hi + 2, dim - 1, dim, dim + 1, -1, -2, -size, -hi, -dim + 1, -dim, -dim - 1,
              -dim - 2, int(info.max), int(info.min), int(info.max) - 1, int(info.min) + 1,
              2**31 - 1, 2**31, 2**31 + 1, -2**31 - 1, 2**32, 2**32 + 1, 2**32 + hi, 2**32 - 1, 2**32 + dim,
              2 ** (bits - 1), 2 ** (bits - 1) + 1, 2**bits - 1 - max(hi, 0), 2**bits - 2, 2**7, 2**8, 2**15, 2**16]
    return [v for v in dict.fromkeys(values) if info.min <= v <= info.max]


def spec_outcome(case: Case) -> Outcome | None:
    """The spec's result on ``case`` as a target's outcome (None where the oracle has none)."""
    from conformance.judging.index_models import SPEC_RULE, IndexModel, _gather_prediction, _slice_prediction

    spec = IndexModel(case.op, "keep", SPEC_RULE[case.op])
    if case.op == "stablehlo.scatter":
        from conformance.oracles.stablehlo.scatter import as_list, evaluate_fast, normalize

        kw = case.kwargs()
        ins, ups, si = as_list(kw.pop("inputs")), as_list(kw.pop("updates")), kw.pop("scatter_indices")
        results = evaluate_fast(ins, si, ups, **normalize(kw))
        return Outcome("value", results[0] if len(results) == 1 else tuple(results))
    predicted = _gather_prediction(case, spec) if case.op == "stablehlo.gather" else _slice_prediction(case, spec)
    return None if predicted is None else Outcome("value", predicted[0])


def discriminated(case: Case, models) -> set:
    """The models of ``models`` whose result on ``case`` is not the spec's."""
    from conformance.judging.index_models import fits

    outcome = spec_outcome(case)
    if outcome is None:
        return set()
    return {m for m in models if not m.is_spec and not fits(case, outcome, m)}


def _value_arrays(case: Case) -> list[str]:
    """The names of ``case``'s arrays that hold values (not indices), in order."""
    name = op_spec(case.op).indices
    return sorted(k for k in case.arrays if not (name and (k == name or k.startswith(f"{name}["))))


def value_variant(case: Case, variant: int) -> Case:
    """``case`` with other values (its signature, its index values and layouts kept): variant ``variant``."""
    return _distinct_values(case, variant)


def _winning(a: np.ndarray, n: np.ndarray, high: bool) -> np.ndarray:
    """Values for ``a``'s shape that win a maximum (``high``) or a minimum against any numbered value:
    from the top (bottom) of the dtype's range, distinct while it allows."""
    if a.dtype.kind == "b":
        return np.full(a.shape, high)
    if a.dtype.kind in "iu":
        info = np.iinfo(a.dtype)
        values = [max(int(info.max) - int(i), int(info.min)) if high else min(int(info.min) + int(i) - 1, int(info.max))
                  for i in n.reshape(-1)]
        return np.array(values, dtype=object).astype(a.dtype).reshape(a.shape)
    else:
        top = 2.0 ** 14 if a.dtype.itemsize <= 2 or a.dtype.name == "bfloat16" else 2.0 ** 40
        values = top + n if high else -top - n
    return np.asarray(values).astype(a.dtype).reshape(a.shape)


def _distinct_values(case: Case, variant: int = 0) -> Case:
    """``case`` with distinct values in every array but the index arrays, numbered on across them from
    ``variant * 7 + 1`` (bool: bit ``variant`` of the number): variants share the signature, not a value."""
    arrays, start = dict(case.arrays), variant * 7
    winning = case.attrs.get("update_computation") in ("maximum", "minimum")
    for k in _value_arrays(case):
        a = case.arrays[k]
        n = np.arange(start + 1, start + a.size + 1, dtype=np.int64)
        if winning and k.startswith("updates"):  # a maximum's (minimum's) updates above (below) what they meet
            arrays[k] = _winning(a, n - start, case.attrs["update_computation"] == "maximum")
        else:
            with np.errstate(over="ignore"):  # (an int8 array of more than 127 elements wraps round)
                arrays[k] = (((n >> variant) & 1).astype(bool) if a.dtype.kind == "b" else n.astype(a.dtype)).reshape(a.shape)
        start += a.size
    return Case(case.op, arrays, dict(case.attrs), result_type=case.result_type, meta=dict(case.meta),
                layouts=dict(case.layouts), dynamic=case.dynamic)


def _with_value(case: Case, index: int, value: int, every_row: bool = False) -> Case | None:
    """``case`` with its ``index``-th index component (row-major over rows x components) set to ``value``
    (``every_row``: every index vector made that one, so no other window hides what it reads or writes),
    sortedness and uniqueness claims dropped (a new value may break them); None where it is not valid."""
    from conformance.judging.index_values import components, with_indices

    comps = components(case)
    columns = len(op_spec(case.op).part("columns")(case))
    values = np.array([v for v, _, _ in comps], dtype=object)
    values[index] = value
    if every_row:
        rows = values.reshape(-1, columns)
        rows[:] = rows[index // columns].copy()
    attrs = dict(case.attrs)
    for claim in ("indices_are_sorted", "unique_indices"):
        if attrs.get(claim):
            attrs[claim] = False
    made = Case(case.op, with_indices(case, values.reshape(-1, columns), dict(case.arrays)), attrs,
                result_type=case.result_type, meta={**case.meta, "constructed": True})
    return made if not op_spec(case.op).part("check")(made) else None


def _bases(target, index_dtype: str = "", round_: int = 0) -> list[Case]:
    """Fixed draws of ``target``'s region (``region_bases``, round ``round_``), smallest first: with index
    values of ``index_dtype`` where given (the drawn cases that index something, their index arrays cast to it)."""
    bases = region_bases(target, round_=round_)
    if not index_dtype:
        return bases
    check = op_spec(target.op).part("check")
    cast = {}
    for case in bases:
        if _indexed(case):
            made = _with_index_dtype(case, np.dtype(index_dtype))
            if not check(made):
                cast.setdefault(made.id, made)
    return sorted(cast.values(), key=lambda c: (sum(a.size for a in c.arrays.values()), c.id))


def _indexed(case: Case) -> bool:
    from conformance.running.ops import indexed

    return indexed(case)


def _with_index_dtype(case: Case, dtype: np.dtype) -> Case:
    """``case`` with its index arrays in ``dtype`` (values clipped to its range; sortedness and uniqueness
    claims dropped where the clip could break them)."""
    from conformance.judging.index_values import start_keys

    info = np.iinfo(dtype)
    names = start_keys(case) or [op_spec(case.op).indices]
    arrays = dict(case.arrays)
    for k in names:
        values = [min(max(int(v), int(info.min)), int(info.max)) for v in case.arrays[k].reshape(-1)]
        arrays[k] = np.array(values, dtype=dtype).reshape(case.arrays[k].shape)
    same = all(np.array_equal(arrays[k].astype(object), case.arrays[k].astype(object)) for k in names)
    attrs = dict(case.attrs)
    for claim in ("indices_are_sorted", "unique_indices"):
        if attrs.get(claim) and not same:
            attrs[claim] = False
    return Case(case.op, arrays, attrs, result_type=case.result_type, meta=dict(case.meta), layouts=dict(case.layouts), dynamic=case.dynamic)


def region_bases(target, draws: int = BASE_DRAWS, round_: int = 0) -> list[Case]:
    """``draws`` fixed draws of ``target``'s region that read or write something (an index op's: by some
    index), smallest first, once per region, round and process (the constructed cases cast them to each
    index dtype; the call sequences start from them)."""
    key = ("bases", target.op, repr(sorted(target.region.items())), draws, round_)
    if key not in _BUILT:
        _BUILT[key] = _drawn(target, draws, BASE_SEED + round_)
    return list(_BUILT[key])


def _drawn(target, draws: int, seed_value: int) -> list[Case]:
    from hypothesis import HealthCheck, Phase, given, seed, settings

    from conformance.judging.index_models import RULES
    from conformance.running import ops, profiles

    found: list[Case] = []
    strategy = ops.valid_cases(target).filter(ops.substantive)
    strategy = strategy.filter(ops.indexed) if target.op in RULES else strategy

    @seed(seed_value)
    @settings(max_examples=draws, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck), print_blob=False)
    @given(case=strategy)
    def collect(case: Case) -> None:
        found.append(case)

    with profiles.module_independent_draws():
        collect()
    unique = {c.id: c for c in found}
    return sorted(unique.values(), key=lambda c: (sum(a.size for a in c.arrays.values()), c.id))


def _resized(case: Case, dim: int, size: int) -> Case | None:
    """``case`` with the window in operand dim ``dim`` ``size`` wide (a gather's ``slice_sizes``, a dynamic
    slice's ``slice_sizes``, a dynamic update slice's update, a scatter's update window dim), the result
    type to match; None where the dim does not allow it (a collapsed, inserted or batching dim)."""
    attrs, arrays = dict(case.attrs), dict(case.arrays)
    if case.op == "stablehlo.gather":
        if dim in attrs["collapsed_slice_dims"] or dim in attrs.get("operand_batching_dims", ()):
            return None
        from conformance.oracles.stablehlo.gather import result_shape

        attrs["slice_sizes"] = tuple(size if d == dim else s for d, s in enumerate(attrs["slice_sizes"]))
        shape = result_shape(arrays["operand"], arrays["start_indices"], **attrs)
    elif case.op == "stablehlo.dynamic_slice":
        attrs["slice_sizes"] = tuple(size if d == dim else s for d, s in enumerate(attrs["slice_sizes"]))
        shape = attrs["slice_sizes"]
    elif case.op == "stablehlo.dynamic_update_slice":
        update = arrays["update"]
        arrays["update"] = np.zeros(tuple(size if d == dim else s for d, s in enumerate(update.shape)), update.dtype)
        shape = arrays["operand"].shape
    elif case.op == "stablehlo.scatter":  # the window is the updates': its update window dim grows
        fixed = set(attrs["inserted_window_dims"]) | set(attrs.get("input_batching_dims", ()))
        rank = _operand(case).ndim
        if dim in fixed:
            return None
        u = list(attrs["update_window_dims"])[[d for d in range(rank) if d not in fixed].index(dim)]
        for k in [k for k in arrays if k.split("[")[0] == "updates"]:
            arrays[k] = np.zeros(tuple(size if d == u else s for d, s in enumerate(arrays[k].shape)), arrays[k].dtype)
        shape = _operand(case).shape
    else:
        return None
    result = {**case.result_type, "shape": list(shape)} if case.result_type else None
    return Case(case.op, arrays, attrs, result_type=result, meta=dict(case.meta), layouts=dict(case.layouts), dynamic=case.dynamic)


def _operand(case: Case) -> np.ndarray:
    """The array a case's windows lie in (a scatter's first input)."""
    if case.op == "stablehlo.scatter":
        return case.arrays["inputs[0]" if "inputs[0]" in case.arrays else "inputs"]
    return case.arrays["operand"]


def _window_dims(case: Case) -> list[int]:
    """The operand dim each index component indexes (one per column)."""
    if case.op == "stablehlo.gather":
        return list(case.attrs["start_index_map"])
    if case.op == "stablehlo.scatter":
        return list(case.attrs["scatter_dims_to_operand_dims"])
    return list(range(case.arrays["operand"].ndim))


def _with_structures(bases: list[Case], region) -> list[Case]:
    """``bases``, then each with one indexed window made full-width and, on a dim of 3 or more, 2 wide:
    the structures that tell window rules apart, where the region allows them (a dynamic slice's any
    window; a gather's or a scatter's only in the general style, whose API takes any window sizes)."""
    check = None
    out = list(bases)
    for base in bases:
        if base.op not in ("stablehlo.gather", "stablehlo.scatter", "stablehlo.dynamic_slice",
                           "stablehlo.dynamic_update_slice") or getattr(region, "style", "general") != "general":
            return out
        check = check or op_spec(base.op).part("check")
        shape = _operand(base).shape
        for dim in dict.fromkeys(_window_dims(base)):
            for size in (shape[dim], 2):
                if shape[dim] >= max(size, 2) and (size == shape[dim] or shape[dim] >= 3):
                    made = _resized(base, dim, size)
                    if made is not None and not check(made):
                        out.append(made)
    return out


def _candidates(bases: list[Case], dtype: np.dtype, oob: bool, region=None):
    """(case, value, dim, size) for every base of index ``dtype`` and probe value, in a fixed order."""
    from conformance.judging.index_models import index_dtype
    from conformance.judging.index_values import components

    for base in _with_structures(bases, region):
        if index_dtype(base) != dtype:
            continue
        distinct = _distinct_values(base)
        seen_columns = set()
        for i, (_, d, k) in enumerate(components(base)):
            if (d, k) in seen_columns:
                continue  # one component per (dim, size): the others add nothing new
            seen_columns.add((d, k))
            for v in probe_values(d, k, dtype):
                if not oob and not 0 <= v <= d - k:
                    continue
                yield distinct, i, dtype.type(v), d, k  # (a reading depends on the value's own dtype)


def _written(start: int, dim: int, size: int, rule: str):
    """The positions of one dim a scatter window starting at ``start`` (as read) writes under ``rule``
    (None: the rule refuses the case)."""
    inside = 0 <= start <= dim - size
    if rule == "skip-element":
        return frozenset(p for p in range(start, start + size) if 0 <= p < dim) if -size < start < dim else frozenset()
    if inside:
        return frozenset(range(start, start + size))
    if rule == "clamp":
        begin = min(max(start, 0), dim - size)
        return frozenset(range(begin, begin + size))
    if rule == "reset" or rule == "low-clamp" and start < 0:
        return frozenset(range(size))
    return None if rule == "error" else frozenset()


def _may_differ(m, value, dim: int, size: int) -> bool:
    """Whether model ``m`` gives another result than the spec's where one component is ``value``, the
    others as they are (exact for distinct values: the window it reads or writes differs; cheap, before
    the oracle says for sure)."""
    from conformance.judging.index_models import SPEC_RULE
    from conformance.judging.index_values import effective
    from conformance.oracles.stablehlo.policy import read_scalar

    if m.op == "stablehlo.scatter":
        return _written(read_scalar(value, dim, m.reading), dim, size, m.rule) != \
            _written(int(value), dim, size, SPEC_RULE[m.op])
    return effective(value, dim, size, m.reading, m.rule) != effective(value, dim, size, "keep", SPEC_RULE[m.op]) \
        or m.rule == "error" and not 0 <= value <= dim - size


_BUILT: dict[tuple, list[Case]] = {}  # (target, op, region) -> its constructed cases, once per process


def user_target(op: str):
    """A target of ``op`` with the default region, as a user's module without a region declares it."""
    from conformance.running.registry import Target

    return Target(op, f"user:{op}", lambda **_: None, {}, {}, True, False, True, "user")


def constructed_cases(target) -> list[Case]:
    """The constructed edge cases of ``target`` (an index op's target; empty for other ops)."""
    from conformance.judging.index_models import RULES

    if target.op not in RULES or not target.valid:
        return []
    return built_once(_BUILT, target, _construct)


def built_once(cache: dict, target, build) -> list:
    """``build(target)``, kept in ``cache`` per (target, op, region): the edge phase's fixed cases are a function
    of those alone, so each is built once per process (``constructed_cases``, ``large_index``, ``invalid_values``)."""
    key = (target.name, target.op, repr(sorted(target.region.items())))
    if key not in cache:
        cache[key] = build(target)
    return list(cache[key])


@dataclass
class Construction:
    """The constructed cases of one region, and per index dtype what they could not reach."""
    cases: list
    open_models: dict  # index dtype -> models no constructed case tells from the spec
    unreachable: dict  # index dtype -> of those, the models no candidate of the region moves a window for
    unmet: dict  # index dtype -> structures the region's draws never had
    first: dict  # (index dtype, model name) -> the first constructed case that tells it from the spec


def _noop(m, dtype: np.dtype) -> bool:
    """Whether a reading step of ``m`` changes no value of ``dtype`` (the model is another one's twin)."""
    steps = set(m.reading.split(">"))
    return bool(steps & ({"from-end", "as-unsigned"} if dtype.kind == "u" else {"as-signed"}))


def named_models(op: str, dtype: np.dtype) -> set:
    """The index models the constructed cases must tell from the spec, for index ``dtype``."""
    from conformance.judging.index_models import models

    return {m for m in models(op, dtype.str) if not m.is_spec and not _noop(m, dtype)}


def _construct(target) -> list[Case]:
    return construction(target).cases


def construction(target) -> Construction:
    """``target``'s constructed cases (see the module docstring), from the compile cache's folder where an
    earlier run of the same code, Hypothesis and numpy built them for the same op and region (they are a
    function of those alone), else built and kept there."""
    import json

    from conformance.running import compile_cache

    name = compile_cache.key(target.op, repr(sorted(target.region.items())), _source_digest())
    kept = compile_cache.load("constructed", name)
    if kept is not None:
        try:
            return _loaded(target.op, json.loads(kept))
        except (ValueError, KeyError, TypeError):
            pass  # a file from another layout of this cache: build afresh
    built = _built(target)
    compile_cache.store("constructed", name, json.dumps(_dumped(built)).encode())
    return built


def _source_digest() -> str:
    """The code a construction depends on (every layer but the interfaces, the reports and the adapters),
    Hypothesis's and numpy's versions."""
    import hashlib
    from pathlib import Path

    import hypothesis

    global _DIGEST
    if not _DIGEST:
        h = hashlib.sha256(f"{hypothesis.__version__} {np.__version__}".encode())
        root = Path(__file__).resolve().parent.parent
        folders = [p for p in sorted(root.iterdir()) if p.is_dir() and p.name not in ("interfaces", "reports", "adapters")]
        for folder in folders:  # (strategies/ and oracles/ are symlinks: rglob would not enter them)
            for path in sorted(p for p in folder.resolve().rglob("*.py") if "__pycache__" not in p.parts):
                h.update(f"{folder.name}/{path.relative_to(folder.resolve())}".encode() + path.read_bytes())
        _DIGEST = h.hexdigest()
    return _DIGEST


_DIGEST = ""


def _dumped(built: Construction) -> dict:
    names = lambda d: {k: sorted(m.name for m in v) for k, v in d.items()}  # noqa: E731
    return {"cases": [c.to_json() for c in built.cases], "open": names(built.open_models),
            "unreachable": names(built.unreachable), "unmet": {k: sorted(v) for k, v in built.unmet.items()},
            "first": [[d, n, c.id] for (d, n), c in built.first.items()]}


def _loaded(op: str, data: dict) -> Construction:
    from conformance.judging.index_models import IndexModel

    cases = [Case.from_json(c) for c in data["cases"]]
    by_id = {c.id: c for c in cases}
    models = lambda d: {k: {IndexModel(op, *n.split("/")) for n in v} for k, v in d.items()}  # noqa: E731
    return Construction(cases, models(data["open"]), models(data["unreachable"]),
                        {k: set(v) for k, v in data["unmet"].items()}, {(d, n): by_id[i] for d, n, i in data["first"]})


def _rounds(target, dtype: np.dtype, oob: bool, region):
    """``_candidates`` of each round's bases in turn (a caller stops once it has what it needs)."""
    for round_ in range(BASE_ROUNDS):
        yield from _candidates(_bases(target, dtype.name, round_), dtype, oob, region)


def _built(target) -> Construction:
    region = op_spec(target.op).region(dict(target.region))
    oob = getattr(region, "oob_share", 1) > 0  # in-bounds values only: no index model can differ
    chosen: dict[str, Case] = {}
    open_by, unmet_by, unreachable_by, first = {}, {}, {}, {}
    for dtype_name in dict.fromkeys(region.index_dtypes):
        dtype = np.dtype(dtype_name)
        needs = {r.name: r for r in _requirements(dtype) if oob or r.holds(1, 3, 1) or r.name.startswith("in-bounds")}
        open_models = named_models(target.op, dtype)
        reachable = set()
        for base, i, v, d, k in _rounds(target, dtype, oob, region):
            if not needs and not (open_models and oob):
                break
            met = [n for n, r in needs.items() if r.holds(v, d, k)]
            maybe = {m for m in open_models if _may_differ(m, v, d, k)} if oob else set()
            reachable |= maybe
            if not met and not maybe:
                continue
            made = _with_value(base, i, v)
            if made is None:
                continue
            hit = discriminated(made, maybe) if maybe else set()
            if maybe and not hit and (again := _with_value(base, i, v, every_row=True)) is not None:
                hit = discriminated(again, maybe)  # another window hid the change: every window this one
                made = again if hit else made
            if not met and not hit:
                continue
            for n in met:
                needs.pop(n)
            open_models -= hit
            first.update({(dtype_name, m.name): made for m in hit})
            chosen.setdefault(made.id, made)
        open_by[dtype_name], unmet_by[dtype_name] = open_models, set(needs)
        unreachable_by[dtype_name] = open_models - reachable
    for made in _value_fills(target):
        chosen.setdefault(made.id, made)
    return Construction(list(chosen.values()), open_by, unreachable_by, unmet_by, first)


VALUE_FILLS = (-0.0, float("nan"))  # every value array filled with one of these, per float element type


def _value_fills(target) -> list[Case]:
    """``VALUE_FILLS`` cases of ``target``'s region: per float element type among its bases, the first base whose
    spec result has elements, with every value array filled (a complex value: the fill in both parts)."""
    out, done = [], set()
    if target.op == "stablehlo.scatter":  # (it computes: its signed zeros and NaNs meet in the value scenarios)
        return out
    for base in region_bases(target):
        names = _value_arrays(base)
        types = {base.arrays[k].dtype for k in names}
        if len(types) != 1:
            continue
        (dtype,) = types
        if (dtype.kind not in "fc" and dtype.name != "bfloat16") or dtype.name in done:
            continue
        spec = spec_outcome(base)
        results = spec.value if spec is not None and isinstance(spec.value, tuple) else (spec.value,) if spec else ()
        if not results or not all(np.asarray(r).size for r in results):
            continue
        done.add(dtype.name)
        for fill in VALUE_FILLS:
            value = complex(fill, fill) if dtype.kind == "c" else fill
            arrays = {**base.arrays, **{k: np.full(base.arrays[k].shape, value, dtype) for k in names}}
            out.append(Case(base.op, arrays, dict(base.attrs), result_type=base.result_type,
                            meta={**base.meta, "value_fill": repr(fill)}, layouts=dict(base.layouts)))
    return out


SEQUENCE = 5  # same-signature calls in a row (a ring of up to 4 buffers, a cache keyed too loosely shows)


def call_sequences(target) -> list[Case]:
    """Fixed call sequences for the edge phase (issue 43): ``SEQUENCE`` cases of one signature with other
    values each, then one of another signature between two more of the first. Judged in this order, so
    state kept between calls of one signature shows on some call of it (``history-dependent`` once a
    fresh process does not show it). Empty where the region has no case with values to vary."""
    if not target.valid:
        return []
    key = ("sequence", target.name, target.op, repr(sorted(target.region.items())))
    if key not in _BUILT:
        _BUILT[key] = _sequences(target)
    return list(_BUILT[key])


def _sequences(target) -> list[Case]:
    check = op_spec(target.op).part("check")
    bases = [b for b in _bases(target) if sum(b.arrays[k].size for k in _value_arrays(b)) >= 2]
    if not bases:
        return []
    first = bases[0]
    other = next((b for b in bases if b.signature() != first.signature()), None)
    variants = [v for v in (_distinct_values(first, j) for j in range(SEQUENCE + 3)) if not check(v)]
    if len(variants) < 3:
        return []
    middle = [_distinct_values(other, SEQUENCE)] if other is not None else []
    middle = [m for m in middle if not check(m)]
    out = variants[:SEQUENCE] + variants[SEQUENCE:SEQUENCE + 1] + middle + variants[SEQUENCE + 1:]
    return out + _through_errors(target, variants, middle)


THROUGH_ERRORS = 3  # invalid calls in a sequence through errors, each followed by a valid call


def _through_errors(target, variants: list[Case], middle: list[Case]) -> list[Case]:
    """For a target that takes invalid cases (issue 65): fixed invalid cases of its op (each refused, or
    accepted where declared), each followed by a valid call, of the sequence's signature and, last, of
    another signature (a refused compile, then a valid call of another shape). A valid call wrong only
    after a rejected one is ``history-dependent``, with the calls it needs in its seed."""
    if not target.invalid:
        return []
    invalid = _drawn_invalid(target, THROUGH_ERRORS)
    after = [replace(v, meta={**v.meta, "after": "rejected call"}) for v in variants[:2] + middle[:1]]
    return [c for pair in zip(invalid, after) for c in pair]


def _drawn_invalid(target, draws: int) -> list[Case]:
    """``draws`` fixed draws of ``target``'s invalid cases (each breaking one constraint), smallest first."""
    from hypothesis import HealthCheck, Phase, given, seed, settings

    from conformance.running import ops, profiles

    key = ("invalid", target.op, repr(sorted(target.region.items())), draws)
    if key not in _BUILT:
        found: list[Case] = []

        @seed(BASE_SEED)
        @settings(max_examples=draws * 4, database=None, deadline=None, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck), print_blob=False)
        @given(case=ops.STRATEGIES["invalid"](target))
        def collect(case: Case) -> None:
            found.append(case)

        with profiles.module_independent_draws():
            collect()
        unique = sorted({c.id: c for c in found}.values(), key=lambda c: (sum(a.size for a in c.arrays.values()), c.id))
        _BUILT[key] = unique[:draws]
    return list(_BUILT[key])
