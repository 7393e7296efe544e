"""Run a function in a long-lived child process, so an abort or a hang cannot take the suite down.

The parent sends (module, function, kwargs) pickled over the child's stdin; the child answers
("ok", value) or ("err", type name, message). A dead child becomes ``TargetCrashed`` (with the
tail of its stderr), a slow one ``TargetTimeout``; either way the next call starts a new child.
"""
from __future__ import annotations

import importlib
import os
import pickle
import re
import select
import struct
import subprocess
import sys
import tempfile
from typing import Any

from conformance.outcome import RemoteError, TargetCrashed, TargetTimeout

_HEADER = struct.Struct("<Q")


def _send(stream, obj) -> None:
    blob = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(blob)) + blob)
    stream.flush()


def _recv_exact(fd: int, n: int, deadline: float | None) -> bytes:
    import time

    chunks, got = [], 0
    while got < n:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise TimeoutError
        chunk = os.read(fd, n - got)
        if not chunk:
            raise EOFError
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


class Worker:
    """One child process; ``call`` is synchronous."""

    def __init__(self, timeout: float = 60.0):
        self.timeout = timeout
        self.proc: subprocess.Popen | None = None
        self.stderr = None

    def _start(self) -> None:
        self.stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([sys.executable, "-m", "conformance.isolation"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.stderr)

    def _stderr_tail(self) -> str:
        """The child's last words: a fatal/check-failure line if there is one, else its last lines."""
        self.stderr.seek(0)
        text = self.stderr.read().decode(errors="replace").strip().splitlines()
        self.stderr.seek(0)
        self.stderr.truncate()
        fatal = [ln for ln in text if re.search(r"Check failed|^F\d{4}|Fatal|LLVM ERROR|Assertion", ln)]
        return " | ".join((fatal or text)[-3:])

    def close(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    def call(self, module: str, function: str, kwargs: dict[str, Any], timeout: float | None = None) -> Any:
        import time

        if self.proc is None or self.proc.poll() is not None:
            self._start()
        deadline = time.monotonic() + (timeout or self.timeout)
        try:
            _send(self.proc.stdin, (module, function, kwargs))
            (size,) = _HEADER.unpack(_recv_exact(self.proc.stdout.fileno(), _HEADER.size, deadline))
            reply = pickle.loads(_recv_exact(self.proc.stdout.fileno(), size, None))
        except TimeoutError:
            self.close()
            raise TargetTimeout(f"{module}.{function} gave no answer in {timeout or self.timeout:.0f}s") from None
        except (EOFError, BrokenPipeError):
            code = self.proc.wait()
            tail = self._stderr_tail()
            self.proc = None
            raise TargetCrashed(f"worker died with exit code {code}: {tail}") from None
        if reply[0] == "ok":
            return reply[1]
        raise RemoteError(reply[1], reply[2])


_WORKERS: dict[str, Worker] = {}


def die_with_parent() -> None:
    """On Linux, have the kernel kill this process when its parent dies, so a killed run leaves no
    orphan behind (still computing, or still appending to a log). Elsewhere a no-op."""
    if sys.platform.startswith("linux"):
        import ctypes
        import signal

        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1 = PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass


def worker(name: str) -> Worker:
    """The process-wide worker called ``name`` (one per backend that needs isolation)."""
    if name not in _WORKERS:
        _WORKERS[name] = Worker()
    return _WORKERS[name]


def close(*names: str) -> None:
    """Stop the named workers of this process, where they exist (each restarts on its next call)."""
    for name in names:
        if name in _WORKERS:
            _WORKERS[name].close()


def _serve() -> None:
    die_with_parent()
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # keep stray prints off the reply channel
    while True:
        header = stdin.read(_HEADER.size)
        if len(header) < _HEADER.size:
            return
        module, function, kwargs = pickle.loads(stdin.read(_HEADER.unpack(header)[0]))
        try:
            value = getattr(importlib.import_module(module), function)(**kwargs)
            reply = ("ok", value)
        except Exception as e:  # noqa: BLE001 - carried back to the parent
            reply = ("err", type(e).__name__, str(e))
        _send(stdout, reply)


if __name__ == "__main__":
    _serve()
