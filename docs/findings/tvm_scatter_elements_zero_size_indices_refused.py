"""Apache TVM (Relax ONNX frontend, llvm, CPU): ScatterElements whose indices and updates have a zero-size
last dim is refused: data float32[2, 3] with indices and updates [1, 0], or data [1, 0] with [0, 0], axis
0: from_onnx succeeds and relax.transform.LegalizeOps raises InternalError 'Check failed: pb->value != 0
(0 vs. 0) : Divide by zero' (a constant floormod by the zero extent); indices [0, 3] compile and give the
data back. ONNX returns the data unchanged when there is nothing to scatter. Exits 1 while a case raises.

Triage (2026-11-28; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: apache/tvm: relax.transform.LegalizeOps, topi's scatter_elements lowering (TIR's constant
    folder checks a floormod by the zero extent); located by experiment: from_onnx returns, LegalizeOps raises
    (the declaration said tvm.compile, which runs LegalizeOps)
Governing text: ONNX ScatterElements
    (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#ScatterElements, v1.16.0): the output is data
    with the updates written; with no updates, data unchanged
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-28: 'tvm scatter_elements zero size empty
    tensor Divide by zero Check failed pb->value != 0'. Matched: apache/tvm#19922 (open, the same 'Divide by
    zero' check for a reshape to a zero-size dim: same TIR constant folder, other op),
    tenstorrent/tt-metal#56881 (another project); nothing for scatter_elements
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


def stages(data, indices, updates, axis):
    """ScatterElements through from_onnx, LegalizeOps and tvm.compile; the first stage that raises, or the result."""
    feeds = {"data": data, "indices": indices, "updates": updates}
    graph = helper.make_graph(
        [helper.make_node("ScatterElements", list(feeds), ["y"], axis=axis)], "g",
        [helper.make_tensor_value_info(k, helper.np_dtype_to_tensor_dtype(v.dtype), v.shape) for k, v in feeds.items()],
        [helper.make_tensor_value_info("y", helper.np_dtype_to_tensor_dtype(data.dtype), data.shape)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 16)], ir_version=8)
    stage = "from_onnx"
    try:
        mod = from_onnx(model, shape_dict={k: list(v.shape) for k, v in feeds.items()},
                        dtype_dict={k: v.dtype.name for k, v in feeds.items()})
        stage = "relax.transform.LegalizeOps"
        relax.transform.LegalizeOps()(mod)
        stage = "tvm.compile"
        vm = relax.VirtualMachine(tvm.compile(mod, target="llvm"), tvm.cpu())
        stage = "the compiled module"
        out = vm["main"](*[tvm.runtime.tensor(v, tvm.cpu()) for v in feeds.values()]).numpy()
        return f"returned {out.tolist()}", np.array_equal(out, data)
    except Exception as e:  # noqa: BLE001
        message = [line for line in str(e).splitlines() if "Check failed" in line] or str(e).splitlines()[-1:]
        return f"{stage} raised {type(e).__name__}: {message[0].strip()}", False


refused = False
for data, shape in ((np.arange(6, dtype=np.float32).reshape(2, 3), [1, 0]), (np.zeros((1, 0), np.float32), [0, 0]),
                    (np.arange(6, dtype=np.float32).reshape(2, 3), [0, 3])):
    text, right = stages(data, np.zeros(shape, np.int64), np.zeros(shape, np.float32), 0)
    print(f"ScatterElements(data float32{list(data.shape)}, indices and updates of shape {shape}, axis 0): {text}"
          f" (ONNX: the data unchanged)")
    refused |= not right
sys.exit(1 if refused else 0)
