"""Run a function in a long-lived child process, so an abort or a hang cannot take the suite down.

The parent sends (module, function, kwargs) pickled over the child's stdin; the child answers
("ok", value) or ("err", type name, message). A dead child becomes ``TargetCrashed`` (with the
tail of its stderr), a slow one ``TargetTimeout``; either way the next call starts a new child.

A call's running time is the CPU time the child spent on it (all its threads), not the wall time, where
``/proc`` shows it: on a loaded machine a call that is starved of CPU is slow, not hung, and the same
case must get the same verdict whatever runs beside it. A child that waits without computing (a
deadlock) is still stopped: when the wall time reaches ``WALL_FACTOR`` times the limit. A
multithreaded child's running time is its wall time where that is the smaller.
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
import time
from typing import Any

from conformance.running import compile_stats, fatal_signals
from conformance.running.compile_clock import ENV as CLOCK_ENV, Clock, attach as attach_clock
from conformance.core.outcome import CompileTimeout, RemoteError, TargetCrashed, TargetTimeout

_HEADER = struct.Struct("<Q")
# glog's line prefix (severity, date, time, thread id): kept as the severity letter alone, so the same
# crash gives the same verdict text in every run
_GLOG_PREFIX = re.compile(r"^([FEWI])\d{4} \d\d:\d\d:\d\d\.\d+\s+\d+ ")
COMPILE_TIMEOUT = 900.0  # seconds one compile may take (a compile under load takes minutes, not hours)
WALL_FACTOR = 3.0  # a call's wall time (compiles not counted) may reach this many times its run limit
HANDLER_WAIT = 2.0  # seconds a call may sit in a fatal signal's handler (a framework's own) before it counts as hung
_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pid: int) -> float | None:
    """CPU seconds (user + system, every thread) process ``pid`` has used, or None without ``/proc``."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / _TICK  # utime, stime (fields 14 and 15 of stat)
    except (OSError, IndexError, ValueError):
        return None


class _Overrun(Exception):
    def __init__(self, compiling: bool, run: float, compile: float, wall: float = 0.0, handler: str = ""):
        self.compiling, self.run, self.compile, self.wall = compiling, run, compile, wall
        self.handler = handler  # the fatal signal whose handler the call sat in, if that is why it stopped


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

    def __init__(self, timeout: float = 60.0, name: str = "worker"):
        self.timeout, self.name = timeout, name
        self.proc: subprocess.Popen | None = None
        self.stderr = None
        self.clock: Clock | None = None
        self.starts = 0  # child processes started (a restart is a fresh process: caches and state gone)
        self.last_compile_seconds = 0.0  # compile seconds of the last call
        self.last_run_seconds = 0.0  # seconds the last call took, compiling not counted (wall time)

    def _start(self) -> None:
        self.stderr = tempfile.TemporaryFile()
        if self.clock is None:
            self.clock = Clock()
        self.clock.reset()
        self.starts += 1
        compile_stats.record_starts(self.name, self.starts)
        self.proc = subprocess.Popen([sys.executable, "-m", "conformance.running.isolation"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.stderr,
                                     env={**os.environ, CLOCK_ENV: str(self.clock.fd)},
                                     pass_fds=(self.clock.fd,))

    def _stderr_tail(self) -> str:
        """The child's last words: a fatal/check-failure line if there is one, else its last lines."""
        self.stderr.seek(0)
        text = self.stderr.read().decode(errors="replace").strip().splitlines()
        self.stderr.seek(0)
        self.stderr.truncate()
        fatal = [ln for ln in text if re.search(r"Check failed|^F\d{4}|Fatal|LLVM ERROR|Assertion", ln)]
        return " | ".join(_GLOG_PREFIX.sub(r"\1 ", ln) for ln in (fatal or text)[-3:])

    def close(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self._release()

    def _release(self) -> None:
        """Forget the (dead) child, closing its pipes and stderr file."""
        for stream in (self.proc.stdin, self.proc.stdout, self.stderr):
            try:
                stream.close()
            except (OSError, AttributeError):  # (a pipe a dead child left unflushed)
                pass
        self.proc = None

    def call(self, module: str, function: str, kwargs: dict[str, Any], timeout: float | None = None,
             compile_timeout: float = COMPILE_TIMEOUT, grace: float = 0.0) -> Any:
        """Run ``module.function(**kwargs)`` in the child. ``timeout`` limits running: seconds the child
        spends in ``compile_clock.compiling()`` do not count (they have their own ``compile_timeout``),
        and ``grace`` adds seconds for a call that may compile without marking it (a first call)."""
        if self.proc is None or self.proc.poll() is not None:
            self._start()
        run_limit = (timeout or self.timeout) + grace
        compiled_before = self.clock.compile_seconds()
        began = time.monotonic()
        at_rest = fatal_signals.blocked(self.proc.pid)  # read while the child waits for the call: its mask between calls
        try:
            _send(self.proc.stdin, (module, function, kwargs))
            (size,) = self._await_reply(began, compiled_before, run_limit, compile_timeout, at_rest)
            reply = pickle.loads(_recv_exact(self.proc.stdout.fileno(), size, None))
        except _Overrun as e:
            self.close()
            if e.compiling:
                raise CompileTimeout(f"{module}.{function} was still compiling after {e.compile:.0f}s "
                                     f"(compile limit {compile_timeout:.0f}s)") from None
            if e.handler:
                raise TargetTimeout(f"{module}.{function} gave no answer: stuck {e.wall:.0f}s in its {e.handler} handler "
                                    "(the framework's own: the signal was caught and the handler did not return)") from None
            waited = f", {e.wall:.0f}s waited" if e.wall else ""
            raise TargetTimeout(f"{module}.{function} gave no answer in {e.run:.0f}s of running{waited} "
                                f"(run limit {run_limit:.0f}s; {e.compile:.1f}s compiling not counted)") from None
        except (EOFError, BrokenPipeError):
            code = self.proc.wait()
            tail = self._stderr_tail()
            self._release()
            name = fatal_signals.signal_name(code)
            raise TargetCrashed(f"worker died with exit code {code}{f' ({name})' if name else ''}: {tail}") from None
        finally:
            self.last_compile_seconds = max(self.clock.compile_seconds() - compiled_before, 0.0) if self.clock else 0.0
            self.last_run_seconds = max(time.monotonic() - began - self.last_compile_seconds, 0.0)
        if reply[0] == "ok":
            return reply[1]
        raise RemoteError(reply[1], reply[2])

    def _await_reply(self, began: float, compiled_before: float, run_limit: float, compile_limit: float,
                     at_rest: set[str] | None) -> tuple:
        """The reply's header, waiting while the child runs for less than ``run_limit`` seconds (time
        spent compiling not counted; CPU time where ``/proc`` shows it, with ``WALL_FACTOR`` times the
        limit of wall time at most) and compiles for less than ``compile_limit``. ``at_rest``: the fatal
        signals the child blocked before the call was sent (read after sending, a fast call could already be
        inside a handler, its signal blocked: the handler would never be seen)."""
        fd = self.proc.stdout.fileno()
        cpu_began = cpu_last = cpu_seconds(self.proc.pid)
        cpu_compiling = 0.0  # CPU seconds spent in intervals the child was compiling
        in_handler = None  # monotonic time the child was first seen inside a fatal signal's handler
        while True:
            compiled = self.clock.compile_seconds() - compiled_before
            wall = time.monotonic() - began - compiled
            cpu = cpu_seconds(self.proc.pid) if cpu_began is not None else None
            if self.clock.compiling():
                if cpu is not None:
                    cpu_compiling += cpu - cpu_last
                if compiled >= compile_limit:
                    raise _Overrun(True, wall, compiled)
                wait = min(compile_limit - compiled, 1.0)
            else:
                ran = wall if cpu is None else min(wall, cpu - cpu_began - cpu_compiling)
                if ran >= run_limit or (cpu is not None and wall >= WALL_FACTOR * run_limit):
                    raise _Overrun(False, ran, compiled, wall if ran < wall else 0.0)
                handler = fatal_signals.stuck_in_handler(self.proc.pid, at_rest)
                in_handler = (in_handler or time.monotonic()) if handler else None
                if handler and time.monotonic() - in_handler >= HANDLER_WAIT:
                    raise _Overrun(False, ran, compiled, time.monotonic() - began, handler=handler)
                wait = min(run_limit - ran, 1.0) if cpu is None else 0.25 if wall < 2.0 else 1.0
            cpu_last = cpu if cpu is not None else cpu_last
            if select.select([fd], [], [], max(wait, 0.01))[0]:
                return _HEADER.unpack(_recv_exact(fd, _HEADER.size, None))


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
        _WORKERS[name] = Worker(name=name)
    return _WORKERS[name]


def alive(name: str) -> bool:
    """Whether the worker called ``name`` has a running child process (it has served calls since it started)."""
    w = _WORKERS.get(name)
    return w is not None and w.proc is not None and w.proc.poll() is None


def close(*names: str) -> None:
    """Stop the named workers of this process, where they exist (each restarts on its next call)."""
    for name in names:
        if name in _WORKERS:
            _WORKERS[name].close()


def close_all() -> None:
    """Stop every worker of this process (each restarts on its next call, in a fresh process)."""
    close(*list(_WORKERS))


def _serve() -> None:
    die_with_parent()
    fatal_signals.note_baseline()  # before any module can install handlers of its own
    attach_clock()  # before anything can start a process that would inherit the descriptor's number
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
