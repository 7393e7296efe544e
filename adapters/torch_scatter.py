"""torch targets for ``stablehlo.scatter``: ``scatter_``, ``scatter_add_``, ``scatter_reduce_``
(sum/prod/amax/amin, include_self both ways), ``index_put_`` (accumulate both ways), ``index_add_``,
``index_copy_``, ``put_`` (accumulate both ways) and ``x[idx] = v``. Part of backend ``torch``.

Every target works on a clone of the input, so it returns the spec's result rather than mutating.
"""
from __future__ import annotations

import numpy as np

from conformance.adapters.torch_common import ELEMENTS, threaded, to_numpy, to_torch
from conformance.adapters.repro_code import TORCH, TORCH_INT64, index_tuple, literal, scatter_arrays, torch_ready
from conformance.adapters.translate import advanced_index
from conformance.running.registry import target

OP = "stablehlo.scatter"
REDUCE = {"add": "sum", "multiply": "prod", "maximum": "amax", "minimum": "amin"}
NO_COMPLEX = tuple(d for d in ELEMENTS if not d.startswith("complex"))
NO_BOOL_COMPLEX = tuple(d for d in NO_COMPLEX if d != "bool")
INDEX_INT = ("int64", "int32")


def _repro(call, statement: bool = False):
    """A repro snippet from ``call(kw, indices)``: the in-place call on tensor ``out`` (source), or with
    ``statement`` a statement that updates ``out``."""
    def repro(kw, case):
        ins, idx, ups = scatter_arrays(kw)
        setup = [f"out = {TORCH.format(literal(ins))}", f"UPDATES = {TORCH.format(literal(ups))}"]
        if statement:
            return torch_ready(kw), setup + [call(kw, idx)], "out.numpy()"
        return torch_ready(kw), setup, call(kw, idx) + ".numpy()"
    return repro


def _axis(kw) -> int:
    (axis,) = kw["scatter_dims_to_operand_dims"]
    return axis


def _method_repro(method: str, extra: str = "", along: bool = True):
    """``out.method(axis, indices, UPDATES, extra)``: the indices' first component (``along``) or all."""
    return _repro(lambda kw, idx: f"out.{method}({_axis(kw)}, {TORCH.format(literal(idx[..., 0] if along else idx))}, "
                                  f"UPDATES{extra})")


def _along(computation: str, **extra) -> dict:
    return {"style": "along_axis", "computations": (computation,), "index_dtypes": ("int64",),
            "element_dtypes": ELEMENTS, **extra}


@target(OP, "torch:scatter_", region=_along("replace"), repro=_method_repro("scatter_"))
@threaded
def scatter_(inputs, scatter_indices, updates, *, scatter_dims_to_operand_dims, **_):
    (axis,) = scatter_dims_to_operand_dims
    return to_numpy(to_torch(inputs).scatter_(axis, to_torch(scatter_indices[..., 0]), to_torch(updates)))


@target(OP, "torch:scatter_add_", region=_along("add", element_dtypes=tuple(d for d in ELEMENTS if d != "bool")),
        repro=_method_repro("scatter_add_"))
@threaded
def scatter_add_(inputs, scatter_indices, updates, *, scatter_dims_to_operand_dims, **_):
    (axis,) = scatter_dims_to_operand_dims
    return to_numpy(to_torch(inputs).scatter_add_(axis, to_torch(scatter_indices[..., 0]), to_torch(updates)))


def _scatter_reduce(computation: str, include_self: bool):
    reduce = REDUCE[computation]

    def scatter_reduce_(inputs, scatter_indices, updates, *, scatter_dims_to_operand_dims, **_):
        (axis,) = scatter_dims_to_operand_dims
        return to_numpy(to_torch(inputs).scatter_reduce_(axis, to_torch(scatter_indices[..., 0]), to_torch(updates),
                                                         reduce, include_self=include_self))

    scatter_reduce_.__name__ = f"scatter_reduce_{reduce}_{include_self}"
    return target(OP, f"torch:scatter_reduce_[{reduce},include_self={include_self}]",
                  region=_along(computation, element_dtypes=NO_BOOL_COMPLEX),
                  repro=_method_repro("scatter_reduce_", f", {reduce!r}, include_self={include_self}"))(threaded(scatter_reduce_))


REDUCE_TARGETS = {f"{c}_{s}": _scatter_reduce(c, s) for c in REDUCE for s in (True, False)}


def _index(inputs, scatter_indices, scatter_dims_to_operand_dims, index_vector_dim) -> tuple:
    import torch

    entries = advanced_index(inputs.ndim, scatter_indices, scatter_dims_to_operand_dims, index_vector_dim)
    return tuple(slice(None) if e is None else to_torch(e).to(torch.int64) if e.dtype.kind == "u" else to_torch(e)
                 for e in entries)


def _indexed(kw) -> list:
    """index_put_'s index tensors: the entries of the leading (indexed) axes."""
    ins, idx, _ = scatter_arrays(kw)
    entries = advanced_index(ins.ndim, idx, kw["scatter_dims_to_operand_dims"], kw["index_vector_dim"])
    return [e for e in entries if e is not None]


def _setitem_statement(kw, idx) -> str:
    """``out[index] = UPDATES``, unsigned index arrays as int64 (as the target passes them)."""
    entries = advanced_index(kw["inputs"].ndim, idx, kw["scatter_dims_to_operand_dims"], kw["index_vector_dim"])
    return f"out[{index_tuple(entries, lambda e: TORCH_INT64 if e.dtype.kind == 'u' else TORCH)}] = UPDATES"


def _index_put(accumulate: bool):
    def index_put_(inputs, scatter_indices, updates, *, scatter_dims_to_operand_dims, index_vector_dim, **_):
        import torch

        entries = advanced_index(inputs.ndim, scatter_indices, scatter_dims_to_operand_dims, index_vector_dim)
        indexed = [to_torch(e).to(torch.int64) for e in entries if e is not None]  # leading axes (the region's)
        return to_numpy(to_torch(inputs).index_put_(tuple(indexed), to_torch(updates), accumulate=accumulate))

    index_put_.__name__ = f"index_put_{accumulate}"
    comp = "add" if accumulate else "replace"
    elements = tuple(d for d in ELEMENTS if d != "bool") if accumulate else ELEMENTS
    return target(OP, f"torch:index_put_[accumulate={accumulate}]",
                  region={"style": "advanced", "computations": (comp,), "element_dtypes": elements,
                          "index_dtypes": INDEX_INT, "indexed_prefix": True},
                  repro=_repro(lambda kw, idx: f"out.index_put_({index_tuple(_indexed(kw), TORCH_INT64)}, UPDATES, "
                                               f"accumulate={accumulate})"))(threaded(index_put_))


INDEX_PUT_TARGETS = {a: _index_put(a) for a in (False, True)}


@target(OP, "torch:x[idx]=v", region={"style": "advanced", "computations": ("replace",), "element_dtypes": ELEMENTS,
                                      "index_dtypes": INDEX_INT},
        repro=_repro(_setitem_statement, statement=True))
@threaded
def setitem(inputs, scatter_indices, updates, *, scatter_dims_to_operand_dims, index_vector_dim, **_):
    out = to_torch(inputs)
    out[_index(inputs, scatter_indices, scatter_dims_to_operand_dims, index_vector_dim)] = to_torch(updates)
    return to_numpy(out)


def _take_style(computation: str, **extra) -> dict:
    return {"style": "take", "computations": (computation,), "element_dtypes": ELEMENTS, "index_dtypes": INDEX_INT,
            **extra}


@target(OP, "torch:index_add_", region=_take_style("add", element_dtypes=tuple(d for d in ELEMENTS if d != "bool")),
        repro=_method_repro("index_add_", along=False))
@threaded
def index_add_(inputs, scatter_indices, updates, *, scatter_dims_to_operand_dims, **_):
    (axis,) = scatter_dims_to_operand_dims
    return to_numpy(to_torch(inputs).index_add_(axis, to_torch(scatter_indices), to_torch(updates)))


@target(OP, "torch:index_copy_", region=_take_style("replace", index_dtypes=("int64",)),
        repro=_method_repro("index_copy_", along=False))
@threaded
def index_copy_(inputs, scatter_indices, updates, *, scatter_dims_to_operand_dims, **_):
    (axis,) = scatter_dims_to_operand_dims
    return to_numpy(to_torch(inputs).index_copy_(axis, to_torch(scatter_indices), to_torch(updates)))


def _put(accumulate: bool):
    def put_(inputs, scatter_indices, updates, **_):
        import torch

        return to_numpy(to_torch(inputs).put_(to_torch(scatter_indices).to(torch.int64), to_torch(updates),
                                              accumulate=accumulate))

    put_.__name__ = f"put_{accumulate}"
    comp = "add" if accumulate else "replace"
    elements = tuple(d for d in ELEMENTS if d != "bool") if accumulate else ELEMENTS
    return target(OP, f"torch:put_[accumulate={accumulate}]",
                  region=_take_style(comp, min_input_rank=1, max_input_rank=1, element_dtypes=elements),
                  repro=_repro(lambda kw, idx: f"out.put_({TORCH_INT64.format(literal(idx))}, UPDATES, "
                                               f"accumulate={accumulate})"))(threaded(put_))


PUT_TARGETS = {a: _put(a) for a in (False, True)}


def include_self_false(case):
    """Declaration model (torch.toml): ``scatter_reduce_(include_self=False)`` leaves the input's value
    out wherever an update lands: the spec's scatter with those input elements set to the
    reduction's identity (returned as that case, so the updates may combine in any order)."""
    from conformance.oracles.stablehlo.scatter import as_list, evaluate_fast, normalize, result_positions

    kw = case.kwargs()
    ins, ups, si = as_list(kw.pop("inputs")), as_list(kw.pop("updates")), kw.pop("scatter_indices")
    attrs = normalize(kw)
    positions = result_positions(ins[0].shape, si, ups[0].shape, **attrs)
    x = ins[0].copy()
    dt, comp = x.dtype, attrs["update_computation"]
    big = np.iinfo(dt) if dt.kind in "iu" else None
    identity = {"add": 0, "multiply": 1,
                "maximum": (big.min if big else False if dt.kind == "b" else -np.inf),
                "minimum": (big.max if big else True if dt.kind == "b" else np.inf)}[comp]
    x.reshape(-1)[positions[positions >= 0]] = identity
    from conformance.core.case import Case

    key = next(k for k in case.arrays if k.split("[")[0] == "inputs")  # judged as scatter: updates in any order
    return Case(case.op, {**case.arrays, key: x}, dict(case.attrs), result_type=case.result_type)


def alpha_scaled_add(case):
    """Declaration model (torch.toml): complex ``index_add_`` adds ``source * (1 + 0j)`` (a complex
    multiplication by alpha), so NaN/inf parts spread and -0.0 parts turn +0.0."""
    from conformance.oracles.stablehlo.scatter import as_list, evaluate_fast, normalize

    kw = case.kwargs()
    ins, ups, si = as_list(kw.pop("inputs")), as_list(kw.pop("updates")), kw.pop("scatter_indices")
    with np.errstate(all="ignore"):
        scaled = [(u * np.asarray(1 + 0j, u.dtype)).astype(u.dtype) if u.dtype.kind == "c" else u for u in ups]
    return evaluate_fast(ins, si, scaled, **normalize(kw))[0]
