"""torch: int32 MIN // -1 with rounding_mode='trunc' kills the process with SIGFPE (the spec leaves the
value implementation-defined, but a value). Runs the division in a child process; exits 1 if it dies.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/pytorch/pytorch/issues/138425
Owner and stage: pytorch/pytorch: ATen CPU div kernel, trunc rounding (raw INT_MIN / -1); stage from the
    upstream report
Governing text: torch docs, torch.div (https://docs.pytorch.org/docs/2.13/generated/torch.div.html, 2.13):
    rounding_mode='trunc' rounds toward zero; the StableHLO spec leaves the value implementation-defined, a
    crash is not a value
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'torch int32 min // -1 trunc division
    SIGFPE floating point exception crash'. Matched: pytorch#138425 (open, div trunc/floor SIGFPE), #190042
    (closed, floor_divide), #190041 (closed, fmod), #184406 (closed, Inductor)
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

code = ("import torch\ntry:\n    print(torch.div(torch.tensor([-2**31], dtype=torch.int32), "
        "torch.tensor([-1], dtype=torch.int32), rounding_mode='trunc'))\n"
        "except RuntimeError as e:\n    print('raised', e)")  # (a fixed torch may raise: that is not the crash)
child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
print(f"child exit code {child.returncode} (negative: killed by signal {-child.returncode}); stdout {child.stdout.strip()!r}")
sys.exit(1 if child.returncode < 0 else 2 if child.returncode else 0)  # 2: the child could not run
