"""torch.compile of torch.sub (add, mul, div alike) with a Python complex scalar whose imaginary part is
infinite fails to compile: NameError: name 'infj' is not defined (torch.fx's Python code generation writes the
scalar's repr, `infj`, into the graph module's code; backend="eager" fails the same way). Eager torch returns a value ((nan-infj)); complex(inf, 0),
complex(0, nan) and finite scalars compile. The NaN case ('nanj') was pytorch/pytorch#144029, fixed.
Exits 1 while compiling fails; 2 if the script could not run.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: pytorch/pytorch: torch.fx Python code generation of a complex constant (repr 'infj' written
    into the GraphModule code), not Inductor; located by experiment: backend='eager', 'aot_eager' and
    'inductor' all raise NameError: name 'infj' is not defined
Governing text: torch docs, torch.sub (https://docs.pytorch.org/docs/2.13/generated/torch.sub.html, 2.13):
    other may be a Number; eager returns (nan-infj) for complex(0, inf)
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'inductor NameError name 'infj' is not
    defined complex scalar'; 'torch.compile complex scalar nanj NameError generated code'; 'inductor complex
    constant inf imaginary codegen repr'. Matched: pytorch#144029 (closed, the 'nanj' sibling from logaddexp),
    #172826 and #184100 (other complex-scalar compile failures); no 'infj' report
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


_print_versions('torch')
import sys

import torch

x = torch.zeros(1, dtype=torch.complex64)
scalar = complex(0.0, float("inf"))
print("eager:", torch.sub(x, scalar).tolist())
try:
    out = torch.compile(lambda a, b: torch.sub(a, b), dynamic=True)(x, scalar)
except Exception as e:  # noqa: BLE001 - the bug: compiling raises (InductorError / NameError)
    print("compiled:", type(e).__name__, str(e).strip().splitlines()[0][:120])
    sys.exit(1)
print("compiled:", out.tolist())
sys.exit(0)
