"""Apache TVM (Relax ONNX frontend, llvm, CPU): out-of-range gather and scatter indices are not checked.
GatherND-13 on float32[2, 3, 4] = arange(24) with index [[0, 3]] (dim 1 has 3) returns data[1, 0] = [12, 13,
14, 15], the row at the unchecked flat offset; ScatterElements-16 on bool[2] at index int32 2**31 - 1 kills
the process with SIGSEGV while the compiled module runs. ONNX makes such an index an error (the StableHLO
spec clamps the gather, skips the scatter update). Each case runs in a child process; exits 1 while either
returns a result or dies.

Triage (2026-11-28; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/apache/tvm/issues/20297
Owner and stage: apache/tvm: topi gather_nd / scatter_elements lowering (index arithmetic with no bounds
    check; the importer adds only the negative-index wrap); located by experiment: tvm.compile returns, the
    read and the write happen in the compiled module, and the GatherND row is the one at the flat offset
Governing text: ONNX GatherND and ScatterElements
    (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#ScatterElements, v1.16.0): index values must
    lie in [-s, s-1]; 'It is an error if any of the index values are out of bounds'
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-28: 'tvm scatter_elements scatter_nd gather_nd
    out of bounds index segfault unchecked onnx importer'. Matched: apache/tvm#20297 (open, 'Unchecked indices
    in gather/scatter ops: silent OOB reads and memory-corrupting OOB writes (reachable through the ONNX
    importer)'), #20217 (closed, negative indices), #12198 and PR #12200 (old scatter_nd segfault, other
    cause)
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

CHILD = """
import sys
import warnings
import numpy as np
import tvm
from onnx import helper
from tvm import relax
from tvm.relax.frontend.onnx import from_onnx

warnings.simplefilter("ignore")
case = sys.argv[1]
if case == "gathernd":
    op, attrs = "GatherND", {}
    inputs = {"data": np.arange(24, dtype=np.float32).reshape(2, 3, 4), "indices": np.array([[0, 3]], np.int64)}
else:
    op, attrs = "ScatterElements", {"axis": 0}
    inputs = {"data": np.array([False, False]), "indices": np.array([2**31 - 1], np.int32), "updates": np.array([True])}
graph = helper.make_graph(
    [helper.make_node(op, list(inputs), ["y"], **attrs)], "g",
    [helper.make_tensor_value_info(k, helper.np_dtype_to_tensor_dtype(v.dtype), v.shape) for k, v in inputs.items()],
    [helper.make_tensor_value_info("y", helper.np_dtype_to_tensor_dtype(inputs["data"].dtype), None)])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 16)], ir_version=8)
mod = from_onnx(model, shape_dict={k: list(v.shape) for k, v in inputs.items()},
                dtype_dict={k: v.dtype.name for k, v in inputs.items()})
vm = relax.VirtualMachine(tvm.compile(mod, target="llvm"), tvm.cpu())
print("compiled", flush=True)
print(vm["main"](*[tvm.runtime.tensor(v, tvm.cpu()) for v in inputs.values()]).numpy().tolist(), flush=True)
"""
unchecked = broken = False
for case, what in (("gathernd", "GatherND(data float32[2, 3, 4] = arange(24), indices [[0, 3]]): dim 1 has 3, index 3 is out of range"),
                   ("scatter", "ScatterElements(data bool[2], indices int32 [2**31 - 1], updates [True], axis 0)")):
    done = subprocess.run([sys.executable, "-c", CHILD, case], capture_output=True, text=True)
    out = done.stdout.strip().splitlines()
    if done.returncode == 0:
        print(f"{what}: returned {out[-1]} (ONNX: an error)")
        if case == "gathernd":
            print("  the row read is data[1, 0] = [12, 13, 14, 15]: the flat offset 0 * 12 + 3 * 4, no bounds check"
                  if out[-1] == "[[12.0, 13.0, 14.0, 15.0]]" else "  a window from outside the indexed row")
        unchecked = True
    elif done.returncode < 0:
        print(f"{what}: process died {'while running the compiled module' if 'compiled' in out else 'before the module ran'}"
              f", exit code {done.returncode} (ONNX: an error)")
        unchecked = True
    else:
        error = (done.stderr.strip().splitlines() or ["?"])[-1]
        print(f"{what}: raised {error}")
        broken = broken or "ImportError" in done.stderr or "ModuleNotFoundError" in done.stderr
sys.exit(2 if broken else 1 if unchecked else 0)
