"""StableHLO (the reference interpreter in jaxlib, stablehlo.eval_module): two scatters that StableHLO's
verifier accepts abort the process in the interpreter. (1) i1 scatter_indices: a one-element scatter into
float32[2] with index tensor<1xi1> [true] dies with 'LLVM ERROR: Element is not an integer'. (2) updates of
another element type than the inputs: float32[2] inputs, f64 update, dies with 'LLVM ERROR: Expected same
type for an SSA register and its evaluated value'. The spec makes both programs invalid (scatter_indices
of integer type, i1 being the boolean type; C6: updates of the inputs' element type), so the verifier
should refuse them, as it refuses i1 start_indices in gather (printed); the interpreter should never abort
on a program its verifier accepted. The same scatter with i32 indices and f32 update gives [0, 7]. Runs
each in a child process; exits 1 while a verified module kills the interpreter.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: openxla/stablehlo: scatter verification (verifyScatterOp / type inference accept an i1
    index type and an updates element type other than the inputs'), then the reference interpreter
    (reading an i1 element as an integer; evaluating the region with f64 values); located by experiment:
    module.operation.verify() returns True for both, eval_module aborts; gather with i1 indices is refused
    when parsed
Governing text: StableHLO spec scatter (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#scatter,
    v1.0.0): scatter_indices is a tensor of integer type (the Types section: i1 is the boolean type, not an
    integer type); constraint C6: element_type(updates...) = element_type(inputs...)
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-29: 'stablehlo interpreter scatter i1 indices
    LLVM ERROR Element is not an integer'; 'stablehlo scatter verifier accepts updates element type different
    from inputs interpreter Expected same type for an SSA register'. Matched: nothing on either; openxla/
    stablehlo#722 (open, 'Revisit verification of ScatterOp', a tracking ticket), PR #1488 (merged, the
    scatter interpreter, whose review lists C6 as a check), #2487 (open, i1 in the interpreter for convert),
    #1931 (open, another scatter interpreter result)
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

CHILD = r'''
import sys
import numpy as np
from jax.interpreters import mlir as jax_mlir
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

index_type, update_type = sys.argv[1], sys.argv[2]
text = f"""func.func public @main(%x: tensor<2xf32>, %i: tensor<1x{index_type}>, %u: tensor<{update_type}>) -> tensor<2xf32> {{
  %r = "stablehlo.scatter"(%x, %i, %u) ({{
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }}) {{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0],
      index_vector_dim = 0>}} : (tensor<2xf32>, tensor<1x{index_type}>, tensor<{update_type}>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}}"""
index = np.array([True]) if index_type == "i1" else np.array([1], np.int32)
update = np.array(7, np.float64 if update_type == "f64" else np.float32)
with jax_mlir.make_ir_context():
    module = ir.Module.parse(text)
    print("verifier accepts" if module.operation.verify() else "verifier refuses", flush=True)
    args = [ir.DenseElementsAttr.get(a) for a in (np.zeros(2, np.float32), index, update)]
    print(np.array(ir.DenseElementsAttr(stablehlo.eval_module(module, args)[0])).tolist(), flush=True)
'''
GATHER = r'''
import numpy as np
from jax.interpreters import mlir as jax_mlir
from jaxlib.mlir import ir
text = """func.func public @main(%x: tensor<2xf32>, %i: tensor<1xi1>) -> tensor<1xf32> {
  %r = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [0], start_index_map = [0],
      index_vector_dim = 0>, slice_sizes = array<i64: 1>} : (tensor<2xf32>, tensor<1xi1>) -> tensor<1xf32>
  return %r : tensor<1xf32>
}"""
with jax_mlir.make_ir_context():
    try:
        ir.Module.parse(text)
        print("accepted")
    except Exception as e:
        print("refused:", [line for line in str(e).splitlines() if "error" in line][:1])
'''
died = broken = False
for index_type, update_type in (("i32", "f32"), ("i1", "f32"), ("i32", "f64")):
    done = subprocess.run([sys.executable, "-c", CHILD, index_type, update_type], capture_output=True, text=True)
    steps = done.stdout.strip().splitlines()
    error = next((line for line in done.stderr.splitlines() if "LLVM ERROR" in line), "")
    what = f"scatter into float32[2], indices tensor<1x{index_type}>, update tensor<{update_type}>"
    if done.returncode < 0:
        print(f"{what}: {steps}, then the process died, exit code {done.returncode}: {error.strip()}")
    elif done.returncode:
        print(f"{what}: the child failed: {done.stderr.strip()[-200:]}")
    else:
        print(f"{what}: {steps}")
    died |= done.returncode < 0 and "verifier accepts" in steps
    broken = broken or done.returncode > 0  # the child itself failed (an import error): not the bug
gather = subprocess.run([sys.executable, "-c", GATHER], capture_output=True, text=True)
print(f"gather with tensor<1xi1> start_indices, for comparison: {gather.stdout.strip() or gather.stderr.strip()[-160:]}")
sys.exit(2 if broken else 1 if died else 0)
