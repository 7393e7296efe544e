"""The compiled backends' persistent caches, all under one folder, so a second run skips the compiles
of the first.

Where: ``--cache-dir DIR`` (pytest and ``conformance report``), else ``$CONFORMANCE_CACHE_DIR``, else
``$XDG_CACHE_HOME/tensor-index-conformance`` (``~/.cache/...``). ``--no-compile-cache`` (or
``CONFORMANCE_NO_COMPILE_CACHE=1``) turns every cache off. The options are passed on as those
environment variables, so worker processes (isolation children, report jobs, xdist) see the same.

What lives there, one subfolder per backend: jax's persistent compilation cache (``jax``), the PJRT
executables of ``xla`` (``xla``), IREE ``.vmfb`` files (``iree``), OpenVINO's model cache
(``openvino``) and Inductor's caches (``torch_compile``). A cache may never change a verdict, so
an entry's key holds everything its compiler sees: the program text, the compiler's version and
flags, and the host (``host()``: compiling for ``target-cpu=host`` bakes the CPU in). A compile that
fails stores nothing: the next run compiles, and fails, again.

Size: at most ``$CONFORMANCE_CACHE_MAX_MB`` megabytes (default 4096; 0: no limit). A run starts by
checking the folder (``prune``): over the limit, whole backend subfolders go, least recently written
first, until it is within the limit; a folder written to in the last hour stays (another run may be
using it). Whole folders, because a backend's entries may refer to each other
(Inductor's graphs to its kernels): a half-deleted cache could fail a compile, an empty one only costs
time.
"""
from __future__ import annotations

import hashlib
import os
import platform
import time
from functools import cache
from pathlib import Path

ENV_DIR = "CONFORMANCE_CACHE_DIR"
ENV_OFF = "CONFORMANCE_NO_COMPILE_CACHE"
ENV_MAX = "CONFORMANCE_CACHE_MAX_MB"
DEFAULT_MAX_MB = 4096
IN_USE_SECONDS = 3600  # a backend folder written to within this time is never pruned (a concurrent run)
NAME = "tensor-index-conformance"


def default_folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / NAME


def configure(folder: str | None, off: bool) -> None:
    """Pass the run's choice on to this process and its children (the pytest plugin and the
    ``report`` command call this once, at configure time)."""
    if folder is not None:
        os.environ[ENV_DIR] = str(Path(folder).expanduser().resolve())
    if off:
        os.environ[ENV_OFF] = "1"


def max_bytes() -> int:
    """The size limit in bytes (0: none); ``ValueError`` naming the variable for a value that is not a number."""
    raw = os.environ.get(ENV_MAX, "").strip()
    try:
        mb = float(raw) if raw else DEFAULT_MAX_MB
    except ValueError:
        raise ValueError(f"{ENV_MAX}: expected a number of megabytes (0: no limit), got {raw!r}") from None
    return max(0, int(mb * 2**20))


def _usage(path: Path) -> tuple[int, float]:
    """(bytes, newest modification time) of the files under ``path``."""
    size, newest = 0, 0.0
    for root, _, files in os.walk(path):
        for name in files:
            try:
                st = os.stat(os.path.join(root, name), follow_symlinks=False)
            except OSError:
                continue
            size, newest = size + st.st_size, max(newest, st.st_mtime)
    return size, newest


def prune(limit: int | None = None) -> list[str]:
    """Bring the cache folder within ``limit`` bytes (default ``max_bytes()``) by deleting whole backend
    subfolders, least recently written first; returns the names of those deleted."""
    import shutil

    limit = max_bytes() if limit is None else limit
    if not enabled() or limit <= 0:
        return []
    root = Path(os.environ.get(ENV_DIR) or default_folder())
    if not root.is_dir():
        return []
    parts = sorted(((_usage(p), p) for p in root.iterdir() if p.is_dir()), key=lambda item: item[0][1])
    total = sum(size for (size, _), _ in parts)
    gone, now = [], time.time()
    for (size, newest), path in parts:
        if total <= limit:
            break
        if now - newest < IN_USE_SECONDS:  # another run may be reading it now: left for a later run
            continue
        shutil.rmtree(path, ignore_errors=True)
        total -= size
        gone.append(path.name)
    return gone


def enabled() -> bool:
    return os.environ.get(ENV_OFF, "") in ("", "0")


def folder(backend: str) -> Path | None:
    """``backend``'s cache folder (made if missing), or None with the caches off."""
    if not enabled():
        return None
    path = Path(os.environ.get(ENV_DIR) or default_folder()) / backend
    path.mkdir(parents=True, exist_ok=True)
    return path


@cache
def host() -> str:
    """What a compile for the host CPU depends on: the architecture, the CPU model and its feature flags."""
    lines = []
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith(("model name", "flags", "Features", "CPU part")):
                    lines.append(line.strip())
                if line.strip() == "":
                    break  # the first processor's block says it
    except OSError:
        lines.append(platform.processor())
    return "\n".join([platform.machine(), platform.system(), *lines])


def key(*parts: str | bytes) -> str:
    """A file name for the compile of ``parts`` (program text, versions, flags; the host is added)."""
    h = hashlib.sha256()
    for part in (host(), *parts):
        data = part.encode() if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little") + data)
    return h.hexdigest()


def load(backend: str, name: str) -> bytes | None:
    """The stored compile ``name`` of ``backend`` (None: caches off, or not stored yet)."""
    where = folder(backend)
    if where is None:
        return None
    try:
        return (where / name).read_bytes()
    except OSError:
        return None


def store(backend: str, name: str, blob: bytes) -> None:
    """Keep ``blob`` as compile ``name`` of ``backend`` (a whole file or none: written aside, then renamed)."""
    where = folder(backend)
    if where is None:
        return
    part = where / f".{name}.{os.getpid()}.part"
    try:
        part.write_bytes(blob)
        os.replace(part, where / name)
    except OSError:
        part.unlink(missing_ok=True)  # a full or read-only disk costs the cache, never the run
