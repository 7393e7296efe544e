"""torch: maximum(0.0, -0.0) is -0.0 on float32 tensors (IEEE-754 maximum gives +0.0). torch's docs order no
signed zeros, so this is spec-silent (a consistency question: the scalar path gives +0.0; a maintainer doubts
it is a bug, pytorch#193781). Exits 1 while the behaviour is there.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: spec-silent
Owner and stage: pytorch/pytorch: ATen CPU maximum kernel (scalar lambda std::max vs vectorized path); stage
    from the upstream analysis
Governing text: torch docs, torch.maximum (https://docs.pytorch.org/docs/2.13/generated/torch.maximum.html,
    2.13): silent on signed zeros; the Array API leaves their order unspecified (data-apis/array-api PR #751).
    The StableHLO spec's 'maximum from IEEE-754' governs StableHLO, not torch
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'torch.maximum signed zero 0.0 -0.0
    returns -0.0 vectorized'. Matched: pytorch#193781 (open, sign depends on tensor length), PR #193851 (open
    fix); 2026-11-29: 'torch.maximum signed zero 0.0 -0.0 sign depends on tensor length vectorized'. Matched:
    #193781 again, where a maintainer doubts it is a bug (under IEEE-754, -0.0 == 0.0), PR #193851 (open, CPU
    only), PR #194472 (open, Inductor)
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

got = torch.maximum(torch.zeros(64), torch.full((64,), -0.0))[0].item()  # (a one-element tensor is right)
print(f"maximum(0.0, -0.0) = {got!r} (expected 0.0)")
sys.exit(1 if math.copysign(1, got) < 0 else 0)
