"""IREE (llvm-cpu): stablehlo.add on i1 computes XOR: add(true, true) gives false, where the spec's add
on booleans is logical OR. Exits 1 while the behaviour is there.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/openxla/stablehlo/issues/2630
Owner and stage: openxla/stablehlo: spec text of add on i1 (OR) is disputed upstream, implementations compute
    XOR; IREE lowers to an i1 integer add. Stage not located by experiment
Governing text: StableHLO spec add (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#add,
    v1.0.0): 'For booleans: logical OR'; openxla/stablehlo#2630 (open) says implementations give XOR
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'iree stablehlo.add i1 boolean xor instead
    of or'; 'Wrong stablehlo.add semantics in docs logical OR booleans XOR'. Matched: openxla/stablehlo#2630
    (open, 'Wrong stablehlo.add semantics in docs': XLA gives XOR where the spec says OR); nothing in iree-
    org/iree. File against IREE only once #2630 settles the semantics
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
import sys

import iree.compiler
import iree.runtime
import numpy as np

TEXT = """module {
func.func @main(%a: tensor<4xi1>, %b: tensor<4xi1>) -> tensor<4xi1> {
  %r = stablehlo.add %a, %b : tensor<4xi1>
  return %r : tensor<4xi1>
}
}"""
vmfb = iree.compiler.compile_str(TEXT, target_backends=["llvm-cpu"], input_type="stablehlo",
                                 extra_args=["--iree-llvmcpu-target-cpu=host"])
context = iree.runtime.SystemContext(config=iree.runtime.Config("local-task"))
context.add_vm_module(iree.runtime.VmModule.copy_buffer(context.instance, vmfb))
a, b = np.array([False, False, True, True]), np.array([False, True, False, True])
got = np.asarray(context.modules.module["main"](a, b).to_host()).astype(bool)
print(f"add({a.tolist()}, {b.tolist()}) = {got.tolist()} (spec: {(a | b).tolist()})")
sys.exit(1 if not np.array_equal(got, a | b) else 0)
