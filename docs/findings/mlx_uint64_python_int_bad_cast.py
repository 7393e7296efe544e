"""MLX: a Python int in [2**63, 2**64) next to a uint64 array is refused with a bare `RuntimeError:
std::bad_cast`: `mx.array([1, 2], dtype=mx.uint64) | (2**64 - 2)`, `mx.add(x, 2**63)`, and even
`mx.array(2**63, dtype=mx.uint64)`, although uint64 holds the value and the same value as `np.uint64` is
taken. Found by the conformance suite's elementwise targets (stablehlo.or / xor / multiply /
shift_right_logical on uint64 with the rhs as a Python number). Exits 1 while such an int is refused.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: follow-up of https://github.com/ml-explore/mlx/pull/4365
Owner and stage: ml-explore/mlx: Python bindings' scalar conversion (python/src: a Python int is cast to
    int64_t with nb::cast, which throws std::bad_cast past INT64_MAX, before any op runs); located by
    experiment: mx.array(2**63 - 1, dtype=mx.uint64) works, mx.array(2**63, dtype=mx.uint64) raises, and
    mx.array(np.uint64(2**63)) works, so the kernel and the dtype are fine and only the int conversion fails
Governing text: MLX docs, Data Types (https://ml-explore.github.io/mlx/build/html/python/data_types.html,
    0.32): uint64 is a supported type, '64-bit unsigned integer'; mx.bitwise_or and the other binary ops:
    'Either or both input arrays can also be scalars'
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-29: 'mlx mx.array uint64 large python int
    std::bad_cast'; 'mlx python int 2**63 uint64 dtype RuntimeError bad_cast scalar add'. Matched:
    ml-explore/mlx PR #4365 ('python: Widen int scalars that do not fit in int64 to uint64', closed; the
    same symptom, mx.zeros(..., uint64) + 2**63; not in mlx 0.32.4), PR #1860 (merged 2025, the int64
    half of the same conversion), PR #4305 (merged, lists past int32), #496 and PR #501 (older uint32)
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


_print_versions("numpy", "mlx")
import sys

import mlx.core as mx
import numpy as np

mx.set_default_device(mx.cpu)
x = mx.array(np.array([1, 2], dtype=np.uint64))
cases = [
    ("x | (2**64 - 2)", lambda: mx.bitwise_or(x, 2**64 - 2), np.array([1, 2], np.uint64) | np.uint64(2**64 - 2)),
    ("x + 2**63", lambda: mx.add(x, 2**63), np.array([1, 2], np.uint64) + np.uint64(2**63)),
    ("mx.array(2**63, dtype=mx.uint64)", lambda: mx.array(2**63, dtype=mx.uint64), np.uint64(2**63)),
    ("x + (2**63 - 1) (in int64's range, for comparison)", lambda: mx.add(x, 2**63 - 1),
     np.array([1, 2], np.uint64) + np.uint64(2**63 - 1)),
]
refused = wrong = False
for what, call, want in cases:
    try:
        got = np.array(call())
    except Exception as e:  # the bug: refused
        print(f"{what}: raised {type(e).__name__}: {e}")
        refused |= "2**63 - 1" not in what
        continue
    same = np.array_equal(got, want)
    print(f"{what}: {got.tolist()} ({'as numpy' if same else f'numpy: {np.asarray(want).tolist()}'})")
    wrong |= not same
print("a Python int >= 2**63 beside uint64 is refused" if refused else "a wrong value" if wrong else "taken, as numpy (fixed)")
sys.exit(1 if refused or wrong else 0)
