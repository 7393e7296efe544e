"""ONNX Runtime (CPU EP): an integer Div of the type's minimum by -1 kills the process with SIGFPE: int32
-2**31 / -1 and int64 -2**63 / -1 (one-node model, both operands graph inputs; the same with the divisor an
initializer and with graph_optimization_level ORT_DISABLE_ALL). A zero divisor raises 'Integer division by
zero' (a checked error), int8 -128 / -1 gives -128 and Mod(fmod=0 or 1) of MIN by -1 gives 0: only the
overflowing quotient of Div traps. ONNX says nothing of an integer overflow in Div; a value or an error would
do, a dead process is neither. Runs each case in a child process; exits 1 while one dies.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: microsoft/onnxruntime: CPU EP Div kernel for int32/int64 (element_wise_ops.cc checks the
    divisor for zeros but not MIN / -1, and the x86 idiv traps); located by experiment: the session is
    created, the child dies in run(); the same with ORT_DISABLE_ALL (not the graph optimizer) and with the
    divisor an initializer
Governing text: ONNX Div (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#Div, v1.16.0):
    element-wise division with numpy-style broadcasting; silent on integer overflow; StableHLO spec divide
    and Errors section (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#errors, v1.0.0):
    implementation-defined behaviour, a crash is not a value
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-29: 'onnxruntime integer Div INT_MIN / -1
    SIGFPE crash floating point exception'; 'onnxruntime Div int32 minimum value divided by -1 overflow
    crash CPU kernel'; 'onnxruntime element_wise_ops Div integer overflow SIGFPE kills process'. Matched:
    nothing on MIN / -1 in microsoft/onnxruntime; onnxruntime#27686 (closed, int8 / 0 not caught) and #16998
    (the zero-divisor check that now raises), onnx#7570 and onnxruntime#26997 (floor vs truncation, other
    questions); the same overflow elsewhere: pytorch#190042, #184406, google-ai-edge/LiteRT#9189
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


_print_versions('numpy', 'onnx', 'onnxruntime')
import subprocess
import sys

CHILD = """
import sys
import numpy as np
import onnxruntime
from onnx import TensorProto, helper

op, dtype, a, b = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
attrs = {"fmod": int(sys.argv[5])} if op == "Mod" else {}
kind = helper.np_dtype_to_tensor_dtype(np.dtype(dtype))
graph = helper.make_graph(
    [helper.make_node(op, ["a", "b"], ["y"], **attrs)], "g",
    [helper.make_tensor_value_info("a", kind, [1]), helper.make_tensor_value_info("b", kind, [1])],
    [helper.make_tensor_value_info("y", kind, [1])])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8)
options = onnxruntime.SessionOptions()
options.log_severity_level = 4
session = onnxruntime.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])
print("session created", flush=True)
try:
    print(session.run(None, {"a": np.array([a], dtype), "b": np.array([b], dtype)})[0].tolist(), flush=True)
except Exception as e:  # a checked error is a fine answer here
    print("raised:", str(e).split("Status Message: ")[-1][:80], flush=True)
"""
cases = [("Div", "int32", -2**31, -1, None), ("Div", "int64", -2**63, -1, None), ("Div", "int8", -128, -1, None),
         ("Div", "int32", 5, 0, None), ("Mod", "int32", -2**31, -1, "0"), ("Mod", "int32", -2**31, -1, "1")]
died = broken = False
for op, dtype, a, b, fmod in cases:
    args = [op, dtype, str(a), str(b)] + ([fmod] if fmod else [])
    done = subprocess.run([sys.executable, "-c", CHILD, *args], capture_output=True, text=True)
    lines = done.stdout.strip().splitlines()
    what = f"{op}{'(fmod=' + fmod + ')' if fmod else ''} {dtype} {a} by {b}"
    if done.returncode < 0:
        print(f"{what}: process died, exit code {done.returncode} (after {lines[-1] if lines else 'nothing'!r})")
    elif done.returncode:
        print(f"{what}: the child failed: {done.stderr.strip()[-200:]}")
    else:
        print(f"{what}: {lines[-1]}")
    died |= done.returncode < 0
    broken = broken or done.returncode > 0  # the child itself failed (an import error): not the bug
sys.exit(2 if broken else 1 if died else 0)
