"""MLX (CPU, x86-64): a scatter into an array whose un-indexed dims hold a zero-size dim kills the process
with SIGFPE when it is evaluated: x = mx.zeros((1, 0)), `x.at[mx.array([0])].add(mx.zeros((1, 0)))` and
`x[mx.array([0])] = mx.zeros((1, 0))` die, with an in-range index and nothing to write. The same shapes
through `mx.take` and `mx.put_along_axis` return the empty result. Found by the conformance suite's
`mlx:at[index].add` target (stablehlo.scatter on int8[1, 0]). x86-64 only: its integer divide traps on a
zero divisor (AArch64 returns 0, which is why Apple silicon would not show it). Runs each call in a child
process; exits 1 while one dies.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: ml-explore/mlx: CPU backend scatter (mlx/backend/cpu/indexing.cpp, scatter: update_size
    is 0 and the updates' ContiguousIterator is seeked over a shape with a zero dim, an integer division by
    zero); located by experiment: x.at[...] returns a lazy array, the child dies only in mx.eval; take and
    put_along_axis (another primitive) of the same shapes return (1, 0)
Governing text: MLX docs, Indexing Arrays (https://ml-explore.github.io/mlx/build/html/usage/indexing.html,
    0.32): indexing 'works the same as indexing a NumPy ndarray' and in-place updates are supported (NumPy
    gives x unchanged); StableHLO spec scatter (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#scatter,
    v1.0.0): with no update elements, results = inputs
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-29: 'mlx scatter empty array zero size
    dimension floating point exception SIGFPE at add'; 'mlx setitem scatter zero-size update floating point
    exception x86 linux ContiguousIterator'. Matched: nothing on scatter; the same x86 division by a zero
    size elsewhere in MLX: PR #4340 (merged, 'Fix scan and sort for a zero-size axis': cumsum and sort
    SIGFPE on x86-64), #2166 (closed, hadamard_transform on an empty array), PR #4165 (merged, diag on a
    zero-size input: a scatter error)
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
    print(", ".join(found + [f"Python {platform.python_version()}", platform.platform(), platform.machine()]),
          flush=True)


_print_versions("numpy", "mlx")
import subprocess
import sys

CHILD = """
import sys
import mlx.core as mx

mx.set_default_device(mx.cpu)
case, dtype = sys.argv[1], getattr(mx, sys.argv[2])
x = mx.zeros((1, 0), dtype=dtype)
i = mx.array([0])
if case == "at.add":
    y = x.at[i].add(mx.zeros((1, 0), dtype=dtype))
elif case == "setitem":
    x[i] = mx.zeros((1, 0), dtype=dtype)
    y = x
elif case == "take":
    y = mx.take(x, i, axis=0)
else:
    y = mx.put_along_axis(x, mx.zeros((1, 0), dtype=mx.int32), mx.zeros((1, 0), dtype=dtype), axis=0)
print("built (lazy)", flush=True)
mx.eval(y)
print("shape", tuple(y.shape), flush=True)
"""
cases = [("x.at[[0]].add(zeros((1, 0)))", "at.add", "int8"), ("x.at[[0]].add(zeros((1, 0)))", "at.add", "float32"),
         ("x[[0]] = zeros((1, 0))", "setitem", "float32"),
         ("mx.take(x, [0], axis=0) (for comparison)", "take", "float32"),
         ("mx.put_along_axis(x, zeros((1, 0)), ...) (for comparison)", "put_along_axis", "float32")]
died = broken = False
for what, case, dtype in cases:
    done = subprocess.run([sys.executable, "-c", CHILD, case, dtype], capture_output=True, text=True)
    lines = done.stdout.strip().splitlines()
    what = f"x = zeros((1, 0), {dtype}); {what}"
    if done.returncode < 0:
        print(f"{what}: process died, exit code {done.returncode} (after {lines[-1] if lines else 'nothing'!r}); "
              "NumPy and the spec: x unchanged, shape (1, 0)")
        died = True
    elif done.returncode:
        print(f"{what}: the child failed: {done.stderr.strip()[-200:]}")
        broken = True
    else:
        print(f"{what}: {lines[-1]}")
if not broken:
    print("a scatter into zeros((1, 0)) kills the process (SIGFPE)" if died else "every call returned (fixed)")
sys.exit(2 if broken else 1 if died else 0)
