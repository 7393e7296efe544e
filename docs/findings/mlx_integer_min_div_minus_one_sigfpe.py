"""MLX (CPU, x86-64): integer `mx.floor_divide` and `mx.remainder` of the type's minimum by -1 kill the
process with SIGFPE when evaluated: int32 -2**31 // -1 and -2**31 % -1, int64 likewise. int8 -128 // -1 gives
-128 and -128 % -1 gives 0, and a zero divisor gives 0 (floor_divide) or the dividend (remainder) since the
division-by-zero guard of PR #4442: only the overflowing quotient of the 32- and 64-bit types is unguarded.
Found by the conformance suite's `mlx:floor_divide` and `mlx:remainder` targets (stablehlo.divide /
remainder on int32; the spec leaves the value open, a dead process is no value). x86-64 only: its idiv traps
on the overflow. Runs each call in a child process; exits 1 while one dies.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: follow-up of https://github.com/ml-explore/mlx/pull/4442
Owner and stage: ml-explore/mlx: CPU backend integer floor_divide / remainder (binary ops: the zero divisor
    is guarded since PR #4442, MIN / -1 reaches x86 idiv); located by experiment: the op returns a lazy
    array, the child dies in mx.eval; int8 and a zero divisor return values
Governing text: MLX docs, mlx.core.floor_divide (https://ml-explore.github.io/mlx/build/html/python/_autosummary/mlx.core.floor_divide.html,
    0.32): 'The quotient a // b'; StableHLO spec divide and Errors section
    (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#errors, v1.0.0): the value of an
    overflowing integer division is implementation-defined, a crash is not a value
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-29: 'mlx floor_divide remainder int32 min -1
    SIGFPE floating point exception integer overflow'; 'ml-explore mlx integer division overflow INT_MIN
    floor_divide crash cpu binary_ops'. Matched: ml-explore/mlx PR #4442 (merged 2026-08-31, 'Fix integer
    div-by-zero crash in CPU backend (sort, scan, binary ops)': zero divisors only), PR #4346 and #4515
    (open, floor_divide rounding), #469 (closed, another question); the same overflow elsewhere:
    pytorch#190042, numpy#21506, google-ai-edge/LiteRT#9189
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


_print_versions("numpy", "mlx")
import subprocess
import sys

CHILD = """
import sys
import mlx.core as mx
import numpy as np

mx.set_default_device(mx.cpu)
op, dtype, a, b = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
y = getattr(mx, op)(mx.array(np.array([a], dtype)), mx.array(np.array([b], dtype)))
print("built (lazy)", flush=True)
mx.eval(y)
print(np.array(y).tolist(), flush=True)
"""
cases = [("floor_divide", "int32", -2**31, -1), ("remainder", "int32", -2**31, -1),
         ("floor_divide", "int64", -2**63, -1), ("remainder", "int64", -2**63, -1),
         ("floor_divide", "int8", -128, -1), ("floor_divide", "int32", 5, 0)]
died = broken = False
for op, dtype, a, b in cases:
    done = subprocess.run([sys.executable, "-c", CHILD, op, dtype, str(a), str(b)], capture_output=True, text=True)
    lines = done.stdout.strip().splitlines()
    what = f"mx.{op} {dtype} {a} by {b}"
    if done.returncode < 0:
        print(f"{what}: process died, exit code {done.returncode} (after {lines[-1] if lines else 'nothing'!r})")
        died = True
    elif done.returncode:
        print(f"{what}: the child failed: {done.stderr.strip()[-200:]}")
        broken = True
    else:
        print(f"{what}: {lines[-1]}")
if not broken:
    print("MIN by -1 kills the process (SIGFPE)" if died else "every call returned a value (fixed)")
sys.exit(2 if broken else 1 if died else 0)
