"""numpy translations of the ONNX spec ops: GatherND as advanced indexing, ScatterND as ``x[idx] = v``
and ``ufunc.at`` per reduction. Part of backend ``numpy``; valid cases only (not ONNX runtimes)."""
from __future__ import annotations

import numpy as np

from conformance.adapters.repro_code import literal
from conformance.adapters.translate import nd_index, nd_index_source
from conformance.running.registry import target

UFUNCS = {"add": np.add, "mul": np.multiply, "max": np.maximum, "min": np.minimum}


@target("onnx.GatherND", "numpy:onnx.GatherND[x[idx]]", region={"opset": 13},
        repro=lambda kw, case: ([], [f"DATA = {literal(kw['data'])}"], f"DATA[{nd_index_source(kw)}]"))
def gather_nd(data, indices, *, batch_dims=None, **_):
    return data[tuple(nd_index(indices, int(batch_dims or 0)))]


def _scatter(reduction):
    def scatter_nd(data, indices, updates, **_):
        out = data.copy()
        index = tuple(nd_index(indices))
        if reduction is None:
            out[index] = updates
        else:
            UFUNCS[reduction].at(out, index, updates)
        return out

    def repro(kw, case):
        statement = (f"out[{nd_index_source(kw)}] = UPDATES" if reduction is None else
                     f"np.{UFUNCS[reduction].__name__}.at(out, {nd_index_source(kw)}, UPDATES)")
        return [], [f"out = {literal(kw['data'])}", f"UPDATES = {literal(kw['updates'])}", statement], "out"

    scatter_nd.__name__ = f"scatter_nd_{reduction}"
    label = "x[idx]=v" if reduction is None else f"{UFUNCS[reduction].__name__}.at"
    return target("onnx.ScatterND", f"numpy:onnx.ScatterND[{label}]", region={"opset": 18, "reduction": reduction},
                  repro=repro)(scatter_nd)


SCATTER_ND_TARGETS = {str(r): _scatter(r) for r in (None, "add", "mul", "max", "min")}
