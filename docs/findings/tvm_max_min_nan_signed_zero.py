"""Apache TVM (Relax ONNX frontend, llvm, CPU): ONNX Max and Min drop a NaN in the first operand and do
not order signed zeros. The importer stacks the operands and reduces them with R.max / R.min (axis 0), and
the reduction keeps the accumulator only where an ordered compare says so: Max(NaN, 1) gives 1 (Max(1, NaN)
gives NaN), Min(NaN, 1) gives 1, Max(0.0, -0.0) gives -0.0 and Min(-0.0, 0.0) gives 0.0 (the second operand of
equal zeros). ONNX Max/Min follow numpy (NaN propagates); IEEE-754 maximum/minimum (the StableHLO spec's)
propagate NaN and order -0.0 below +0.0, but ONNX orders no signed zeros, so that half is spec-silent: printed,
not counted. Exits 1 while a NaN is dropped.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/apache/tvm/issues/19579
Owner and stage: apache/tvm: Relax ONNX frontend (MultiInputBase: Max/Min imported as R.stack + R.max/R.min
    over axis 0) and the max/min combiner's codegen (an ordered select; PR #19755's frontend guard for the
    reductions was removed again by PR #19847); located by experiment: the script prints the imported module's
    R.stack + R.max(axis=[0])
Governing text: ONNX Max/Min (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#Max, v1.16.0):
    element-wise max/min 'with Numpy-style broadcasting support'; numpy's maximum propagates NaN; ONNX says
    nothing of signed zeros
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-28: 'apache tvm maximum minimum NaN
    propagation select topi'. Matched: apache/tvm#19579 (open, maximum/minimum/relu/clip drop a NaN first
    operand), #19540 and #19668 (open, Relax ONNX Min NaN), #19572 (closed, Relu/ReduceMax NaN), PR #19755
    (merged, ReduceMax/ReduceMin NaN in the frontend), PR #20054 (open, NaN-preserving min/max codegen that
    keeps the second operand of equal ones, so not the zero signs); nothing on signed zeros; 2026-11-29:
    '[Relax][ONNX] Max Min NaN propagation fix pull request'. Matched: apache/tvm PR #19847 (merged
    2026-06-19, dropped the frontend's NaN-preserving wrappers of PR #19755 for ReduceMax/ReduceMin, Relu,
    Sign and Clip, leaving NaN handling to the backend), PR #19755, #19572
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


def tvm_binary(op, a, b):
    """ONNX ``op`` on two float32 inputs of shape a.shape, through from_onnx and tvm.compile (llvm)."""
    t = helper.np_dtype_to_tensor_dtype(a.dtype)
    graph = helper.make_graph([helper.make_node(op, ["a", "b"], ["y"])], "g",
                              [helper.make_tensor_value_info("a", t, a.shape), helper.make_tensor_value_info("b", t, b.shape)],
                              [helper.make_tensor_value_info("y", t, a.shape)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], ir_version=8)
    mod = from_onnx(model, shape_dict={"a": list(a.shape), "b": list(b.shape)}, dtype_dict={"a": a.dtype.name, "b": b.dtype.name})
    text = mod.script()
    how = "R.stack then R.%s(axis=[0])" % op.lower() if "R.stack" in text and f"R.{op.lower()}(" in text else "other"
    print(f"  from_onnx imports {op} as: {how}")
    vm = relax.VirtualMachine(tvm.compile(mod, target="llvm"), tvm.cpu())
    return vm["main"](tvm.runtime.tensor(a, tvm.cpu()), tvm.runtime.tensor(b, tvm.cpu())).numpy()


nan = np.float32("nan")
a = np.array([nan, 1.0, -0.0, 0.0], np.float32)
b = np.array([1.0, nan, 0.0, -0.0], np.float32)
wrong = False
for op, ieee in (("Max", {(0,): nan, (1,): nan, (2,): 0.0, (3,): 0.0}), ("Min", {(0,): nan, (1,): nan, (2,): -0.0, (3,): -0.0})):
    got = tvm_binary(op, a, b)
    print(f"{op}({a.tolist()}, {b.tolist()}) = {got.tolist()}")
    for (k,), want in ieee.items():
        ok = (np.isnan(got[k]) and np.isnan(want)) or (got[k] == want and np.signbit(got[k]) == np.signbit(want))
        if not ok:
            half = "the NaN half (the bug)" if np.isnan(want) else "the signed-zero half (ONNX is silent: not counted)"
            print(f"  element {k}: {op}({a[k]}, {b[k]}) gives {got[k]}, IEEE-754 {op.lower()}imum gives {want}: {half}")
        wrong |= not ok and bool(np.isnan(want))  # only a dropped NaN counts: ONNX orders no signed zeros
sys.exit(1 if wrong else 0)
