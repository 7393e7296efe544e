"""numpy targets for ``stablehlo.scatter``: ``ufunc.at`` (add/multiply/maximum/minimum),
``put_along_axis``, ``put`` in each mode and ``x[idx] = v``. Part of backend ``numpy``.

Each returns a new array (the input is copied first): the spec's result, not an in-place update.
"""
from __future__ import annotations

import numpy as np

from adapters.translate import advanced_index, refuse_wrap_loop
from conformance.registry import target

OP = "stablehlo.scatter"
UFUNCS = {"add": "add", "multiply": "multiply", "maximum": "maximum", "minimum": "minimum"}
PUT_INDEX = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32")  # put refuses uint64 (no safe cast)
WRAP_LOOP_LIMIT = 2**31  # as numpy.take(mode="wrap"): |index| / n steps above this take seconds to forever


def _index(inputs: np.ndarray, scatter_indices, scatter_dims_to_operand_dims, index_vector_dim) -> tuple:
    entries = advanced_index(inputs.ndim, scatter_indices, scatter_dims_to_operand_dims, index_vector_dim)
    return tuple(slice(None) if e is None else e for e in entries)


def _ufunc_at(computation: str):
    def ufunc_at(inputs, scatter_indices, updates, *, scatter_dims_to_operand_dims, index_vector_dim, **_):
        out = inputs.copy()
        getattr(np, UFUNCS[computation]).at(out, _index(out, scatter_indices, scatter_dims_to_operand_dims,
                                                        index_vector_dim), updates)
        return out

    ufunc_at.__name__ = f"{UFUNCS[computation]}_at"
    return target(OP, f"numpy:{UFUNCS[computation]}.at", region={"style": "advanced", "computations": (computation,)})(
        ufunc_at)


UFUNC_TARGETS = {c: _ufunc_at(c) for c in UFUNCS}


@target(OP, "numpy:x[idx]=v", region={"style": "advanced", "computations": ("replace",)})
def setitem(inputs, scatter_indices, updates, *, scatter_dims_to_operand_dims, index_vector_dim, **_):
    out = inputs.copy()
    out[_index(out, scatter_indices, scatter_dims_to_operand_dims, index_vector_dim)] = updates
    return out


@target(OP, "numpy:put_along_axis", region={"style": "along_axis", "computations": ("replace",)})
def put_along_axis(inputs, scatter_indices, updates, *, scatter_dims_to_operand_dims, **_):
    (axis,) = scatter_dims_to_operand_dims
    out = inputs.copy()
    np.put_along_axis(out, scatter_indices[..., 0], updates, axis=axis)
    return out


def _put(mode: str):
    def put(inputs, scatter_indices, updates, **_):
        if mode == "wrap":
            refuse_wrap_loop(scatter_indices, WRAP_LOOP_LIMIT, "numpy.put(mode='wrap')")
        out = inputs.copy()
        np.put(out, scatter_indices, updates, mode=mode)
        return out

    put.__name__ = f"put_{mode}"
    return target(OP, f"numpy:put[{mode}]", region={"style": "take", "min_input_rank": 1, "max_input_rank": 1,
                                                    "computations": ("replace",), "index_dtypes": PUT_INDEX})(put)


PUT_TARGETS = {m: _put(m) for m in ("raise", "wrap", "clip")}
