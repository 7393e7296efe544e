"""Shared by the ``onnxruntime`` and ``onnx_reference`` backends: scatter cases as one-node ONNX models.

ScatterND and ScatterElements at every opset where their schema changed, once per reduction the
opset allows (``none`` from 11, ``add``/``mul`` from 16, ``max``/``min`` from 18). Models are cached
per signature, as for the gather ops.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from conformance.adapters.onnx_gather import Runner, build_model
from conformance.adapters import onnx_capture
from conformance.running.registry import target

OP = "stablehlo.scatter"
REDUCTIONS = {"none": "replace", "add": "add", "mul": "multiply", "max": "maximum", "min": "minimum"}
SINCE = {"none": 11, "add": 16, "mul": 16, "max": 18, "min": 18}
OPSETS = (11, 13, 16, 18)
STYLES = {"ScatterND": "scatter_nd", "ScatterElements": "along_axis"}
_BF16_SINCE = 13


def _node(op: str, scatter_indices: np.ndarray, attrs: dict, reduction: str) -> tuple[np.ndarray, dict]:
    node_attrs = {} if reduction == "none" else {"reduction": reduction}
    if op == "ScatterElements":
        (axis,) = attrs["scatter_dims_to_operand_dims"]
        return scatter_indices[..., 0], {"axis": int(axis), **node_attrs}
    return scatter_indices, node_attrs


def make_targets(backend: str, run_model: Runner, element_dtypes: tuple[str, ...]) -> dict[str, Callable]:
    """One target per (ONNX op, opset, reduction the opset allows), each with a model cache."""
    run_model = onnx_capture.capturable(run_model)  # a repro snippet can ask it for the model instead
    models: dict[tuple, object] = {}
    made = {}
    for op, style in STYLES.items():
        for opset in OPSETS:
            for reduction, computation in REDUCTIONS.items():
                if opset < SINCE[reduction]:
                    continue
                elements = tuple(e for e in element_dtypes if e != "bfloat16" or opset >= _BF16_SINCE)
                if reduction != "none":  # the reductions are arithmetic: bool is not a number here
                    elements = tuple(e for e in elements if e != "bool")

                def fn(inputs, scatter_indices, updates, *, _op=op, _opset=opset, _red=reduction, **attrs):
                    idx, node_attrs = _node(_op, scatter_indices, attrs, _red)
                    key = (_op, _opset, inputs.dtype.name, idx.dtype.name, inputs.ndim, idx.ndim, updates.ndim,
                           tuple(sorted(node_attrs.items())))
                    if key not in models:
                        models[key] = build_model(_op, _opset, inputs.dtype, idx.dtype, inputs.ndim, idx.ndim,
                                                  key[-1], updates_rank=updates.ndim)
                    return run_model(models[key], {"data": inputs, "indices": np.asarray(idx), "updates": updates})

                label = "" if reduction == "none" else f"[{reduction}]"
                fn.__name__ = f"{op.lower()}_{opset}_{reduction}"
                region = {"style": style, "index_dtypes": ("int64",) if op == "ScatterND" else ("int32", "int64"),
                          "element_dtypes": elements, "computations": (computation,)}
                name = f"{backend}:{op}-{opset}{label}"
                made[fn.__name__] = target(OP, name, region=region, repro=onnx_capture.repro(backend, fn))(fn)
    return made
