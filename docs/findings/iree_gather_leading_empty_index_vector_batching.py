"""IREE (llvm-cpu) gather with batching dims and an empty index vector that leads the indices
(index_vector_dim 0 of size 0; indices of rank 5) reads each operand batching dim at the coordinate of
indices dim start_indices_batching_dims[i] + 2 instead of start_indices_batching_dims[i]: operand int8[2,3] =
[[1,2,3],[4,5,6]], start_indices int8[0,2,3,2,3], operand_batching_dims [0,1] paired with
start_indices_batching_dims [1,2], slice_sizes [1,1]: the result at (i, j, k, l) is operand[k, l]; the
StableHLO spec (batching dims: the batch position's coordinates at start_indices_batching_dims) gives
operand[i, j]. A trailing empty index vector gives the right result. Exits 1 while the result differs
from the spec; 2 if the script could not run.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: iree-org/iree: StableHLO input conversion of gather with batching dims (batching-dims
    expansion when index_vector_dim leads); stage not located by experiment
Governing text: StableHLO spec gather with batching dims
    (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#gather, v1.0.0, batching-dims RFC
    2024-03-11): the batch coordinates are read at start_indices_batching_dims
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'iree stablehlo gather batching dims wrong
    result index_vector_dim'. Matched: nothing on gather; iree#24719 and PR #24720 (scatter batching dims),
    openxla/stablehlo PR #2363 (linalg legalization of gather batching dims)
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


_print_versions('numpy', 'iree-base-compiler', 'iree-base-runtime')
import sys

import numpy as np
import iree.compiler
import iree.runtime

TEXT = """func.func @main(%operand: tensor<2x3xi8>, %indices: tensor<0x2x3x2x3xi8>) -> tensor<2x3x2x3xi8> {
  %0 = "stablehlo.gather"(%operand, %indices) {dimension_numbers = #stablehlo.gather<
      operand_batching_dims = [0, 1], start_indices_batching_dims = [1, 2], index_vector_dim = 0>,
      slice_sizes = array<i64: 1, 1>, indices_are_sorted = false}
    : (tensor<2x3xi8>, tensor<0x2x3x2x3xi8>) -> tensor<2x3x2x3xi8>
  return %0 : tensor<2x3x2x3xi8>
}"""
vmfb = iree.compiler.compile_str(TEXT, target_backends=["llvm-cpu"], input_type="stablehlo",
                                 extra_args=["--iree-llvmcpu-target-cpu=host"])
context = iree.runtime.SystemContext(config=iree.runtime.Config("local-task"))
context.add_vm_module(iree.runtime.VmModule.copy_buffer(context.instance, vmfb))
operand = np.arange(1, 7, dtype=np.int8).reshape(2, 3)
out = context.modules.module["main"](operand, np.zeros((0, 2, 3, 2, 3), np.int8)).to_host()
spec = np.broadcast_to(operand[:, :, None, None], (2, 3, 2, 3))  # result[i, j, k, l] = operand[i, j]
print("result[0, 1] (the spec: all", spec[0, 1, 0, 0], "):", out[0, 1].tolist())
print("result[:, :, 1, 2] (the spec:", spec[:, :, 1, 2].tolist(), "):", out[:, :, 1, 2].tolist())
sys.exit(0 if (out == spec).all() else 1)
