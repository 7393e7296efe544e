"""MLX (CPU): `mx.slice` and `mx.slice_update` with an int32 start of -1 in their `start_indices` array kill
the process (SIGSEGV) when the result is evaluated: `mx.slice(mx.arange(10), mx.array([-1]), axes=(0,),
slice_size=(3,))` dies, and so does `mx.slice_update` of a [10] array at start -1. The same -1 as an int64
start reads the element before the array ([0, 0, 1]), and as an int8 start it returns values from far outside
it (a negative start is not extended the same way per index type). A start past the end reads or writes outside the array too: the slice at start 8 of size 3 returns a third element that is
not in the array. Neither clamps the start (as XLA's dynamic_slice, which these ops mirror, and the StableHLO
spec do) nor raises. Found by the conformance suite's `mlx:slice` and `mlx:slice_update` targets
(stablehlo.dynamic_slice / dynamic_update_slice). Runs each call in a child process; exits 1 while one dies
or reads past the array.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: follow-up of https://github.com/ml-explore/mlx/pull/3917
Owner and stage: ml-explore/mlx: CPU backend dynamic slice (the start array becomes a flat offset with no
    range check; a negative one reaches the copy as a huge offset); located by experiment: mx.slice and
    mx.slice_update return a lazy array, the child dies only in mx.eval; the start's index type decides
    where -1 lands (int32: the process dies, int64: one element before the array, int8: far outside it)
Governing text: MLX docs, mlx.core.slice and mlx.core.slice_update
    (https://ml-explore.github.io/mlx/build/html/python/_autosummary/mlx.core.slice.html, 0.32): 'Extract a
    sub-array from the input array' at 'the index location to start the slice at'; silent on a start out of
    range; StableHLO spec dynamic_slice (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#dynamic_slice,
    v1.0.0): 'adjusted_start_indices = clamp(0, start_indices, shape(operand) - slice_sizes)'. MLX's
    indexing page calls out-of-bounds indexing undefined behaviour; a dead process on a start of -1 is
    still no answer
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-29: 'mlx mx.slice dynamic start_indices out
    of bounds clamp slice_update'; 'Clamp the runtime start in slice and slice_update so the window stays in
    bounds review comment'. Matched: ml-explore/mlx PR #3917 ('Clamp the runtime start in slice and
    slice_update so the window stays in bounds', closed; it names the unchecked offset and a signedness bug
    in the CPU offset path; not in mlx 0.32.4), PR #1741 (merged 2024, the dynamic slice ops), #4399 (open,
    mixed slice and fancy indexing with out-of-range slice bounds: another path)
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
op, start, dtype = sys.argv[1], int(sys.argv[2]), sys.argv[3]
x = mx.arange(10, dtype=mx.int32)
s = mx.array([start], dtype=getattr(mx, dtype))
try:
    if op == "slice":
        y = mx.slice(x, s, axes=(0,), slice_size=(3,))
    else:
        y = mx.slice_update(x, mx.array([70, 80, 90], dtype=mx.int32), s, axes=(0,))
    print("built (lazy)", flush=True)
    mx.eval(y)
    print(np.array(y).tolist(), flush=True)
except Exception as e:  # an error is a fine answer here
    print("raised:", type(e).__name__, str(e)[:80], flush=True)
"""
# (op, start, start dtype, the spec's result: the start clamped into [0, 10 - 3])
cases = [("slice", -1, "int32", [0, 1, 2]), ("slice", -1, "int8", [0, 1, 2]), ("slice", -1, "int64", [0, 1, 2]),
         ("slice_update", -1, "int32", [70, 80, 90, 3, 4, 5, 6, 7, 8, 9]),
         ("slice", 8, "int32", [7, 8, 9]), ("slice_update", 8, "int32", [0, 1, 2, 3, 4, 5, 6, 70, 80, 90])]
died = outside = broken = False
for op, start, dtype, spec in cases:
    done = subprocess.run([sys.executable, "-c", CHILD, op, str(start), dtype], capture_output=True, text=True)
    lines = done.stdout.strip().splitlines()
    what = f"mx.{op} of arange(10) int32 at {dtype} start {start} (size 3)"
    if done.returncode < 0:
        print(f"{what}: process died, exit code {done.returncode} (after {lines[-1] if lines else 'nothing'!r}); "
              f"the spec: {spec}")
        died = True
    elif done.returncode:
        print(f"{what}: the child failed: {done.stderr.strip()[-200:]}")
        broken = True
    else:
        last = lines[-1]
        print(f"{what}: {last}; the spec: {spec}")
        if op == "slice" and not last.startswith("raised") and last != str(spec):
            outside = True  # read past the array (neither clamped nor refused)
if not broken:
    print("; ".join(s for s in ("a start of -1 kills the process" if died else "",
                                "a start past the end reads past the array" if outside else "") if s)
          or "starts are clamped or refused (fixed)")
sys.exit(2 if broken else 1 if died or outside else 0)
