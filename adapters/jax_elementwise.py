"""jax's elementwise ops (``lax`` and ``jnp``) as ``mlir.scalarization`` targets (part of backend
``jax``); the scalar form runs on 0-d arrays. Calls run with 64-bit types enabled."""
from __future__ import annotations

import numpy as np

from conformance.adapters.elementwise_ops import make_targets
from conformance.adapters.jax_common import put, run


def _lax() -> dict:
    from jax import lax

    return {"negate": lax.neg, "abs": lax.abs, "add": lax.add, "subtract": lax.sub, "multiply": lax.mul,
            "divide": lax.div, "remainder": lax.rem, "maximum": lax.max, "minimum": lax.min,
            "and": lax.bitwise_and, "or": lax.bitwise_or, "xor": lax.bitwise_xor, "shift_left": lax.shift_left,
            "shift_right": lax.shift_right_arithmetic, "compare_lt": lax.lt, "compare_eq": lax.eq,
            "select": lax.select}


def _jnp() -> dict:
    import jax.numpy as jnp

    return {"negate": jnp.negative, "abs": jnp.abs, "add": jnp.add, "subtract": jnp.subtract,
            "multiply": jnp.multiply, "divide": jnp.divide, "remainder": jnp.remainder, "maximum": jnp.maximum,
            "minimum": jnp.minimum, "and": jnp.bitwise_and, "or": jnp.bitwise_or, "xor": jnp.bitwise_xor,
            "shift_left": jnp.left_shift, "shift_right": jnp.right_shift, "compare_lt": jnp.less,
            "compare_eq": jnp.equal, "select": jnp.where}


def _in_x64(table):
    return lambda: {k: (lambda f: lambda *a: run(lambda: f(*a)))(f) for k, f in table().items()}


def _source(module: str, table):
    def source(op: str, arrays) -> tuple:
        from conformance.adapters.repro_code import JAX, JNP

        return JAX, [f"f = {module}.{table()[op].__name__}"], JNP
    return source


LAX_TARGETS = make_targets("jax", "lax", _in_x64(_lax), put, lambda x: x, source=_source("lax", _lax))
JNP_TARGETS = make_targets("jax", "jnp", _in_x64(_jnp), put, lambda x: x, source=_source("jnp", _jnp))


def divide_by_reciprocal(case):
    """Declaration model (jax.toml): a float16 array divided by a Python float is multiplied by the
    float16 reciprocal of the constant (the product rounded once from float32)."""
    return _by_reciprocal(case, flush=False)


def divide_by_flushed_reciprocal(case):
    """Declaration model (jax.toml): as ``divide_by_reciprocal``, with a subnormal reciprocal flushed to
    zero (XLA's CPU code runs with denormals flushed: bfloat16 x / 3.39e38 gives 0)."""
    return _by_reciprocal(case, flush=True)


def divide_by_own_reciprocal(case):
    """Declaration model (jax.toml): with a constant divisor XLA multiplies by its reciprocal, rounded in
    the operands' own type (float64: 3.0 / 2.5 gives 3.0 * 0.4 = 1.2000000000000002)."""
    return _by_own_reciprocal(case, flush=False)


def divide_by_own_flushed_reciprocal(case):
    """As ``divide_by_own_reciprocal``, a subnormal reciprocal flushed to zero (float64 2.5 / 1.8e308
    gives 0: the reciprocal 5.6e-309 is subnormal)."""
    return _by_own_reciprocal(case, flush=True)


def _by_own_reciprocal(case, flush: bool):
    from conformance.judging.models import _flush

    lhs, rhs = case.arrays["lhs"], case.arrays["rhs"]
    with np.errstate(all="ignore"):
        reciprocal = np.ones((), lhs.dtype) / rhs.astype(lhs.dtype)
        return lhs * (_flush(np.asarray(reciprocal)) if flush else reciprocal)


def _by_reciprocal(case, flush: bool):
    from conformance.judging.models import _flush

    lhs, rhs = case.arrays["lhs"], case.arrays["rhs"]
    with np.errstate(all="ignore"):
        reciprocal = (np.float32(1) / rhs.astype(np.float32)).astype(lhs.dtype)
        if flush:
            reciprocal = _flush(np.asarray(reciprocal))
        return (lhs.astype(np.float32) * reciprocal.astype(np.float32)).astype(lhs.dtype)
