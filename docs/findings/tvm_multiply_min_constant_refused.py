"""Apache TVM (Relax ONNX frontend, llvm, CPU): Mul of int32 or int64 by a rank-0 initializer holding the type's
minimum (-2**31, -2**63) is refused by tvm.compile: ValueError 'Check failed: ... Literal value 2147483648
exceeds range of int32'. The same minimum as a rank-1 initializer compiles and gives the wrapped product, as do
other rank-0 constants (-2**31 + 1, -1, 2). ONNX Mul multiplies elementwise; the StableHLO spec's integer
multiplication wraps. Exits 1 while a minimum case is refused.

Triage (2026-12-07; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: apache/tvm: the TIR pass tirx.RemoveNoOp inside tvm.compile (its arithmetic analyzer builds
    an integer literal past the type's range from the constant factor); located by experiment: from_onnx and
    relax.transform.LegalizeOps return (the rank-0 constant is an immediate in the PrimFunc, a rank-1 one a
    buffer), a pass instrument names tirx.RemoveNoOp as the pass that raises, and RemoveNoOp alone on the
    legalized module raises the same
Governing text: ONNX Mul (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#Mul, v1.16.0):
    elementwise product with numpy-style broadcasting; StableHLO spec multiply
    (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#multiply, v1.0.0): integer multiplication
    (wrapping), a value for every pair of operands
Upstream search: issues corpus (GitHub issues and PRs), 2026-12-07: 'tvm Literal value 2147483648 exceeds
    range of int32 multiply constant'; 'TVM RemoveNoOp arith analyzer overflow negate INT_MIN constant Check
    failed small.has_value'; 'apache tvm relax onnx Mul int32 minimum value scalar constant tvm.compile fails
    exceeds range RemoveNoOp'. Matched: nothing for a multiply by the minimum; apache/tvm PR #12515 (merged
    2022: the strict IntImm range check that fires), apache/tvm#15987 (closed: a MetaScheduler literal past
    int32, another cause), tile-ai/tilelang#3001 (closed: TVM's fold of int32 1 << 31, another op)
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
import re
import sys
import warnings

import numpy as np
import tvm
from onnx import helper, numpy_helper
from tvm import relax
from tvm.relax.frontend.onnx import from_onnx

warnings.simplefilter("ignore")


def stages(x, factor):
    """Mul(x, factor), factor an initializer, through from_onnx, LegalizeOps and tvm.compile: the first stage
    that raises, or the result."""
    t = helper.np_dtype_to_tensor_dtype(x.dtype)
    graph = helper.make_graph(
        [helper.make_node("Mul", ["x", "c"], ["y"])], "g", [helper.make_tensor_value_info("x", t, x.shape)],
        [helper.make_tensor_value_info("y", t, np.broadcast_shapes(x.shape, factor.shape))],
        [numpy_helper.from_array(factor, "c")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8)
    stage = "from_onnx"
    try:
        mod = from_onnx(model, shape_dict={"x": list(x.shape)}, dtype_dict={"x": x.dtype.name})
        stage = "relax.transform.LegalizeOps"
        relax.transform.LegalizeOps()(mod)
        stage = "tvm.compile"
        vm = relax.VirtualMachine(tvm.compile(mod, target="llvm"), tvm.cpu())
        stage = "the compiled module"
        out = vm["main"](tvm.runtime.tensor(x, tvm.cpu())).numpy()
        with np.errstate(over="ignore"):
            return f"returned {out.tolist()}", np.array_equal(out, x * factor)
    except Exception as e:  # noqa: BLE001
        found = re.search(r"Literal value .*", str(e))
        return f"{stage} raised {type(e).__name__}: {found.group(0) if found else str(e).splitlines()[-1]}", False


refused = False
for dtype, factor, shape, counted in (("int32", -2 ** 31, (), True), ("int64", -2 ** 63, (), True),
                                      ("int32", -2 ** 31, (1,), False), ("int32", -2 ** 31 + 1, (), False)):
    x, c = np.array([3, 2], dtype), np.full(shape, factor, dtype)
    text, right = stages(x, c)
    print(f"Mul(x {dtype} {x.tolist()}, initializer {dtype}{list(shape)} {factor}): {text}"
          f" (the spec: {(x * c).tolist()}, wrapped)" + ("" if counted else "; a control, not counted"))
    refused |= counted and not right
sys.exit(1 if refused else 0)
