"""torch.compile(Tensor.index_copy_) with duplicate indices: two runs on the same inputs give
different results (a different duplicate wins); eager torch on CPU gives the same each run. The docs
leave the winner unspecified, so this is a determinism note, not a bug. Exits 1 while runs differ.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: documented
Owner and stage: pytorch/pytorch: Inductor index_copy_ lowering (parallel scatter, any duplicate may win);
    stage not located by experiment
Governing text: torch docs, Tensor.index_copy_
    (https://docs.pytorch.org/docs/2.13/generated/torch.Tensor.index_copy_.html, 2.13): 'If index contains
    duplicate entries, multiple elements from tensor will be copied to the same index of self. The result is
    nondeterministic since it depends on which copy occurs last.'
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'torch.compile index_copy duplicate
    indices nondeterministic result'. Matched: pytorch#46743 (closed, nondeterministic alert for index_copy_
    with duplicates), #174074 and #197582 (other duplicate-index bugs); docs corpus: the index_copy_ note
    above
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

torch.manual_seed(0)
index = torch.randint(0, 16, (32768,))
source = torch.randn(32768)
copy = torch.compile(lambda x, i, s: x.index_copy_(0, i, s), dynamic=True)
runs = [copy(torch.zeros(16), index, source) for _ in range(5)]
eager = [torch.zeros(16).index_copy_(0, index, source) for _ in range(5)]
print("compiled runs that differ from the first:", sum(not torch.equal(r, runs[0]) for r in runs[1:]))
print("eager runs that differ from the first:   ", sum(not torch.equal(r, eager[0]) for r in eager[1:]))
sys.exit(1 if any(not torch.equal(r, runs[0]) for r in runs[1:]) else 0)
