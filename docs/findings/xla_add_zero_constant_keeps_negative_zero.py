"""jax / XLA:CPU: an addition whose operand is a compile-time constant of zeros (an array closed over by
jit) drops the constant (StableHLO's simplification add(X, 0) -> X,
run during the StableHLO->HLO conversion, not XLA's algebraic simplifier): x + 0 and 0 + x give x, and x - (-0.0) gives x. IEEE-754 addition gives +0.0
for -0.0 + 0.0 (and for -0.0 - (-0.0)), so the result's sign of zero is wrong; for complex numbers a
-0.0 part stays (0j + (1-0j) gives 1-0j, IEEE: 1+0j). The same values as arguments add correctly, and
a constant that is not all zeros is not dropped. Found 2026-11-26 by the suite's constants dimension
(the nightly report, jax:lax.add and xla:pjrt[add] on complex64 rank-0 cases).
Exits 1 while the behaviour is there, 0 once x + 0 with a constant zero is IEEE addition.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: openxla/stablehlo: StableHLO->HLO conversion, simplification pattern add(X, 0) -> X (added by
    PR #2608), not XLA's algebraic simplifier; located by experiment: jit(f).lower(x).as_text() still has
    stablehlo.add, but the HLO dumped before XLA's optimizations (XLA_FLAGS=--xla_dump_to) is just the
    parameter
Governing text: StableHLO spec add (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#add,
    v1.0.0): 'For floats: addition from IEEE-754': -0.0 + 0.0 is +0.0
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'stablehlo add zero fold x + 0 negative
    zero sign'; 'stablehlo aggressive simplification add zero constant removed -0.0 IEEE legalize to HLO'.
    Matched: openxla/stablehlo PR #2608 (merged 2024, added 'add(X, 0) -> X'), #2633 (closed, and/or folds);
    llvm-project PR #212751 (the same bug fixed for mlir complex.add); no report for stablehlo.add
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
wrong = 0
for dtype in (np.float32, np.float64, np.complex64, np.complex128):
    zeros = np.zeros(3, dtype)
    x = np.array([-0.0, 1.0, -0.0], dtype)
    if np.issubdtype(dtype, np.complexfloating):
        x = np.array([complex(-0.0, -0.0), complex(1.0, -0.0), complex(-0.0, 0.0)], dtype)
    ieee = x + zeros
    folded = np.asarray(jax.jit(lambda a: a + zeros)(x))  # zeros: a constant of the program
    arguments = np.asarray(jax.jit(lambda a, b: a + b)(x, zeros))
    sign = np.signbit(ieee.real) != np.signbit(folded.real)
    if np.iscomplexobj(ieee):
        sign |= np.signbit(ieee.imag) != np.signbit(folded.imag)
    wrong += int(sign.sum())
    print(f"{dtype.__name__}: x = {x.tolist()}; x + zeros (constant) = {folded.tolist()}, "
          f"as arguments {arguments.tolist()}, IEEE {ieee.tolist()}")
print(f"versions: jax {importlib.metadata.version('jax')}, jaxlib {importlib.metadata.version('jaxlib')}")
sys.exit(1 if wrong else 0)
