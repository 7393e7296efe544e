"""OpenVINO (CPU plugin): ONNX ScatterElements does not check its indices. On float32[3, 2] zeros, axis 1,
an index -3 at row 2 (out of range: valid indices are -2..1, an error in ONNX) writes the update into
row 1 (flat offset 2 * 2 - 1). Exits 1 while the result changes instead of the call failing.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/openvinotoolkit/openvino/pull/38297
Owner and stage: openvinotoolkit/openvino: CPU plugin ScatterUpdate node in ScatterElementsUpdate mode (no
    index bounds check); stage not located by experiment
Governing text: ONNX ScatterElements
    (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#ScatterElements, v1.16.0): index values must
    lie in [-s, s-1]; 'It is an error if any of the index values are out of bounds'
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'openvino ScatterElements out of range
    index no error writes'. Matched: openvino PR #38297 (open, '[cpu] Fix out-of-bounds access in GatherND and
    ScatterUpdate', bounds assertions incl. ScatterElementsUpdate mode), PR #37917 (merged, reference kernel
    only), PR #37125 (ScatterNDUpdate)
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
import sys

import numpy as np
import onnx
import openvino as ov
from onnx import TensorProto, helper

data = np.zeros((3, 2), np.float32)
indices = np.array([[0, 0], [0, 0], [-3, 0]], np.int64)
updates = np.array([[0, 0], [0, 0], [7, 0]], np.float32)
graph = helper.make_graph(
    [helper.make_node("ScatterElements", ["x", "i", "u"], ["y"], axis=1, reduction="add")], "g",
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, data.shape),
     helper.make_tensor_value_info("i", TensorProto.INT64, indices.shape),
     helper.make_tensor_value_info("u", TensorProto.FLOAT, updates.shape)],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 16)])
core = ov.Core()
try:
    got = core.compile_model(core.read_model(model.SerializeToString(), b""), "CPU")([data, indices, updates])[0]
except RuntimeError as e:
    print(f"rejected, as ONNX requires: {e}")
    sys.exit(0)
print(f"ScatterElements(add) with index -3 on an axis of 2 returned\n{got}\n(ONNX: an error; a write at [1, 1] is outside row 2)")
sys.exit(1)
