"""torch.compile (Inductor, CPU, default settings): a compiled function called with the Python float 0.0
and then with -0.0 reuses the graph specialised on 0.0, because Dynamo guards a Python float constant
with ==, and -0.0 == 0.0. So torch.div(y, -0.0) divides by +0.0: 1.0 / -0.0 gives +inf (eager torch and
IEEE-754: -inf). Neither rounding_mode nor dynamic=True is needed; every op taking a Python float is
affected (sub, mul, fmod, comparisons, ...). The one upstream thread, PR #192604, was closed unmerged: a new
issue citing it. Exits 1 while the sign is lost.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: follow-up of https://github.com/pytorch/pytorch/pull/192604
Owner and stage: pytorch/pytorch: Dynamo guards (EQUALS_MATCH on a specialised Python float compares with ==);
    located by experiment: backend='eager', 'aot_eager' and 'inductor' all return +inf for div(1.0, -0.0)
    after a call with 0.0
Governing text: torch docs, torch.div (https://docs.pytorch.org/docs/2.13/generated/torch.div.html, 2.13) with
    IEEE-754 division: 1.0 / -0.0 is -inf, which eager gives
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'dynamo guard float constant -0.0 == 0.0
    recompile signed zero'; 'dynamo float input 0.0 then -0.0 reuses graph wrong sign copysign'. Matched:
    pytorch PR #192604 ('[dynamo] Guards: bitwise float EQUALS_MATCH', ezyang, closed unmerged) describes
    exactly this: a frame specialised on 0.0 passes its guard with -0.0; no separate issue found
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
import importlib.metadata
import sys

import torch


def call(x, s):
    return torch.div(x, s)


compiled = torch.compile(call)
y = torch.tensor([1.0, -1.0, 0.0], dtype=torch.float64)
compiled(y, 0.0)
got, eager = compiled(y, -0.0), torch.div(y, -0.0)
print(f"compiled torch.div({y.tolist()}, -0.0) after a call with 0.0 = {got.tolist()}; eager: {eager.tolist()}")
print(f"versions: torch {importlib.metadata.version('torch')}")
sys.exit(1 if not torch.equal(torch.signbit(got), torch.signbit(eager)) else 0)
