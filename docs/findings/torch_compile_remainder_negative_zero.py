"""torch.compile(torch.remainder)(-0.0, 1.0) on a float16 tensor is +0.0; eager torch gives -0.0 (the
dividend's sign, as IEEE-754 and StableHLO remainder keep it). Exits 1 while they differ."""
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
import sys

import torch

x = torch.tensor([-0.0] * 9, dtype=torch.float16)
y = torch.ones(9, dtype=torch.float16)
eager = torch.remainder(x, y)
compiled = torch.compile(torch.remainder, dynamic=True)(x, y)
print("eager sign bits   ", torch.signbit(eager).tolist(), "\ncompiled sign bits", torch.signbit(compiled).tolist())
sys.exit(0 if torch.equal(torch.signbit(eager), torch.signbit(compiled)) else 1)
