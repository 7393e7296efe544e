"""jax (XLA:CPU): float32 subnormals are flushed to zero: 0 + 1e-45 is 0, and 0 == 1e-45 is True
(IEEE-754 keeps subnormals; float16 keeps them). Exits 1 while the behaviour is there."""
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
import numpy as np

tiny = np.finfo(np.float32).smallest_subnormal
total = float(jnp.add(jnp.zeros(1, jnp.float32), jnp.full(1, tiny, jnp.float32))[0])
equal = bool(jnp.equal(jnp.zeros(1, jnp.float32), jnp.full(1, tiny, jnp.float32))[0])
print(f"0 + {tiny!r} = {total!r} (expected {tiny!r}); 0 == {tiny!r}: {equal} (expected False)")
sys.exit(1 if total == 0.0 or equal else 0)
