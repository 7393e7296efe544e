"""A target's ``threads`` keyword (``conformance.core.case.Case.threads``) for backends whose thread count is a
setting of the session or compile their runner makes (onnxruntime's ``intra_op_num_threads``, OpenVINO's
``INFERENCE_NUM_THREADS``): the wrapper keeps the count of the call in progress, where the runner reads it
(``count``) and makes (or takes from its cache) a session or executable for that count."""
from __future__ import annotations

import functools
import inspect
import threading

_CALL = threading.local()  # .threads: the thread count the call in progress asks for (None: the backend's default)


def count() -> int | None:
    """The thread count of the target call in progress (None: the backend's default)."""
    return getattr(_CALL, "threads", None)


def taking_threads(fn):
    """``fn`` with a ``threads`` keyword too (None or 0: the backend's default); the runner it calls reads the
    count with ``count()``."""
    @functools.wraps(fn)
    def call(*args, threads=None, **kwargs):
        before = count()
        _CALL.threads = int(threads) if threads else None
        try:
            return fn(*args, **kwargs)
        finally:
            _CALL.threads = before

    sig = inspect.signature(fn)
    named = [p for p in sig.parameters.values() if p.kind is not p.VAR_KEYWORD and p.name != "threads"]
    rest = [p for p in sig.parameters.values() if p.kind is p.VAR_KEYWORD]
    call.__signature__ = sig.replace(parameters=named + [
        inspect.Parameter("threads", inspect.Parameter.KEYWORD_ONLY, default=None)] + rest)
    return call
