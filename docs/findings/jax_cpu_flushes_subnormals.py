"""jax (XLA:CPU): float32 subnormals are flushed to zero: 0 + 1e-45 is 0, and 0 == 1e-45 is True
(IEEE-754 keeps subnormals; float16 keeps them). Exits 1 while the behaviour is there.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: documented
Owner and stage: openxla/xla: XLA:CPU runtime sets flush-to-zero/denormals-are-zero (PJRT CPU client
    ScopedFlushDenormal, LLVM denormal-fp-math); stage from the upstream discussion
Governing text: jax#16200, maintainer: 'This is working as intended: JAX sets the CPU mode' that flushes
    denormals; JAX Sharp Bits (docs.jax.dev) says subnormal semantics differ from NumPy
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'jax CPU denormals flushed to zero
    subnormal float32 XLA'. Matched: jax#16200 (closed, working as intended), #26658 (open), #37670 and #37762
    (closed), openxla/xla#22858 (open feature request for an FTZ flag), PR #35740 (closed)
"""
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
