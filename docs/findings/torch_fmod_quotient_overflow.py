"""torch: fmod(1, 9.18355e-41) on bfloat16 is NaN (x / y overflows); the exact remainder is 0.
Exits 1 while the behaviour is there.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/pytorch/pytorch/issues/193753
Owner and stage: pytorch/pytorch: ATen CPU vectorized fmod (Sleef_fmod undefined for large quotients); stage
    from the upstream analysis
Governing text: torch docs, torch.fmod (https://docs.pytorch.org/docs/2.13/generated/torch.fmod.html, 2.13):
    'Applies C++'s std::fmod entrywise'; std::fmod(1, 9.18355e-41) is 0
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'torch fmod bfloat16 nan tiny divisor
    vectorized'. Matched: pytorch#193753 (open), PR #193763 (open fix), #79009 and #78855 (closed, older
    reports)
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
import math
import sys

import torch

x = torch.full((64,), 1.0, dtype=torch.bfloat16)  # (one element takes the scalar path, which is right)
y = torch.full((64,), 9.18355e-41, dtype=torch.bfloat16)
got = torch.fmod(x, y)[0].item()
print(f"fmod(1, {y[0].item()!r}) on bfloat16 = {got!r} (expected 0.0)")
sys.exit(1 if math.isnan(got) else 0)
