"""torch.compile(torch.remainder) of a finite x by +inf gives NaN; eager torch (Python's floor-mod)
gives x. Exits 1 while the compiled result differs from eager.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/pytorch/pytorch/issues/198057
Owner and stage: pytorch/pytorch: Inductor CPU vectorized codegen of remainder (a - floor_divide(a, b) * b);
    located by experiment: backend='eager' and 'aot_eager' give 5.5 for remainder(5.5, inf), 'inductor' gives
    nan
Governing text: torch docs, torch.remainder
    (https://docs.pytorch.org/docs/2.13/generated/torch.remainder.html, 2.13): 'Computes Python's modulus
    operation entrywise'; Python gives 5.5 % inf == 5.5
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'torch.compile remainder by inf returns
    nan eager returns x'; 'torch.compile torch.remainder(x, inf) nan inductor'. Matched: pytorch#198057 (open,
    vectorized Inductor remainder NaN for infinite divisor), #194345 (open, CUDA large-quotient variant)
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


_print_versions('numpy', 'torch')
import sys

import torch

x = torch.tensor([0.0, 1.0, 2.5])
y = torch.tensor([float("inf")] * 3)
eager = torch.remainder(x, y)
compiled = torch.compile(torch.remainder, dynamic=True)(x, y)
print("eager   ", eager, "\ncompiled", compiled)
sys.exit(0 if torch.equal(eager, compiled) else 1)
