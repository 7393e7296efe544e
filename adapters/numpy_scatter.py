"""numpy targets for ``stablehlo.scatter``: ``ufunc.at`` (add/multiply/maximum/minimum),
``put_along_axis``, ``put`` in each mode and ``x[idx] = v``. Part of backend ``numpy``.

Each returns a new array (the input is copied first): the spec's result, not an in-place update.
"""
from __future__ import annotations

import numpy as np

from conformance.adapters.repro_code import index_tuple, literal, scatter_arrays
from conformance.adapters.translate import advanced_index, refuse_wrap_loop
from conformance.running.registry import target

OP = "stablehlo.scatter"
UFUNCS = {"add": "add", "multiply": "multiply", "maximum": "maximum", "minimum": "minimum"}
PUT_INDEX = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32")  # put refuses uint64 (no safe cast)
WRAP_LOOP_LIMIT = 2**31  # as numpy.take(mode="wrap"): |index| / n steps above this take seconds to forever


def _index(inputs: np.ndarray, scatter_indices, scatter_dims_to_operand_dims, index_vector_dim) -> tuple:
    entries = advanced_index(inputs.ndim, scatter_indices, scatter_dims_to_operand_dims, index_vector_dim)
    return tuple(slice(None) if e is None else e for e in entries)


def _setup(kw: dict) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Repro setup lines defining ``out`` (a copy of the input) and UPDATES, and the input and indices."""
    ins, idx, ups = scatter_arrays(kw)
    return [f"out = {literal(ins)}.copy()", f"UPDATES = {literal(ups)}"], ins, idx


def _index_source(kw: dict) -> str:
    ins, idx, _ = scatter_arrays(kw)
    return index_tuple(advanced_index(ins.ndim, idx, kw["scatter_dims_to_operand_dims"], kw["index_vector_dim"]))


def _ufunc_at(computation: str):
    def ufunc_at(inputs, scatter_indices, updates, *, scatter_dims_to_operand_dims, index_vector_dim, **_):
        out = inputs.copy()
        getattr(np, UFUNCS[computation]).at(out, _index(out, scatter_indices, scatter_dims_to_operand_dims,
                                                        index_vector_dim), updates)
        return out

    def repro(kw, case):
        return [], _setup(kw)[0] + [f"np.{UFUNCS[computation]}.at(out, {_index_source(kw)}, UPDATES)"], "out"

    ufunc_at.__name__ = f"{UFUNCS[computation]}_at"
    return target(OP, f"numpy:{UFUNCS[computation]}.at", region={"style": "advanced", "computations": (computation,)},
                  repro=repro)(ufunc_at)


UFUNC_TARGETS = {c: _ufunc_at(c) for c in UFUNCS}


def _setitem_repro(kw, case):
    return [], _setup(kw)[0] + [f"out[{_index_source(kw)}] = UPDATES"], "out"


@target(OP, "numpy:x[idx]=v", region={"style": "advanced", "computations": ("replace",)}, repro=_setitem_repro)
def setitem(inputs, scatter_indices, updates, *, scatter_dims_to_operand_dims, index_vector_dim, **_):
    out = inputs.copy()
    out[_index(out, scatter_indices, scatter_dims_to_operand_dims, index_vector_dim)] = updates
    return out


def _put_along_axis_repro(kw, case):
    setup, _, idx = _setup(kw)
    (axis,) = kw["scatter_dims_to_operand_dims"]
    return [], setup + [f"np.put_along_axis(out, {literal(idx[..., 0])}, UPDATES, axis={axis})"], "out"


@target(OP, "numpy:put_along_axis", region={"style": "along_axis", "computations": ("replace",)},
        repro=_put_along_axis_repro)
def put_along_axis(inputs, scatter_indices, updates, *, scatter_dims_to_operand_dims, **_):
    (axis,) = scatter_dims_to_operand_dims
    out = inputs.copy()
    np.put_along_axis(out, scatter_indices[..., 0], updates, axis=axis)
    return out


def _put(mode: str):
    def put(inputs, scatter_indices, updates, **_):  # a wrap loop past WRAP_LOOP_LIMIT steps: a declared timeout
        out = inputs.copy()
        np.put(out, scatter_indices, updates, mode=mode)
        return out

    def repro(kw, case):
        setup, _, idx = _setup(kw)
        if mode == "wrap":
            refuse_wrap_loop(idx, WRAP_LOOP_LIMIT, "numpy.put(mode='wrap')")  # the script would hang too
        return [], setup + [f"np.put(out, {literal(idx)}, UPDATES, mode={mode!r})"], "out"

    put.__name__ = f"put_{mode}"
    return target(OP, f"numpy:put[{mode}]", region={"style": "take", "min_input_rank": 1, "max_input_rank": 1,
                                                    "computations": ("replace",), "index_dtypes": PUT_INDEX},
                  repro=repro)(put)


PUT_TARGETS = {m: _put(m) for m in ("raise", "wrap", "clip")}
