"""torch.compile(torch.index_select) counts a negative index from the end; eager torch raises
IndexError (index out of range in self), and StableHLO gather clamps it to 0. Exits 1 while the
compiled call returns a value."""
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

x = torch.tensor([False, True])
index = torch.tensor([-1], dtype=torch.int32)
try:
    print("eager   ", torch.index_select(x, 0, index))
except IndexError as e:
    print("eager    raises IndexError:", e)
try:
    print("compiled", torch.compile(lambda x, i: torch.index_select(x, 0, i), dynamic=True)(x, index))
    sys.exit(1)
except (IndexError, RuntimeError) as e:
    print("compiled raises", type(e).__name__)
