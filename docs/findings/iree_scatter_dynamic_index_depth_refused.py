"""IREE (llvm-cpu) refuses to compile a valid stablehlo.scatter when the indices have a dynamic dim at
index_vector_dim (tensor<2x?xi32>: the index depth not known at compile time): "failed to legalize operation
'stablehlo.scatter' that was explicitly marked illegal". With the index depth static the same scatter compiles
with its other dims dynamic, and gives [0, 11, 2, 23, 4]; with unsigned indices (ui8/ui16/ui32/ui64) a dynamic
scatter is refused even at a static index depth ("failed to legalize operation 'tensor.dim'"). StableHLO's
verifier accepts every module here. Exits 1 while a dynamic form is refused.

Triage (2026-12-07; found by the fresh-draw benchmark, iree gate run 1 at 6e610f1, a dynamic-shape int8[255]
scatter-add with uint8 indices [1, 1]):
Relation: new
Owner and stage: iree-org/iree: StableHLO input conversion (StableHLO to IREE LinalgExt scatter); the compile
    diagnostics name that legalization, and the static modules compile
Governing text: StableHLO spec scatter (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#scatter):
    inputs, scatter_indices and updates are tensors (a tensor type may have dynamic dims); the index depth is
    fixed by the attribute scatter_dims_to_operand_dims, not by the type
Upstream search: issues corpus (GitHub issues and PRs), 2026-12-07: 'iree stablehlo.scatter dynamic shape failed
    to legalize operation explicitly marked illegal'; 'iree scatter dynamic index vector dim indices
    tensor<?x?xi32> linalg_ext conversion'; 'iree scatter unsigned indices ui8 dynamic tensor.dim failed to
    legalize'. Matched: nothing for a dynamic index depth or dynamic unsigned indices; nearest
    iree-org/iree#9361 and #9669 (mhlo.scatter to LinalgExt, static shapes, closed 2022), #10334 and #14913
    (dynamic gather), #7620 (ui8 materialization in mhlo.sort, closed)
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


def module(inputs: str, indices: str, updates: str, element: str = "i32") -> str:
    return f"""module {{
func.func @main(%input: {inputs}, %indices: {indices}, %update: {updates}) -> {inputs} {{
  %0 = "stablehlo.scatter"(%input, %indices, %update) ({{
  ^bb0(%a: tensor<{element}>, %b: tensor<{element}>):
    %s = stablehlo.add %a, %b : tensor<{element}>
    stablehlo.return %s : tensor<{element}>
  }}) {{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0],
        scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}}
     : ({inputs}, {indices}, {updates}) -> {inputs}
  return %0 : {inputs}
}}
}}"""


def run(text: str, indices: np.ndarray):
    vmfb = iree.compiler.compile_str(text, target_backends=["llvm-cpu"], input_type="stablehlo",
                                     extra_args=["--iree-llvmcpu-target-cpu=host"])
    context = iree.runtime.SystemContext(config=iree.runtime.Config("local-task"))
    context.add_vm_module(iree.runtime.VmModule.copy_buffer(context.instance, vmfb))
    return context.modules.module["main"](np.arange(5, dtype=np.int32), indices,
                                          np.array([10, 20], np.int32)).to_host().tolist()


signed = np.array([[1], [3]], np.int32)
unsigned = np.array([1, 3], np.uint32)  # index_vector_dim 1 = the rank of [2]: an implicit index depth of 1
print("static dims:", run(module("tensor<5xi32>", "tensor<2x1xi32>", "tensor<2xi32>"), signed),
      "(the spec: [0, 11, 2, 23, 4])")
print("dynamic dims, static index depth:", run(module("tensor<?xi32>", "tensor<?x1xi32>", "tensor<?xi32>"), signed))
refused = 0
for label, text, indices in (
        ("dynamic dims, dynamic index depth (tensor<?x?xi32>)",
         module("tensor<?xi32>", "tensor<?x?xi32>", "tensor<?xi32>"), signed),
        ("static dims but the index depth (tensor<2x?xi32>)",
         module("tensor<5xi32>", "tensor<2x?xi32>", "tensor<2xi32>"), signed),
        ("dynamic dims, ui32 indices, implicit index depth (tensor<?xui32>)",
         module("tensor<?xi32>", "tensor<?xui32>", "tensor<?xi32>"), unsigned)):
    try:
        print(f"{label}:", run(text, indices))
    except iree.compiler.CompilerToolError as e:
        refused += 1
        line = next((ln for ln in str(e).splitlines() if "error:" in ln), str(e).splitlines()[0])
        print(f"{label}: refused: {line.strip()[:150]}")
sys.exit(1 if refused else 0)
