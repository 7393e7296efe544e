"""torch.compile(Tensor.index_add_, dynamic=True): once the kernel has been compiled on a large case
(a parallel kernel), an out-of-range index kills the process with SIGABRT: the kernel's C++ bounds
check throws inside its OpenMP region ("terminate called after throwing an instance of
'std::runtime_error'"). Eager torch raises IndexError. Exits 1 while the compiled call aborts.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/pytorch/pytorch/issues/195402
Owner and stage: pytorch/pytorch: Inductor CPU C++ codegen (bounds-check TORCH_CHECK thrown inside an OpenMP
    parallel region; fix proposed in PR #195482, open). Stage from the upstream analysis, not located by
    experiment here
Governing text: torch docs, Tensor.index_add_
    (https://docs.pytorch.org/docs/2.13/generated/torch.Tensor.index_add_.html, 2.13): index selects entries
    of self; eager raises IndexError out of range, and torch.compile is meant to keep eager semantics
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'torch.compile index_add_ out of range
    index abort terminate std::runtime_error OpenMP'. Matched: pytorch#195402 (open, same SIGABRT from a
    bounds check in a parallel kernel), PR #195482 (open fix), #95143 (closed, 2023, older index_add crash),
    #185885 (open, negative index accepted)
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
import subprocess
import sys
import tempfile

CHILD = r'''
import torch
index_add = torch.compile(lambda x, dim, index, source: x.index_add_(dim, index, source), dynamic=True)
n = 32768
index_add(torch.zeros(16, dtype=torch.float16), 0, torch.zeros(n, dtype=torch.int64), torch.zeros(n, dtype=torch.float16))
try:
    index_add(torch.zeros(4, dtype=torch.float16), 0, torch.tensor([2**31 - 1] * 3), torch.zeros(3, dtype=torch.float16))
except (IndexError, RuntimeError) as e:
    print("raised", type(e).__name__)
'''
with tempfile.TemporaryDirectory() as cache:  # a fresh Inductor cache: no kernel from an earlier run
    run = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                         env={**__import__("os").environ, "TORCHINDUCTOR_CACHE_DIR": cache})
print("child exit code", run.returncode, run.stdout.strip(), *run.stderr.strip().splitlines()[-2:], sep="\n")
sys.exit(1 if run.returncode < 0 else 2 if run.returncode else 0)  # 2: the child could not run
