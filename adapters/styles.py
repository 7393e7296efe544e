"""The arguments of common API styles from a case, for the targets of a framework the suite has no
adapter for (public as ``conformance.styles``; a walk-through: docs/new-backend.md).

Each helper takes a case, as the keyword arguments a target receives (``def fn(**case)``) or as a
``conformance.case.Case``, and returns a named tuple of the arguments one API style takes; ``region(style)``
is the region that narrows a target to the cases that style can express::

    from conformance import styles
    from conformance.registry import target

    @target("stablehlo.gather", "mylib:take", region=styles.region("take"))
    def take(**case):
        a = styles.take(case)
        return mylib.take(a.operand, a.indices, axis=a.axis)

A case outside the style raises ``StyleError`` (a ``ValueError``): one line naming the argument and what
the style expected (the target's region admits cases its API cannot take). Each result's ``repro_lines()``
are the setup lines of a ``repro=`` snippet: ``NAME = <value>`` per field, arrays as embedded literals.
The translations are the built-in adapters' own (``conformance.adapters.translate``).
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, NamedTuple

import numpy as np

from conformance.adapters.repro_code import literal
from conformance.adapters.translate import advanced_index as _entries, nd_index, take_args
from conformance.core.case import Case
from conformance.core.outcome import AdapterError

# the region of each style: the strategies' region keys (strategies/gather.py GatherRegion, scatter.py
# ScatterRegion, dynamic_slice.py SliceRegion, elementwise_values.py ValueRegion)
REGIONS: dict[str, dict] = {
    "take": {"style": "take"},  # stablehlo.gather
    "take_along_axis": {"style": "along_axis"},  # stablehlo.gather
    "advanced_index": {"style": "advanced"},  # stablehlo.gather
    "gather_nd": {"style": "gather_nd"},  # stablehlo.gather (onnx.GatherND: its whole space, {})
    "index_add": {"style": "take"},  # stablehlo.scatter (add computations=(...) for the API's)
    "put_along_axis": {"style": "along_axis"},  # stablehlo.scatter
    "index_put": {"style": "advanced"},  # stablehlo.scatter (index_put(x, indices) of leading dims: indexed_prefix=True)
    "scatter_nd": {"style": "scatter_nd"},  # stablehlo.scatter (onnx.ScatterND: {"reduction": ...})
    "dynamic_slice": {"oob_share": 0.0},  # stablehlo.dynamic_slice: x[s:s+k] does not clamp (lax-like APIs: {})
    "dynamic_update_slice": {"oob_share": 0.0},  # stablehlo.dynamic_update_slice
    "elementwise": {"forms": ("tensor", "rank0", "scalar")},  # stablehlo.add, ... (no Python scalars: drop "scalar")
}
OPS = {"take": "stablehlo.gather", "take_along_axis": "stablehlo.gather", "advanced_index": "stablehlo.gather",
       "gather_nd": "stablehlo.gather", "index_add": "stablehlo.scatter", "put_along_axis": "stablehlo.scatter",
       "index_put": "stablehlo.scatter", "scatter_nd": "stablehlo.scatter", "dynamic_slice": "stablehlo.dynamic_slice",
       "dynamic_update_slice": "stablehlo.dynamic_update_slice", "elementwise": "stablehlo.add"}
ONNX_COMPUTATIONS = {None: "replace", "add": "add", "mul": "multiply", "max": "maximum", "min": "minimum"}
GATHER = ("operand", "start_indices", "offset_dims", "collapsed_slice_dims", "start_index_map", "index_vector_dim",
          "slice_sizes")
SCATTER = ("inputs", "scatter_indices", "updates", "update_window_dims", "inserted_window_dims",
           "scatter_dims_to_operand_dims", "index_vector_dim", "update_computation")


class StyleError(AdapterError, ValueError):
    """A case the style cannot express: one line, ``styles.<style>: <argument>: expected ..., got ...``. The
    target's own mistake (its region is not the style's), so an adapter error, never a verdict."""


def region(style: str, **extra) -> dict:
    """A fresh region dict for ``style``, with ``extra`` keys laid over it:
    ``region("index_add", computations=("add",), index_dtypes=("int64",))``."""
    if style not in REGIONS:
        raise StyleError(f"styles.region: style: expected one of {', '.join(REGIONS)}, got {style!r}")
    return {**REGIONS[style], **extra}


def _source(value: Any) -> str:
    """``value`` as source for a repro script (arrays as ``arr(...)`` literals)."""
    if isinstance(value, np.ndarray):
        return literal(value)
    if isinstance(value, slice):
        return "slice(None)" if value == slice(None) else f"slice({value.start}, {value.stop})"
    if isinstance(value, (tuple, list)):
        return "(" + "".join(f"{_source(v)}, " for v in value) + ")"
    if isinstance(value, complex):
        return f"complex({_source(value.real)}, {_source(value.imag)})"
    if isinstance(value, float) and not math.isfinite(value):
        return f"float('{value}')"
    return repr(value)


def _repro_lines(self) -> list[str]:
    """``NAME = <value>`` for each field, for a ``repro=`` snippet."""
    return [f"{name.upper()} = {_source(getattr(self, name))}" for name in self._fields]


def _args(cls):
    """A result class: its named tuple gets ``repro_lines()``."""
    cls.repro_lines = _repro_lines
    return cls


def _index(entries: list) -> tuple:
    return tuple(slice(None) if e is None else e for e in entries)


@_args
class Take(NamedTuple):
    """``take(operand, indices, axis)`` / ``index_select``."""
    operand: np.ndarray
    indices: np.ndarray
    axis: int


@_args
class TakeAlongAxis(NamedTuple):
    """``take_along_axis(operand, indices, axis)`` / ``torch.gather``."""
    operand: np.ndarray
    indices: np.ndarray
    axis: int


@_args
class AdvancedIndex(NamedTuple):
    """``operand[index]``: an index array per indexed axis, ``slice(None)`` elsewhere."""
    operand: np.ndarray
    index: tuple


@_args
class GatherND(NamedTuple):
    """``gather_nd(operand, indices, batch_dims)``; ``index``: the same read as ``operand[index]``."""
    operand: np.ndarray
    indices: np.ndarray
    batch_dims: int
    index: tuple


@_args
class IndexAdd(NamedTuple):
    """``index_add(input, axis, indices, updates)`` / ``index_copy`` / ``index_reduce``;
    ``index``: ``input[index] <computation>= updates`` (``np.add.at(out, index, updates)``)."""
    input: np.ndarray
    indices: np.ndarray
    updates: np.ndarray
    axis: int
    computation: str
    index: tuple


@_args
class PutAlongAxis(NamedTuple):
    """``put_along_axis(input, indices, updates, axis)`` / ``torch.scatter``."""
    input: np.ndarray
    indices: np.ndarray
    updates: np.ndarray
    axis: int
    computation: str


@_args
class IndexPut(NamedTuple):
    """``input[index] = updates`` (``index``: an index array per indexed axis, ``slice(None)`` elsewhere);
    ``indices``: the index arrays alone, for ``index_put(input, indices, updates)``."""
    input: np.ndarray
    index: tuple
    updates: np.ndarray
    computation: str

    @property
    def indices(self) -> tuple:
        return tuple(e for e in self.index if not isinstance(e, slice))


@_args
class ScatterND(NamedTuple):
    """``scatter_nd(input, indices, updates)``: ``indices[..., k]`` address the k leading dims;
    ``index``: the same elements as ``input[index] = updates``."""
    input: np.ndarray
    indices: np.ndarray
    updates: np.ndarray
    computation: str
    index: tuple


@_args
class DynamicSlice(NamedTuple):
    """``slice(operand, starts, sizes)``; ``window``: ``operand[window]`` (the starts as the case has them)."""
    operand: np.ndarray
    starts: tuple
    sizes: tuple
    window: tuple


@_args
class DynamicUpdateSlice(NamedTuple):
    """``slice_scatter`` / ``dynamic_update_slice(operand, update, starts)``; ``window``: ``out[window] = update``."""
    operand: np.ndarray
    update: np.ndarray
    starts: tuple
    window: tuple


@_args
class Elementwise(NamedTuple):
    """The operands in the spec's order (a binary op's ``rhs`` a Python number where the case passes it as a
    language scalar, ``scalar``); ``direction``: a compare's (``EQ``, ``LT``, ...), else None."""
    operands: tuple
    scalar: bool
    direction: str | None


def _arguments(case, style: str, names: tuple[str, ...]) -> dict:
    """The case's keyword arguments; StyleError unless it has ``names``."""
    if isinstance(case, Case):
        case = case.kwargs()
    if not isinstance(case, Mapping):
        raise StyleError(f"styles.{style}: case: expected a Case or the target's keyword arguments (a dict), "
                         f"got {type(case).__name__}")
    missing = [n for n in names if n not in case]
    if missing:
        raise StyleError(f"styles.{style}: case: expected the arguments of {OPS[style]} ({', '.join(names)}), "
                         f"got {', '.join(case) or 'none'}")
    return dict(case)


def _ints(value) -> tuple[int, ...]:
    return tuple(int(v) for v in value)


def _expect(style: str, name: str, got, want, what: str = "") -> None:
    """StyleError unless ``got == want``: ``styles.<style>: <name>: expected <want or what>, got <got>``."""
    got = _ints(got) if isinstance(got, (tuple, list)) else got
    want = _ints(want) if isinstance(want, (tuple, list, range)) else want
    if got != want:
        raise StyleError(f"styles.{style}: {name}: expected {what or want}, got {got} (is the target's region "
                         f"styles.region({style!r})?)")


def _vector(style: str, indices: np.ndarray, ivd: int, k: int) -> bool:
    """Whether the index vector dim is implicit (one component); else it must be last and hold ``k``."""
    if ivd == indices.ndim:
        _expect(style, "start_index_map", (k,), (1,), "one component where index_vector_dim is implicit")
        return True
    _expect(style, "index_vector_dim", ivd, indices.ndim - 1, f"{indices.ndim - 1} (the indices' last dim) or "
            f"{indices.ndim} (implicit)")
    _expect(style, "index vector size", indices.shape[-1], k)
    return False


def _components(style: str, indices: np.ndarray) -> int:
    """The index vector's size k of a gather_nd/scatter_nd case: at least 1 (ONNX's range too)."""
    if indices.shape[-1] < 1:
        raise StyleError(f"styles.{style}: index vector size: expected 1 or more, got 0 (indices {indices.shape})")
    return int(indices.shape[-1])


def _one_axis(style: str, mapped, inserted) -> int:
    _expect(style, "the indexed axes", len(mapped), 1, "one indexed axis")
    _expect(style, "the collapsed (inserted) dims", inserted, mapped)
    return int(mapped[0])


def _single(style: str, kw: dict) -> tuple[np.ndarray, np.ndarray]:
    for name in ("inputs", "updates"):
        if isinstance(kw[name], (list, tuple)):
            raise StyleError(f"styles.{style}: {name}: expected one array (the default region, max_inputs 1), "
                             f"got a list of {len(kw[name])}")
    return kw["inputs"], kw["updates"]


def _around(first: int, nb: int, rank: int, k: int) -> tuple[int, ...]:
    """numpy's advanced-indexing layout: the batch dims in place of adjacent indexed axes, else in front."""
    return (*range(first), *range(first + nb, rank - k + nb))


def take(case) -> Take:
    """``stablehlo.gather`` of region ``{"style": "take"}`` as ``take(operand, indices, axis)``:
    ``a = take(case); mylib.take(a.operand, a.indices, axis=a.axis)``."""
    kw = _arguments(case, "take", GATHER)
    operand, si = kw["operand"], kw["start_indices"]
    axis = _one_axis("take", kw["start_index_map"], kw["collapsed_slice_dims"])
    _expect("take", "operand_batching_dims", kw.get("operand_batching_dims", ()), ())
    _vector("take", si, kw["index_vector_dim"], 1)
    indices, axis = take_args(si, (axis,), kw["index_vector_dim"])
    _expect("take", "offset_dims", kw["offset_dims"], _around(axis, indices.ndim, operand.ndim, 1))
    _expect("take", "slice_sizes", kw["slice_sizes"], [1 if d == axis else s for d, s in enumerate(operand.shape)])
    return Take(operand, indices, axis)


def _along(style: str, kw: dict, indices: np.ndarray, mapped, inserted, batching: tuple[str, str]) -> tuple[int, np.ndarray]:
    """(axis, indices of the operand's rank) of an along-axis case: every other axis a batching dim."""
    axis = _one_axis(style, mapped, inserted)
    others = [d for d in range(kw["rank"]) if d != axis]
    for name in batching:
        _expect(style, name, kw.get(name, ()), others, f"{tuple(others)} (every axis but {axis})")
    _vector(style, indices, kw["index_vector_dim"], 1)
    idx, _ = take_args(indices, (axis,), kw["index_vector_dim"])
    _expect(style, "the indices' rank", idx.ndim, kw["rank"], f"{kw['rank']} (the operand's)")
    return axis, idx


def take_along_axis(case) -> TakeAlongAxis:
    """``stablehlo.gather`` of region ``{"style": "along_axis"}`` as ``take_along_axis(operand, indices, axis)``:
    ``a = take_along_axis(case); mylib.take_along_axis(a.operand, a.indices, axis=a.axis)``."""
    kw = _arguments(case, "take_along_axis", GATHER)
    operand = kw["operand"]
    axis, idx = _along("take_along_axis", {**kw, "rank": operand.ndim}, kw["start_indices"], kw["start_index_map"],
                       kw["collapsed_slice_dims"], ("operand_batching_dims", "start_indices_batching_dims"))
    _expect("take_along_axis", "offset_dims", kw["offset_dims"], ())
    _expect("take_along_axis", "slice_sizes", kw["slice_sizes"],
            [1 if d == axis else min(1, s) for d, s in enumerate(operand.shape)])
    return TakeAlongAxis(operand, idx, axis)


def _advanced(style: str, kw: dict, indices: np.ndarray, mapped, inserted, batching: str) -> tuple[tuple, int, int]:
    """(index, batch rank, first) of an advanced-indexing case."""
    mapped = _ints(mapped)
    if not mapped or len(set(mapped)) < len(mapped):
        raise StyleError(f"styles.{style}: the indexed axes: expected distinct axes, got {mapped}")
    _expect(style, "the collapsed (inserted) dims", inserted, sorted(mapped))
    _expect(style, batching, kw.get(batching, ()), ())
    implicit = _vector(style, indices, kw["index_vector_dim"], len(mapped))
    ordered = sorted(mapped)
    first = ordered[0] if ordered == list(range(ordered[0], ordered[0] + len(mapped))) else 0
    index = _index(_entries(kw["rank"], indices, mapped, kw["index_vector_dim"]))
    return index, indices.ndim - (0 if implicit else 1), first


def advanced_index(case) -> AdvancedIndex:
    """``stablehlo.gather`` of region ``{"style": "advanced"}`` as ``operand[index]``:
    ``a = advanced_index(case); a.operand[a.index]``."""
    kw = _arguments(case, "advanced_index", GATHER)
    operand, mapped = kw["operand"], kw["start_index_map"]
    index, nb, first = _advanced("advanced_index", {**kw, "rank": operand.ndim}, kw["start_indices"], mapped,
                                 kw["collapsed_slice_dims"], "operand_batching_dims")
    _expect("advanced_index", "offset_dims", kw["offset_dims"], _around(first, nb, operand.ndim, len(mapped)))
    _expect("advanced_index", "slice_sizes", kw["slice_sizes"],
            [1 if d in _ints(mapped) else s for d, s in enumerate(operand.shape)])
    return AdvancedIndex(operand, index)


def gather_nd(case) -> GatherND:
    """``stablehlo.gather`` of region ``{"style": "gather_nd"}`` (or any ``onnx.GatherND`` case) as
    ``gather_nd(operand, indices, batch_dims)``: b leading batch dims, ``indices[..., k]`` the next k dims:
    ``a = gather_nd(case); mylib.gather_nd(a.operand, a.indices, batch_dims=a.batch_dims)``."""
    if isinstance(case, Case) and case.op == "onnx.GatherND" or isinstance(case, Mapping) and "data" in case:
        kw = _arguments(case, "gather_nd", ("data", "indices"))
        b = int(kw.get("batch_dims") or 0)
        return GatherND(kw["data"], kw["indices"], b, tuple(nd_index(kw["indices"], b)))
    kw = _arguments(case, "gather_nd", GATHER)
    operand, si = kw["operand"], kw["start_indices"]
    b = len(kw.get("operand_batching_dims", ()))
    for name in ("operand_batching_dims", "start_indices_batching_dims"):
        _expect("gather_nd", name, kw.get(name, ()), range(b), f"{tuple(range(b))} (the leading dims)")
    _expect("gather_nd", "index_vector_dim", kw["index_vector_dim"], si.ndim - 1, f"{si.ndim - 1} (the indices' last dim)")
    k = _components("gather_nd", si)
    _expect("gather_nd", "start_index_map", kw["start_index_map"], range(b, b + k), f"{tuple(range(b, b + k))} "
            "(the dims after the batch dims)")
    _expect("gather_nd", "collapsed_slice_dims", kw["collapsed_slice_dims"], range(b, b + k))
    _expect("gather_nd", "offset_dims", kw["offset_dims"], range(si.ndim - 1, si.ndim - 1 + operand.ndim - b - k))
    _expect("gather_nd", "slice_sizes", kw["slice_sizes"],
            [min(1, s) if d < b else 1 if d < b + k else s for d, s in enumerate(operand.shape)])
    return GatherND(operand, si, b, tuple(nd_index(si, b)))


def index_add(case) -> IndexAdd:
    """``stablehlo.scatter`` of region ``{"style": "take"}`` as ``index_add(input, axis, indices, updates)``
    (one axis, 1-D indices; ``computation``: ``add``, ``replace``, ...):
    ``a = index_add(case); mylib.index_add(a.input, a.axis, a.indices, a.updates)``."""
    kw = _arguments(case, "index_add", SCATTER)
    inputs, updates = _single("index_add", kw)
    si = kw["scatter_indices"]
    axis = _one_axis("index_add", kw["scatter_dims_to_operand_dims"], kw["inserted_window_dims"])
    _expect("index_add", "input_batching_dims", kw.get("input_batching_dims", ()), ())
    _vector("index_add", si, kw["index_vector_dim"], 1)
    indices, _ = take_args(si, (axis,), kw["index_vector_dim"])
    _expect("index_add", "the indices' rank", indices.ndim, 1)
    _expect("index_add", "update_window_dims", kw["update_window_dims"], _around(axis, 1, inputs.ndim, 1))
    _expect("index_add", "updates.shape", updates.shape, inputs.shape[:axis] + indices.shape + inputs.shape[axis + 1:])
    return IndexAdd(inputs, indices, updates, axis, kw["update_computation"], (slice(None),) * axis + (indices,))


def put_along_axis(case) -> PutAlongAxis:
    """``stablehlo.scatter`` of region ``{"style": "along_axis"}`` as ``put_along_axis(input, indices, updates,
    axis)``: ``a = put_along_axis(case); mylib.put_along_axis(a.input, a.indices, a.updates, axis=a.axis)``."""
    kw = _arguments(case, "put_along_axis", SCATTER)
    inputs, updates = _single("put_along_axis", kw)
    axis, idx = _along("put_along_axis", {**kw, "rank": inputs.ndim}, kw["scatter_indices"],
                       kw["scatter_dims_to_operand_dims"], kw["inserted_window_dims"],
                       ("input_batching_dims", "scatter_indices_batching_dims"))
    _expect("put_along_axis", "update_window_dims", kw["update_window_dims"], ())
    _expect("put_along_axis", "updates.shape", updates.shape, idx.shape)
    return PutAlongAxis(inputs, idx, updates, axis, kw["update_computation"])


def index_put(case) -> IndexPut:
    """``stablehlo.scatter`` of region ``{"style": "advanced"}`` as ``input[index] = updates`` (or as
    ``index_put(input, indices, updates)``, whose index arrays address the leading dims: add ``indexed_prefix=True``):
    ``a = index_put(case); out = a.input.copy(); out[a.index] = a.updates``."""
    kw = _arguments(case, "index_put", SCATTER)
    inputs, updates = _single("index_put", kw)
    mapped = kw["scatter_dims_to_operand_dims"]
    index, nb, first = _advanced("index_put", {**kw, "rank": inputs.ndim}, kw["scatter_indices"], mapped,
                                 kw["inserted_window_dims"], "input_batching_dims")
    uwd = _around(first, nb, inputs.ndim, len(mapped))
    _expect("index_put", "update_window_dims", kw["update_window_dims"], uwd)
    window = iter(s for d, s in enumerate(inputs.shape) if d not in _ints(mapped))
    batch = iter(kw["scatter_indices"].shape[:nb])
    _expect("index_put", "updates.shape", updates.shape,
            [next(window) if p in uwd else next(batch) for p in range(nb + inputs.ndim - len(mapped))])
    return IndexPut(inputs, index, updates, kw["update_computation"])


def scatter_nd(case) -> ScatterND:
    """``stablehlo.scatter`` of region ``{"style": "scatter_nd"}`` (or any ``onnx.ScatterND`` case) as
    ``scatter_nd(input, indices, updates)``: ``indices[..., k]`` address the k leading dims; ``computation``
    in the spec's names (ONNX's ``mul`` is ``multiply``, no reduction ``replace``):
    ``a = scatter_nd(case); mylib.tensor_scatter_nd_add(a.input, a.indices, a.updates)``."""
    if isinstance(case, Case) and case.op == "onnx.ScatterND" or isinstance(case, Mapping) and "data" in case:
        kw = _arguments(case, "scatter_nd", ("data", "indices", "updates"))
        return ScatterND(kw["data"], kw["indices"], kw["updates"], ONNX_COMPUTATIONS[kw.get("reduction")],
                         tuple(nd_index(kw["indices"])))
    kw = _arguments(case, "scatter_nd", SCATTER)
    inputs, updates = _single("scatter_nd", kw)
    si = kw["scatter_indices"]
    _expect("scatter_nd", "input_batching_dims", kw.get("input_batching_dims", ()), ())
    _expect("scatter_nd", "index_vector_dim", kw["index_vector_dim"], si.ndim - 1, f"{si.ndim - 1} (the indices' last dim)")
    k = _components("scatter_nd", si)
    for name in ("scatter_dims_to_operand_dims", "inserted_window_dims"):
        _expect("scatter_nd", name, kw[name], range(k), f"{tuple(range(k))} (the leading dims)")
    _expect("scatter_nd", "update_window_dims", kw["update_window_dims"], range(si.ndim - 1, si.ndim - 1 + inputs.ndim - k))
    _expect("scatter_nd", "updates.shape", updates.shape, si.shape[:-1] + inputs.shape[k:])
    return ScatterND(inputs, si, updates, kw["update_computation"], tuple(nd_index(si)))


def _starts(style: str, kw: dict, rank: int) -> tuple[int, ...]:
    starts = list(kw.get("start_indices", ()))
    _expect(style, "start_indices", len(starts), rank, f"{rank} rank-0 index arrays (one per dim)")
    return tuple(int(s) for s in starts)


def _window(starts, sizes) -> tuple:
    return tuple(slice(s, s + int(k)) for s, k in zip(starts, sizes))


def dynamic_slice(case) -> DynamicSlice:
    """``stablehlo.dynamic_slice`` as ``slice(operand, starts, sizes)`` or ``operand[window]`` (basic slicing
    does not clamp a start as the spec does: region ``{"oob_share": 0.0}``; a clamping API takes ``{}``):
    ``a = dynamic_slice(case); a.operand[a.window]``."""
    kw = _arguments(case, "dynamic_slice", ("operand", "slice_sizes"))
    operand = kw["operand"]
    _expect("dynamic_slice", "slice_sizes", len(kw["slice_sizes"]), operand.ndim, f"{operand.ndim} sizes (one per dim)")
    starts, sizes = _starts("dynamic_slice", kw, operand.ndim), _ints(kw["slice_sizes"])
    return DynamicSlice(operand, starts, sizes, _window(starts, sizes))


def dynamic_update_slice(case) -> DynamicUpdateSlice:
    """``stablehlo.dynamic_update_slice`` as ``slice_scatter`` / ``out[window] = update`` (as for dynamic_slice:
    region ``{"oob_share": 0.0}`` where the API does not clamp):
    ``a = dynamic_update_slice(case); out = a.operand.copy(); out[a.window] = a.update``."""
    kw = _arguments(case, "dynamic_update_slice", ("operand", "update"))
    starts = _starts("dynamic_update_slice", kw, kw["operand"].ndim)
    return DynamicUpdateSlice(kw["operand"], kw["update"], starts, _window(starts, kw["update"].shape))


def elementwise(case) -> Elementwise:
    """The 17 elementwise ops (``stablehlo.add``, ...): the operands in the spec's order, a language-scalar
    ``rhs`` (``rhs_as_scalar``, region form ``scalar``) as a Python number, rank-0 operands (form ``rank0``)
    as rank-0 arrays: ``a = elementwise(case); mylib.add(*a.operands)``."""
    if isinstance(case, Case):
        case = case.kwargs()
    names = next((n for n in (("pred", "on_true", "on_false"), ("lhs", "rhs"), ("operand",))
                  if isinstance(case, Mapping) and all(k in case for k in n)), None)
    if names is None or "start_indices" in case:
        _arguments(case, "elementwise", ("operand | lhs, rhs | pred, on_true, on_false",))
    scalar = bool(case.get("rhs_as_scalar", False))
    return Elementwise(tuple(case[n].item() if scalar and n == "rhs" else case[n] for n in names), scalar,
                       case.get("comparison_direction"))
