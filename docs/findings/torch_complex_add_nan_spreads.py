"""torch: complex addition is not componentwise: 0j + complex(0, nan) gives nan+nanj (the spec's complex
addition adds the parts: 0+nanj). Exits 1 while the behaviour is there.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/pytorch/pytorch/issues/82510
Owner and stage: pytorch/pytorch: ATen add kernel computes self + alpha * other, and the complex multiply by
    alpha spreads NaN and inf across parts; stage not located by experiment
Governing text: StableHLO spec add (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#add,
    v1.0.0): for complex numbers, complex addition (part by part); torch docs torch.add
    (https://docs.pytorch.org/docs/2.13/generated/torch.add.html): 'out = input + alpha x other'
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'torch complex addition nan imaginary part
    spreads to real part'; 'torch.add complex alpha multiplication nan componentwise'. Matched: pytorch#82510
    (open, 'Complex addition result in NaN when it shouldn't': no interaction between the parts expected),
    #127978 (addr)
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

got = torch.add(torch.tensor([0j], dtype=torch.complex64), torch.tensor([complex(0, math.nan)], dtype=torch.complex64))[0].item()
print(f"0j + complex(0, nan) = {got} (expected 0+nanj)")
sys.exit(1 if math.isnan(got.real) else 0)
