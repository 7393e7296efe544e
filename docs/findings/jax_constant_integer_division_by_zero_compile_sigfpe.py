"""jax/XLA (CPU): an integer division whose operands are both constants of the jitted program, with a
zero divisor, kills the process with SIGFPE while XLA compiles it (StableHLO's FoldDivOpPattern divides by zero during the
StableHLO->HLO conversion, before XLA's own passes; fixed in StableHLO 1.19.0, openxla/stablehlo#2971).
The same values passed as arguments give a value. The StableHLO spec makes integer division by zero
implementation-defined behaviour (its Errors section); the bug is that one program's behaviour depends on
whether XLA sees its operands as constants, and that the compiler, not the program, dies. Runs each
form in a child process; exits 1 if the folded one dies while the argument one does not.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: fixed in StableHLO 1.19.0 (https://github.com/openxla/stablehlo/pull/2971)
Owner and stage: openxla/stablehlo: StableHLO->HLO conversion, StablehloAggressiveFolder FoldDivOpPattern
    (APInt sdiv by zero), not XLA's constant folder; located by experiment: with XLA_FLAGS=--xla_dump_to the
    process dies before any *.before_optimizations.txt is written, i.e. before XLA's HLO passes; installed
    jaxlib 0.10.2 bundles StableHLO 1.17.0 (stablehlo.get_current_version())
Governing text: StableHLO spec divide and Errors section
    (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#errors, v1.0.0): implementation-defined
    behaviour at run time, never a compiler crash
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'stablehlo FoldDivOpPattern SIGFPE integer
    division by zero constant'. Matched: openxla/stablehlo PR #2971 (merged 2026-07-07, 'Guard against integer
    division-by-zero in stablehlo transforms': FoldDivOpPattern and FoldRemOpPattern), openxla/stablehlo#3009
    (interpreter)
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
import subprocess
import sys

FOLDED = ("import jax, jax.numpy as jnp; from jax import lax; "
          "print(jax.jit(lambda: lax.div(jnp.int32(7), jnp.int32(0)))())")
ARGUMENTS = ("import jax, jax.numpy as jnp; from jax import lax; "
             "print(jax.jit(lax.div)(jnp.int32(7), jnp.int32(0)))")
codes = {}
for name, code in (("constants", FOLDED), ("arguments", ARGUMENTS)):
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    codes[name] = child.returncode
    print(f"{name}: exit code {child.returncode} (negative: killed by signal {-child.returncode}); "
          f"stdout {child.stdout.strip()!r}")
import jax  # noqa: E402  (the versions, after the children ran)
import jaxlib  # noqa: E402
print(f"jax {jax.__version__}, jaxlib {jaxlib.__version__}, {sys.platform}")
sys.exit(2 if any(c > 0 for c in codes.values()) else 1 if codes["constants"] < 0 and codes["arguments"] == 0 else 0)  # 2: a child could not run
