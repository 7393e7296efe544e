"""jax / XLA:CPU: a division whose divisor is a compile-time constant (a Python float, or an array
closed over by jit) is computed as x * (1 / c), which is not correctly rounded, for every float type.
The same division with the divisor as an argument is IEEE division. About a third of ordinary
values differ in the last place, in float16, float32 and float64 alike (first seen as float16
65504 / 3.0 giving 21824, IEEE 21840, with the Python float 3.0 as the divisor).
Exits 1 while the behaviour is there, 0 once division by a constant is correctly rounded."""
import os as _os
import sys as _sys


def _could_not_run(kind, value, tb):  # the contract: exit 2 where the script itself could not run
    import traceback

    traceback.print_exception(kind, value, tb)
    print(f"could not run: {kind.__name__}: {value}", flush=True)
    _sys.stderr.flush()
    _os._exit(2)


_sys.excepthook = _could_not_run
import importlib.metadata
import sys

import jax
import numpy as np

jax.config.update("jax_enable_x64", True)
rng = np.random.default_rng(0)
differs = {}
for dtype in (np.float16, np.float32, np.float64):
    x = rng.uniform(1, 100, 4096).astype(dtype)
    c = dtype(3.0)
    by_constant = np.asarray(jax.jit(lambda a: a / c)(x))
    by_argument = np.asarray(jax.jit(lambda a, b: a / b)(x, np.full_like(x, c)))
    ieee = x / c
    differs[dtype.__name__] = (int((by_constant != ieee).sum()), int((by_argument != ieee).sum()))
    print(f"{dtype.__name__}: x / 3.0 with 3.0 a constant differs from IEEE division on {differs[dtype.__name__][0]} "
          f"of {x.size}; as an argument on {differs[dtype.__name__][1]}")
print(f"versions: jax {importlib.metadata.version('jax')}, jaxlib {importlib.metadata.version('jaxlib')}")
sys.exit(1 if any(constant for constant, _ in differs.values()) else 0)
