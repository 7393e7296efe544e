"""Apache TVM (Relax ONNX frontend, llvm, CPU): an integer Div by zero kills the process with SIGFPE
(int32 [7, 5] / [2, 0]), and so does int8 -128 / -1 and Mod(fmod=1) by zero; [7, -7] / [2, 2] gives [3, -3].
tvm.compile succeeds: the process dies while the compiled module runs (the division is a hardware integer
divide). ONNX leaves integer division by zero undefined and the StableHLO spec implementation-defined: a
value, not the end of the process. Each case runs in a child process; exits 1 while any dies.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/apache/tvm/issues/19541
Owner and stage: apache/tvm: the compiled kernel (integer divide lowered to LLVM sdiv, x86 idiv traps;
    #20400's analysis); located by experiment: tvm.compile returns, the child dies (exit -8) only when the
    module runs
Governing text: ONNX Div (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#Div, v1.16.0): silent on
    integer division by zero; StableHLO spec divide and Errors section
    (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#errors, v1.0.0): implementation-defined
    behaviour, a crash is not a value
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-28: 'tvm integer division by zero SIGFPE
    floating point exception int8 divide'. Matched: apache/tvm#19541 (open, 'Relax ONNX integer Div by zero
    crashes process with SIGFPE'), #20400 (open, floor_divide lowered to a trapping sdiv), #12569 (closed
    2022, TE floordiv); 2026-11-29: 'apache tvm pull request relax onnx frontend integer Div by zero SIGFPE
    fix floor_divide trunc'. Matched: apache/tvm PR #19566 (merged, '[Relax][ONNX] Prevent Div divide-by-zero
    crashes': an import-time error for a constant divisor holding zero only), PR #19897 (closed unmerged, the
    guard for a divisor computed at run time), PR #19975 and #20324 (merged, integer Div folding)
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
from onnx import helper, numpy_helper
from tvm import relax
from tvm.relax.frontend.onnx import from_onnx

warnings.simplefilter("ignore")
op, dtype, a, b = sys.argv[1], sys.argv[2], eval(sys.argv[3]), eval(sys.argv[4])
a, b = np.array(a, dtype), np.array(b, dtype)
t = helper.np_dtype_to_tensor_dtype(a.dtype)
graph = helper.make_graph([helper.make_node(op, ["a", "b"], ["y"], **({"fmod": 1} if op == "Mod" else {}))], "g",
                          [helper.make_tensor_value_info("a", t, a.shape), helper.make_tensor_value_info("b", t, b.shape)],
                          [helper.make_tensor_value_info("y", t, a.shape)])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], ir_version=8)
mod = from_onnx(model, shape_dict={"a": list(a.shape), "b": list(b.shape)}, dtype_dict={"a": a.dtype.name, "b": b.dtype.name})
vm = relax.VirtualMachine(tvm.compile(mod, target="llvm"), tvm.cpu())
print("compiled", flush=True)
print(vm["main"](tvm.runtime.tensor(a, tvm.cpu()), tvm.runtime.tensor(b, tvm.cpu())).numpy().tolist(), flush=True)
"""
died = broken = False
for op, dtype, a, b in (("Div", "int32", "[7, 5]", "[2, 0]"), ("Div", "int8", "[-128]", "[-1]"),
                        ("Mod", "int32", "[7, 5]", "[2, 0]"), ("Div", "int32", "[7, -7]", "[2, 2]")):
    done = subprocess.run([sys.executable, "-c", CHILD, op, dtype, a, b], capture_output=True, text=True)
    lines = done.stdout.split()
    where = "while running the compiled module" if "compiled" in lines else "before the module ran"
    print(f"{op}({dtype} {a}, {b}){' (fmod=1)' if op == 'Mod' else ''}: "
          + (f"{done.stdout.strip().splitlines()[-1]}" if done.returncode == 0
             else f"process died {where}, exit code {done.returncode}"))
    died |= done.returncode < 0
    broken = broken or done.returncode > 0  # the child itself failed (an import error): not the bug
sys.exit(2 if broken else 1 if died else 0)
