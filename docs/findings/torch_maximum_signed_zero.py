"""torch: maximum(0.0, -0.0) is -0.0 on float32 tensors (IEEE-754 maximum gives +0.0).
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

got = torch.maximum(torch.zeros(64), torch.full((64,), -0.0))[0].item()  # (a one-element tensor is right)
print(f"maximum(0.0, -0.0) = {got!r} (expected 0.0)")
sys.exit(1 if math.copysign(1, got) < 0 else 0)
