"""XLA (CPU, through jax): dynamic_update_slice computes the clamp bound dim - update size in the start
index's own integer type, so a narrow start type overflows. bool[257] zeros, update [True], a uint8 start
of 128: the spec writes at 128 (128 <= 257 - 1), XLA writes at 0 (256 wraps to 0 in uint8). int32[129]
zeros, update [1], an int8 start of 0: the bound 128 wraps to -128 and the update is written 128 elements
before the buffer (the result stays all zeros); with start 5, repeated, the heap is corrupted and the
process aborts (SIGABRT; the message varies: 'free(): corrupted unsorted chunks', a Mutex check). An int16 or int64 start is right.
lax.dynamic_update_slice(..., allow_negative_indices=False) passes the start to stablehlo.dynamic_update_slice
unchanged (the default form first wraps a negative start by adding dim, in the same type). Runs each case
in a child process; exits 1 while a result is wrong or a child dies or hangs (180 s).

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: openxla/xla: XLA:CPU code generation of dynamic-update-slice (the start is clamped to
    [0, dim - update size] with the bound computed in the start's element type); located by experiment:
    jax.jit(...).lower() shows stablehlo.dynamic_update_slice with the tensor<i8>/tensor<ui8> start, the
    same values with an int16 or int64 start are right, and dynamic_slice reads the same cases right (its
    sibling bug, a uint8 start of dynamic_slice, was fixed in 2023: openxla/xla#4491)
Governing text: StableHLO spec dynamic_update_slice
    (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#dynamic_update_slice, v1.0.0):
    'adjusted_start_indices = clamp(0, start_indices, shape(operand) - shape(update))', the bound an exact
    value; start indices may be any integer type; jax docs, jax.lax.dynamic_update_slice (jax 0.10.2): the
    indices are clamped so the update fits
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-29: 'XLA dynamic_update_slice start index
    int8 uint8 clamp overflow writes out of bounds CPU'. Matched: nothing for dynamic_update_slice;
    openxla/xla#4491 (closed 2023, dynamic_slice with a uint8 index read the wrong element, fixed by an XLA
    commit) and jax#6122 (closed, the same for dynamic_slice), openxla/xla#49120, #49118 and #49121 (open,
    other unclamped DUS offsets on GPU, SPMD and in the algebraic simplifier), jax#21392 (jax-metal)
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


_print_versions('numpy', 'jax', 'jaxlib')
import subprocess
import sys

CHILD = """
import sys
import numpy as np
import jax
from jax import lax

n, dtype, start, start_dtype, repeat = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
x, u = np.zeros(n, dtype), np.ones(1, dtype)
f = jax.jit(lambda x, u, s: lax.dynamic_update_slice(x, u, (s,), allow_negative_indices=False))
for _ in range(repeat):
    out = np.asarray(f(x, u, np.array(start, start_dtype)))
print(np.flatnonzero(out).tolist(), flush=True)
"""
cases = [(257, "bool", 128, "uint8", 1), (257, "bool", 128, "int16", 1), (129, "int32", 0, "int8", 1),
         (129, "int32", 0, "int16", 1), (129, "int32", 5, "int8", 20)]
wrong = broken = False
for n, dtype, start, start_dtype, repeat in cases:
    what = f"{dtype}[{n}] zeros, update [1], {start_dtype} start {start}" + (f", {repeat} calls" if repeat > 1 else "")
    spec = [min(start, n - 1)]
    try:  # a corrupted heap can also leave the child waiting on a lock for ever
        done = subprocess.run([sys.executable, "-c", CHILD, str(n), dtype, str(start), start_dtype, str(repeat)],
                              capture_output=True, text=True, timeout=180)
    except subprocess.TimeoutExpired:
        print(f"{what}: process hung (no answer in 180 s, after writing outside its buffer); the spec writes at {spec}")
        wrong = True
        continue
    if done.returncode < 0:
        tail = done.stderr.strip().splitlines()[-1:] or [""]
        print(f"{what}: process died, exit code {done.returncode} ({tail[0][:80]}); the spec writes at {spec}")
        wrong = True
    elif done.returncode:
        print(f"{what}: the child failed: {done.stderr.strip()[-200:]}")
        broken = True
    else:
        got = eval(done.stdout.strip())
        print(f"{what}: written at {got}; the spec writes at {spec}")
        wrong |= got != spec
sys.exit(2 if broken else 1 if wrong else 0)
