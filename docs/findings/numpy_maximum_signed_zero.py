"""numpy: np.maximum does not order signed zeros: on float32, maximum(0.0, -0.0) is -0.0 (on float16,
maximum(-0.0, 0.0) is -0.0); IEEE-754 maximum, the StableHLO spec's, gives +0.0 in both orders.
Exits 1 while the behaviour is there."""
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
