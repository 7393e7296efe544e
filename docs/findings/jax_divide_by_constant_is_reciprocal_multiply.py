"""jax / XLA:CPU: a division whose divisor is a compile-time constant (a Python float, or an array
closed over by jit) is computed as x * (1 / c), which is not correctly rounded, for every float type.
The same division with the divisor as an argument is IEEE division. About a third of ordinary
values differ in the last place, in float16, float32 and float64 alike (first seen as float16
65504 / 3.0 giving 21824, IEEE 21840, with the Python float 3.0 as the divisor).
Deliberate in XLA's algebraic simplifier (a speed rewrite), not a new bug: kept as a record of a declared
deviation. Exits 1 while the behaviour is there, 0 once division by a constant is correctly rounded.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: documented
Owner and stage: openxla/xla: HLO algebraic simplifier (divide by a constant rewritten as multiply by its
    reciprocal); located by experiment: XLA_FLAGS=--xla_dump_to shows divide(a, broadcast(3)) in the HLO
    before optimizations and multiply(a, 0.333333343) after
Governing text: Deliberate in XLA: its algebraic simplifier rewrites a division by a constant into a
    multiplication by the reciprocal on purpose (the XLA team's own discussion of precomputing reciprocals,
    tensorflow#24061; jax maintainers treat such rewrites as trading JIT invariance for speed, jax#18507). The
    StableHLO spec divide (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#divide, v1.0.0) asks
    for IEEE division, so the suite keeps the deviation declared (xla.toml, jax.toml)
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'XLA division by constant replaced with
    multiplication by reciprocal not correctly rounded'; 'XLA algebraic simplifier divide by constant multiply
    reciprocal precision jax jit different result'. Matched: nothing on divide-by-constant; openxla/xla PR
    #40844 (closed, the A/sqrt(B) sibling rewrite), tensorflow#24061 (closed 2018, the rewrite's origin),
    openxla/xla#42732 (other simplifier folds); 2026-11-29: 'jax jit division by constant differs from numpy
    multiply reciprocal not correctly rounded'; 'XLA rewrites x / c into x * (1/c) jit result differs from
    eager float32 division by constant'. Matched: tensorflow#24061 (closed, XLA team on precomputing
    reciprocals), jax#18507 (closed, 'working as expected' for a rewrite that changes results under jit),
    jax#25601 (open, a user's jit-vs-numpy division difference), jax PR #19163 (open; a maintainer agrees that
    x * (1/y) is a fair trade for .at[].divide), EnzymeAD/Enzyme-JAX#1078 (copies the rewrite because 'XLA
    does it'). jax#11014, listed as related by the audit (issue 62), was not returned by these queries
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
