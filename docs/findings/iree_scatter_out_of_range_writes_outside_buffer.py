"""IREE (llvm-cpu) scatter does not skip an update whose index is out of range in an inserted dim (the
StableHLO spec skips it): the element's position is flattened with no check per dim and written there.
Inside the buffer it lands in another row (int8[2,2] zeros, index [0, 2], update 7: written to [1, 0]);
outside it, it writes into other memory (int8[2], index 2147483647: SIGSEGV). Each case runs in a child
process. Exit 1 while any result differs from the spec or a child dies; 2 if the script could not run.
Known upstream: https://github.com/iree-org/iree/issues/13580 (no out-of-range handling in
iree_linalg_ext.scatter).

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/iree-org/iree/issues/13580
Owner and stage: iree-org/iree: iree_linalg_ext.scatter has no out-of-range handling (runtime codegen); stage
    not located by experiment
Governing text: StableHLO spec scatter (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#scatter,
    v1.0.0): an update whose result_index is out of bounds leaves results unchanged ('updated_results =
    results')
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'iree scatter out of range indices not
    skipped iree_linalg_ext.scatter bounds'. Matched: iree#13580 (open), PR #15656 (closed)
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


_print_versions('numpy', 'iree-base-compiler', 'iree-base-runtime')
import subprocess
import sys

CHILD = """
import sys
import numpy as np
import iree.compiler
import iree.runtime

shape, index = eval(sys.argv[1]), eval(sys.argv[2])
t = "x".join(map(str, shape)) + "xi8"
n = len(index)
dims = ", ".join(map(str, range(n)))
text = f'''func.func @main(%x: tensor<{t}>, %i: tensor<{n}xi64>, %u: tensor<i8>) -> tensor<{t}> {{
  %0 = "stablehlo.scatter"(%x, %i, %u) ({{
    ^bb0(%a: tensor<i8>, %b: tensor<i8>):
      %s = stablehlo.add %a, %b : tensor<i8>
      stablehlo.return %s : tensor<i8>
  }}) {{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [{dims}],
      scatter_dims_to_operand_dims = [{dims}], index_vector_dim = 0>}} : (tensor<{t}>, tensor<{n}xi64>, tensor<i8>) -> tensor<{t}>
  return %0 : tensor<{t}>
}}'''
vmfb = iree.compiler.compile_str(text, target_backends=["llvm-cpu"], input_type="stablehlo",
                                 extra_args=["--iree-llvmcpu-target-cpu=host"])
context = iree.runtime.SystemContext(config=iree.runtime.Config("local-task"))
context.add_vm_module(iree.runtime.VmModule.copy_buffer(context.instance, vmfb))
out = context.modules.module["main"](np.zeros(shape, np.int8), np.array(index, np.int64), np.array(7, np.int8))
print(out.to_host().tolist(), flush=True)
"""
diverged = broken = False
for shape, index in (("[2, 2]", "[0, 2]"), ("[2, 2]", "[1, -1]"), ("[2]", "[2147483647]")):
    spec = str([[0, 0], [0, 0]] if shape == "[2, 2]" else [0, 0])  # every index is out of range: nothing written
    done = subprocess.run([sys.executable, "-c", CHILD, shape, index], capture_output=True, text=True)
    observed = done.stdout.strip()
    print(f"scatter-add 7 into int8{shape} zeros at index {index}: "
          + (observed if done.returncode == 0 else f"process died, exit code {done.returncode}"
             + (f" (after printing {observed})" if observed else "")) + f"; the spec: {spec}")
    diverged |= done.returncode < 0 or (done.returncode == 0 and observed != spec)
    broken = broken or done.returncode > 0  # the child itself failed (an import error): not the bug
sys.exit(2 if broken else 1 if diverged else 0)
