"""MLX: an indexed update with an empty index array into an array that has a zero-size dim before its
last one is refused: x = mx.zeros((0, 3)), `x.at[mx.array([], mx.int32)].add(mx.zeros((0, 3)))` and
`x[idx] = ...` raise 'ValueError: [scatter] Updates with shape (0,1,3) are too large for array with shape
(0,3)'; x = mx.zeros((0, 1)) with `x.at[:, idx]` likewise. NumPy takes both (nothing is written), and so
does MLX where the zero-size dim is the last one (x = mx.zeros((3, 0))) or no dim is empty. Found by the
conformance suite's `mlx:at[axis]` and `mlx:at[index].multiply` targets (stablehlo.scatter with no update
elements: the spec's result is the input). Exits 1 while such an update is refused.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: ml-explore/mlx: scatter's shape check when the op is built (mlx/ops.cpp: the update slice
    has size 1 on each indexed axis, which is 'too large' for an axis of size 0 even when there are no
    updates); located by experiment: the ValueError is raised by x.at[...].add itself, before any eval,
    and only where a zero-size dim is not the last
Governing text: MLX docs, Indexing Arrays (https://ml-explore.github.io/mlx/build/html/usage/indexing.html,
    0.32): 'indexing an MLX array works the same as indexing a NumPy ndarray', in-place updates included;
    StableHLO spec scatter (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#scatter, v1.0.0):
    with no update elements, results = inputs
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-29: 'mlx "[scatter] Updates with shape"
    "are too large for array with shape" empty index'; 'mlx scatter empty array zero size dimension floating
    point exception SIGFPE at add'. Matched: nothing on the scatter check; ml-explore/mlx PR #4165 (merged,
    'Fix diag for zero-size input': the same '[scatter] Updates with shape (0,1,1) are too large for array
    with shape (0,0)' message, worked around in diag only), #1807 (closed, put_along_axis shape check) and
    #937 (closed, setitem reshape error), other shape checks
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
empty = np.zeros(0, dtype=np.int32)
# (what, array shape, index with `E` for the empty index array, update shape)
cases = [("x.at[E].add", (0, 3), ("E",), (0, 3)), ("x.at[:, E].add", (0, 1), (":", "E"), (0, 0)),
         ("x.at[E, :, E].add", (1, 0, 1), ("E", ":", "E"), (0, 0)),
         ("x.at[E].add (the zero-size dim last, for comparison)", (3, 0), ("E",), (0, 0)),
         ("x.at[E].add (no zero-size dim, for comparison)", (2, 3), ("E",), (0, 3))]
refused = False
for what, shape, index, update in cases:
    mx_index = tuple(mx.array(empty) if i == "E" else slice(None) for i in index)
    np_index = tuple(empty if i == "E" else slice(None) for i in index)
    expected = np.zeros(shape, np.float32)
    expected[np_index] += np.zeros(update, np.float32)  # NumPy: nothing written, x unchanged
    try:
        got = mx.zeros(shape).at[mx_index].add(mx.zeros(update))
        mx.eval(got)
        result = f"shape {tuple(got.shape)} (NumPy: {expected.shape})"
    except Exception as e:  # the bug: refused
        result = f"raised {type(e).__name__}: {e}"
        refused |= "comparison" not in what
    print(f"x = zeros({shape}); {what}(zeros({update})): {result}")
print("an update with nothing to write is refused where a zero-size dim is not the last" if refused
      else "every empty update is taken (fixed)")
sys.exit(1 if refused else 0)
