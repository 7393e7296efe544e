"""jax: lax.add and lax.mul refuse bool operands, where stablehlo.add/multiply on i1 are logical OR/AND
(lax.max/min take bool). Exits 1 while the behaviour is there."""
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


_print_versions('numpy', 'jax', 'jaxlib')
import sys

import jax.numpy as jnp
from jax import lax

try:
    got = lax.add(jnp.array([True, False]), jnp.array([True, False]))
    print(f"lax.add(bool) = {got} (expected [True, False])")
    sys.exit(0)
except TypeError as e:
    print(f"lax.add(bool) raised TypeError: {e}")
    sys.exit(1)
