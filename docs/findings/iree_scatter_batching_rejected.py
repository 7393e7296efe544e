"""IREE refuses to compile the StableHLO spec's own worked scatter example (batching dims,
index_vector_dim 3): "'iree_linalg_ext.scatter' op expected indices to be equal to batch rank or
batch rank + 1". The same text runs on XLA and the StableHLO interpreter. #24719 (the same refusal) was closed by
PR #24720, yet iree 3.13.0 still refuses: a new report citing it. Exits 1 while IREE refuses.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: follow-up of https://github.com/iree-org/iree/issues/24719
Owner and stage: iree-org/iree: StableHLO scatter preprocessing (batching dims) into iree_linalg_ext.scatter;
    the example still fails on iree-base-compiler 3.13.0 (measured 2026-11-29) although #24719 was closed by
    PR #24720 (ScatterBatchingDimsExpander, merged 2026-07-17); whether 3.13.0 contains PR #24720 is not
    verified. Stage not located by experiment
Governing text: StableHLO spec scatter (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#scatter,
    v1.0.0): the worked example with input_batching_dims and index_vector_dim 3 is a valid program
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'iree_linalg_ext.scatter expected indices
    to be equal to batch rank or batch rank + 1'; 'iree scatter batching dims input_batching_dims not
    supported compile error'. Matched: iree#24719 (closed, 'StableHLO scatter errors': batching dims never
    consumed), PR #24720 (merged, ScatterBatchingDimsExpander); not verified that 3.13.0 contains #24720
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

import iree.compiler

TEXT = """module {
func.func @main(%input: tensor<2x3x4x2xi64>, %indices: tensor<2x2x3x2xi64>, %updates: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  %r = "stablehlo.scatter"(%input, %indices, %updates) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4], inserted_window_dims = [1],
      input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1],
      index_vector_dim = 3>, indices_are_sorted = false, unique_indices = false}
    : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %r : tensor<2x3x4x2xi64>
}
}"""
try:
    iree.compiler.compile_str(TEXT, target_backends=["llvm-cpu"], input_type="stablehlo",
                                extra_args=["--iree-llvmcpu-target-cpu=host"])
except iree.compiler.CompilerToolError as e:
    print("IREE refuses:", next(line for line in str(e).splitlines() if "error:" in line).strip())
    sys.exit(1)
print("compiled")
