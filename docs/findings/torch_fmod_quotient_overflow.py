"""torch: fmod(1, 9.18355e-41) on bfloat16 is NaN (x / y overflows); the exact remainder is 0.
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


_print_versions('numpy', 'torch')
import math
import sys

import torch

x = torch.full((64,), 1.0, dtype=torch.bfloat16)  # (one element takes the scalar path, which is right)
y = torch.full((64,), 9.18355e-41, dtype=torch.bfloat16)
got = torch.fmod(x, y)[0].item()
print(f"fmod(1, {y[0].item()!r}) on bfloat16 = {got!r} (expected 0.0)")
sys.exit(1 if math.isnan(got) else 0)
