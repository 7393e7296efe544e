"""jax: lax.add and lax.mul refuse bool operands, where stablehlo.add/multiply on i1 are logical OR/AND
(lax.max/min take bool). Exits 1 while the behaviour is there."""
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
