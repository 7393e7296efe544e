"""torch.compile(torch.index_select) counts a negative index from the end; eager torch raises
IndexError (index out of range in self), and StableHLO gather clamps it to 0. Exits 1 while the
compiled call returns a value.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/pytorch/pytorch/issues/169779
Owner and stage: pytorch/pytorch: index_select decomposition (torch._refs, advanced indexing wraps negatives)
    used by Inductor; located by experiment: backend='eager' and 'aot_eager' raise IndexError, 'inductor'
    returns [True]
Governing text: torch docs, torch.index_select
    (https://docs.pytorch.org/docs/2.13/generated/torch.index_select.html, 2.13): indices select entries along
    dim; eager raises 'index out of range in self' for -1
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'torch.compile index_select negative index
    no error eager IndexError'. Matched: pytorch#169779 (open), fix PRs #169788 and #184987 (both closed
    unmerged); #185885 (open, the index_add sibling)
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

x = torch.tensor([False, True])
index = torch.tensor([-1], dtype=torch.int32)
try:
    print("eager   ", torch.index_select(x, 0, index))
except IndexError as e:
    print("eager    raises IndexError:", e)
try:
    print("compiled", torch.compile(lambda x, i: torch.index_select(x, 0, i), dynamic=True)(x, index))
    sys.exit(1)
except (IndexError, RuntimeError) as e:
    print("compiled raises", type(e).__name__)
