"""Apache TVM (Relax ONNX frontend, llvm, CPU): Sub of int32 (or int64) x minus a rank-0 initializer holding the
type's minimum gives a wrong value for every negative x, although x - MIN does not overflow there: -1 - (-2**31)
gives -1 (the exact difference, 2**31 - 1, fits int32). TVM's simplifier rewrites x - c as x + (0 - c), and 0 - MIN
wraps to MIN, so the kernel computes x + MIN; its LLVM code marks that add no-signed-wrap (nsw), x + MIN overflows
for every negative x, and LLVM folds the poison. The same constant as a rank-1 initializer (a buffer, not an
immediate) gives the right difference. ONNX Sub subtracts elementwise; the StableHLO spec's integer subtraction
wraps, and here nothing even wraps. Exits 1 while a negative x gives a wrong difference.

Triage (2026-12-07; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: apache/tvm: the arithmetic simplifier's canonicalization rule x - c1 -> x + (0 - c1)
    (src/arith/rewrite_simplify.cc), which relax.transform.LegalizeOps applies (its PrimFunc already holds
    x + -2147483648), together with CodeGenLLVM, which emits add nsw for signed integers of 32 bits or more;
    located by experiment: from_onnx keeps R.subtract(x, R.const(-2147483648)), the legalized PrimFunc holds the
    add, tvm.sym.analyzer.Analyzer().simplify(x - MIN) gives x + MIN, and a pass instrument shows the add kept to
    the last TIR pass; the optimized LLVM IR of the uint32 add below is a memset of 0xFF
Governing text: ONNX Sub (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#Sub, v1.16.0): elementwise
    difference with numpy-style broadcasting; StableHLO spec subtract
    (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#subtract, v1.0.0): integer subtraction
Upstream search: issues corpus (GitHub issues and PRs), 2026-12-07: 'tvm arith simplify x - INT_MIN rewritten
    x + INT_MIN negation overflow wrong'; 'apache tvm relax onnx Sub int32 minimum constant wrong result
    rewrite_simplify subtract constant add negative'; 'TVM codegen llvm nsw nuw integer overflow wrong result add
    constant'. Matched: nothing for x - MIN; apache/tvm#12383 (closed 2022: a maintainer says +-* overflow of
    uint32 is undefined on the LLVM target, by design: the context line below, not counted)
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


def run(op, x, c):
    """op(x, c), c an initializer, compiled by tvm.compile (llvm) and run on the Relax VM."""
    t = helper.np_dtype_to_tensor_dtype(x.dtype)
    graph = helper.make_graph(
        [helper.make_node(op, ["x", "c"], ["y"])], "g", [helper.make_tensor_value_info("x", t, x.shape)],
        [helper.make_tensor_value_info("y", t, np.broadcast_shapes(x.shape, c.shape))], [numpy_helper.from_array(c, "c")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8)
    mod = from_onnx(model, shape_dict={"x": list(x.shape)}, dtype_dict={"x": x.dtype.name})
    vm = relax.VirtualMachine(tvm.compile(mod, target="llvm"), tvm.cpu())
    return vm["main"](tvm.runtime.tensor(x, tvm.cpu())).numpy()


wrong = False
for dtype, shape, counted in (("int32", (), True), ("int64", (), True), ("int32", (1,), False)):
    info = np.iinfo(dtype)
    x, c = np.array([-1, -2, info.min, 0, 5], dtype), np.full(shape, info.min, dtype)
    got = run("Sub", x, c)
    with np.errstate(over="ignore"):
        spec = x - c
    fits = x < 0  # x - MIN is exact here (no overflow)
    bad = fits & (got != spec)
    print(f"Sub(x {dtype} {x.tolist()}, initializer {dtype}{list(shape)} {int(info.min)}): {got.tolist()}; the spec "
          f"{spec.tolist()} (exact, no overflow, where x < 0): {int(bad.sum())} of {int(fits.sum())} wrong"
          + ("" if counted else "; a control, not counted"))
    wrong |= counted and bool(bad.any())
x, c = np.array([0, 1, 1443541485], np.uint32), np.array(4294967295, np.uint32)
print(f"context (known, apache/tvm#12383: overflow is undefined on TVM's LLVM target): Add(x uint32 {x.tolist()}, "
      f"initializer uint32[] 4294967295): {run('Add', x, c).tolist()}; the spec wraps: {(x + c).tolist()}")
sys.exit(1 if wrong else 0)
