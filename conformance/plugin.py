"""The pytest plugin: ``--backend`` (repeatable), ``--device``, Hypothesis profiles, target parametrization."""
from __future__ import annotations

import pytest
from hypothesis import settings

from conformance import profiles, runtime
from conformance.registry import BackendError, BUILTIN_BACKENDS, installed_backends, load_backend, missing_requirements


def pytest_addoption(parser):
    group = parser.getgroup("conformance")
    group.addoption("--backend", action="append", default=[], metavar="NAME",
                    help=f"backend to test: {', '.join(BUILTIN_BACKENDS)}, all (default: every installed one), "
                         "or an importable module of targets; repeatable")
    group.addoption("--device", default="cpu", help="device the targets run on: cpu (default) or cuda")
    group.addoption("--examples", type=int, default=None, metavar="N",
                    help="examples per property, overriding the Hypothesis profile's count")


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
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
                                        f"pip install '.[{EXTRAS.get(name, name)}]'")
            try:
                targets += load_backend(name)
            except BackendError as e:
                raise pytest.UsageError(str(e)) from None
        config._conformance_targets = targets
    return config._conformance_targets


def pytest_generate_tests(metafunc):
    if "conformance_target" not in metafunc.fixturenames:
        return
    op = metafunc.module.OP
    name = metafunc.function.__name__
    kind = "invalid" if name.endswith("invalid") else "duplicates" if name.endswith("deterministic") else "valid"
    targets = [t for t in selected_targets(metafunc.config)
               if t.op == op and (t.invalid if kind == "invalid" else t.valid)
               and (kind != "duplicates" or t.region.get("large_cases", True))]
    metafunc.parametrize("conformance_target", targets, ids=[t.name for t in targets])
