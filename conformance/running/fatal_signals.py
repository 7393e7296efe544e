"""A framework's own handlers for fatal signals, as a worker process sees them.

A user framework may install C-level handlers for SIGFPE, SIGSEGV, SIGABRT, ... when it is imported: one
that re-raises (the process dies as it would have), one that sleeps or deadlocks (the call hangs), one that
jumps out and raises a Python exception (the call "refuses" the case). ``signal.getsignal`` does not see a
handler installed from C after the interpreter started; ``sigaction`` does. A worker notes the handlers it
started with (``note_baseline``, before anything is imported); ``foreign`` names the fatal signals whose
handler a target's module changed, and ``call_bare`` runs a target with those back at their default, so
that a trap kills the process and its signal can be named.

Parent side: ``signal_name`` (a dead worker's exit code) and ``stuck_in_handler`` (a worker whose main
thread blocks a fatal signal it did not block at rest: inside that signal's handler, which has not returned).
"""
from __future__ import annotations

import signal
import sys

FATAL = ("SIGSEGV", "SIGFPE", "SIGABRT", "SIGBUS", "SIGILL")
_BASELINE: dict[str, int] = {}


def _sigaction_handler(signum: int) -> int | None:
    """The address of ``signum``'s handler (0: default, 1: ignored), or None where it cannot be read."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        buf = ctypes.create_string_buffer(256)  # struct sigaction: the handler is its first member (glibc, musl)
        if libc.sigaction(signum, None, buf) != 0:
            return None
        return ctypes.c_void_p.from_buffer(buf).value or 0
    except (OSError, AttributeError):
        return None


def installed() -> dict[str, int]:
    """Each fatal signal's handler address, where ``sigaction`` can read it."""
    out = {}
    for name in FATAL:
        at = _sigaction_handler(getattr(signal, name))
        if at is not None:
            out[name] = at
    return out


def note_baseline() -> None:
    """Record the handlers this process started with (a worker calls it first thing)."""
    _BASELINE.clear()
    _BASELINE.update(installed())


def foreign_now() -> list[str]:
    """The fatal signals whose handler differs from the one this process started with."""
    return [name for name, at in installed().items() if at != _BASELINE.get(name, 0)]


def foreign(backend: str, name: str) -> list[str]:
    """Worker side: the fatal signals whose handler changed once target ``name`` of ``backend`` was loaded
    (its module imported)."""
    from conformance.running.registry import loaded_target

    loaded_target(backend, name)
    return foreign_now()


def call_bare(backend: str, name: str, kwargs: dict, device: str = "cpu", layouts: dict | None = None):
    """Worker side: ``registry.call_target`` with every fatal signal whose handler the target's module
    changed set back to its default just before the call (a trap then kills the process)."""
    from conformance.running.registry import call_target, loaded_target

    loaded_target(backend, name)
    for sig in foreign_now():
        signal.signal(getattr(signal, sig), signal.SIG_DFL)
    return call_target(backend, name, kwargs, device, layouts)


def signal_name(exit_code: int | None) -> str:
    """``SIGFPE`` for a process killed by signal 8 (``exit_code`` -8), '' for a process that exited."""
    if exit_code is None or exit_code >= 0:
        return ""
    try:
        return signal.Signals(-exit_code).name
    except ValueError:
        return f"signal {-exit_code}"


def blocked(pid: int) -> set[str] | None:
    """The fatal signals the main thread of process ``pid`` blocks, or None without ``/proc``."""
    try:
        with open(f"/proc/{pid}/status") as f:
            mask = next(int(line.split()[1], 16) for line in f if line.startswith("SigBlk:"))
    except (OSError, StopIteration, ValueError, IndexError):
        return None
    return {name for name in FATAL if mask >> (getattr(signal, name) - 1) & 1}


def stuck_in_handler(pid: int, at_rest: set[str] | None) -> str:
    """The fatal signal process ``pid``'s main thread is handling now (it blocks it, and did not at rest:
    a handler runs with its own signal blocked), '' if none or unknown."""
    now = blocked(pid)
    if now is None or at_rest is None:
        return ""
    return ",".join(sorted(now - at_rest))
