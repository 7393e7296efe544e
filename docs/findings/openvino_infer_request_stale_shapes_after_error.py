"""OpenVINO (CPU plugin), a model compiled with dynamic input dims: after an inference that raised, the next
inference whose input shapes are those of the last successful one runs with the failed call's shapes. ONNX
ScatterND (opset 13, every dim dynamic) on float32[6] = [0..5], index [[3]], update 9 gives [0, 1, 2, 9, 4,
5]; after a call on float32[1] with index [[5]] (out of range: an error, and OpenVINO raises), the same valid
call gives [0.] (one element, the failed call's shape), on the compiled model's own request and on a new one,
and keeps giving it until the input shapes change again. GatherElements the same way refuses a valid index
against the failed call's axis size. A fresh compile gives the right result. Exits 1 while either shows.

Triage (2026-11-28; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: openvinotoolkit/openvino: CPU plugin, Node::executeDynamic (src/plugins/intel_cpu/src/node.cpp):
    it records the inputs' dims (updateLastInputDims) only after executeDynamicImpl returns, but for the failed
    call Node::updateShapes has already redefined the output memory and Node::updateDynamicParams has run
    prepareParams with the failed call's shapes; when the next call's shapes equal the recorded (last
    successful) ones, inputShapesModified() is false, shape inference and prepareParams are skipped, and the node
    runs with the failed call's output shape and parameters (GatherElements' dataAxDim_, set in prepareParams,
    is what its bounds check uses). Located by experiment: only a next call with the last successful call's
    shapes is wrong (data[4] ok, data[1] raises, data[6] is right; data[6] ok, data[1] raises, data[2] raises,
    data[6] gives two elements), a call with any other shapes repairs it, a second infer request created before
    the failure gives [0.] as well (the node state is in the compiled graph its requests share), a new compile
    is right; and by reading node.cpp (commit 000050b3) and nodes/gather_elements.cpp (commit 02dcbd66); that
    the graph calls updateShapes, updateDynamicParams and execute per node in that order is inferred
Governing text: ONNX ScatterND (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#ScatterND,
    v1.16.0): the output has the shape of data and is data with the updates written; a valid call's result does
    not depend on earlier calls
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-28: 'openvino CPU plugin dynamic shape infer
    request exception next inference wrong output shape stale'; 'openvino ScatterElementsUpdate exception then
    next infer output shape from previous input dynamic shape CPU'; 'intel_cpu infer request after failed
    inference shapes not updated wrong output shape subsequent inference'. Matched: nothing about the state an
    exception leaves; nearest openvino PR #13922 (closed, '[CPU] Make shape inference only once for the same
    shape') and issue #21051 (reshape output wrong in a chain of dynamic inferences, another cause); then,
    the same day: 'openvino CPU dynamic shape after exception next inference same shape as before wrong output
    shape lastInputDims'; 'intel_cpu executeDynamic updateLastInputDims exception output memory not redefined'.
    Matched: nothing; nearest openvino PR #34947 (closed, 'gpu: fix silent failure and garbage output for
    dynamic shapes', the GPU plugin, another cause)
(openvino 2024.0.0: ScatterElements shows it; ScatterND and GatherElements do not raise out of range there, so
this script exits 0 on it.)
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


_print_versions('numpy', 'onnx', 'openvino')
import sys

import numpy as np
import openvino
from onnx import helper


def compiled(op: str, rank: dict, **attrs):
    """``op`` as a one-node ONNX model, compiled for CPU with every input dim dynamic."""
    inputs = [helper.make_tensor_value_info(k, helper.np_dtype_to_tensor_dtype(np.dtype(t)), [None] * r)
              for k, (t, r) in rank.items()]
    out = helper.make_tensor_value_info("out", inputs[0].type.tensor_type.elem_type, None)
    model = helper.make_model(helper.make_graph([helper.make_node(op, list(rank), ["out"], **attrs)], "m", inputs, [out]),
                              opset_imports=[helper.make_opsetid("", 13)], ir_version=8)
    core = openvino.Core()
    ov_model = core.read_model(model.SerializeToString(), b"")
    ov_model.reshape({k: openvino.PartialShape([-1] * r) for k, (t, r) in rank.items()})
    return core.compile_model(ov_model, "CPU", {"INFERENCE_PRECISION_HINT": "f32"})


def call(model, feeds):
    try:
        return next(iter(model(feeds).values())).tolist()
    except RuntimeError as e:
        return "raised: " + str(e).strip().splitlines()[-1][:70]


def scatter(size, index):
    return {"data": np.arange(size, dtype=np.float32), "indices": np.array([[index]], np.int64),
            "updates": np.array([9.0], np.float32)}


def gather(size, index):
    return {"data": np.arange(size, dtype=np.float32), "indices": np.array([index], np.int64)}


bad = False
nd = compiled("ScatterND", {"data": ("float32", 1), "indices": ("int64", 2), "updates": ("float32", 1)})
right = call(nd, scatter(6, 3))
print("ScatterND, float32[6], index [[3]]:", right)
print("  then float32[1], index [[5]] (out of range):", call(nd, scatter(1, 5)))
after = call(nd, scatter(6, 3))
print("  then float32[6], index [[3]] again:", after)
print("  on a new infer request:", next(iter(nd.create_infer_request().infer(scatter(6, 3)).values())).tolist())
bad |= after != right
ge = compiled("GatherElements", {"data": ("float32", 1), "indices": ("int64", 1)}, axis=0)
right = call(ge, gather(6, 3))
print("GatherElements, float32[6], index [3]:", right)
print("  then float32[1], index [5] (out of range):", call(ge, gather(1, 5)))
after = call(ge, gather(6, 3))
print("  then float32[6], index [3] again:", after)
bad |= after != right
print("a valid call's result depends on an earlier failed call" if bad else "no state left behind by a failed call")
sys.exit(1 if bad else 0)
