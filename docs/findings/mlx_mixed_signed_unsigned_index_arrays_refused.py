"""MLX: indexing with a signed and a uint64 index array together is refused: x = mx.array([[0, 1]]),
`x[mx.array([0]), mx.array([1], dtype=mx.uint64)]` raises 'ValueError: [gather] Got indices with invalid
dtype. Indices must be integral.': the two index arrays are broadcast to a common type first, and MLX's
promotion of int64 (or int32) with uint64 is float32. NumPy gives [1]; int64 with uint32, or uint64 with
uint64, work in MLX too. Found by the conformance suite's `mlx:gather_nd` target (a batching-dims gather
with uint64 indices, written as x[arange(n), idx]). Exits 1 while the index is refused.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: ml-explore/mlx: the Python front end's array indexing (python/src/indexing.cpp, the index
    arrays broadcast and promoted together before the gather: mx.result_type(int64, uint64) is float32);
    located by experiment: every pair that promotes to an integer type works, the pairs of a signed type
    with uint64 raise while the gather is built
Governing text: MLX docs, Indexing Arrays (https://ml-explore.github.io/mlx/build/html/usage/indexing.html,
    0.32): 'You can also use an array to index another array' and mixing index kinds 'works just as in
    NumPy'; MLX docs, Data Types: uint64 is an integer type
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-29: 'mlx indexing int64 and uint64 index
    arrays Indices must be integral gather invalid dtype'. Matched: nothing in ml-explore/mlx on mixed index
    types; #534 (open, uint32 results of argmax), PR #3210 and #4388 (merged, __index__ support), other
    projects' uint64 index issues (arkouda#1210, xarray#1405)
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
import sys

import mlx.core as mx
import numpy as np

mx.set_default_device(mx.cpu)
x = np.array([[0, 1]], np.int8)
refused = False
for first, second in (("int64", "uint64"), ("int32", "uint64"), ("int64", "uint32"), ("uint64", "uint64")):
    i, j = np.array([0], first), np.array([1], second)
    what = f"x[{first} [0], {second} [1]] on [[0, 1]]"
    try:
        got = np.array(mx.array(x)[mx.array(i), mx.array(j)]).tolist()
        print(f"{what}: {got} (NumPy: {x[i, j].tolist()})")
    except Exception as e:  # the bug: refused
        print(f"{what}: raised {type(e).__name__}: {e} (NumPy: {x[i, j].tolist()})")
        refused = True
print("a signed index array beside a uint64 one is refused" if refused else "every pair is taken (fixed)")
sys.exit(1 if refused else 0)
