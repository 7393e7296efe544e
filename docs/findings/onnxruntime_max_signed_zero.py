"""onnxruntime: Max(-0.0, 0.0) on float16 is -0.0 (IEEE-754 maximum gives +0.0).
Exits 1 while the behaviour is there."""
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

N = 64  # (a one-element tensor is right)
inputs = [helper.make_tensor_value_info(n, TensorProto.FLOAT16, [N]) for n in ("a", "b")]
graph = helper.make_graph([helper.make_node("Max", ["a", "b"], ["z"])], "max", inputs,
                          [helper.make_tensor_value_info("z", TensorProto.FLOAT16, None)])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8)
session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
got = session.run(None, {"a": np.full(N, -0.0, np.float16), "b": np.full(N, 0.0, np.float16)})[0][0]
print(f"Max(-0.0, 0.0) on float16 = {got!r} (expected 0.0)")
sys.exit(1 if np.signbit(got) else 0)
