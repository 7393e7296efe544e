"""Targets and backends: the ``target`` decorator and loading a backend by name or module path."""
from __future__ import annotations

import functools
import importlib
import importlib.resources
import importlib.util
import inspect
import os
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from conformance.core import layouts

BUILTIN_BACKENDS = {
    "numpy": "conformance.adapters.numpy",
    "torch": "conformance.adapters.torch",
    "torch_compile": "conformance.adapters.torch_compile",
    "jax": "conformance.adapters.jax",
    "onnxruntime": "conformance.adapters.onnxruntime",
    "onnx_reference": "conformance.adapters.onnx_reference",
    "stablehlo": "conformance.adapters.stablehlo",
    "xla": "conformance.adapters.xla",
    "openvino": "conformance.adapters.openvino",
    "iree": "conformance.adapters.iree",
    "tensorflow": "conformance.adapters.tensorflow",
    "tensorflow_xla": "conformance.adapters.tensorflow_xla",
    "onnxruntime_openvino": "conformance.adapters.onnxruntime_openvino",
    "litert": "conformance.adapters.litert",
    "tvm": "conformance.adapters.tvm",
}


# Run only when named (--backend openvino): their divergences are not all declared yet, so `all`
# (and a run without --backend) leaves them out. `conformance list` shows them.
OPT_IN_BACKENDS = ("torch_compile", "openvino", "iree", "tensorflow", "tensorflow_xla", "onnxruntime_openvino",
                   "litert", "tvm")


class BackendError(Exception):
    """A backend that cannot be loaded: unknown name, or a module that is not importable."""


# the package whose release a built-in backend's declarations are measured on (``versions``)
BACKEND_PACKAGES = {"numpy": "numpy", "torch": "torch", "torch_compile": "torch", "jax": "jax",
                    "onnxruntime": "onnxruntime", "onnx_reference": "onnx", "stablehlo": "jaxlib", "xla": "jaxlib",
                    "openvino": "openvino", "iree": "iree-base-compiler",
                    # (the tensorflow modules name the distribution installed: tensorflow or tensorflow-cpu)
                    "tensorflow": "tensorflow", "tensorflow_xla": "tensorflow",
                    "onnxruntime_openvino": "onnxruntime-ep-openvino", "litert": "ai-edge-litert",
                    "tvm": "apache-tvm"}
# classes whose divergence is a value: a declaration's model must predict it (conformance.judging.models)
VALUE_CLASSES = ("wrong-value", "history-dependent", "clamp", "fill", "wrap", "skip-window")
MODEL_REQUIRED = ("wrong-value", "history-dependent")
# the keys a [[deviation]] entry may have (a misspelt key would silently widen or narrow a declaration)
# (``finding``: the findings script that reproduces it, e.g. "docs/findings/x.py"; read by the findings tests)
ENTRY_KEYS = ("target", "class", "reason", "link", "when", "model", "unmodelled", "known", "versions", "package",
              "finding")


REMEASURE_ENV = "CONFORMANCE_REMEASURE"  # "1": every declaration judged as if this release were in its range


@dataclass(frozen=True)
class Deviation:
    cls: str
    reason: str
    link: str = ""
    when: str = ""  # a condition name from conformance.judging.conditions; empty: any case
    model: str = ""  # what the backend gives (conformance.judging.models): covers only values it predicts
    unmodelled: str = ""  # why no model can be written (then any value in scope is excused: a blind spot)
    known: str = ""  # the upstream issue where this is a known bug
    versions: str = ""  # PEP 440 specifier of the releases it was measured on ("" : any)
    package: str = ""  # the distribution ``versions`` is read against (the backend's)

    def in_release(self) -> bool:
        """The installed release of ``package`` is in ``versions`` (always, without a specifier, and in a
        ``--remeasure`` run: ``REMEASURE_ENV``, reports.remeasure)."""
        return os.environ.get(REMEASURE_ENV) == "1" or self.in_range()

    def in_range(self) -> bool:
        """The installed release of ``package`` is in ``versions`` (always, without a specifier)."""
        if not self.versions:
            return True
        installed = installed_version(self.package)
        if installed is None:
            return False
        from packaging.specifiers import SpecifierSet

        return SpecifierSet(self.versions).contains(installed, prereleases=True)

    def on_newest(self) -> bool:
        """In force on the newest release: no ``versions``, or a range with no upper end (``>=1.32.0``: measured
        there and holding since), whatever release is installed. A seed written on an older release records
        what such a declaration excuses (``Target.excused``), so a bisect judges only what the newest no
        longer does."""
        if not self.versions:
            return True
        from packaging.specifiers import SpecifierSet

        return all(s.operator in (">=", ">", "!=") for s in SpecifierSet(self.versions))

    def blind(self) -> bool:
        """A value deviation with no model: it excuses any value in its scope."""
        return self.cls in MODEL_REQUIRED and not self.model


USER_PACKAGES: dict[str, str] = {}  # user backend -> the distribution its module names (PACKAGE), or itself (VERSION only)
RELEASES: dict[str, str] = {}  # distribution (or user backend) -> the release its module's VERSION states


def installed_version(package: str) -> str | None:
    """The installed release of distribution ``package`` (None: not installed, or no package named); a
    user backend module's ``VERSION`` where it states one."""
    from importlib import metadata

    if package in RELEASES:
        return RELEASES[package]
    try:
        return metadata.version(package) if package else None
    except metadata.PackageNotFoundError:
        return None


_installed_version = installed_version  # (the name before it was public)


DYNAMIC_SHAPES = "dynamic_shapes"  # the keyword a target takes to be run with dynamic shapes too (``Case.dynamic``)
THREADS = "threads"  # the keyword a target that sets its thread count takes (conformance.core.case.Case.threads)


@dataclass
class Target:
    op: str
    name: str
    fn: Callable[..., Any]
    region: dict = field(default_factory=dict)
    deviations: dict[str, list[Deviation]] = field(default_factory=dict)
    valid: bool = True
    invalid: bool = False
    isolated: bool = True  # run in a worker process, so a hang or an abort is one verdict
    backend: str = ""
    repro: Callable | None = None  # (case kwargs, case) -> (imports, setup lines, call): its repro script code
    eager: tuple[str, str] = ()  # (backend, target name) of the uncompiled target this one compiles, if any
    # after a declared crash survived on a valid case of an op that writes by index, restart the workers
    # (it may have written out of bounds); False where the declared crash is a clean abort and a restart
    # would cost recompiles
    restart_after_crash: bool = True
    layouts: tuple[str, ...] = ()  # memory layouts its array arguments may arrive in (conformance.core.layouts)
    # module-level COMPILES: False, no compile grace on a first call's timeout; None (a user module that does not
    # say), grace once a first call is seen compiling (``compile_grace``)
    compiles: bool | None = True
    value_sets: bool = False  # True (module-level VALUE_SETS = True): each random valid case also runs with other
    # values of its signature under dev and nightly (one compile, several checks); the built-in compiling
    # backends get them by name (``profiles.VALUE_SET_BACKENDS``)
    # the batch entry point (``conformance.running.batches``): ``batch(calls) -> results``, ``calls`` a list of the
    # keyword arguments the one-case function takes, one dict per case; ``results`` one entry per case, what the
    # one-case function returns for it, or the exception it raises on it. A compile error or crash of the whole
    # batch is raised (the engine splits the batch). None: the engine runs one case at a time.
    batch: Callable | None = None
    batch_size: int = 0  # cases per batch, at most (0: ``batches.DEFAULT_SIZE``)
    # declared classes whose cases run alone, not in a batch (None: ``engine.BATCH_BREAKERS``): a batch entry
    # that gives a case's own refusal back for that case (``RunAlone`` or the exception) need not name refusals
    batch_breakers: tuple[str, ...] | None = None
    # whether the valid property's drawn runs go in batches too (``batches.drawn_batchable``): only where measured
    # to pay (a backend whose compile is cheap, or whose batches split often, runs them faster one by one)
    batch_drawn: bool = False

    def call_kwargs(self, case) -> dict[str, Any]:
        kwargs = case.kwargs()
        params = inspect.signature(self.fn).parameters
        if "result_type" in params or any(p.kind is p.VAR_KEYWORD for p in params.values()):
            kwargs["result_type"] = case.result_type
        if DYNAMIC_SHAPES in params:
            kwargs[DYNAMIC_SHAPES] = bool(case.dynamic)
        if THREADS in params:
            kwargs[THREADS] = int(getattr(case, "threads", 0)) or None
        return kwargs

    @property
    def takes_threads(self) -> bool:
        """Whether the target sets its backend's thread count on request: its function has a ``threads``
        parameter (named; None: the backend's default). Its large index cases also run on one thread
        (``running.large_index``), so a kernel whose threaded path differs from its serial one shows."""
        try:
            return THREADS in inspect.signature(self.fn).parameters
        except (TypeError, ValueError):
            return False

    @property
    def takes_dynamic_shapes(self) -> bool:
        """Whether the target compiles with dynamic dims on request: its function has a ``dynamic_shapes``
        parameter (named, not only a ``**`` one). Such a target's constructed cases run once more with
        ``dynamic_shapes=True`` in every profile, and a share of its random cases under dev and nightly."""
        try:
            return DYNAMIC_SHAPES in inspect.signature(self.fn).parameters
        except (TypeError, ValueError):
            return False

    def declared(self, classes: str | tuple[str, ...], case=None, value=None) -> Deviation | None:
        """The declared deviation covering a divergence of class ``classes`` (or of any of them:
        an observation several variants explain) on ``case``, if any: its condition holds, the installed
        release is one it was measured on, and, given the target's ``value``, its model predicts every
        element the spec does not allow."""
        for dev in self._matching(classes, case, value):
            if dev.in_release():
                return dev
        return self._together(classes, case, value)

    def _together(self, classes, case, value) -> Deviation | None:
        """The first of several modelled declarations whose conditions hold on ``case`` and whose models
        together predict every diverging element (a NaN quirk and a signed-zero quirk in one tensor:
        each element is judged by the declarations, not the case by one of them)."""
        from conformance.judging.conditions import holds
        from conformance.judging.models import covers

        if value is None or case is None:
            return None
        devs = [dev for cls in ((classes,) if isinstance(classes, str) else classes) if cls in VALUE_CLASSES
                for dev in self.deviations.get(cls, ()) if dev.model and dev.in_release() and holds(dev.when, case)]
        parts = list(dict.fromkeys(p.strip() for d in devs for p in d.model.split("+")))
        # a value quirk met where a declared index behaviour holds too (a signed zero written through a
        # negative index the backend counts from the end): the model on the case as that behaviour reads it
        # (a declared skip-window too: a window partly out of bounds dropped whole, then a signed zero met by a min)
        readings = [r for cls, rs in (("wrap", ("from-end", "modulo")), ("clamp", ("keep/clamp",)),
                                      ("skip-window", ("keep/skip-window",)))
                    if any(d.in_release() and holds(d.when, case) for d in self.deviations.get(cls, ())) for r in rs]
        readings += [p[len("index:"):] for p in parts if p.startswith("index:")]  # a modelled index reading too
        composed = parts + [f"{p}@{r}" for p in parts for r in readings if "@" not in p and not p.startswith("index:")]
        composed += [f"index:{r}" for r in readings if f"index:{r}" not in composed]  # elements the reading alone gives
        if len(composed) <= 1 or len(devs) < 1:
            return None
        return devs[0] if covers("+".join(composed), case, value) else None

    def excused(self, case, value) -> tuple[list[int], list[str]]:
        """(the flat positions, in the first result, of the elements of ``value`` that differ from the
        spec and that the modelled declarations in force on ``case`` predict, on this release or on the
        newest (``Deviation.on_newest``: a seed written on an old release leaves out what the newest still
        does); those declarations' models): what a seed of an undeclared divergence records, so its replay,
        repro script and bisect decide on the other elements only."""
        import numpy as np

        from conformance.judging.conditions import holds
        from conformance.judging.models import unexplained

        models = list(dict.fromkeys(dev.model for cls in VALUE_CLASSES for dev in self.deviations.get(cls, ())
                                    if dev.model and (dev.in_release() or dev.on_newest()) and holds(dev.when, case)))
        if value is None or not models:
            return [], []
        every, left = unexplained("", case, value), unexplained("+".join(models), case, value)
        if not every or not left or len(every) != 1:
            return [], []
        return [int(i) for i in np.flatnonzero(every[0] & ~left[0])], models

    def out_of_release(self, classes: str | tuple[str, ...], case=None, value=None) -> list[Deviation]:
        """Declarations that would cover the divergence but were measured on other releases."""
        return [dev for dev in self._matching(classes, case, value) if not dev.in_release()]

    def _matching(self, classes, case, value):
        from conformance.judging.conditions import holds
        from conformance.judging.models import covers

        for cls in (classes,) if isinstance(classes, str) else classes:
            for dev in self.deviations.get(cls, ()):
                if case is not None and not holds(dev.when, case):
                    continue
                if dev.model and value is not None and case is not None and cls in VALUE_CLASSES \
                        and not covers(dev.model, case, value):
                    continue
                yield dev


def target(op: str, name: str, *, region: dict | None = None, deviations: dict[str, str] | None = None,
           valid: bool = True, invalid: bool = False, isolated: bool = True, backend: str = "",
           repro: Callable | None = None, layouts: tuple[str, ...] | None = None, batch: Callable | None = None,
           batch_size: int = 0):
    """Mark a function as a target for ``op``. ``region`` narrows the case strategy (its keys are
    checked against the op's region when the backend loads); ``deviations`` maps a verdict class to
    its reason. ``valid``/``invalid`` say which cases it is run on; ``isolated=False`` runs it in the
    test process (for targets that isolate themselves). ``backend``: the backend a target of an op's
    own adapter module belongs to (``OpSpec.adapters``). ``repro``: ``(case kwargs, case) -> (imports,
    setup lines, call expression)``, the target's own code for a standalone repro script. ``layouts``:
    the memory layouts (``conformance.core.layouts.KINDS``) its array arguments may arrive in, as views;
    default: the backend module's ``LAYOUTS``, else every kind (a view is a valid numpy array; a module
    opts out with ``LAYOUTS = ("c",)``). ``batch``: the target's batch entry point, ``batch(calls) -> results``
    (one compile for many cases: ``Target.batch``), at most ``batch_size`` cases a call."""
    def wrap(fn):
        made = fn.__conformance_target__ = Target(
            op, name, fn, dict(region or {}),
            {cls: [Deviation(cls, reason)] for cls, reason in (deviations or {}).items()}, valid, invalid,
            isolated, backend, repro, layouts=tuple(layouts or ()), batch=batch, batch_size=batch_size)
        # one function under several @target decorators (an API for two spec ops): a target each; a function
        # another backend's module marks again (a second runtime of the same API) is that backend's alone
        prefix = name.split(":", 1)[0]
        fn.__conformance_targets__ = [*(t for t in getattr(fn, "__conformance_targets__", ())
                                        if t.name.split(":", 1)[0] == prefix), made]
        return fn
    return wrap


def _deviation_file(backend: str, module) -> dict[str, list[Deviation]]:
    """A backend's declared deviations: its module's ``DEVIATIONS_FILE``, else the package's
    ``adapters/deviations/<backend>.toml`` (read as a package resource)."""
    custom = getattr(module, "DEVIATIONS_FILE", None)
    path = Path(custom) if custom else importlib.resources.files("conformance.adapters") / "deviations" / f"{backend}.toml"
    if not path.is_file():
        if custom:  # named, and not there: the user's declarations would silently not apply
            raise BackendError(f"--backend {backend}: {module.__name__}.DEVIATIONS_FILE: no such file {str(path)!r}")
        return {}
    try:
        data = tomllib.loads(path.read_text())
    except tomllib.TOMLDecodeError as e:  # (its message names the line and column)
        raise BackendError(f"{path}: not valid TOML: {e}") from None
    other = [k for k in data if k != "deviation"]
    if other:
        raise BackendError(f"{path}: top-level key {other[0]!r}: a deviations file holds [[deviation]] entries only")
    package = getattr(module, "PACKAGE", None) or BACKEND_PACKAGES.get(backend, "") or USER_PACKAGES.get(backend, "")
    out: dict[str, list[Deviation]] = {}
    for entry in data.get("deviation", []):
        for key in ("target", "class", "reason"):
            if key not in entry:
                raise BackendError(f"{path}: a [[deviation]] entry lacks {key!r} (needs target, class, reason)")
        unknown = [k for k in entry if k not in ENTRY_KEYS]
        if unknown:
            raise BackendError(f"{path}: deviation of {_names(entry['target'])[0]!r}: key {unknown[0]!r} is not one of "
                               f"{', '.join(ENTRY_KEYS)}")
        _check_entry(path, entry)
        _check_names(path, entry)
        extra = {k: entry.get(k, "") for k in ("model", "unmodelled", "known", "versions")}
        for name in _names(entry["target"]):
            for cls in _names(entry["class"]):
                for when in _names(entry.get("when", "")):
                    out.setdefault(name, []).append(Deviation(cls, entry["reason"], entry.get("link", ""), when,
                                                              package=entry.get("package", package), **extra))
    return out


def _check_names(path, entry: dict) -> None:
    """An entry's ``target`` and ``class`` are a name or a list of names, each class a verdict class."""
    from conformance.core.choices import expected_one_of
    from conformance.judging.verdict import CLASSES

    for key in ("target", "class", "when"):
        value = entry.get(key, "")
        if not (isinstance(value, str) or (isinstance(value, list) and value and all(isinstance(v, str) for v in value))):
            raise BackendError(f"{path}: deviation {key} = {value!r}: expected a name or a list of names")
    for cls in _names(entry["class"]):
        if cls not in CLASSES or cls == "conform":
            raise BackendError(f"{path}: deviation of {_names(entry['target'])[0]!r}: class: "
                               f"{expected_one_of(cls, [c for c in CLASSES if c != 'conform'], many=20)}")


def _check_declared_targets(backend: str, module, declared: dict, loaded: list[str]) -> None:
    """Every target a deviations file names is a loaded target of the backend (a misspelt name would
    declare nothing); else one line with the closest name."""
    from conformance.core.choices import expected_one_of

    for name in declared:
        if name not in loaded:
            where = getattr(module, "DEVIATIONS_FILE", None) or f"adapters/deviations/{backend}.toml"
            raise BackendError(f"{where}: deviation target {name!r} is no target of backend {backend}: "
                               f"{expected_one_of(name, loaded, many=8)}")


def _check_whens(backend: str, t: Target, devs: list[Deviation]) -> None:
    """Every declaration of ``t`` can apply: its ``when`` (one of a list, at least) can hold for ``t``'s op
    (``conditions.can_hold``); else one line naming the target, the condition and the ops it holds for."""
    from conformance.judging.conditions import can_hold, holds_for

    for dev in devs:
        if not dev.when or can_hold(dev.when, t.op):
            continue
        siblings = [d for d in devs if d.cls == dev.cls and d.reason == dev.reason and d.when]  # one entry's list
        if not any(can_hold(d.when, t.op) for d in siblings):
            raise BackendError(f"deviations of {backend}: target {t.name!r} ({t.op}), class {dev.cls!r}: when = "
                               f"{dev.when!r} never holds for {t.op}, so the declaration would never apply "
                               f"({dev.when} holds for {holds_for(dev.when)})")


def _check_entry(path, entry: dict) -> None:
    """A declaration's model and versions are well formed; a value class without a model or an
    ``unmodelled`` reason is warned about (it excuses every value in its scope)."""
    import warnings

    from conformance.judging.models import ModelError, check_model

    first = _names(entry["target"])[0]
    if entry.get("model"):
        try:
            check_model(entry["model"])
        except ModelError as e:
            raise BackendError(f"{path}: deviation of {first!r}: {e}") from None
    if entry.get("versions"):
        from packaging.specifiers import InvalidSpecifier, SpecifierSet

        try:
            SpecifierSet(entry["versions"])
        except InvalidSpecifier:
            raise BackendError(f"{path}: deviation of {first!r}: versions: expected a PEP 440 specifier such as "
                               f"'>=1.20,<1.25', got {entry['versions']!r}") from None
    if set(_names(entry["class"])) & set(MODEL_REQUIRED) and not (entry.get("model") or entry.get("unmodelled")):
        warnings.warn(f"{path}: deviation of {first!r} declares {'/'.join(_names(entry['class']))} without "
                      "model = \"...\" or unmodelled = \"<why>\": it excuses every value in its scope", stacklevel=3)


def inherit_deviations(made: list[Target], backend: str, keep: Callable[[Deviation], bool], note: str) -> None:
    """Give each of ``made`` (targets named ``<b>:<api>``) the deviations ``backend``'s file declares for
    ``<backend>:<api>`` that ``keep`` accepts, each reason prefixed with ``note`` (a second runtime of
    the same API is covered where it does what the first one's documented behaviour says)."""
    declared = _deviation_file(backend, importlib.import_module(BUILTIN_BACKENDS[backend]))
    for t in made:
        for dev in declared.get(f"{backend}:{t.name.split(':', 1)[1]}", []):
            if keep(dev):
                t.deviations.setdefault(dev.cls, []).append(replace(dev, reason=note + dev.reason))


def _names(value: str | list[str]) -> list[str]:
    """A deviations-file field that holds one name or a list of names."""
    return [value] if isinstance(value, str) else list(value)


def load_backend(name: str) -> list[Target]:
    """Targets of a built-in backend (by name) or of any importable module (by dotted path)."""
    from conformance.core.moved import current

    module_name = BUILTIN_BACKENDS.get(name) or current(name)
    name = {module: builtin for builtin, module in BUILTIN_BACKENDS.items()}.get(module_name, name)  # its module named
    if importlib.util.find_spec(module_name.split(".")[0]) is None:
        raise BackendError(_unknown_backend(name))
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        missing = f"No module named {e.name!r}" if getattr(e, "name", None) else str(e).splitlines()[0]
        raise BackendError(f"--backend {name}: cannot import {module_name}: {missing}") from None
    except Exception as e:  # the module itself is broken: its error, where it happened, in one line
        raise BackendError(f"--backend {name}: importing {module_name} raised {type(e).__name__}: "
                           f"{str(e).splitlines()[0] if str(e) else ''}{_where(e)}") from None
    if name not in BUILTIN_BACKENDS:
        _note_release(name, module)
    declared = _deviation_file(name, module)
    targets, seen = [], {}
    for marked in _marked(module) + _op_adapter_targets(name):
        if marked.name in seen:
            if seen[marked.name].fn is not marked.fn:  # two functions, one name: one would go untested
                raise BackendError(f"--backend {name}: two targets are named {marked.name!r}: {_where_fn(seen[marked.name].fn)} "
                                   f"and {_where_fn(marked.fn)}; give each its own name")
            continue
        seen[marked.name] = marked
        if name not in BUILTIN_BACKENDS:
            _check_not_builtin_name(name, marked)
        _check_region(module_name, marked)
        if name not in BUILTIN_BACKENDS:  # (the built-in ones: their own tests call every target)
            _check_signature(module_name, marked)
        t = replace(marked, backend=name, deviations={k: list(v) for k, v in marked.deviations.items()},
                    layouts=_layouts(module_name, marked, getattr(module, "LAYOUTS", DEFAULT_LAYOUTS)),
                    compiles=bool(module.COMPILES) if hasattr(module, "COMPILES") else True if name in BUILTIN_BACKENDS else None,
                    value_sets=bool(getattr(module, "VALUE_SETS", False)))
        _check_whens(name, t, declared.get(t.name, []))
        for dev in declared.get(t.name, []):
            t.deviations.setdefault(dev.cls, []).append(dev)
        targets.append(t)
    _check_declared_targets(name, module, declared, [t.name for t in targets])
    return sorted(targets, key=lambda t: t.name)


def _where_fn(fn) -> str:
    """``module.qualname (file:line)`` of a target function (a partial: of the function it wraps)."""
    inner = inspect.unwrap(getattr(fn, "func", fn))
    code = getattr(inner, "__code__", None)
    at = f" ({Path(code.co_filename).name}:{code.co_firstlineno})" if code else ""
    return f"{getattr(inner, '__module__', '?')}.{getattr(inner, '__qualname__', repr(inner))}{at}"


def _check_not_builtin_name(backend: str, t: "Target") -> None:
    """A user target does not take the name of a built-in backend's target (a report, a seed or a
    declaration would name the wrong one)."""
    prefix = t.name.split(":", 1)[0]
    if prefix in BUILTIN_BACKENDS and prefix != backend:
        try:
            builtin = _builtin_names(prefix)
        except BackendError:
            return
        if t.name in builtin:
            raise BackendError(f"--backend {backend}: target {t.name!r} ({_where_fn(t.fn)}) has the name of a target of the "
                               f"built-in backend {prefix}; name yours after your backend (e.g. 'mine:...')")


@functools.lru_cache(maxsize=None)
def _builtin_names(backend: str) -> frozenset[str]:
    """The target names of built-in ``backend``, loaded once per process (a user module's targets that
    take its prefix are each checked against them)."""
    return frozenset(x.name for x in load_backend(backend))


def _note_release(name: str, module) -> None:
    """Record the release a user backend module states: ``PACKAGE`` (the distribution the backend installs
    as; its installed release is read) and/or ``VERSION`` (a string, or a function returning one, for a
    build with no distribution). The pytest header, seeds, the report, repro scripts, bisect and
    ``versions =`` declarations read it. A bad value is one line naming it."""
    package, version = getattr(module, "PACKAGE", None), getattr(module, "VERSION", None)
    where = module.__name__
    if package is not None and (not isinstance(package, str) or not package.strip()):
        raise BackendError(f"--backend {name}: {where}.PACKAGE: expected the distribution name the backend installs "
                           f"as (a string such as 'my-framework'), got {package!r}")
    if version is not None:
        try:
            release = version() if callable(version) else version
        except Exception as e:  # noqa: BLE001 - the module's own function: its error, in one line
            raise BackendError(f"--backend {name}: {where}.VERSION() raised {type(e).__name__}: {e}") from None
        if not isinstance(release, str) or not release.strip():
            raise BackendError(f"--backend {name}: {where}.VERSION: expected a release string such as '2.1.0' (or a "
                               f"function returning one), got {release!r}")
        RELEASES[package or name] = release.strip()
    elif package and installed_version(package) is None:
        raise BackendError(f"--backend {name}: {where}.PACKAGE = {package!r}: no installed distribution of that name "
                           f"(`pip show {package}`): name the distribution the backend installs as, or set VERSION")
    if package or version is not None:
        USER_PACKAGES[name] = package or name


def _unknown_backend(name: str) -> str:
    """One line for a ``--backend`` that is neither built in nor importable: the close built-in name,
    or the module that is missing."""
    import difflib

    close = difflib.get_close_matches(name, [*BUILTIN_BACKENDS, "all"], n=1)
    if close:
        return f"--backend {name}: no such backend; did you mean {close[0]!r}? (built in: {', '.join(BUILTIN_BACKENDS)})"
    head = name.split(".")[0]
    if "." in name or name.isidentifier():
        return (f"--backend {name}: No module named {head!r}: expected a built-in backend ({', '.join(BUILTIN_BACKENDS)}) "
                f"or a module of targets importable from here")
    return f"--backend {name}: expected one of {', '.join(BUILTIN_BACKENDS)}, all, or an importable module"


def _where(e: BaseException) -> str:
    """' (file:line)' of the innermost frame of ``e``'s traceback, or ''."""
    import traceback

    frames = traceback.extract_tb(e.__traceback__)
    return f" ({Path(frames[-1].filename).name}:{frames[-1].lineno})" if frames else ""


DEFAULT_LAYOUTS = layouts.KINDS  # a module without LAYOUTS: its targets get every kind of view


def _layouts(module_name: str, t: Target, default) -> tuple[str, ...]:
    """A target's layouts (its own, else its backend module's ``LAYOUTS``), each a known kind."""
    from conformance.core.layouts import KINDS

    chosen = tuple(t.layouts or default)
    unknown = [k for k in chosen if k not in KINDS]
    if unknown:
        raise BackendError(f"{module_name}: target {t.name!r}: layout {unknown[0]!r} is not one of {', '.join(KINDS)}")
    return chosen


def _op_adapter_targets(backend: str) -> list[Target]:
    """Targets of ``backend`` that live in a spec op's own adapter modules (``OpSpec.adapters``)."""
    from conformance.core.opspec import spec_ops

    out = []
    for spec in spec_ops().values():
        for module_name in spec.adapters:
            out += [t for t in _marked(importlib.import_module(module_name)) if t.backend == backend]
    return out


def _check_region(module_name: str, t: Target) -> None:
    """A target's op is registered and its region names only fields of the op's region, with values
    the region accepts; else one line naming the target and the key."""
    from conformance.core.opspec import op_spec

    try:
        spec = op_spec(t.op)
    except ValueError as e:
        raise BackendError(f"{module_name}: target {t.name!r}: {e}") from None
    keys = spec.region_keys()
    unknown = [k for k in t.region if k not in keys]
    if unknown:
        import difflib

        close = difflib.get_close_matches(unknown[0], keys, n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise BackendError(f"{module_name}: target {t.name!r}: region key {unknown[0]!r}: {hint}"
                           f"expected one of {', '.join(keys)}")
    try:
        spec.region(t.region)
    except (TypeError, ValueError) as e:
        raise BackendError(f"{module_name}: target {t.name!r}: region {t.region}: {e}") from None


_ARGUMENTS: dict[str, frozenset] = {}  # (op, region) -> the keyword arguments a call passes


def _arguments(t: Target) -> frozenset:
    """The keyword arguments a call of ``t`` passes: those of a few valid cases of its region (the op's
    arrays and attributes), and ``result_type``."""
    key = f"{t.op}|{sorted(t.region.items())!r}"
    if key not in _ARGUMENTS:
        from hypothesis import HealthCheck, Phase, given, settings

        from conformance.core.opspec import op_spec

        drawn = []
        spec = op_spec(t.op)

        @settings(database=None, max_examples=3, phases=[Phase.generate], derandomize=True,
                  suppress_health_check=list(HealthCheck))
        @given(spec.part("valid")(spec.region(dict(t.region))))  # (running.ops.valid_cases, which imports this)
        def one(case):
            drawn.append(case)

        import warnings

        from hypothesis.errors import HypothesisSideeffectWarning

        with warnings.catch_warnings():  # (drawn while pytest configures itself: no test runs yet)
            warnings.simplefilter("ignore", HypothesisSideeffectWarning)
            one()
        _ARGUMENTS[key] = frozenset(k for case in drawn for k in case.kwargs()) | {"result_type"}
    return _ARGUMENTS[key]


def _check_signature(module_name: str, t: Target) -> None:
    """A target's function takes the keyword arguments its op passes (checked at load, on a few valid
    cases of its region): every parameter without a default is one of them, and each of them is a parameter
    unless the function has a ``**`` parameter; else one line naming the target and the argument."""
    try:
        params = inspect.signature(t.fn).parameters
    except (TypeError, ValueError):  # a callable without a signature to read: its calls will say
        return
    passed = _arguments(t)
    shown = f"{getattr(t.fn, '__name__', 'the function')}({', '.join(params)})"
    for n, p in params.items():
        if p.default is p.empty and p.kind is p.POSITIONAL_ONLY:
            raise BackendError(f"{module_name}: target {t.name!r}: {shown}: parameter {n!r} is positional-only; "
                               f"the suite passes keyword arguments ({', '.join(sorted(passed))})")
        if p.default is p.empty and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and n not in passed \
                and n != DYNAMIC_SHAPES:
            import difflib

            close = difflib.get_close_matches(n, sorted(passed), n=1)
            raise BackendError(f"{module_name}: target {t.name!r}: {shown}: {t.op} passes no {n!r}"
                               f"{f'; did you mean {close[0]!r}?' if close else ''} (it passes "
                               f"{', '.join(sorted(passed))})")
    if not any(p.kind is p.VAR_KEYWORD for p in params.values()):
        extra = sorted(n for n in passed - {"result_type"} if n not in params)
        if extra:
            raise BackendError(f"{module_name}: target {t.name!r}: {shown} does not take {extra[0]!r}, which {t.op} "
                               f"passes: add it, or a ** parameter (def f(..., **attrs))")


def _marked(module) -> list[Target]:
    """Targets a module defines: marked functions among its members, or inside a module-level
    dict, list or tuple of them (targets made in a loop)."""
    out = []
    for _, value in inspect.getmembers(module):
        items = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else [value]
        out += [t for fn in items if hasattr(fn, "__conformance_target__")
                for t in getattr(fn, "__conformance_targets__", None) or [fn.__conformance_target__]]
    return out


_LOADED: dict[str, dict[str, Target]] = {}


def loaded_target(backend: str, name: str) -> Target:
    """Target ``name`` of ``backend``, loading the backend once per process (worker and job processes
    resolve targets by name, the way the CLI does)."""
    load_backends([backend])
    return _LOADED[backend][name]


def load_backends(backends: list[str]) -> None:
    """Worker side: load each of ``backends`` (``loaded_target``'s cache), so later calls find them loaded."""
    for backend in backends:
        if backend not in _LOADED:
            _LOADED[backend] = {t.name: t for t in load_backend(backend)}


def call_target(backend: str, name: str, kwargs: dict[str, Any], device: str = "cpu",
                layouts: dict[str, Any] | None = None) -> Any:
    """Worker side of an isolated call: run ``backend``'s target ``name`` on copies of the inputs, in
    the memory ``layouts`` given (a ``Guarded`` value: which inputs the target changed)."""
    from conformance.core import runtime
    from conformance.core.outcome import AdapterError, guarded_call

    runtime.set_device(device)
    try:
        fn = loaded_target(backend, name).fn
    except (BackendError, ImportError, KeyError) as e:  # the suite's setup, not the target's answer
        raise AdapterError(f"the worker process cannot load target {name} of backend {backend}: {e} "
                           f"(a module of targets must be importable from the worker too: PYTHONPATH)") from None
    return guarded_call(fn, kwargs, layouts)


def missing_requirements(name: str) -> list[str]:
    """Python packages a backend needs that are not installed."""
    module_name = BUILTIN_BACKENDS.get(name, name)
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return [module_name]
    return [r for r in getattr(module, "REQUIRES", ()) if not _findable(r)]


def _findable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # a dotted name whose parent package is missing
        return False


UNAVAILABLE_ENV = "CONFORMANCE_UNAVAILABLE"  # comma-separated backends whose availability check is forced to fail
_CANNOT_RUN: dict[str, str] = {}


def cannot_run(name: str) -> str:
    """Why backend ``name`` cannot run on this machine, '' where it can: its module's ``unavailable()``
    (a module-level function returning what is missing: a device, a CPU vendor or feature, a plugin;
    '' when the backend can run), asked once per process. ``$CONFORMANCE_UNAVAILABLE`` (backend names,
    comma-separated) forces the answer, to see what a machine without the hardware gets."""
    if name not in _CANNOT_RUN:
        forced = {b.strip() for b in os.environ.get(UNAVAILABLE_ENV, "").split(",")}
        if name in forced:
            _CANNOT_RUN[name] = f"forced by ${UNAVAILABLE_ENV}"
        else:
            module = importlib.import_module(BUILTIN_BACKENDS.get(name, name))
            check = getattr(module, "unavailable", None)
            try:
                _CANNOT_RUN[name] = str(check() or "") if callable(check) else ""
            except Exception as e:  # noqa: BLE001 - the check itself failing says the backend cannot start here
                _CANNOT_RUN[name] = f"its availability check raised {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
    return _CANNOT_RUN[name]


def cannot_run_line(name: str, reason: str) -> str:
    return f"--backend {name}: cannot run on this machine: {reason} (no verdict, no seed)"


def installed_backends() -> list[str]:
    """The built-in backends whose packages are installed, opt-in ones (``OPT_IN_BACKENDS``) left out."""
    return [b for b in BUILTIN_BACKENDS if b not in OPT_IN_BACKENDS and not missing_requirements(b)]
