"""Apache TVM (Relax ONNX frontend, llvm, CPU): GatherElements whose indices have a zero-size dim on the
gather axis is refused: data float32[2] with indices int64[0], or data [2, 3] with indices [0, 3], axis 0:
from_onnx succeeds and relax.transform.LegalizeOps raises InternalError 'Check failed: indices_dim_i >= 1'.
Indices [2, 0] (the zero on another axis) give the empty result. ONNX gives the output the indices' shape,
so an empty result of shape [0] resp. [0, 3]. Exits 1 while a case raises.

Triage (2026-11-28; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: apache/tvm: relax.transform.LegalizeOps, topi's gather (GatherElements) lowering checks every
    indices dim >= 1; located by experiment: from_onnx returns, LegalizeOps raises
Governing text: ONNX GatherElements
    (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#GatherElements, v1.16.0): the output has the
    shape of indices; empty tensors are valid inputs
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-28: 'tvm gather_elements empty indices Check
    failed indices_dim_i >= 1'. Matched: nothing; apache/tvm#20297 (unchecked indices) and PR #10080 (unsigned
    indices) are other gather issues
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


_print_versions('numpy', 'onnx', 'apache-tvm')
import sys
import warnings

import numpy as np
import tvm
from onnx import helper
from tvm import relax
from tvm.relax.frontend.onnx import from_onnx

warnings.simplefilter("ignore")


def stages(data, indices, axis):
    """GatherElements through from_onnx, LegalizeOps and tvm.compile; the first stage that raises, or the result."""
    graph = helper.make_graph(
        [helper.make_node("GatherElements", ["data", "indices"], ["y"], axis=axis)], "g",
        [helper.make_tensor_value_info("data", helper.np_dtype_to_tensor_dtype(data.dtype), data.shape),
         helper.make_tensor_value_info("indices", helper.np_dtype_to_tensor_dtype(indices.dtype), indices.shape)],
        [helper.make_tensor_value_info("y", helper.np_dtype_to_tensor_dtype(data.dtype), indices.shape)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], ir_version=8)
    stage = "from_onnx"
    try:
        mod = from_onnx(model, shape_dict={"data": list(data.shape), "indices": list(indices.shape)},
                        dtype_dict={"data": data.dtype.name, "indices": indices.dtype.name})
        stage = "relax.transform.LegalizeOps"
        relax.transform.LegalizeOps()(mod)
        stage = "tvm.compile"
        vm = relax.VirtualMachine(tvm.compile(mod, target="llvm"), tvm.cpu())
        stage = "the compiled module"
        out = vm["main"](tvm.runtime.tensor(data, tvm.cpu()), tvm.runtime.tensor(indices, tvm.cpu())).numpy()
        return f"result of shape {list(out.shape)}", True
    except Exception as e:  # noqa: BLE001
        message = [line for line in str(e).splitlines() if "Check failed" in line] or str(e).splitlines()[-1:]
        return f"{stage} raised {type(e).__name__}: {message[0].strip()}", False


refused = False
for data_shape, indices_shape, axis in (([2], [0], 0), ([2, 3], [0, 3], 0), ([2, 3], [2, 0], 0)):
    text, ran = stages(np.zeros(data_shape, np.float32), np.zeros(indices_shape, np.int64), axis)
    print(f"GatherElements(data float32{data_shape}, indices int64{indices_shape}, axis {axis}): {text}"
          f" (ONNX: an empty result of shape {indices_shape})")
    refused |= not ran
sys.exit(1 if refused else 0)
