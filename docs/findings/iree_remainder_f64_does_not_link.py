"""IREE (llvm-cpu): with float64 kept as float64 (--iree-input-demote-f64-to-f32=false), a float64
stablehlo.remainder does not link: iree-lld: error: undefined symbol: fmod (float32 compiles). The flag
is not IREE's default: by default IREE demotes f64 to f32 (and says the function's signature changed),
which compiles but computes in float32; keeping float64, as the spec's f64 needs, is where it fails.
Exits 1 while the compiler refuses it.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: iree-org/iree: llvm-cpu codegen/linking (frem on f64 lowered to a libm fmod call that the
    embedded linker cannot resolve); stage not located by experiment
Governing text: StableHLO spec remainder
    (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#remainder, v1.0.0): defined for f64; IREE's
    default demotes f64 to f32 (--iree-input-demote-f64-to-f32)
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'iree undefined symbol fmod f64 remainder
    llvm-cpu link error'. Matched: iree PR #22859 (merged, musl libcalls for the new f32 frem expansion),
    iree#20165 (open, other undefined math symbols), #8719 (closed, exp/log); no f64 fmod report
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
import importlib.metadata
import sys

import iree.compiler

TEXT = """module {
func.func @main(%a: tensor<4xf64>, %b: tensor<4xf64>) -> tensor<4xf64> {
  %r = stablehlo.remainder %a, %b : tensor<4xf64>
  return %r : tensor<4xf64>
}
}"""
try:
    iree.compiler.compile_str(TEXT, target_backends=["llvm-cpu"], input_type="stablehlo",
                              extra_args=["--iree-llvmcpu-target-cpu=host", "--iree-input-demote-f64-to-f32=false"])
    print(f"versions: iree-base-compiler {importlib.metadata.version('iree-base-compiler')}")
except iree.compiler.CompilerToolError as e:
    print(f"versions: iree-base-compiler {importlib.metadata.version('iree-base-compiler')}")
    print("IREE refuses:", next((line for line in str(e).splitlines() if "error" in line), str(e)[:200]).strip())
    sys.exit(1)
print("compiled")
