"""MLX (CPU): a scatter index out of range is written at its unchecked flat position: into another row of
the array (uint16 [[1, 2], [3, 4]], `x.at[:, [2]].multiply([[5], [6]])` gives [[1, 2], [15, 4]]: the
update for row 0, column 2 lands on row 1, column 0; `x[:, [2]] = ...` likewise), and far out of range into
other memory: `mx.put_along_axis` of int8[2] zeros at index 2**31 - 1 (or -2**31) kills the process with
SIGSEGV; in the conformance suite's runs the same writes also ended in glibc's 'corrupted size vs.
prev_size' abort. MLX documents that indexing does no bounds check and that an out-of-bounds index is
undefined behaviour (its reason: no exceptions from the GPU), so this is documented; the record is kept
because a dead process is what the StableHLO spec's scatter (skip an out-of-range update) never gives.
Found by the suite's `mlx:put_along_axis`, `mlx:x[index]=v` and `mlx:at[...]` targets. Runs each call
in a child process; exits 1 while one dies or an out-of-range update lands in another element.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: documented
Owner and stage: ml-explore/mlx: CPU backend scatter (mlx/backend/cpu/indexing.cpp: the index is
    normalised for negatives and used with no range check); by design, per the docs' indexing page
Governing text: MLX docs, Indexing Arrays, 'Differences from NumPy'
    (https://ml-explore.github.io/mlx/build/html/usage/indexing.html, 0.32): 'Indexing does not perform
    bounds checking. Indexing out of bounds is undefined behavior.'; StableHLO spec scatter
    (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#scatter, v1.0.0): an update whose index
    is out of bounds is skipped
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-29: 'mlx out of bounds index segfault
    scatter put_along_axis crash'. Matched: ml-explore/mlx#594 (closed: an out-of-range take gives wrong
    values; a maintainer: 'expected and we will probably not fix it in general'), #4115 and PR #4118 (a
    negative out-of-range axis, not index, fixed), #2167 (put_along_axis abort on empty or axis=None input,
    closed), #2503 (open, .at used without an index)
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
case = sys.argv[1]
if case == "put_along_axis":
    x = mx.zeros((2,), dtype=mx.int8)
    y = mx.put_along_axis(x, mx.array([int(sys.argv[2])], dtype=mx.int32), mx.array([7], dtype=mx.int8), axis=0)
else:
    x = mx.array(np.array([[1, 2], [3, 4]], dtype=np.uint16))
    u = mx.array(np.array([[5], [6]], dtype=np.uint16))
    if case == "at.multiply":
        y = x.at[:, mx.array([2])].multiply(u)
    else:
        x[:, mx.array([2])] = u
        y = x
try:
    print(np.array(y).tolist(), flush=True)
except Exception as e:  # an error is a fine answer here
    print("raised:", type(e).__name__, str(e)[:80], flush=True)
"""
# (what, argv, the spec's result: the out-of-range update skipped)
cases = [("x.at[:, [2]].multiply([[5], [6]]) on uint16 [[1, 2], [3, 4]]", ["at.multiply"], "[[1, 2], [3, 4]]"),
         ("x[:, [2]] = [[5], [6]] on uint16 [[1, 2], [3, 4]]", ["setitem"], "[[1, 2], [3, 4]]"),
         ("mx.put_along_axis(int8[2] zeros, [2**31 - 1], [7])", ["put_along_axis", str(2**31 - 1)], "[0, 0]"),
         ("mx.put_along_axis(int8[2] zeros, [-2**31], [7])", ["put_along_axis", str(-2**31)], "[0, 0]")]
died = misplaced = broken = False
for what, argv, spec in cases:
    done = subprocess.run([sys.executable, "-c", CHILD, *argv], capture_output=True, text=True)
    lines = done.stdout.strip().splitlines()
    if done.returncode < 0:
        tail = done.stderr.strip().splitlines()[-1:] or [""]
        print(f"{what}: process died, exit code {done.returncode} {tail[0][:80]!r}; the spec: {spec}")
        died = True
    elif done.returncode:
        print(f"{what}: the child failed: {done.stderr.strip()[-200:]}")
        broken = True
    else:
        print(f"{what}: {lines[-1]}; the spec: {spec}")
        misplaced |= not lines[-1].startswith("raised") and lines[-1] != spec
if not broken:
    print("an out-of-range update " + ("kills the process" if died else "") + (" and " if died and misplaced else "")
          + ("lands in another element" if misplaced else "") if died or misplaced else "out-of-range updates are skipped or refused")
sys.exit(2 if broken else 1 if died or misplaced else 0)
