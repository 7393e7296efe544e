"""The StableHLO reference interpreter (jaxlib): an integer divide by zero kills the process with
SIGFPE. The spec's Errors section makes run-time error conditions such as this one implementation-
defined behaviour (a trap is within its letter), so this is a robustness report on the reference
interpreter, not a conformance bug. Runs it in a child process; exits 1 if the child dies.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/openxla/stablehlo/issues/3009
Owner and stage: openxla/stablehlo: reference interpreter, divide on integers (raw C++ division); stage from
    the upstream report
Governing text: StableHLO spec divide and Errors section
    (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#errors, v1.0.0): run-time errors are
    implementation-defined behaviour; the divide section is silent on a zero divisor
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'stablehlo reference interpreter integer
    divide by zero crash SIGFPE'; 'stablehlo FoldDivOpPattern SIGFPE integer division by zero constant'.
    Matched: openxla/stablehlo#3009 (open, 'Specification of what happens in the case of integer division by
    zero': the interpreter SIGFPEs)
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


_print_versions('numpy', 'jax', 'jaxlib')
import subprocess
import sys

code = r'''
import numpy as np
from jax.interpreters import mlir as jax_mlir
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo
text = """func.func public @main(%a: tensor<1xi32>, %b: tensor<1xi32>) -> tensor<1xi32> {
  %r = stablehlo.divide %a, %b : tensor<1xi32>
  return %r : tensor<1xi32>
}"""
with jax_mlir.make_ir_context():
    module = ir.Module.parse(text)
    args = [ir.DenseElementsAttr.get(np.array([1], np.int32)), ir.DenseElementsAttr.get(np.array([0], np.int32))]
    print(np.array(ir.DenseElementsAttr(stablehlo.eval_module(module, args)[0])))
'''
child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
print(f"child exit code {child.returncode}; stdout {child.stdout.strip()!r}; stderr tail {child.stderr.strip()[-200:]!r}")
sys.exit(1 if child.returncode < 0 else 2 if child.returncode else 0)  # 2: the child could not run
