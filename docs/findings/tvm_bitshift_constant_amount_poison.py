"""Apache TVM (Relax ONNX frontend, llvm, CPU): BitShift of uint8 [0, 1, 255] by 8 (the bit width) with
the amount a rank-0 initializer gives arbitrary values that change from compile to compile ([25, 207, 112],
[36, 215, 34], sometimes [0, 0, 0]); with the amount a graph input it gives [0, 0, 0], which ONNX's reference
evaluator and ONNX Runtime also give (ONNX's page states no rule for an amount of the bit width or more;
the bug is that one model's values change from compile to compile).
A constant amount that large is folded into an LLVM shift whose result is poison. Each compile runs in a
fresh child process, up to six per direction; exits 1 once one gives a value other than 0.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: apache/tvm: LLVM codegen of a shift whose amount is a compile-time constant >= the bit width
    (LLVM poison; PR #5115 guarded only TE immediates); located by experiment: the same model with the amount
    a graph input gives 0, with it an initializer a value that differs per compile
Governing text: ONNX BitShift (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#BitShift, v1.16.0):
    a logical shift of the bits; the page states no rule for an amount of the bit width or more, and ONNX's
    reference evaluator (numpy's right_shift) gives 0 there, measured 2026-11-29 with onnx 1.23.2 (ONNX
    Runtime 1.32.0 too). Whatever ONNX leaves open, one model may not give values that change from compile to
    compile
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-28: 'TVM shift right by bit width constant
    garbage value llvm poison'. Matched: apache/tvm PR #5115 (merged 2020, TE: LLVM folds an out-of-range
    immediate shift to undef, fixed by refusing such immediates in te; not the Relax ONNX path), llvm-project
    PR #218495 and #82133 (the LLVM/MLIR poison rule); nothing for the Relax ONNX path; 2026-11-29: 'tvm relax
    onnx BitShift shift amount greater than bit width'. Matched: apache/tvm PR #5115 again, PR #17448 (merged,
    Relax shift ops), onnxruntime#28262 (closed; its reporter expected 0 for uint64 >> 64, the reference
    evaluator's value)
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
direction, constant = sys.argv[1], sys.argv[2] == "constant"
x, amount = np.array([0, 1, 255], np.uint8), np.array(8, np.uint8)  # the amount rank 0, the bit width of uint8
inputs = [helper.make_tensor_value_info("x", 2, [3])]  # 2: uint8
initializers = [numpy_helper.from_array(amount, "amount")] if constant else []
if not constant:
    inputs.append(helper.make_tensor_value_info("amount", 2, []))
graph = helper.make_graph([helper.make_node("BitShift", ["x", "amount"], ["y"], direction=direction)], "g",
                          inputs, [helper.make_tensor_value_info("y", 2, [3])], initializers)
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8)
feeds = {"x": x} if constant else {"x": x, "amount": amount}
mod = from_onnx(model, shape_dict={k: list(v.shape) for k, v in feeds.items()}, dtype_dict={k: "uint8" for k in feeds})
vm = relax.VirtualMachine(tvm.compile(mod, target="llvm"), tvm.cpu())
print(vm["main"](*[tvm.runtime.tensor(v, tvm.cpu()) for v in feeds.values()]).numpy().tolist())
"""
wrong = broken = False


def run(direction, how):
    global broken
    done = subprocess.run([sys.executable, "-c", CHILD, direction, how], capture_output=True, text=True)
    if done.returncode != 0:
        print(f"  child failed, exit code {done.returncode}: {(done.stderr.strip().splitlines() or ['?'])[-1]}")
        broken = True
        return None
    got = eval(done.stdout.strip().splitlines()[-1])
    print(f"BitShift {direction} of uint8 [0, 1, 255] by 8 (rank 0), the amount {'an initializer' if how == 'constant' else 'a graph input'}:"
          f" {got} (ONNX: [0, 0, 0])")
    return got


for direction in ("RIGHT", "LEFT"):
    run(direction, "input")  # the control: a shift amount known only at run time
    for attempt in range(6):  # a fresh compile (process) each: the value differs compile to compile, often 0
        got = run(direction, "constant")
        if got is not None and got != [0, 0, 0]:
            wrong = True
            break
sys.exit(2 if broken else 1 if wrong else 0)
