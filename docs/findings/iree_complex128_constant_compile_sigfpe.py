"""IREE (llvm-cpu, float64 kept with --iree-input-demote-f64-to-f32=false): compiling a module whose
complex<f64> stablehlo.constant has 17 or more distinct elements kills iree-compile with SIGFPE (exit -8);
the same module with 16 elements, or with complex<f32> or f64 constants of any size, compiles. A valid
StableHLO program (the spec's negate on complex: the negation of both parts). Exit 1 while the
17-element module kills the compiler; 2 if the script could not run.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: iree-org/iree: compiler, complex<f64> dense constant handling (crash in iree-compile); stage
    not located by experiment
Governing text: StableHLO spec constant and negate
    (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#constant, v1.0.0): complex<f64> (complex of
    f64) is a supported element type
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'iree-compile SIGFPE complex f64 constant
    crash'; 'iree complex<f64> constant dense elements crash compile floating point exception'. Matched:
    nothing on complex<f64> constants of 17+ elements; iree PR #14120 and #13826 (complex<f32> constant bit-
    width crashes, merged 2023), iree#12067 and #7621 (other complex crashes)
"""
import platform
import sys

try:
    import iree.compiler
    import numpy as np
except ImportError as e:
    print(f"cannot run: {e}")
    sys.exit(2)

from importlib.metadata import version  # noqa: E402

print(f"iree-base-compiler {version('iree-base-compiler')}, numpy {np.__version__}, "
      f"Python {platform.python_version()}, {platform.platform()}")
FLAGS = ["--iree-llvmcpu-target-cpu=host", "--iree-input-demote-f64-to-f32=false"]


def module(values: np.ndarray, element: str) -> str:
    data = '"0x' + values.astype(values.dtype.newbyteorder("<")).tobytes().hex().upper() + '"'
    shape = f"tensor<{values.size}x{element}>"
    return (f"func.func @main() -> {shape} {{\n  %c = stablehlo.constant dense<{data}> : {shape}\n"
            f"  %r = stablehlo.negate %c : {shape}\n  return %r : {shape}\n}}")


def compiles(n: int, dtype, element: str) -> str:
    values = (np.arange(n) + 1j * np.arange(n)).astype(dtype) if "complex" in element else np.arange(n, dtype=dtype)
    try:
        iree.compiler.compile_str(module(values, element), target_backends=["llvm-cpu"], input_type="stablehlo",
                                  extra_args=FLAGS)
        return "compiles"
    except iree.compiler.CompilerToolError as e:
        return str(e).splitlines()[1]  # "Error code: ..."


results = {(n, element): compiles(n, dtype, element) for n in (16, 17)
           for dtype, element in ((np.complex128, "complex<f64>"), (np.complex64, "complex<f32>"), (np.float64, "f64"))}
for (n, element), result in results.items():
    print(f"negate of a {n}-element {element} constant: {result}")
sys.exit(1 if results[(17, "complex<f64>")] != "compiles" else 0)
