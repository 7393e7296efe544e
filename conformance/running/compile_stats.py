"""Compile figures of the compiled backends (torch_compile, iree), per worker process: with
``CONFORMANCE_COMPILE_STATS=DIR`` set, each process keeps ``DIR/<backend>-<pid>.json`` up to date
(``benchmarks.compile_share`` sums them for a run)."""
from __future__ import annotations

import json
import os
from pathlib import Path

ENV = "CONFORMANCE_COMPILE_STATS"


def record(backend: str, stats: dict) -> None:
    """Write this process's ``stats`` for ``backend`` where ``CONFORMANCE_COMPILE_STATS`` says (else nothing)."""
    folder = os.environ.get(ENV)
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / f"{backend}-{os.getpid()}.json").write_text(json.dumps(stats))


def record_starts(worker: str, starts: int) -> None:
    """Write how many child processes this process's isolation worker ``worker`` has started."""
    folder = os.environ.get(ENV)
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        safe = "".join(c if c.isalnum() or c in "._:-" else "_" for c in worker)
        (Path(folder) / f"starts.{safe}-{os.getpid()}.json").write_text(json.dumps({"worker_starts": starts}))


def summed(folder: str | Path, backend: str) -> dict:
    """The figures of every process of ``backend`` in ``folder``, added up (``processes``: how many;
    ``worker_starts``: child processes its isolation workers started)."""
    total: dict = {"processes": 0, "worker_starts": 0}
    for path in sorted(Path(folder).glob(f"{backend}-*.json")):
        total["processes"] += 1
        for key, value in json.loads(path.read_text()).items():
            total[key] = total.get(key, 0) + value
    for path in sorted(Path(folder).glob(f"starts.*{backend}*-*.json")):
        total["worker_starts"] += json.loads(path.read_text())["worker_starts"]
    return total
