"""Shared by the ``onnxruntime`` and ``onnx_reference`` backends: gather cases as one-node ONNX models.

Gather, GatherElements and GatherND, each at every opset where its schema changed. A model is
built once per signature (op, opset, element type, index type, ranks, attribute) with dynamic
dims, so one session serves every case of that signature.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from conformance.adapters.translate import along_axis_args, take_args
from conformance.adapters import onnx_capture
from conformance.running.registry import target

OP = "stablehlo.gather"
ALL_ELEMENTS = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                "float16", "bfloat16", "float32", "float64", "complex64", "complex128")
# (ONNX op, opset) -> (strategy style, index dtypes the schema allows, extra region)
ONNX_GATHERS = {
    ("Gather", 11): ("take", ("int32", "int64"), {}),
    ("Gather", 13): ("take", ("int32", "int64"), {}),
    ("GatherElements", 11): ("along_axis", ("int32", "int64"), {}),
    ("GatherElements", 13): ("along_axis", ("int32", "int64"), {}),
    ("GatherND", 11): ("gather_nd", ("int64",), {"max_batching_dims": 0}),  # batch_dims arrived in 12
    ("GatherND", 12): ("gather_nd", ("int64",), {}),
    ("GatherND", 13): ("gather_nd", ("int64",), {}),
}
# bfloat16 entered these schemas at opset 13
_BF16_SINCE = 13


def node_inputs(op: str, operand: np.ndarray, start_indices: np.ndarray, attrs: dict) -> tuple[np.ndarray, dict]:
    """(indices, node attributes) for one ONNX gather op from a case of the matching style."""
    sim, ivd = attrs["start_index_map"], attrs["index_vector_dim"]
    if op == "Gather":
        idx, axis = take_args(start_indices, sim, ivd)
        return idx, {"axis": axis}
    if op == "GatherElements":
        idx, axis = along_axis_args(start_indices, sim)
        return idx, {"axis": axis}
    return start_indices, ({"batch_dims": len(attrs["operand_batching_dims"])} if attrs["operand_batching_dims"] else {})


def build_model(op: str, opset: int, element: np.dtype, index: np.dtype, data_rank: int, index_rank: int,
                node_attrs: tuple, updates_rank: int | None = None):
    """A one-node ONNX model ``out = op(data, indices[, updates])`` with dynamic dims."""
    from onnx import TensorProto, helper

    def elem_type(dt: np.dtype) -> int:
        return TensorProto.BFLOAT16 if dt.name == "bfloat16" else helper.np_dtype_to_tensor_dtype(dt)

    data = helper.make_tensor_value_info("data", elem_type(element), [None] * data_rank)
    indices = helper.make_tensor_value_info("indices", elem_type(index), [None] * index_rank)
    inputs = [data, indices]
    if updates_rank is not None:
        inputs.append(helper.make_tensor_value_info("updates", elem_type(element), [None] * updates_rank))
    out = helper.make_tensor_value_info("out", elem_type(element), None)
    node = helper.make_node(op, [i.name for i in inputs], ["out"], **dict(node_attrs))
    graph = helper.make_graph([node], f"{op.lower()}_{opset}", inputs, [out])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)], ir_version=8)


Runner = Callable[[object, dict], np.ndarray]  # (model, feeds) -> output


def make_targets(backend: str, run_model: Runner, element_dtypes: tuple[str, ...]) -> dict[str, Callable]:
    """One target per (ONNX op, opset), all calling ``run_model`` with a cached model."""
    run_model = onnx_capture.capturable(run_model)  # a repro snippet can ask it for the model instead
    models: dict[tuple, object] = {}
    made = {}
    for (op, opset), (style, index_dtypes, extra) in ONNX_GATHERS.items():
        elements = tuple(e for e in element_dtypes if e != "bfloat16" or opset >= _BF16_SINCE)

        def fn(operand, start_indices, *, _op=op, _opset=opset, **attrs):
            idx, node_attrs = node_inputs(_op, operand, start_indices, attrs)
            key = (_op, _opset, operand.dtype.name, idx.dtype.name, operand.ndim, idx.ndim,
                   tuple(sorted(node_attrs.items())))
            if key not in models:
                models[key] = build_model(_op, _opset, operand.dtype, idx.dtype, operand.ndim, idx.ndim, key[-1])
            return run_model(models[key], {"data": operand, "indices": np.asarray(idx)})

        name = f"{backend}:{op}-{opset}"
        fn.__name__ = f"{op.lower()}_{opset}"
        region = {"style": style, "index_dtypes": index_dtypes, "element_dtypes": elements, **extra}
        made[fn.__name__] = target(OP, name, region=region, repro=onnx_capture.repro(backend, fn))(fn)
    return made
