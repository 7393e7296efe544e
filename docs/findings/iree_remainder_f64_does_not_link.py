"""IREE (llvm-cpu): a float64 stablehlo.remainder does not compile: iree-lld: error: undefined symbol:
fmod (float32 compiles). Exits 1 while the compiler refuses it."""
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
except iree.compiler.CompilerToolError as e:
    print("IREE refuses:", next((line for line in str(e).splitlines() if "error" in line), str(e)[:200]).strip())
    sys.exit(1)
print("compiled")
