"""XLA (CPU, through jax): compiling a gather whose operand batching dim has slice size 0 aborts the process
when that batching dim has size 1: operand float32[1, 2], start_indices int32[1, 1], operand_batching_dims
(0,), start_indices_batching_dims (0,), collapsed_slice_dims (1,), start_index_map (1,), slice_sizes (0, 1).
jax.jit(...).lower() returns; .compile() dies with 'Check failed: ... StaticExtentProduct(shape) ==
StaticExtentProduct(operand->shape())' in HloInstruction::CreateReshape, called from GatherExpander (an HLO
pass of XLA:CPU's pipeline). The StableHLO spec allows a slice size of 0 or 1 on a batching dim; lax.gather's
own shape rule accepts the call; every mode (clip, fill, promise_in_bounds) aborts. With batching dims of
size 2 the same gather compiles (and returns zeros). Runs each compile in a child process; exits 1 while
the size-1 case kills it.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: openxla/xla: XLA:CPU HLO pass GatherExpander (its while-loop body builds a reshape through
    ElideDegenerateDims whose element count does not match when a batching dim of size 1 has slice size 0);
    located by experiment: lower() returns, compile() aborts, and the abort's stack names GatherExpander,
    WhileUtil::MakeCountedLoop, ElideDegenerateDims and HloInstruction::CreateReshape (hlo_instruction.cc)
Governing text: StableHLO spec gather (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#gather,
    v1.0.0, batching dims per the batching-dims RFC of 2024-03-11): slice_sizes of a batching dim may be 0 or
    1; the program is valid and its verifier and lax.gather's shape rule accept it; a compiler abort is not
    a result
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-29: 'XLA gather batching dims slice size 0
    Check failed hlo_instruction.cc StaticExtentProduct'; 'GatherExpander ElideDegenerateDims CreateReshape
    Check failed gather zero slice size abort'; 'jax lax.gather operand_batching_dims slice_sizes 0 compile
    crash abort'. Matched: nothing; openxla/stablehlo PR #2259 (merged, added batching dims), jax PR #5193
    (merged 2020, gather batching rule with a batch dim of size 0: another code path), openxla/xla#47388
    (other shape.cc checks reached from StableHLO)
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
import subprocess
import sys

CHILD = """
import sys
import numpy as np
import jax
from jax import lax

batch, slice0, mode = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
x = np.arange(batch * 2, dtype=np.float32).reshape(batch, 2)
i = np.ones((batch, 1), np.int32)
dn = lax.GatherDimensionNumbers(offset_dims=(), collapsed_slice_dims=(1,), start_index_map=(1,),
                                operand_batching_dims=(0,), start_indices_batching_dims=(0,))
f = jax.jit(lambda x, i: lax.gather(x, i, dn, slice_sizes=(slice0, 1), mode=getattr(lax.GatherScatterMode, mode)))
lowered = f.lower(x, i)
print("lowered", flush=True)
compiled = lowered.compile()
print("compiled", flush=True)
print(np.asarray(compiled(x, i)).tolist(), flush=True)
"""
died = broken = False
for batch, slice0, mode in ((1, 0, "CLIP"), (1, 0, "FILL_OR_DROP"), (1, 0, "PROMISE_IN_BOUNDS"), (2, 0, "CLIP"), (1, 1, "CLIP")):
    done = subprocess.run([sys.executable, "-c", CHILD, str(batch), str(slice0), mode], capture_output=True, text=True)
    steps = done.stdout.strip().splitlines()
    check = next((line for line in done.stderr.splitlines() if "Check failed" in line), "")
    what = f"gather float32[{batch}, 2], batching dim 0 slice size {slice0}, mode {mode}"
    if done.returncode < 0:
        print(f"{what}: process died, exit code {done.returncode} after {steps}: {check.strip()[:160]}")
    elif done.returncode:
        print(f"{what}: the child failed: {done.stderr.strip()[-200:]}")
    else:
        print(f"{what}: {steps}")
    died |= done.returncode < 0
    broken = broken or done.returncode > 0  # the child itself failed (an import error): not the bug
sys.exit(2 if broken else 1 if died else 0)
