"""Shared by the ``onnxruntime`` and ``onnx_reference`` backends: the ONNX spec ops GatherND (opsets
11, 12, 13) and ScatterND (11, 13, 16 and 18, once per reduction) as one-node models.

Target names carry the spec op (``onnxruntime:onnx.GatherND-13``): the same runtime op is also a
target of ``stablehlo.gather``/``stablehlo.scatter`` under its plain name. A case's attributes go
into the node as given, so an attribute the opset's schema lacks reaches
the runtime (which should refuse it). Models are cached per signature.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from conformance.adapters.onnx_gather import Runner, build_model
from conformance.adapters import onnx_capture
from conformance.running.registry import target
from conformance.oracles.onnx.types import GATHER_ND_OPSETS, REDUCTIONS, SCATTER_ND_OPSETS


def make_targets(backend: str, run_model: Runner, element_dtypes: tuple[str, ...]) -> dict[str, Callable]:
    """One target per GatherND opset and per (ScatterND opset, reduction), each with a model cache."""
    run_model = onnx_capture.capturable(run_model)  # a repro snippet can ask it for the model instead
    models: dict[tuple, object] = {}

    def run(op, opset, arrays: dict[str, np.ndarray], node_attrs: dict):
        data, indices = arrays["data"], arrays["indices"]
        updates = arrays.get("updates")
        key = (op, opset, data.dtype.name, indices.dtype.name, data.ndim, indices.ndim,
               None if updates is None else (updates.dtype.name, updates.ndim), tuple(sorted(node_attrs.items())))
        if key not in models:
            models[key] = build_model(op, opset, data.dtype, indices.dtype, data.ndim, indices.ndim, key[-1],
                                      updates_rank=None if updates is None else updates.ndim)
        return run_model(models[key], arrays)

    made = {}
    elements = lambda opset: tuple(e for e in element_dtypes if e != "bfloat16" or opset >= 13)  # noqa: E731
    for opset in GATHER_ND_OPSETS:
        def gather_nd(data, indices, *, _opset=opset, batch_dims=None, **_):
            return run("GatherND", _opset, {"data": data, "indices": indices},
                       {} if batch_dims is None else {"batch_dims": int(batch_dims)})

        gather_nd.__name__ = f"gather_nd_{opset}"
        name = f"{backend}:onnx.GatherND-{opset}"
        made[gather_nd.__name__] = target("onnx.GatherND", name, invalid=True, repro=onnx_capture.repro(backend, gather_nd),
                                          region={"opset": opset, "element_dtypes": elements(opset)})(gather_nd)
    for opset in SCATTER_ND_OPSETS:
        for reduction in (None,) + tuple(r for r in REDUCTIONS[opset] if r != "none"):
            def scatter_nd(data, indices, updates, *, _opset=opset, reduction=None, **_):
                return run("ScatterND", _opset, {"data": data, "indices": indices, "updates": updates},
                           {} if reduction is None else {"reduction": reduction})

            scatter_nd.__name__ = f"scatter_nd_{opset}_{reduction}"
            label = "" if reduction is None else f"[{reduction}]"
            els = elements(opset) if reduction is None else tuple(e for e in elements(opset) if e != "bool")
            name = f"{backend}:onnx.ScatterND-{opset}{label}"
            made[scatter_nd.__name__] = target(
                "onnx.ScatterND", name, invalid=True, repro=onnx_capture.repro(backend, scatter_nd),
                region={"opset": opset, "reduction": reduction, "element_dtypes": els})(scatter_nd)
    return made
