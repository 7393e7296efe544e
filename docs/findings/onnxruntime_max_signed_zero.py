"""onnxruntime: Max(-0.0, 0.0) on float16 is -0.0 (IEEE-754 maximum gives +0.0).
Exits 1 while the behaviour is there."""
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
