"""The pytest plugin: ``--backend`` (repeatable), ``--device``, ``--examples``, ``--seed-dir``, the
Hypothesis profiles and the parametrization of the spec-op properties.

Opt-in: installing the package registers nothing with pytest. A checkout loads the plugin from its
root ``conftest.py``; an installed suite runs as ``pytest -p conformance.plugin --pyargs conformance``.
So no other project's pytest session gains options or loses its Hypothesis profile.
"""
from __future__ import annotations

import pytest
from hypothesis import settings

from conformance import compile_cache, profiles, runtime
from conformance.registry import BackendError, BUILTIN_BACKENDS, installed_backends, load_backend, missing_requirements

MARKER = "conformance_property"  # @pytest.mark.conformance_property("valid" | "invalid" | "duplicates" | "stateful")


def pytest_addoption(parser):
    group = parser.getgroup("conformance")
    group.addoption("--backend", action="append", default=[], metavar="NAME",
                    help=f"backend to test: {', '.join(BUILTIN_BACKENDS)}, all (default: every installed one), "
                         "or an importable module of targets; repeatable")
    group.addoption("--device", default="cpu", help="device the targets run on: cpu (default) or cuda")
    group.addoption("--examples", type=int, default=None, metavar="N",
                    help="examples per property, overriding the Hypothesis profile's count")
    group.addoption("--cache-dir", default=None, metavar="DIR",
                    help="folder of the compiled backends' caches (not pytest's own cache; default "
                         "$CONFORMANCE_CACHE_DIR, else ~/.cache/tensor-index-conformance)")
    group.addoption("--no-compile-cache", action="store_true",
                    help="compile everything afresh: no compiled backend reads or writes a cache")
    group.addoption("--seed-dir", default=runtime.DEFAULT_SEED_DIR, metavar="DIR",
                    help=f"where a failing property writes its seed file (default {runtime.DEFAULT_SEED_DIR}; "
                         "'' writes none)")


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    config.addinivalue_line("markers", f"{MARKER}(kind): a spec-op property of kind valid, invalid or duplicates")
    profiles.register()
    if not config.getoption("hypothesis_profile", None):
        settings.load_profile("dev")
    examples = config.getoption("examples")
    if examples is not None:
        if examples < 1:
            raise pytest.UsageError(f"--examples: expected a positive number of examples, got {examples}")
        runtime.set_examples(examples)
    try:
        runtime.set_device(config.getoption("device"))
    except ValueError as e:
        raise pytest.UsageError(str(e)) from None
    runtime.set_seed_dir(config.getoption("seed_dir"))
    compile_cache.configure(config.getoption("cache_dir"), config.getoption("no_compile_cache"))
    config._conformance_targets = None


EXTRAS = {"onnxruntime": "onnx", "onnx_reference": "onnx", "stablehlo": "jax", "xla": "jax"}


def selected_targets(config):
    if config._conformance_targets is None:
        names = config.getoption("backend") or ["all"]
        expanded = []
        for name in names:
            expanded += installed_backends() if name == "all" else [name]
        targets = []
        for name in dict.fromkeys(expanded):
            missing = missing_requirements(name) if name in BUILTIN_BACKENDS else []
            if missing:
                raise pytest.UsageError(f"--backend {name}: not installed (missing {', '.join(missing)}); "
                                        f"pip install 'tensor-index-conformance[{EXTRAS.get(name, name)}]'")
            try:
                targets += load_backend(name)
            except BackendError as e:
                raise pytest.UsageError(str(e)) from None
        config._conformance_targets = targets
    return config._conformance_targets


def pytest_generate_tests(metafunc):
    marker = metafunc.definition.get_closest_marker(MARKER)
    if marker is None or "conformance_target" not in metafunc.fixturenames:
        return
    from conformance.ops import kinds

    (kind,) = marker.args
    targets = [t for t in selected_targets(metafunc.config) if kind in kinds(t)]
    metafunc.parametrize("conformance_target", targets, ids=[f"{t.op}/{t.name}" for t in targets])
