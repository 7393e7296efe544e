"""torch: negating complex 0j gives 0j, not -0-0j (IEEE negate flips the sign of each part).
Exits 1 while the behaviour is there.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: pytorch/pytorch: ATen vectorized complex neg (Vectorized<c10::complex>::neg computes 0 - x);
    stage not located by experiment
Governing text: StableHLO spec negate (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#negate,
    v1.0.0): 'For complex numbers: complex negation', i.e. both parts negated: -(0+0j) is -0-0j
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'neg complex tensor 0j returns 0j instead
    of -0-0j signed zero'; 'torch.neg complex zero sign vectorized -0.0 imaginary'; 'pytorch neg complex
    vectorized signed zero real imaginary AVX'. Matched: nothing on complex neg; PR #185834 (Inductor Triton
    neg of +0.0, real), #49884 (angle), #53963 (signbit)
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

got = torch.neg(torch.zeros(64, dtype=torch.complex64))[0].item()  # (one element takes another path)
print(f"neg(0j) = {got!r}: real sign {math.copysign(1, got.real)}, imag sign {math.copysign(1, got.imag)} (expected -0-0j)")
sys.exit(1 if math.copysign(1, got.real) > 0 or math.copysign(1, got.imag) > 0 else 0)
