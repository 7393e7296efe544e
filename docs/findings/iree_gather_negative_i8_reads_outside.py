"""IREE (llvm-cpu) gathers with a negative i8 start index read memory outside the operand: operand
int32[2] = [0, 1], start index int8 -1 gives an arbitrary value (22033 here); the StableHLO spec
clamps the start to 0 and gives 0. Exits 1 while the result is not 0.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/iree-org/iree/issues/24881
Owner and stage: iree-org/iree: StableHLO input conversion, GatherToTorchIndexSelect pattern drops the index
    clamp (per the upstream analysis; fix PR #24882 closed). Stage not located by experiment here
Governing text: StableHLO spec gather (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#gather,
    v1.0.0): 'full_start_index[d_operand] = clamp(start_index[d_start], 0, dim(operand, d_operand) -
    slice_sizes[d_operand])'
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'iree gather negative i8 index out of
    bounds read'. Matched: iree#24881 (open, GatherToTorchIndexSelect drops the clamp), PR #24882 (closed)
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

TEXT = """module {
func.func @main(%operand: tensor<2xi32>, %indices: tensor<1xi8>) -> tensor<i32> {
  %0 = "stablehlo.gather"(%operand, %indices) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0],
      start_index_map = [0], index_vector_dim = 0>, slice_sizes = array<i64: 1>, indices_are_sorted = false}
    : (tensor<2xi32>, tensor<1xi8>) -> tensor<i32>
  return %0 : tensor<i32>
}
}"""
vmfb = iree.compiler.compile_str(TEXT, target_backends=["llvm-cpu"], input_type="stablehlo",
                                 extra_args=["--iree-llvmcpu-target-cpu=host"])
context = iree.runtime.SystemContext(config=iree.runtime.Config("local-task"))
context.add_vm_module(iree.runtime.VmModule.copy_buffer(context.instance, vmfb))
out = int(context.modules.module["main"](np.array([0, 1], np.int32), np.array([-1], np.int8)).to_host())
print("gather([0, 1], index int8 -1) =", out, "(the spec: 0)")
sys.exit(0 if out == 0 else 1)
