"""The tvm backend's elementwise targets own repro snippets: on generated cases (constants among them), a
target's script observes what the target returns (the snippet builds and runs the model as ``tvm_compile`` does)."""
import pytest

from conformance.running.registry import load_backend, missing_requirements

from tests.test_seeds_and_repro import _compare_scripts

OPS = ("stablehlo.add", "stablehlo.divide", "stablehlo.compare", "stablehlo.select")


def test_tvm_elementwise_scripts_call_the_api_as_the_target_does():
    if missing_requirements("tvm"):
        pytest.skip("tvm not installed")
    targets = [t for t in load_backend("tvm") if t.op in OPS]
    assert len(targets) == len(OPS) and all(t.repro is not None for t in targets)
    compared = {t.name: 0 for t in targets}
    for t in targets:  # (each case is a compile: 2 each)
        _compare_scripts(t, compared, examples=2)
    compared.pop("declared crash", None)
    assert all(compared.values()), compared
