"""onnxruntime's elementwise ops as ``mlir.scalarization`` targets (part of backend ``onnxruntime``):
one-node models run on 1-D tensors and again on each element's 0-d tensors."""
from __future__ import annotations

import numpy as np

from conformance.adapters.elementwise_ops import make_targets
from conformance.adapters.ort_session import CPU_SESSION_LINE, cpu_session

NODES = {"negate": ("Neg", {}), "abs": ("Abs", {}), "add": ("Add", {}), "subtract": ("Sub", {}),
         "multiply": ("Mul", {}), "divide": ("Div", {}), "remainder": ("Mod", {}), "maximum": ("Max", {}),
         "minimum": ("Min", {}), "and": ("BitwiseAnd", {}), "or": ("BitwiseOr", {}), "xor": ("BitwiseXor", {}),
         "shift_left": ("BitShift", {"direction": "LEFT"}), "shift_right": ("BitShift", {"direction": "RIGHT"}),
         "compare_lt": ("Less", {}), "compare_eq": ("Equal", {}), "select": ("Where", {})}
ELEMENTS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "float32", "float64")
# BitShift (opset 11 to 27) defines unsigned types only; signed ones arrive with BitShift-28
ONLY = {"shift_left": ("uint8", "uint16", "uint32", "uint64"), "shift_right": ("uint8", "uint16", "uint32", "uint64")}


def _node_fn(op: str, new_session, sessions: dict):
    def run(*arrays):
        from onnx import helper

        name, attrs = NODES[op]
        if op == "remainder" and arrays[0].dtype.kind == "f":
            attrs = {"fmod": 1}  # Mod requires fmod=1 on floats
        key = (op, tuple((a.dtype.name, a.ndim) for a in arrays))
        if key not in sessions:
            inputs = [helper.make_tensor_value_info(f"x{i}", helper.np_dtype_to_tensor_dtype(a.dtype), [None] * a.ndim)
                      for i, a in enumerate(arrays)]
            from onnx import TensorProto

            elem = TensorProto.BOOL if op.startswith("compare") else helper.np_dtype_to_tensor_dtype(arrays[-1].dtype)
            out = helper.make_tensor_value_info("y", elem, None)
            graph = helper.make_graph([helper.make_node(name, [i.name for i in inputs], ["y"], **attrs)], op, inputs,
                                      [out])
            model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8)
            sessions[key] = new_session(model.SerializeToString())
        return sessions[key].run(None, {f"x{i}": np.asarray(a) for i, a in enumerate(arrays)})[0]
    return run


def _source(op: str, arrays, imports=("import onnxruntime",), session=(CPU_SESSION_LINE,)) -> tuple:
    """``f``: the one-node model on its operands (dims unknown, as the target builds it), run by onnxruntime."""
    name, attrs = NODES[op]
    if op == "remainder" and arrays[0].dtype.kind == "f":
        attrs = {"fmod": 1}
    elem = "TensorProto.BOOL" if op.startswith("compare") else "helper.np_dtype_to_tensor_dtype(xs[-1].dtype)"
    return ([*imports, "from onnx import TensorProto, helper"],
            ["def f(*xs):  # the one-node model, every dim unknown, run on xs",
             "    xs = [np.asarray(x) for x in xs]",
             "    inputs = [helper.make_tensor_value_info(f'x{i}', helper.np_dtype_to_tensor_dtype(x.dtype), "
             "[None] * x.ndim) for i, x in enumerate(xs)]",
             f"    node = helper.make_node({name!r}, [v.name for v in inputs], ['y'], **{attrs!r})",
             f"    graph = helper.make_graph([node], {op!r}, inputs, [helper.make_tensor_value_info('y', {elem}, None)])",
             "    model = helper.make_model(graph, opset_imports=[helper.make_opsetid('', 18)], ir_version=8)",
             *("    " + line for line in session),
             "    return session.run(None, {f'x{i}': x for i, x in enumerate(xs)})[0]"], "{}")


def scalarization_targets(backend: str, new_session, imports=("import onnxruntime",), session=(CPU_SESSION_LINE,)):
    """The targets, run in sessions ``new_session(model bytes)`` makes; ``imports`` and ``session`` (lines
    making ``session`` from ``model``) write them in a repro script."""
    sessions: dict[tuple, object] = {}
    return make_targets(backend, "onnx", lambda: {op: _node_fn(op, new_session, sessions) for op in NODES},
                        lambda a: np.asarray(a), np.asarray, dtypes=ELEMENTS,
                        source=lambda op, arrays: _source(op, arrays, imports, session), only=ONLY)


SCALARIZATION_TARGETS = scalarization_targets("onnxruntime", cpu_session)
