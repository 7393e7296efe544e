"""numpy: np.take and np.put with mode='wrap' bring an out-of-range index into range by adding or
subtracting the axis length one step at a time, so the time grows with abs(index) / n: on an axis of 3, an
index of 10**9 takes about 0.1 s, and 2**62 (a valid int64 index) would take years; the call cannot be
interrupted. The wrapped position is index mod n, one division. Runs the 2**62 call in a child process
with a 20 s limit; exits 1 while it does not return in time (0 once it returns the element at 2**62 mod 3).

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/numpy/numpy/issues/28630
Owner and stage: numpy/numpy: the 'wrap' clipmode loops of take and put (item_selection.c, npy_fasttake_impl
    and PyArray_PutTo step the index by the axis length); located by experiment: the time is linear in
    abs(index) / n (10**7, 10**8, 10**9 on n = 3 are printed), the same for np.put and for a negative index
Governing text: numpy docs, numpy.take (numpy.org/doc/2.4/reference/generated/numpy.take.html): mode 'wrap'
    means 'wrap around'; nothing limits the index beyond its integer type, and the result is defined
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-29: 'numpy take mode wrap huge index hangs
    slow loop'. Matched: numpy#28630 (open, np.ma.put / put with mode='wrap' and an index near 2**63 runs
    for hours: the same loop), numpy#25744 (closed, put on an empty array loops forever); nothing on take:
    comment on #28630 that take shares the loop
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


_print_versions('numpy')
import subprocess
import sys
import time

import numpy as np

a = np.arange(3)
for index in (10**7, 10**8, 10**9):
    t = time.perf_counter()
    got = np.take(a, index, mode="wrap")
    print(f"np.take(arange(3), {index}, mode='wrap') = {got} in {time.perf_counter() - t:.4f} s "
          f"(index % 3 = {index % 3})")
b = np.zeros(3, np.int64)
t = time.perf_counter()
np.put(b, -10**9, 7, mode="wrap")
print(f"np.put(zeros(3), -10**9, 7, mode='wrap') wrote at {np.flatnonzero(b).tolist()} in {time.perf_counter() - t:.4f} s "
      f"(-10**9 % 3 = {-10**9 % 3})")
LIMIT = 20
CHILD = "import numpy as np; print(np.take(np.arange(3), 2**62, mode='wrap'))"
try:
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=LIMIT)
except subprocess.TimeoutExpired:
    print(f"np.take(arange(3), 2**62, mode='wrap'): no result within {LIMIT} s (2**62 % 3 = {2**62 % 3}); "
          "the child was killed")
    sys.exit(1)
print(f"np.take(arange(3), 2**62, mode='wrap'): child exit code {done.returncode}, stdout {done.stdout.strip()!r}")
sys.exit(0 if done.returncode == 0 and done.stdout.strip() == str(2**62 % 3) else 2)
