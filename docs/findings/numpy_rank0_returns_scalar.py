"""numpy: a ufunc on rank-0 arrays returns a numpy scalar, not a rank-0 array (an op on rank-0 tensors
must return a rank-0 tensor). Documented numpy behaviour. Exits 1 while it is there.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: documented
Owner and stage: numpy/numpy: ufunc output wrapping (PyArray_Return converts 0-d results to scalars); stage
    not located by experiment
Governing text: numpy docs, ufuncs 'out' (numpy.org/doc/2.4/reference/ufuncs.html): the output array is
    returned 'unless it is zero-dimensional, in which case it is converted to a scalar; this conversion can be
    avoided by passing in out=...'
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'numpy ufunc 0-d array returns scalar
    instead of 0-d array'. Matched: numpy#4563 and #1642 (closed), #6051 (open), #24897 (open, major-release
    idea), PR #28576 (merged, out=... keeps arrays)
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


_print_versions('numpy')
import sys

import numpy as np

got = np.add(np.array(1, np.int8), np.array(2, np.int8))
print(f"np.add(0-d int8, 0-d int8) returned {type(got).__module__}.{type(got).__name__}: {got!r} (expected a 0-d ndarray)")
sys.exit(1 if not isinstance(got, np.ndarray) else 0)
