"""A standalone script's code for a target with no ``repro=`` snippet (a user's module of targets): the
target's module is carried in the script whole, and every suite name it uses is stood in for by what that
name gave on the seed's case when the script was written. So the script runs from an empty folder with
only the backend installed, whatever the target is: a plain function, a closure made by a factory, a
``functools.partial``, a member of a module-level dict or list.

How: the writer runs the target once on the case (in a forked child: a crashing or hanging target cannot
take the writer down), with each ``conformance`` module and function in the target module's globals
wrapped so that every call's result (and every constant read) is recorded in order. The script installs
stand-in ``conformance`` modules that replay those results by name, ``target`` as a decorator that
leaves a function as it is, and ``Unsupported`` / ``BackendUnavailable`` as exceptions; then it runs the
module's source and calls the target through the same path the module holds it by (``NAME``,
``NAME['key']``, ``NAME[2]``).
"""
from __future__ import annotations

import ast
import dataclasses
import functools
import inspect
import math
import multiprocessing
import sys
import types
from typing import Any, Callable

import numpy as np

from conformance.adapters.repro_code import literal
from conformance.core.opspec import NoRepro

SUITE_PACKAGES = ("conformance", "adapters", "oracles", "strategies", "reports")  # a user module's suite imports
KEPT = ("target", "Unsupported", "BackendUnavailable")  # names the stand-ins give themselves, never recorded
RECORD_SECONDS = 60  # the writer waits this long for the target's run on the case; a hang keeps what it recorded


def _suite_name(name: str) -> bool:
    return name.split(".")[0] in SUITE_PACKAGES


def path_to(module: types.ModuleType, fn: Callable) -> str:
    """The expression, in ``module``'s namespace, that holds ``fn``: a global name, or an item of a
    module-level dict, list or tuple (targets made in a loop or by a factory). NoRepro if none does."""
    for name, value in vars(module).items():
        if value is fn:
            return name
        if isinstance(value, dict):
            for key, item in value.items():
                if item is fn and isinstance(key, (str, int)):
                    return f"{name}[{key!r}]"
        if isinstance(value, (list, tuple)):
            for i, item in enumerate(value):
                if item is fn:
                    return f"{name}[{i}]"
    raise NoRepro(f"conformance repro: target function {getattr(fn, '__qualname__', fn)!r} is not held by a name, "
                  f"dict or list of module {module.__name__} (how the suite found it); give it repro=")


class _Recorder:
    """Results of the suite's names, in the order the target used them: (name, kind, value)."""

    def __init__(self, send: Callable[[tuple], None]):
        self.send = send

    def wrap(self, name: str, value: Any) -> Any:
        if isinstance(value, types.ModuleType):
            return _ModuleProxy(self, value)
        if name in KEPT or (isinstance(value, type) and issubclass(value, BaseException)):
            return value
        if callable(value):
            @functools.wraps(value)
            def recorded(*args, **kwargs):
                result = value(*args, **kwargs)
                self.send((name, "call", carried(result, name)))
                return result
            return recorded
        return value


class _ModuleProxy:
    def __init__(self, recorder: _Recorder, module: types.ModuleType):
        self._recorder, self._module = recorder, module

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._module, name)
        if isinstance(value, types.ModuleType) or callable(value) or name in KEPT:
            return self._recorder.wrap(name, value)
        self._recorder.send((name, "value", carried(value, name)))
        return value


def _record(fn: Callable, module: types.ModuleType, kwargs: dict, send: Callable[[tuple], None]) -> None:
    """Run ``fn`` on ``kwargs`` with ``module``'s suite names wrapped; each use sent as it happens."""
    recorder, swapped = _Recorder(send), {}
    for name, value in list(vars(module).items()):
        origin = value.__name__ if isinstance(value, types.ModuleType) else getattr(value, "__module__", None) or ""
        if _suite_name(origin) and not name.startswith("__"):
            swapped[name] = value
            module.__dict__[name] = recorder.wrap(getattr(value, "__name__", name), value)
    try:
        fn(**kwargs)
    except NoRepro as e:  # a value the script cannot carry
        send(("", "error", str(e)))
    except BaseException:  # noqa: BLE001 - the target's answer does not matter here, only what it used
        pass
    finally:
        module.__dict__.update(swapped)
    send(("", "done", None))


def recorded_uses(fn: Callable, module: types.ModuleType, kwargs: dict) -> list[tuple[str, str, str]]:
    """(name, "call" | "value", source of the value) for each use of a suite name by ``fn`` on ``kwargs``,
    measured in a forked child (a crash or hang of the target keeps what was recorded before it)."""
    if "fork" not in multiprocessing.get_all_start_methods():
        uses: list = []
        _record(fn, module, kwargs, uses.append)
    else:
        receive, send = multiprocessing.get_context("fork").Pipe(duplex=False)
        child = multiprocessing.get_context("fork").Process(target=_record, args=(fn, module, kwargs, send.send),
                                                            daemon=True)
        child.start()
        send.close()
        uses = []
        while receive.poll(RECORD_SECONDS):
            try:
                use = receive.recv()
            except EOFError:  # the child died (the target crashed): what it sent stands
                break
            uses.append(use)
            if use[1] == "done":
                break
        child.kill() if child.is_alive() else None
        child.join(5)
    errors = [u[2] for u in uses if u[1] == "error"]
    if errors:
        raise NoRepro(errors[0])
    return [u for u in uses if u[1] in ("call", "value")]


def carried(value: Any, name: str) -> str:
    """``value`` as Python source the script can evaluate (numpy arrays as ``arr(...)``); NoRepro for a
    value of a kind the script cannot rebuild."""
    if isinstance(value, np.ndarray):
        return literal(value)
    if isinstance(value, np.generic):
        return f"{literal(np.asarray(value))}[()]"
    if isinstance(value, np.dtype):
        return f"np.dtype({value.name!r})"
    if isinstance(value, float) and not math.isfinite(value):
        return f"float({str(value)!r})"
    if value is None or value is Ellipsis or isinstance(value, (bool, int, float, complex, str, bytes)):
        return repr(value)
    if isinstance(value, slice):
        return f"slice({carried(value.start, name)}, {carried(value.stop, name)}, {carried(value.step, name)})"
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a NamedTuple: rebuilt with its field names
        fields = ", ".join(f"{f}={carried(v, name)}" for f, v in zip(value._fields, value))
        return f"_record_type({type(value).__name__!r}, {tuple(value._fields)!r})({fields})"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):  # its fields, read as attributes
        fields = ", ".join(f"{f.name}={carried(getattr(value, f.name), name)}" for f in dataclasses.fields(value))
        return f"_types.SimpleNamespace({fields})"
    if isinstance(value, (list, tuple)):
        inner = ", ".join(carried(v, name) for v in value)
        return f"[{inner}]" if isinstance(value, list) else f"({inner}{',' if len(value) == 1 else ''})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{carried(k, name)}: {carried(v, name)}" for k, v in value.items()) + "}"
    raise NoRepro(f"conformance repro: suite helper {name!r} gave a {type(value).__name__}, which a standalone "
                  f"script cannot carry; give the target repro= (docs/usage.md#writing-a-target-for-your-own-backend)")


def _suite_imports(source: str) -> list[str]:
    """The suite modules ``source`` imports (``conformance.styles``, ...), their parents first."""
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names if _suite_name(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level and _suite_name(node.module):
            names.append(node.module)
            names += [f"{node.module}.{a.name}" for a in node.names  # a submodule (the module imported it)
                      if isinstance(sys.modules.get(f"{node.module}.{a.name}"), types.ModuleType)]
    parents = [".".join(n.split(".")[:i]) for n in names for i in range(1, n.count(".") + 1)]
    return list(dict.fromkeys(parents + names))


def _source_literal(text: str) -> str:
    """``text`` as a readable string literal where it can be (a raw triple-quoted one), else its repr."""
    if "'''" not in text and not text.endswith("\\") and "\r" not in text:
        return "r'''" + text + "'''"
    return repr(text)


STAND_INS = '''# The target's module ({file}): imported where it is importable (your project: a fix there shows),
# else the copy carried whole above. In the copy, suite imports are stood in for: `target` leaves a function
# as it is, and each suite helper gives back, in order, what it gave on this case when the script was
# written (so the script needs only the backend).
import collections as _collections
import importlib as _importlib
import types as _types


def _record_type(name, fields):
    return _collections.namedtuple(name, fields)


RECORDED = {recorded}


class _Suite(_types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if self.__name__ + "." + name in sys.modules:
            return sys.modules[self.__name__ + "." + name]
        if name == "target":
            return lambda *args, **kwargs: (lambda fn: fn)
        if name in ("Unsupported", "BackendUnavailable"):
            setattr(self, name, type(name, (Exception,), {{}}))
            return getattr(self, name)
        uses = RECORDED.get(name)
        if uses and uses[0][0] == "value":
            return uses[0][1]
        if uses:
            return lambda *args, **kwargs: uses.pop(0)[1] if len(uses) > 1 else uses[0][1]
        return _Unused(name)


class _Unused:
    """A suite name the target did not use on this case (a region, say): anything, used as nothing."""

    def __init__(self, name):
        self.name = name

    def __call__(self, *args, **kwargs):
        return self

    def __getattr__(self, name):
        return self


def _carried():
    for name in {modules}:
        sys.modules[name] = _Suite(name)
        sys.modules[name].__path__ = []
    module = _types.ModuleType({module!r})
    module.__file__ = {file!r}
    sys.modules[{module!r}] = module
    exec(compile(SOURCE, {file!r}, "exec"), module.__dict__)
    return module


try:
    MODULE = _importlib.import_module({module!r})
    print(f"target module: {{MODULE.__file__}} (importable here)")
except ModuleNotFoundError as _missing:
    if not {module!r}.startswith(str(_missing.name)):  # a module it imports is missing: this machine's lack
        raise
    MODULE = _carried()
    print("target module: the copy carried in this script")
'''


def module_code(t, kwargs: dict, earlier: list[tuple] = ()) -> tuple[list[str], list[str], str, list[str]]:
    """(imports, setup lines, call expression, the earlier calls' target expressions) of a script that carries target ``t``'s
    module; NoRepro where the module's source cannot be read or a helper's value cannot be carried.
    ``earlier``: (target, kwargs) of calls the script makes first (a history-dependent seed's), targets of
    the same module: their suite helpers' results are recorded too, in the order the script calls them."""
    fn = t.fn
    inner = fn.func if isinstance(fn, functools.partial) else inspect.unwrap(fn)
    candidates = [sys.modules.get(getattr(inner, "__module__", None) or ""), sys.modules.get(t.backend)]
    found = [(m, _held_at(m, fn)) for m in candidates if m is not None]
    holder, where = next(((m, w) for m, w in found if w), (None, ""))
    if holder is None:
        raise NoRepro(f"conformance repro: target {t.name!r}: no loaded module holds its function; give it repro=")
    try:
        source = inspect.getsource(holder)
    except (OSError, TypeError) as e:
        raise NoRepro(f"conformance repro: target {t.name!r}: the source of module {holder.__name__} cannot be read "
                      f"({e}); give it repro=") from None
    uses = [u for other, kw in earlier for u in recorded_uses(other.fn, holder, kw)] + recorded_uses(fn, holder, kwargs)
    recorded: dict[str, list[str]] = {}
    for name, kind, value in uses:
        recorded.setdefault(name, []).append(f"({kind!r}, {value})")
    table = "{" + ", ".join(f"{k!r}: [{', '.join(v)}]" for k, v in recorded.items()) + "}"
    file = getattr(holder, "__file__", "") or f"{holder.__name__}.py"
    setup = [f"SOURCE = {_source_literal(source)}",
             *STAND_INS.format(file=file.rsplit("/", 1)[-1], recorded=table, modules=_suite_imports(source),
                               module=holder.__name__).splitlines()]
    release = ["release = getattr(MODULE, 'VERSION', None)",
               "print(f\"{MODULE.__name__}: VERSION {release() if callable(release) else release}\") "
               "if release is not None else None"]
    return [], setup + release, f"MODULE.{where}", [f"MODULE.{path_to(holder, other.fn)}" for other, _ in earlier]


def _held_at(module: types.ModuleType, fn: Callable) -> str:
    """``path_to(module, fn)``, or '' where ``module`` does not hold ``fn``."""
    try:
        return path_to(module, fn)
    except NoRepro:
        return ""
