"""jax: lax.add and lax.mul refuse bool operands, where stablehlo.add/multiply on i1 are logical OR/AND
(lax.max/min take bool). Exits 1 while the behaviour is there.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: documented
Owner and stage: jax-ml/jax: lax.add/lax.mul dtype rules (jax API, before lowering)
Governing text: jax docs, jax.lax.add docstring (jax 0.10.2): 'x, y: Input arrays. Must have matching
    numerical dtypes'; bool is not numerical here (the error says: accepted integer, floating,
    complexfloating)
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'jax lax.add bool operands TypeError
    boolean addition'. Matched: jax PR #21888 ('lax.mul: accept boolean inputs', merged, yet lax.mul refuses
    bool in 0.10.2), PR #1872 (jnp.add bool), openxla/stablehlo#2630 (OR vs XOR for i1 add)
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
from jax import lax

try:
    got = lax.add(jnp.array([True, False]), jnp.array([True, False]))
    print(f"lax.add(bool) = {got} (expected [True, False])")
    sys.exit(0)
except TypeError as e:
    print(f"lax.add(bool) raised TypeError: {e}")
    sys.exit(1)
