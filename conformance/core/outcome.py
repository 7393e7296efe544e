"""What a target did with a case: a value, a rejection, a crash, a timeout, or "unsupported"."""
from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np


class Unsupported(Exception):
    """Raised by a target for a case it cannot express (should be rare: regions prevent it)."""


class TargetCrashed(Exception):
    """The process running the target died (abort, segfault)."""


class TargetTimeout(Exception):
    """The target did not answer in time."""


class CompileTimeout(Exception):
    """The target's compiler did not finish within the compile limit (not a verdict about the op)."""


class AdapterError(Exception):
    """The target's own code failed, before or beside the backend: its signature does not take the op's
    arguments, or its module raised ``NameError`` / ``AttributeError`` itself (``adapter_fault``)."""


class BackendUnavailable(Exception):
    """Raised by a target that finds its backend cannot run on this machine at all (a device, a CPU
    vendor or feature, a plugin it needs is missing): an environment line, never a verdict. A missing
    kernel for one dtype is not this: that is the backend refusing the case (``rejects-valid``)."""


class TargetCannotRun(BaseException):
    """Raised by the runner for an ``unavailable`` outcome: the property stops and is skipped with the
    reason (a ``BaseException``, so Hypothesis neither shrinks nor retries it); no seed is written."""


class TargetBroken(BaseException):
    """Raised by the runner for an ``adapter-error`` outcome: no verdict about the backend can be drawn
    from a target whose own code is broken. A ``BaseException``, so Hypothesis neither shrinks nor
    retries it: the property stops at once and reports it in one line."""


# names of AdapterError and its subclasses, as an exception raised in a worker comes back (by name)
ADAPTER_ERRORS = ("AdapterError", "StyleError")


class RemoteError(Exception):
    """An exception raised in an isolated worker, carried back by type name and message."""

    def __init__(self, type_name: str, message: str):
        self.type_name = type_name
        super().__init__(message)


@dataclass(frozen=True)
class Outcome:
    kind: str  # "value" | "rejection" | "crash" | "timeout" | "compile-timeout" | "unsupported" | "adapter-error"
    #            | "unavailable" (the backend cannot run on this machine: ``BackendUnavailable``)
    value: Any = None
    error_type: str = ""
    message: str = ""
    mutated: tuple[str, ...] = ()  # input arrays the target wrote into (a divergence of its own)
    returned: str = ""  # the type the target returned where it was not an array (a numpy scalar, a float)
    # a crash that needs earlier calls: the calls (``history.Call``) after which it dies in a fresh process
    history: tuple = field(default=(), compare=False, repr=False)

    def brief(self) -> str:
        if self.kind == "value":
            v = self.value
            if isinstance(v, np.ndarray):
                return f"{v.dtype.name}{list(v.shape)} {np.array2string(v, threshold=40, edgeitems=3)}"
            return repr(v)
        if self.kind == "rejection":
            return f"raised {self.error_type}: {first_line(self.message)}"
        return f"{self.kind}: {first_line(self.message)}"


def first_line(text: str, limit: int = 300) -> str:
    """The message's first line; a heading such as ``Unable to parse module assembly:`` keeps its
    first ``error:`` line, which is what says what went wrong."""
    lines = [ln.strip() for ln in str(text).splitlines() if ln.strip()]
    line = lines[0] if lines else ""
    if line.endswith(":"):
        line += " " + next((ln for ln in lines[1:] if "error" in ln), lines[1] if len(lines) > 1 else "")
    return line if len(line) <= limit else line[: limit - 3] + "..."


@dataclass(frozen=True)
class Guarded:
    """A target's return value and the names of the inputs it changed (see ``guarded_call``)."""

    value: Any
    mutated: tuple[str, ...] = ()


def _copy(v: Any, kind: Any = "c") -> Any:
    """A fresh copy of an argument, in memory layout ``kind`` (a list of kinds for a variadic one)."""
    from conformance.core.layouts import lay_out

    if isinstance(v, np.ndarray):
        return v.copy() if kind == "c" else lay_out(v, kind)
    if isinstance(v, list) and all(isinstance(x, np.ndarray) for x in v):
        kinds = kind if isinstance(kind, list) else [kind] * len(v)
        return [_copy(x, k) for x, k in zip(v, kinds)]
    return v


def _changed(before: Any, after: Any) -> bool:
    if isinstance(before, np.ndarray):
        return before.shape != after.shape or before.dtype != after.dtype or before.tobytes() != after.tobytes()
    if isinstance(before, list) and before and isinstance(before[0], np.ndarray):
        return len(before) != len(after) or any(_changed(b, a) for b, a in zip(before, after))
    return False


def _outside(v: Any) -> bytes:
    from conformance.core.layouts import outside

    if isinstance(v, np.ndarray):
        return outside(v)
    if isinstance(v, list):
        return b"".join(_outside(x) for x in v)
    return b""


def guarded_call(fn, kwargs: dict[str, Any], layouts: dict[str, Any] | None = None) -> Guarded:
    """Call ``fn`` on copies of the input arrays and report which copies it wrote into: the caller's
    arrays stay pristine (the expected value is computed from them), and a target that changes its
    inputs is caught even when it returns the right value. ``layouts`` gives the memory layout of a
    copy by argument name (``conformance.core.layouts``; a list per variadic argument): the target gets the
    view as it is, and writing into its buffer outside the view counts as writing into the input."""
    layouts = layouts or {}
    copies = {k: _copy(v, layouts.get(k, "c")) for k, v in kwargs.items()}
    around = {k: _outside(v) for k, v in copies.items() if k in layouts}
    try:
        value = fn(**copies)
    except (TypeError, AttributeError, NameError, ImportError) as e:
        fault = adapter_fault(e, fn)
        if fault:
            raise AdapterError(fault) from None
        raise
    return Guarded(value, tuple(k for k in kwargs if _changed(kwargs[k], copies[k])
                                or (k in around and _outside(copies[k]) != around[k])))


# Python's own messages for a call whose arguments do not bind to the function's parameters
_BINDING = re.compile(r"missing \d+ required (positional|keyword-only) argument|got an unexpected keyword argument|"
                      r"takes \d+ positional arguments? but|takes from \d+ to \d+ positional|"
                      r"got multiple values for argument|takes no (keyword )?arguments")


def adapter_fault(e: BaseException, fn) -> str:
    """One line when ``e``, raised by calling target function ``fn``, is a bug of the target's own code
    rather than the backend's answer, else ''. Two shapes are: the op's arguments do not bind to
    ``fn``'s signature (the call failed before entering it), and a ``NameError``, an ``AttributeError``
    or an argument-binding ``TypeError`` raised on a line of ``fn``'s own file. A backend library that
    raises one of these inside its own code (any frame below the target's) is the backend answering."""
    tb, frames = e.__traceback__, []
    while tb is not None:
        frames.append(tb)
        tb = tb.tb_next
    frames = frames[1:]  # [0] is the caller's line: guarded_call
    message = f"{type(e).__name__}: {first_line(str(e))}"
    if isinstance(e, ImportError):  # a module the backend (or the target) needs is missing: the install's
        return f"{message} (an import failed: the environment, not the backend's answer on the case)"
    if not frames:
        if isinstance(e, TypeError) and _BINDING.search(str(e)):
            return f"{message} (the target's signature does not take the op's arguments)"
        return ""
    if isinstance(e, AttributeError):  # a module's __getattr__ (numpy's) raising for a name it lacks
        while len(frames) > 1 and frames[-1].tb_frame.f_code.co_name == "__getattr__":
            frames.pop()
    code = getattr(inspect.unwrap(fn), "__code__", None)
    inner = frames[-1]
    if code is None or inner.tb_frame.f_code.co_filename != code.co_filename:
        return ""  # raised below the target, in the backend's own code: its answer
    if isinstance(e, (NameError, AttributeError)) or _BINDING.search(str(e)):
        return f"{message} ({Path(code.co_filename).name}:{inner.tb_lineno}, in the target's own code)"
    return ""


def run(fn, kwargs: dict[str, Any]) -> Outcome:
    """Call a target and classify what happened; never raises for the target's own errors. A
    ``Guarded`` return value is unwrapped and its ``mutated`` names kept."""
    try:
        value = fn(**kwargs)
    except Unsupported as e:
        return Outcome("unsupported", message=str(e))
    except TargetCrashed as e:
        return Outcome("crash", message=str(e))
    except TargetTimeout as e:
        return Outcome("timeout", message=str(e))
    except CompileTimeout as e:
        return Outcome("compile-timeout", message=str(e))
    except AdapterError as e:
        return Outcome("adapter-error", message=str(e))
    except BackendUnavailable as e:
        return Outcome("unavailable", message=str(e))
    except RemoteError as e:
        if e.type_name == Unsupported.__name__:
            return Outcome("unsupported", message=str(e))
        if e.type_name == BackendUnavailable.__name__:
            return Outcome("unavailable", message=str(e))
        if e.type_name in ADAPTER_ERRORS:
            return Outcome("adapter-error", message=str(e))
        return Outcome("rejection", error_type=e.type_name, message=str(e))
    except Exception as e:  # noqa: BLE001 - any exception is the target rejecting the case
        return Outcome("rejection", error_type=type(e).__name__, message=str(e))
    mutated = ()
    if isinstance(value, Guarded):
        value, mutated = value.value, value.mutated
    if isinstance(value, tuple):
        return Outcome("value", value=tuple(np.asarray(v) for v in value), mutated=mutated)
    returned = "" if isinstance(value, np.ndarray) else f"{type(value).__module__}.{type(value).__qualname__}"
    return Outcome("value", value=np.asarray(value), mutated=mutated, returned=returned)
