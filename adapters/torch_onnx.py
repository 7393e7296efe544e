"""torch translations of the ONNX spec ops: GatherND as advanced indexing, ScatterND as ``index_put_``
(accumulate for reduction add). Part of backend ``torch``; valid cases only."""
from __future__ import annotations

from conformance.adapters.repro_code import TORCH, TORCH_INT64, literal, torch_ready
from conformance.adapters.torch_common import ELEMENTS, threaded, to_numpy, to_torch
from conformance.adapters.translate import nd_index, nd_index_source
from conformance.running.registry import target


def _index(indices, batch_dims=0):
    import torch

    return tuple(to_torch(i.copy()).to(torch.int64) for i in nd_index(indices, batch_dims))


def _gather_repro(kw, case):
    return torch_ready(kw), [f"DATA = {TORCH.format(literal(kw['data']))}"], f"DATA[{nd_index_source(kw, TORCH_INT64)}].numpy()"


def _scatter_repro(accumulate: bool):
    def repro(kw, case):
        return (torch_ready(kw), [f"out = {TORCH.format(literal(kw['data']))}",
                                  f"UPDATES = {TORCH.format(literal(kw['updates']))}"],
                f"out.index_put_({nd_index_source(kw, TORCH_INT64)}, UPDATES, accumulate={accumulate}).numpy()")
    return repro


@target("onnx.GatherND", "torch:onnx.GatherND[x[idx]]", region={"opset": 13, "element_dtypes": ELEMENTS},
        repro=_gather_repro)
@threaded
def gather_nd(data, indices, *, batch_dims=None, **_):
    return to_numpy(to_torch(data)[_index(indices, int(batch_dims or 0))])


def _scatter(accumulate: bool):
    def scatter_nd(data, indices, updates, **_):
        return to_numpy(to_torch(data).index_put_(_index(indices), to_torch(updates), accumulate=accumulate))

    scatter_nd.__name__ = f"scatter_nd_{accumulate}"
    elements = tuple(e for e in ELEMENTS if e != "bool") if accumulate else ELEMENTS
    return target("onnx.ScatterND", f"torch:onnx.ScatterND[index_put_(accumulate={accumulate})]",
                  region={"opset": 18, "reduction": "add" if accumulate else None, "element_dtypes": elements},
                  repro=_scatter_repro(accumulate))(threaded(scatter_nd))


SCATTER_ND_TARGETS = {str(a): _scatter(a) for a in (False, True)}
