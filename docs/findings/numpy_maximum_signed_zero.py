"""numpy: np.maximum does not order signed zeros: on float32, maximum(0.0, -0.0) is -0.0 (on float16,
maximum(-0.0, 0.0) is -0.0); IEEE-754 maximum, the StableHLO spec's, gives +0.0 in both orders.
Exits 1 while the behaviour is there.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/numpy/numpy/issues/26746
Owner and stage: numpy/numpy: maximum ufunc inner loops (SIMD loops per dtype order signed zeros differently);
    stage not located by experiment
Governing text: numpy docs, numpy.maximum (numpy.org/doc/2.4): 'equivalent to np.where(x1 >= x2, x1, x2) when
    neither x1 nor x2 are nans' (float32 maximum(0.0, -0.0) = -0.0 contradicts even that); the Array API
    leaves the order of signed zeros unspecified
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'numpy maximum signed zero -0.0 0.0 order
    dependent float16 float32'. Matched: numpy#26746 (open, proposal to make np.minimum/maximum order -0 < +0
    as IEEE 754-2019), PR #32341 (closed), data-apis/array-api#707 (signed zeros unspecified)
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

results = {}
for dt in (np.float16, np.float32):
    for a, b in ((-0.0, 0.0), (0.0, -0.0)):
        results[(dt.__name__, repr(a), repr(b))] = np.maximum(np.array([a], dt), np.array([b], dt))[0]
for (name, a, b), got in results.items():
    print(f"{name}: maximum({a}, {b}) = {got!r} (spec: 0.0)")
sys.exit(1 if any(np.signbit(v) for v in results.values()) else 0)
