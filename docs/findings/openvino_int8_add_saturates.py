"""OpenVINO (CPU plugin), two behaviours of one documented choice, kept apart:

1. Documented: the CPU plugin's integer inference precision is i32 (docs.openvino.ai, "CPU Device",
   supported inference data types; i8/u8 are for quantized operations only). So an int64 value keeps
   its low 32 bits: Abs of int64 -2**63 reads 0 (the low half of -2**63) and gives 0.
2. Not documented: an int8 Add computed in i32 comes back to int8 saturated (-128 + -128 gives -128),
   where the integer addition of StableHLO and ONNX wraps (0). The docs say nothing of saturating.

Exits 1 while either shows (the suite declares both: adapters/deviations/openvino.toml).

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/openvinotoolkit/openvino/issues/35651
Owner and stage: openvinotoolkit/openvino: CPU plugin eltwise int8 Add (computed in i32, stored back with
    saturation); the int64 half is documented (i32 inference precision). Stage not located by experiment
Governing text: StableHLO spec add (integer addition wraps) and ONNX Add; OpenVINO docs 'CPU Device'
    (docs.openvino.ai, 2026.4): integer inference precision i32, so the int64 half is documented
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'openvino CPU plugin int8 add saturation
    instead of wrap overflow'. Matched: openvino#35651 (open, 'CPU saturates int8 Add overflow instead of
    wrapping'), #36199 (closed duplicate), #35798 (open, Add/Mul via opset API), #35650 (Sub), PR #33523
    (closed, uint8)
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
import importlib.metadata
import sys

import numpy as np
import openvino
from onnx import TensorProto, helper


def run(node: str, elem: int, arrays: list) -> np.ndarray:
    names = [f"x{i}" for i in range(len(arrays))]
    inputs = [helper.make_tensor_value_info(n, elem, list(a.shape)) for n, a in zip(names, arrays)]
    graph = helper.make_graph([helper.make_node(node, names, ["y"])], node, inputs,
                              [helper.make_tensor_value_info("y", elem, None)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8)
    compiled = openvino.Core().compile_model(openvino.Core().read_model(model.SerializeToString(), b""), "CPU")
    return np.asarray(next(iter(compiled(dict(zip(names, arrays))).values())))


add = run("Add", TensorProto.INT8, [np.array([-128, 100], np.int8), np.array([-128, 100], np.int8)])
absolute = run("Abs", TensorProto.INT64, [np.array([-2**63, -5], np.int64)])
print(f"versions: openvino {importlib.metadata.version('openvino')}, onnx {importlib.metadata.version('onnx')}")
print(f"(2, undocumented) Add int8 [-128, 100] + [-128, 100] = {add.tolist()} (wrapping: [0, -56])")
print(f"(1, documented i32 precision) Abs int64 [-2**63, -5] = {absolute.tolist()} (spec: [-2**63 or 2**63-1, 5])")
sys.exit(1 if add.tolist() != [0, -56] or absolute[0] == 0 else 0)
