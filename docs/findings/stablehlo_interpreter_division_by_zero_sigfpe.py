"""The StableHLO reference interpreter (jaxlib): an integer divide by zero kills the process with
SIGFPE (the spec leaves the value implementation-defined: a value). Runs it in a child process;
exits 1 if the child dies."""
import subprocess
import sys

code = r'''
import numpy as np
from jax._src.interpreters import mlir as jax_mlir
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
sys.exit(1 if child.returncode < 0 else 0)
