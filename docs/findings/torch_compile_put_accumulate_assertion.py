"""torch.compile(Tensor.put_(..., accumulate=True)) into a one-element tensor with two indices fails
to compile (InductorError: AssertionError); eager torch gives [1]. Exits 1 while compiling fails.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: pytorch/pytorch: Inductor lowering of put_/index_put_ (accumulate); located by experiment:
    backend='eager' and 'aot_eager' return [1], backend='inductor' raises InductorError: AssertionError
Governing text: torch docs, Tensor.put_ (https://docs.pytorch.org/docs/2.13/generated/torch.Tensor.put_.html,
    2.13): 'accumulate (bool) - whether to accumulate into self'; eager gives [1]
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'inductor put_ accumulate=True
    AssertionError one-element tensor'; 'torch.compile put_ accumulate=True InductorError'. Matched: nothing
    on put_; pytorch#95679 (closed 2023, index_put_ accumulate float64 compile failure, other cause), #97104
    (closed, index_put lowering assertion with bool mask)
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

put = torch.compile(lambda x, i, u: x.put_(i, u, accumulate=True), dynamic=True)
args = (torch.zeros(1, dtype=torch.int8), torch.tensor([0, 0]), torch.tensor([0, 1], dtype=torch.int8))
print("eager   ", args[0].clone().put_(args[1], args[2], accumulate=True))
try:
    print("compiled", put(args[0].clone(), *args[1:]))
except Exception as e:  # torch._inductor.exc.InductorError
    print("compiled raises", type(e).__name__, str(e).strip().splitlines()[0][:120])
    sys.exit(1)
