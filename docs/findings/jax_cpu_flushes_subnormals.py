"""jax (XLA:CPU): float32 subnormals are flushed to zero: 0 + 1e-45 is 0, and 0 == 1e-45 is True
(IEEE-754 keeps subnormals; float16 keeps them). Exits 1 while the behaviour is there."""
import sys

import jax.numpy as jnp
import numpy as np

tiny = np.finfo(np.float32).smallest_subnormal
total = float(jnp.add(jnp.zeros(1, jnp.float32), jnp.full(1, tiny, jnp.float32))[0])
equal = bool(jnp.equal(jnp.zeros(1, jnp.float32), jnp.full(1, tiny, jnp.float32))[0])
print(f"0 + {tiny!r} = {total!r} (expected {tiny!r}); 0 == {tiny!r}: {equal} (expected False)")
sys.exit(1 if total == 0.0 or equal else 0)
