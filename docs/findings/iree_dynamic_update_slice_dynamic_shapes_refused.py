"""IREE (llvm-cpu) refuses to compile a valid stablehlo.dynamic_update_slice whose operand or update has a
dynamic dim (tensor<?xi32>): "failed to legalize operation 'stablehlo.dynamic_update_slice' that was
explicitly marked illegal". StableHLO's own verifier accepts the module, and the same op with static dims
compiles and writes [0, 7, 8, 3]. Exits 1 while any of the three dynamic forms fails to compile.

Triage (2026-11-28; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: iree-org/iree: StableHLO input conversion, StableHLOToLinalg.cpp's DynamicUpdateSliceConverter
    (gives up unless operand and update have static shapes: 'require static ranked type for operand'); the
    compile diagnostics name that legalization, and the static module compiles
Governing text: StableHLO spec dynamic_update_slice
    (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#dynamic_update_slice, v1.0.0): operand,
    update and result are tensors (a tensor type may have dynamic dims); the verifier's type inference
    accepts dynamic dims here
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-28: 'iree stablehlo.dynamic_update_slice dynamic
    update shape failed to legalize operation explicitly marked illegal'; 'iree dynamic_update_slice dynamic
    shapes tensor<?x> unsupported lowering stablehlo to linalg'. Matched: nothing for dynamic dims;
    iree-org/iree#5982 and #6013 (static dynamic-update-slice support, closed 2021) and tenstorrent/tt-mlir#5527
    (another compiler) are nearest
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


def module(operand: str, update: str) -> str:
    result = operand
    return f"""module {{
func.func @main(%operand: {operand}, %update: {update}, %start: tensor<i32>) -> {result} {{
  %0 = stablehlo.dynamic_update_slice %operand, %update, %start : ({operand}, {update}, tensor<i32>) -> {result}
  return %0 : {result}
}}
}}"""


def run(text: str):
    vmfb = iree.compiler.compile_str(text, target_backends=["llvm-cpu"], input_type="stablehlo",
                                     extra_args=["--iree-llvmcpu-target-cpu=host"])
    context = iree.runtime.SystemContext(config=iree.runtime.Config("local-task"))
    context.add_vm_module(iree.runtime.VmModule.copy_buffer(context.instance, vmfb))
    return context.modules.module["main"](np.arange(4, dtype=np.int32), np.array([7, 8], np.int32),
                                          np.array(1, np.int32)).to_host().tolist()


print("static dims:", run(module("tensor<4xi32>", "tensor<2xi32>")), "(the spec: [0, 7, 8, 3])")
refused = 0
for operand, update in (("tensor<?xi32>", "tensor<2xi32>"), ("tensor<4xi32>", "tensor<?xi32>"),
                        ("tensor<?xi32>", "tensor<?xi32>")):
    try:
        print(f"operand {operand}, update {update}:", run(module(operand, update)))
    except iree.compiler.CompilerToolError as e:
        refused += 1
        line = next((ln for ln in str(e).splitlines() if "error:" in ln), str(e).splitlines()[0])
        print(f"operand {operand}, update {update}: refused: {line.strip()[:160]}")
sys.exit(1 if refused else 0)
