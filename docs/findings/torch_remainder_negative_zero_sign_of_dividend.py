"""torch.compile(torch.remainder)(-0.0, 1.0) on a float16 tensor is +0.0; eager torch gives -0.0. torch documents
remainder as Python's modulus, 'The result has the same sign as the divisor other' (-0.0 % 1.0 == 0.0), so
the compiled +0.0 is right and eager's -0.0 is the bug (pytorch/pytorch#193755). Exits 1 while they differ.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/pytorch/pytorch/issues/193755
Owner and stage: pytorch/pytorch: ATen CPU remainder kernel used by eager (BinaryOpsKernel.cpp sign fix-up
    skips zero), not Inductor; located by experiment: backend='eager' and 'aot_eager' (ATen kernels) give
    -0.0, 'inductor' gives +0.0, and Python's -0.0 % 1.0 is 0.0
Governing text: torch docs, torch.remainder
    (https://docs.pytorch.org/docs/2.13/generated/torch.remainder.html, 2.13): 'The result has the same sign
    as the divisor other'; so the compiled +0.0 is right and eager's -0.0 is the bug
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'torch.remainder negative zero -0.0 eager
    sign divisor'. Matched: pytorch#193755 (open, 'torch.remainder gives a zero result the sign of the
    dividend, not the divisor as documented'), PR #193776 (closed unmerged fix)
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

x = torch.tensor([-0.0] * 9, dtype=torch.float16)
y = torch.ones(9, dtype=torch.float16)
eager = torch.remainder(x, y)
compiled = torch.compile(torch.remainder, dynamic=True)(x, y)
print("eager sign bits   ", torch.signbit(eager).tolist(), "\ncompiled sign bits", torch.signbit(compiled).tolist())
sys.exit(0 if torch.equal(torch.signbit(eager), torch.signbit(compiled)) else 1)
