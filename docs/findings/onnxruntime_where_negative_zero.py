"""onnxruntime: Where turns a selected -0.0 into +0.0 (a select copies its operand). Not float16 only: float32
and float64 lose the sign too (checked 2026-11-27); the script checks float16, where it was first seen.
Exits 1 while the behaviour is there.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/microsoft/onnxruntime/issues/32191
Owner and stage: microsoft/onnxruntime: CPU EP Where kernel (where_op.cc merge step compares the selection
    with T{} = +0.0); located by experiment: the same loss with graph_optimization_level ORT_DISABLE_ALL and
    ORT_ENABLE_ALL, float16, float32 and float64
Governing text: ONNX Where (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#Where, v1.16.0):
    'Return elements, either from X or Y, depending on condition'; a selection copies the element, -0.0
    included
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'onnxruntime Where negative zero -0.0
    becomes +0.0'. Matched: onnxruntime#32191 (open, 'Where returns +0.0 for a selected -0.0, on both the X
    and Y branches (CPU EP)'), fix PR #32192 (open)
"""
import os as _os
import sys as _sys


def _could_not_run(kind, value, tb):  # the contract: exit 2 where the script itself could not run
    import traceback

    traceback.print_exception(kind, value, tb)
    print(f"could not run: {kind.__name__}: {value}", flush=True)
    _sys.stderr.flush()
    _os._exit(2)


_sys.excepthook = _could_not_run


def _print_versions(*names):
    import importlib.metadata
    import platform

    found = []
    for name in names:
        try:
            found.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            found.append(f"{name} not installed")
    print(", ".join(found + [f"Python {platform.python_version()}", platform.platform()]), flush=True)


_print_versions('numpy', 'onnxruntime', 'onnx')
import sys

import numpy as np
import onnxruntime
from onnx import TensorProto, helper

inputs = [helper.make_tensor_value_info("c", TensorProto.BOOL, [1]),
          helper.make_tensor_value_info("x", TensorProto.FLOAT16, [1]),
          helper.make_tensor_value_info("y", TensorProto.FLOAT16, [1])]
graph = helper.make_graph([helper.make_node("Where", ["c", "x", "y"], ["z"])], "where", inputs,
                          [helper.make_tensor_value_info("z", TensorProto.FLOAT16, None)])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8)
session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
got = session.run(None, {"c": np.array([True]), "x": np.array([-0.0], np.float16), "y": np.array([0.0], np.float16)})[0][0]
print(f"Where(True, -0.0, 0.0) on float16 = {got!r} (expected -0.0)")
sys.exit(1 if not np.signbit(got) else 0)
