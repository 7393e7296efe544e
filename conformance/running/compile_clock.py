"""Compile time is not run time: a worker process tells its parent, through a 16-byte shared file,
when it is compiling and for how long it has compiled, so the per-call timeout counts running only.
The file is unlinked as soon as it is mapped (nothing is left behind in the temp folder); the worker
gets it as an inherited file descriptor.

A target (or an adapter helper) wraps each compile step in ``with compiling():`` (built-in: IREE's
``compile_str``, OpenVINO's ``compile_model``, PJRT's ``compile_and_load``, torch.compile through
Dynamo's compile-start/end callbacks). A compile nobody marks (jax's jit, a user backend's) is covered
by the first-call grace the runner gives each new signature. Outside a worker, or with no clock set
up, ``compiling()`` does nothing. The parent reads the clock with ``Clock.read``.
"""
from __future__ import annotations

import mmap
import os
import struct
import tempfile
import time
from contextlib import contextmanager

ENV = "CONFORMANCE_COMPILE_CLOCK"
_LAYOUT = struct.Struct("<dd")  # seconds compiled in finished compiles, monotonic start of the current one (0: none)
_CHILD: list = []  # this process's mapping, opened on first use
_DEPTH = [0]


class Clock:
    """Parent side: the file a worker writes; ``compile_seconds()`` includes a compile under way."""

    def __init__(self):
        fd, path = tempfile.mkstemp(prefix="conformance-clock-")
        os.unlink(path)  # the mapping and the descriptor keep it alive; nothing stays in the temp folder
        os.write(fd, b"\0" * _LAYOUT.size)
        self._map = mmap.mmap(fd, _LAYOUT.size)
        self.fd = fd  # passed to each worker process (``Popen(pass_fds=...)``, its number in ``ENV``)

    def read(self) -> tuple[float, float]:
        """(seconds compiled so far, monotonic time the current compile started or 0.0)."""
        return _LAYOUT.unpack(self._map[: _LAYOUT.size])

    def compile_seconds(self) -> float:
        done, since = self.read()
        return done + (time.monotonic() - since if since else 0.0)

    def compiling(self) -> bool:
        return self.read()[1] != 0.0

    def reset(self) -> None:
        self._map[: _LAYOUT.size] = b"\0" * _LAYOUT.size

    def close(self) -> None:
        self._map.close()
        os.close(self.fd)


def attach() -> None:
    """Map the clock this worker was given (call first thing in the worker)."""
    _child_map()


def _child_map():
    if not _CHILD:
        fd = os.environ.pop(ENV, "")  # popped: processes this worker starts do not share its clock
        try:
            _CHILD.append(mmap.mmap(int(fd), _LAYOUT.size) if fd else None)
        except (OSError, ValueError):  # not our descriptor (a process that inherited the variable only)
            _CHILD.append(None)
    return _CHILD[0]


def start() -> None:
    """A compile begins (nested starts count once)."""
    m = _child_map()
    _DEPTH[0] += 1
    if m is not None and _DEPTH[0] == 1:
        done, _ = _LAYOUT.unpack(m[: _LAYOUT.size])
        m[: _LAYOUT.size] = _LAYOUT.pack(done, time.monotonic())


def end() -> None:
    """The compile begun by the matching ``start`` is over."""
    m = _child_map()
    _DEPTH[0] = max(_DEPTH[0] - 1, 0)
    if m is not None and _DEPTH[0] == 0:
        done, since = _LAYOUT.unpack(m[: _LAYOUT.size])
        m[: _LAYOUT.size] = _LAYOUT.pack(done + (time.monotonic() - since if since else 0.0), 0.0)


@contextmanager
def compiling():
    """Mark the enclosed code as compiling (it does not count against the per-call run timeout)."""
    start()
    try:
        yield
    finally:
        end()


def hook_torch_dynamo() -> None:
    """Count every Dynamo/Inductor compile of this process as compiling (once per process)."""
    if getattr(hook_torch_dynamo, "done", False):
        return
    from torch._dynamo.callback import callback_handler

    callback_handler.register_start_callback(lambda *a, **k: start())
    callback_handler.register_end_callback(lambda *a, **k: end())
    hook_torch_dynamo.done = True
