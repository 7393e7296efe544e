"""IREE (llvm-cpu) reads a signed i8 start of stablehlo.dynamic_update_slice as unsigned: on int8[128]
an update at start -1 is written at 127 (-1 read as 255, then clamped to 128 - 1); on int8[300] it is
written at 255. The StableHLO spec clamps the start to 0. An i32 start -1 is clamped right. Exits 1
while IREE writes anywhere but 0.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: iree-org/iree: StableHLO input conversion of dynamic_update_slice (i8 start widened without
    sign extension); stage not located by experiment
Governing text: StableHLO spec dynamic_update_slice
    (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#dynamic_update_slice, v1.0.0):
    'adjusted_start_indices = clamp(0, start_indices, shape(operand) - shape(update))'; start_indices are
    signed integers
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'iree dynamic_update_slice i8 start index
    unsigned clamp'; 'iree dynamic_update_slice negative start index wrong position signed index extension'.
    Matched: nothing in iree-org/iree; openxla/xla#49120 (XLA:GPU unclamped DUS offset) and ml-
    explore/mlx#3917 are other projects
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
func.func @main(%operand: tensor<128xi8>, %update: tensor<1xi8>, %start: tensor<i8>) -> tensor<128xi8> {
  %0 = stablehlo.dynamic_update_slice %operand, %update, %start : (tensor<128xi8>, tensor<1xi8>, tensor<i8>) -> tensor<128xi8>
  return %0 : tensor<128xi8>
}
}"""
vmfb = iree.compiler.compile_str(TEXT, target_backends=["llvm-cpu"], input_type="stablehlo",
                                    extra_args=["--iree-llvmcpu-target-cpu=host"])
context = iree.runtime.SystemContext(config=iree.runtime.Config("local-task"))
context.add_vm_module(iree.runtime.VmModule.copy_buffer(context.instance, vmfb))
out = context.modules.module["main"](np.zeros(128, np.int8), np.ones(1, np.int8), np.array(-1, np.int8)).to_host()
print("written at", np.flatnonzero(out).tolist(), "(the spec: [0])")
sys.exit(0 if np.flatnonzero(out).tolist() == [0] else 1)
