"""onnxruntime: Max(-0.0, 0.0) on float16 is -0.0 (IEEE-754 maximum gives +0.0).
Exits 1 while the behaviour is there.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: spec-silent
Owner and stage: microsoft/onnxruntime: CPU EP Max kernel, float16 vectorized path; located by experiment:
    same result with ORT_DISABLE_ALL and ORT_ENABLE_ALL; float16 64 elements gives -0.0, 1 element +0.0,
    float32 +0.0
Governing text: ONNX Max (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#Max, v1.16.0): 'Element-
    wise max of each of the input tensors (with Numpy-style broadcasting support)': silent on signed zeros
    (IEEE-754 maximum gives +0.0)
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'onnxruntime Max float16 signed zero -0.0
    returns negative zero'. Matched: onnxruntime#6153 (closed, fp16 Min/Max wrong for negatives), PR #19984
    (NaN in CUDA Min/Max); nothing on signed zeros. The length dependence could be reported as a consistency
    bug
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

N = 64  # (a one-element tensor is right)
inputs = [helper.make_tensor_value_info(n, TensorProto.FLOAT16, [N]) for n in ("a", "b")]
graph = helper.make_graph([helper.make_node("Max", ["a", "b"], ["z"])], "max", inputs,
                          [helper.make_tensor_value_info("z", TensorProto.FLOAT16, None)])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8)
session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
got = session.run(None, {"a": np.full(N, -0.0, np.float16), "b": np.full(N, 0.0, np.float16)})[0][0]
print(f"Max(-0.0, 0.0) on float16 = {got!r} (expected 0.0)")
sys.exit(1 if np.signbit(got) else 0)
