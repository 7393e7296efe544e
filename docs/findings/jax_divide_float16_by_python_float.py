"""jax with x64 enabled: a float16 array divided by a Python float is not correctly rounded:
65504 / 3.0 gives 21824 (IEEE division: 21840). Exits 1 while the behaviour is there."""
import sys

import jax
import jax.numpy as jnp
import numpy as np

with jax.enable_x64(True):
    x = jax.device_put(np.array([65504.0, 3.0], np.float16))
    got = np.asarray(jnp.divide(x, 3.0)), np.asarray(jnp.divide(x, 2.5))
want = (np.array([65504.0, 3.0], np.float16) / np.float16(3.0), (np.array([65504.0, 3.0], np.float32) / 2.5).astype(np.float16))
print(f"float16 [65504, 3] / 3.0 = {got[0]} (expected {want[0]}); / 2.5 = {got[1]} (expected {want[1]})")
sys.exit(1 if not (np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])) else 0)
