"""The batch entry point of the ``torch_compile`` targets (issue 64): one ``torch.compile``d function makes the
compiled API call of every case of a batch, so Dynamo traces and Inductor compiles once per batch, not once
per case.

A target runs the eager target's code, whose compiled API calls (``torch_compile._compiled_functions()``) are
known only as that code runs, and whose later lines use their results. So a batch runs in rounds: each round
runs every unfinished case's eager code from its start under a mode that answers its compiled calls with the
answers of earlier rounds; the case's next compiled call is recorded with its arguments (the real tensors, in
their layouts) and the case stops there. The recorded calls of a round are made by one compiled function
(``dynamic=True``, as the one-case wrappers: each call's tensors and Python ints are its inputs, other
arguments constants), and its results are the next round's answers. An in-place call's answer is copied into
the tensor the case's code passes on replay. Most cases make one compiled call: two rounds, one compile.

A call whose eager API raises on its arguments (an out-of-bounds index) would stop the whole compiled
function, and its refusal is a divergence the engine runs alone anyway: the case is given back as
``RunAlone``, for the one-case path (its own compile, its own error). What the batch's function raises is
raised for the whole batch, which the engine splits (``conformance.running.batches``).
"""
from __future__ import annotations

import itertools
import os

from conformance.running.batches import RunAlone

_CACHE: dict[tuple, object] = {}  # batch key -> its compiled function (the engine calls each batch twice)
_KEEP = 4  # compiled batch functions kept (the last few batches)
_COUNT = itertools.count()


class _Stop(BaseException):
    """Raised by the recording mode at a case's next compiled call (a BaseException: the eager code's own
    ``except Exception`` leaves it alone)."""


class _Slot:
    """Where a graph input goes in a call's arguments."""
    __slots__ = ("i",)

    def __init__(self, i: int):
        self.i = i

    def __repr__(self):
        return "_"


def _template(value, inputs: list):
    """``value`` (a call's args and kwargs) with each tensor and Python int replaced by a ``_Slot`` into ``inputs``."""
    import torch

    if isinstance(value, torch.Tensor) or (type(value) is int):
        inputs.append(value)
        return _Slot(len(inputs) - 1)
    if type(value) in (tuple, list):
        return type(value)(_template(v, inputs) for v in value)
    if type(value) is dict:
        return {k: _template(v, inputs) for k, v in value.items()}
    return value


def _fill(template, flat):
    if isinstance(template, _Slot):
        return flat[template.i]
    if type(template) in (tuple, list):
        return type(template)(_fill(v, flat) for v in template)
    if type(template) is dict:
        return {k: _fill(v, flat) for k, v in template.items()}
    return template


def _in_place(func) -> bool:
    name = getattr(func, "__name__", "")
    return name == "__setitem__" or (name.endswith("_") and not name.endswith("__"))


def _compiled_batch(calls: list[tuple]):
    """The compiled function making ``calls`` (``(func, template)`` each, on one flat list of inputs)."""
    import torch

    key = tuple((c[0], repr(c[1])) for c in calls)
    if key in _CACHE:
        return _CACHE[key]

    def run(*flat):
        out = []
        for func, template in calls:
            args, kwargs = _fill(template, flat)
            out.append(func(*args, **kwargs))
        return tuple(out)

    # a code object of its own per batch (Dynamo keeps graphs and guards per code object)
    run.__code__ = run.__code__.replace(co_name=f"compiled_batch_{next(_COUNT)}")
    fn = torch.compile(run, dynamic=True, backend=os.environ.get("CONFORMANCE_TORCH_COMPILE_BACKEND", "inductor"))
    while len(_CACHE) >= _KEEP:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = fn
    return fn


def _raises_eagerly(func, args, kwargs) -> bool:
    """Whether the eager API raises on (clones of) the call's arguments."""
    import torch

    def clone(v):
        if isinstance(v, torch.Tensor):
            return v.clone()
        if type(v) in (tuple, list):
            return type(v)(clone(x) for x in v)
        if type(v) is dict:
            return {k: clone(x) for k, x in v.items()}
        return v

    try:
        func(*clone(args), **clone(kwargs))
    except Exception:  # noqa: BLE001 - any refusal: the case runs alone
        return True
    return False


def _replay_mode(compiled: set):
    """The mode class that answers a case's compiled calls from ``answers`` in order, and records the next
    compiled call (``pending``) and stops the case there."""
    import torch

    class Replay(torch.overrides.TorchFunctionMode):
        def __init__(self, answers: list):
            super().__init__()
            self.answers, self.at, self.pending = answers, 0, None

        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            if func not in compiled:
                return func(*args, **kwargs)
            if self.at < len(self.answers):
                got = self.answers[self.at]
                self.at += 1
                if _in_place(func):  # the compiled call wrote its first argument: write the replayed one so
                    args[0].copy_(got)
                    return None if func.__name__ == "__setitem__" else args[0]
                return got
            self.pending = (func, args, kwargs)
            raise _Stop

    return Replay


def batch_entry(eager_fn, setup):
    """The batch entry point of the compiled target running ``eager_fn``: ``setup()`` makes the one-case mode's set-up once and returns ``(compiled, timed)``: the set of API
    functions compiled, and ``timed(fn, args, kwargs)``, a call counted in the compile statistics."""
    modes: list = []

    def batch(calls: list[dict]) -> list:
        compiled, timed = setup()
        if not modes:
            modes.append(_replay_mode(compiled))
        replay = modes[0]
        results: list = [None] * len(calls)
        answers: list[list] = [[] for _ in calls]
        todo = list(range(len(calls)))
        while todo:
            pending = []  # (case, func, args, kwargs) of each case's next compiled call
            for i in todo:
                mode = replay(answers[i])
                try:
                    with mode:
                        results[i] = eager_fn(**calls[i])
                except _Stop:
                    pending.append((i, *mode.pending))
                except Exception as e:  # noqa: BLE001 - the case's own refusal (before its compiled call)
                    results[i] = e
            alone = {p[0] for p in pending if _raises_eagerly(*p[1:])}
            for i in alone:
                results[i] = RunAlone("its API call raises eagerly: a refusal, judged through the one-case path")
            pending = [p for p in pending if p[0] not in alone]
            todo = [p[0] for p in pending]
            if not pending:
                break
            inputs: list = []
            made = [(func, _template((tuple(args), dict(kwargs)), inputs)) for _, func, args, kwargs in pending]
            outs = timed(_compiled_batch(made), tuple(inputs), {})
            for (i, func, args, _), out in zip(pending, outs):
                answers[i].append(args[0] if _in_place(func) else out)  # (in place: the tensor it wrote)
        return results

    return batch
