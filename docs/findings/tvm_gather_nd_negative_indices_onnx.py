"""Apache TVM (Relax ONNX frontend, llvm, CPU): checked for the known disagreement that TVM's gather_nd
ignores negative indices. Through the ONNX frontend it does not occur: GatherND-13 on float32[2, 2, 2] =
arange(8) with indices [[-1, 0], [0, -1]] gives [[4, 5], [2, 3]], as ONNX defines (a negative index counts
back from the end). The importer normalizes the indices before relax.op.gather_nd (apache/tvm PR #20219,
'Normalize negative indices in Gather/Scatter/OneHot Ops', merged 2026-08-28; the installed 0.27.0's
GatherND converter calls _normalize_negative_indices); relax.op.gather_nd built directly with the same
indices still reads outside the tensor (shown in a child process, informational; apache/tvm PR #20316,
open, would normalize in topi.gather_nd itself). Exits 0 while the ONNX path conforms, 1 if it regresses.

Triage (2026-11-28; the same record is a row of docs/findings/README.md):
Relation: fixed in apache-tvm 0.27.0 (https://github.com/apache/tvm/pull/20219)
Owner and stage: apache/tvm: Relax ONNX frontend, GatherND converter (normalizes negative indices since PR
    #20219; reported wrong on 0.26.0 in #20217, right on the 0.27.0.post1 measured here, whose converter has
    the normalization); topi.gather_nd itself does not count negatives back (PR #20316 open); located by
    experiment: the from_onnx path gives ONNX's values, relax.op.gather_nd built directly reads outside the
    tensor
Governing text: ONNX GatherND, opset 13 (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#GatherND,
    v1.16.0): index values lie in [-s, s-1], a negative one counting back from the end of its axis
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-28: 'TVM gather_nd negative indices'; 'Relax
    ONNX frontend GatherND negative indices normalize importer fix'. Matched: apache/tvm#20217 (closed,
    GatherElements/GatherND/ScatterND/OneHot mishandle negative indices, reported on 0.26.0), PR #20219
    (merged 2026-08-28, the importer fix), PR #20316 (open, normalization inside topi.gather_nd), #20297
    (open, unchecked indices), #19436 and PR #19525 (the Gather sibling, fixed)
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
import subprocess
import sys

import numpy as np
import onnx
import tvm
from onnx import TensorProto, helper
from tvm import relax
from tvm.relax.frontend.onnx import from_onnx

data = np.arange(8, dtype=np.float32).reshape(2, 2, 2)
indices = np.array([[-1, 0], [0, -1]], np.int64)
expected = np.array([[4, 5], [2, 3]], np.float32)  # data[1, 0], data[0, 1]: ONNX counts a negative index from the end


def run_vm(mod, *arrays):
    vm = relax.VirtualMachine(tvm.compile(mod, target="llvm"), tvm.cpu())
    return vm["main"](*[tvm.runtime.tensor(a, tvm.cpu()) for a in arrays]).numpy()


# 1. through the ONNX frontend (what the suite's tvm backend runs)
graph = helper.make_graph(
    [helper.make_node("GatherND", ["data", "indices"], ["y"])], "g",
    [helper.make_tensor_value_info("data", TensorProto.FLOAT, [2, 2, 2]),
     helper.make_tensor_value_info("indices", TensorProto.INT64, [2, 2])],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2, 2])])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], ir_version=8)
got = run_vm(from_onnx(model, shape_dict={"data": [2, 2, 2], "indices": [2, 2]},
                       dtype_dict={"data": "float32", "indices": "int64"}), data, indices)
print(f"ONNX GatherND-13, data float32[2, 2, 2] = arange(8), indices {indices.tolist()}:")
print(f"  from_onnx -> tvm.compile(llvm): {got.tolist()} (ONNX: {expected.tolist()})")

# 2. the same op built with the Relax API, no importer, in a child process (it reads outside the tensor):
#    shows where the negative indices are handled; informational, the ONNX path above decides the exit code
CHILD = """
import numpy as np
import tvm
from tvm import relax

bb = relax.BlockBuilder()
x = relax.Var("data", relax.TensorType(shape=[2, 2, 2], dtype="float32"))
i = relax.Var("indices", relax.TensorType(shape=[2, 2], dtype="int64"))
with bb.function("main", [x, i]):
    with bb.dataflow():
        out = bb.emit_output(bb.emit(relax.op.gather_nd(x, i)))
    bb.emit_func_output(out)
vm = relax.VirtualMachine(tvm.compile(bb.get(), target="llvm"), tvm.cpu())
data = np.arange(8, dtype=np.float32).reshape(2, 2, 2)
print(vm["main"](tvm.runtime.tensor(data, tvm.cpu()),
                 tvm.runtime.tensor(np.array([[-1, 0], [0, -1]], np.int64), tvm.cpu())).numpy().tolist())
"""
done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True)
print("  relax.op.gather_nd built directly (no importer): "
      + (done.stdout.strip().splitlines()[-1] if done.returncode == 0 and done.stdout.strip()
         else f"child process exit code {done.returncode}")
      + f" (the importer is what counts negatives back; topi.gather_nd does not)")
sys.exit(0 if np.array_equal(got, expected) else 1)
