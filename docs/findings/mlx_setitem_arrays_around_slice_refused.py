"""MLX: an indexed update whose index arrays are separated by a slice and followed by one is refused:
x = mx.zeros((2, 3, 2, 4)), `x[mx.array([0]), :, mx.array([1]), :] = mx.ones((1, 3, 4))` raises
'ValueError: [reshape] Cannot reshape array of size 4 into shape (1,1)', and `x.at[...].add(...)` too,
although reading `x[i, :, j, :]` works and gives shape (1, 3, 4) as in NumPy. Without the trailing slice
(a [2, 3, 2] array, `x[i, :, j]`) the update works; 0-d index arrays fail the same way. Found by the
conformance suite's `mlx:x[index]=v` and `mlx:at[index].*` targets (stablehlo.scatter whose index
vector addresses dims 0 and 2 of a rank-4 input). Exits 1 while the update is refused.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: follow-up of https://github.com/ml-explore/mlx/issues/937
Owner and stage: ml-explore/mlx: the Python front end's index-update lowering (python/src/indexing.cpp:
    the update is reshaped for the scatter as if the index dims were adjacent); located by experiment: the
    same index reads fine, the update raises while it is built (before eval), and only with a slice both
    between and after the index arrays
Governing text: MLX docs, Indexing Arrays (https://ml-explore.github.io/mlx/build/html/usage/indexing.html,
    0.32): 'Mixing and matching integers, slice, ..., and array indices works just as in NumPy', in-place
    updates included; NumPy puts the broadcast index dims first when the index arrays are not adjacent
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-29: 'mlx setitem advanced indices separated
    by slice trailing slice Cannot reshape array into shape (1,1)'. Matched: ml-explore/mlx#937 (closed 2024,
    'array indexing produces Cannot reshape array of size 3 into shape (1,1)' for a[i, ..., ::2, :] = 1: the
    same message and code path, fixed for that strided case), #4358 (open, setitem with an Ellipsis), #1148
    (closed, list indices)
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
S = slice(None)
# (array shape, index: "A" an index array [k], "S" a full slice, update shape, the k of each index)
cases = [((2, 3, 2, 4), "ASAS", (1, 3, 4), (0, 1)), ((2, 1, 2, 2), "ASAS", (1, 1, 2), (0, 1)),
         ((2, 3, 2, 4, 5), "ASASS", (1, 3, 4, 5), (0, 1)),
         ((2, 3, 2), "ASA", (1, 3), (0, 1))]  # no trailing slice, for comparison
refused = wrong = False
for shape, form, ushape, ks in cases:
    it = iter(ks)
    np_index = tuple(np.array([next(it)]) if c == "A" else S for c in form)
    mx_index = tuple(mx.array(i) if isinstance(i, np.ndarray) else i for i in np_index)
    x = np.zeros(shape, np.float32)
    u = np.arange(1, 1 + int(np.prod(ushape)), dtype=np.float32).reshape(ushape)
    expected = x.copy()
    expected[np_index] = u
    what = f"x = zeros({shape}); x[{', '.join('[k]' if c == 'A' else ':' for c in form)}] = v of {ushape}"
    read = tuple(mx.array(x)[mx_index].shape)
    try:
        m = mx.array(x)
        m[mx_index] = mx.array(u)
        same = np.array_equal(np.array(m), expected)
        print(f"{what}: {'as NumPy' if same else 'differs from NumPy'} (the read x[...] has shape {read})")
        wrong |= not same
    except Exception as e:  # the bug: refused
        print(f"{what}: raised {type(e).__name__}: {e} (the read x[...] has shape {read}, NumPy's {expected[np_index].shape})")
        refused |= form.endswith("S")
print("an update through index arrays around a slice is refused" if refused else
      "a wrong value" if wrong else "every update is taken, as NumPy (fixed)")
sys.exit(1 if refused or wrong else 0)
