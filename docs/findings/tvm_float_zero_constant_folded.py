"""Apache TVM (Relax ONNX frontend, llvm, CPU): a float Mul, Add, Sub or Div with one operand a rank-0 initializer
holding a zero is folded with integer identities: x * 0.0 gives 0.0 for every x (inf * 0 and NaN * 0 give 0.0, IEEE:
NaN; -1 * 0.0 gives 0.0, IEEE: -0.0), -0.0 + 0.0 gives -0.0 (IEEE: 0.0), 0.0 / x gives 0.0 (0 / 0: NaN in IEEE), and
x / 0.0 does not compile ('Check failed: fb->value != 0 ... Divide by zero'). The same zero as a rank-1 initializer
(a buffer) gives the IEEE results. ONNX Mul/Add/Div follow IEEE 754 arithmetic on floats; the StableHLO spec's
multiply, add and divide are IEEE-754 operations. float16, float32 and float64 alike. Exits 1 while a multiply by a
rank-0 zero loses a NaN or an infinity.

Triage (2026-12-07; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: apache/tvm: the constant folder, TryConstFold for Mul, Add, Sub and Div (src/arith/const_fold.h:
    for a FloatImm operand equal to 0 it returns the zero or the other operand, as for an IntImm, and checks a float
    divisor against 0), applied while relax.transform.LegalizeOps builds the PrimFunc; located by experiment:
    from_onnx keeps R.multiply(x, R.const(0.0)), the legalized PrimFunc stores the constant, the rank-1 initializer
    (a buffer, not an immediate) gives the IEEE results, and the source's Mul branch returns the zero operand
Governing text: ONNX Mul (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#Mul, v1.16.0): elementwise
    product with numpy-style broadcasting; StableHLO spec multiply
    (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#multiply, v1.0.0): for floats, IEEE-754
    multiplication
Upstream search: issues corpus (GitHub issues and PRs), 2026-12-07: 'TVM const fold float multiply by zero returns
    zero NaN inf signed zero TryConstFold'; 'apache tvm relax onnx Mul constant zero NaN inf input gives 0
    const_fold float identity'. Matched: nothing in apache/tvm; tile-ai/tilelang#2638 (open: the same x * 0.0 rule
    in TileLang's fork of TVM), apache/tvm#17745 (open: the integer branch of the divisor check), PR #13348
    (merged 2022: the float divisor check moved into the fold)
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
from onnx import helper, numpy_helper
from tvm import relax
from tvm.relax.frontend.onnx import from_onnx

warnings.simplefilter("ignore")


def run(op, x, c, constant_first=False):
    """op(x, c) (op(c, x) with constant_first), c an initializer, compiled by tvm.compile (llvm), run on the Relax VM:
    the result, or the first line of the error."""
    t = helper.np_dtype_to_tensor_dtype(x.dtype)
    graph = helper.make_graph(
        [helper.make_node(op, ["c", "x"] if constant_first else ["x", "c"], ["y"])], "g",
        [helper.make_tensor_value_info("x", t, x.shape)],
        [helper.make_tensor_value_info("y", t, np.broadcast_shapes(x.shape, c.shape))], [numpy_helper.from_array(c, "c")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8)
    try:
        mod = from_onnx(model, shape_dict={"x": list(x.shape)}, dtype_dict={"x": x.dtype.name})
        vm = relax.VirtualMachine(tvm.compile(mod, target="llvm"), tvm.cpu())
        return vm["main"](tvm.runtime.tensor(x, tvm.cpu())).numpy()
    except Exception as e:  # noqa: BLE001
        return f"raised {type(e).__name__}: {[ln for ln in str(e).splitlines() if 'Check failed' in ln][:1]}"


def ieee(op, a, b):
    with np.errstate(all="ignore"):
        return {"Mul": np.multiply, "Add": np.add, "Div": np.divide}[op](a, b)


def same(got, want):
    """IEEE equality that tells zero signs apart and takes NaN as NaN."""
    return not isinstance(got, str) and np.array_equal(got, want, equal_nan=True) \
        and np.array_equal(np.signbit(got), np.signbit(want))


x = np.array([-1.0, np.inf, np.nan, 2.5], np.float32)
lost = False
for dtype, shape, counted in (("float32", (), True), ("float16", (), True), ("float64", (), True), ("float32", (1,), False)):
    xs, zero = x.astype(dtype), np.zeros(shape, dtype)
    got, want = run("Mul", xs, zero), ieee("Mul", xs, zero)
    bad = not same(got, want)
    print(f"Mul(x {dtype} {xs.tolist()}, initializer {dtype}{list(shape)} 0.0): {got if isinstance(got, str) else got.tolist()}; "
          f"IEEE {want.tolist()}" + ("" if counted else "; a control, not counted"))
    lost |= counted and bad
neg = np.array([-0.0], np.float32)
print(f"Add(x float32 [-0.0], initializer float32[] 0.0): {run('Add', neg, np.float32(0.0)).tolist()}; IEEE [0.0]")
print(f"Div(initializer float32[] 0.0, x float32 [-1.0, 0.0]): "
      f"{run('Div', np.array([-1.0, 0.0], np.float32), np.float32(0.0), constant_first=True).tolist()}; IEEE [-0.0, nan]")
print(f"Div(x float32 [1.0], initializer float32[] 0.0): {run('Div', np.array([1.0], np.float32), np.float32(0.0))}; IEEE [inf]")
sys.exit(1 if lost else 0)
