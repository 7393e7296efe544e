"""OpenVINO (CPU plugin): a one-node ONNX Gather whose data or indices have no elements kills the process
with SIGFPE (float32[2, 0] with index 0 on axis 0; float32[2, 3] with indices int64[1, 0]). ONNX allows
empty tensors; the result is an empty tensor. Runs each case in a child process; exits 1 while any dies.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: openvinotoolkit/openvino: CPU plugin Gather node (division by a zero size in compile_model or
    inference); stage not located by experiment
Governing text: ONNX Gather, opset 13 (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#Gather,
    v1.16.0): output shape is data.shape[:axis] + indices.shape + data.shape[axis+1:]; empty tensors are valid
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'openvino CPU Gather empty tensor floating
    point exception crash'; 'openvino Gather zero-size data indices empty shape crash CPU plugin SIGFPE
    division by zero'. Matched: nothing on empty Gather; openvino#24559 and #33300 (other SIGFPEs), PR #34515
    (GPU zero batch), #37966 (MatMul zero dim)
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


_print_versions('numpy', 'openvino', 'onnx')
import subprocess
import sys

CHILD = """
import sys
import numpy as np
import onnx
import openvino as ov
from onnx import TensorProto, helper

shape, axis, indices = eval(sys.argv[1]), int(sys.argv[2]), np.array(eval(sys.argv[3]), np.int64)
graph = helper.make_graph(
    [helper.make_node("Gather", ["x", "i"], ["y"], axis=axis)], "g",
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, shape),
     helper.make_tensor_value_info("i", TensorProto.INT64, indices.shape)],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
core = ov.Core()
compiled = core.compile_model(core.read_model(model.SerializeToString(), b""), "CPU")
print(compiled([np.zeros(shape, np.float32), indices])[0].shape)
"""
died = broken = False
for shape, axis, indices in (("[2, 0]", "0", "0"), ("[0, 3]", "1", "0"), ("[2, 3]", "0", "[[]]")):
    done = subprocess.run([sys.executable, "-c", CHILD, shape, axis, indices], capture_output=True, text=True)
    print(f"Gather(float32{shape}, indices={indices}, axis={axis}): "
          + (f"result shape {done.stdout.strip()}" if done.returncode == 0 else f"process died, exit code {done.returncode}"))
    died |= done.returncode < 0
    broken = broken or done.returncode > 0  # the child itself failed (an import error): not the bug
sys.exit(2 if broken else 1 if died else 0)
