"""Issue 43's guarantee for value ops: every value model the suite names (``judging.models``: zero-sign,
ftz, nan-either, floor-divide, narrow-int32-values, float32-compute, ...), run as a backend
(``judging.value_variants``), is told from the spec by the edge phase of every elementwise StableHLO op,
in every element type where the model changes any result, for the default user region and every
built-in target's region (``running.value_guarantee``). The edge phase draws the same cases in every
profile, so this holds for pytest, the report and the benchmarks alike. A model added later fails here
until the edge phase tells it apart."""
import numpy as np
import pytest

from conformance.running.constructed import user_target
from tests.helpers import builtin_regions
from conformance.running.value_guarantee import ELEMENTWISE, edge_cases, region_of, told_apart


def _missed(target) -> dict:
    found = told_apart(edge_cases(target), *region_of(target))
    missed = {}
    for (name, dtype), case in found.items():
        if case is None:
            missed.setdefault(name, []).append(dtype)
    assert found, target.name  # (some model applies to every op but select)
    return missed


@pytest.mark.parametrize("op", [op for op in ELEMENTWISE if op != "stablehlo.select"])
def test_the_edge_phase_tells_every_value_model_apart_in_every_dtype(op):
    missed = _missed(user_target(op))
    assert not missed, f"{op}: the edge phase does not tell these models from the spec (model: dtypes): {missed}"


REGIONS = builtin_regions(set(ELEMENTWISE) - {"stablehlo.select"})


@pytest.mark.parametrize("key", sorted(REGIONS), ids=lambda k: REGIONS[k].name)
def test_every_builtin_region_tells_every_value_model_apart(key):
    missed = _missed(REGIONS[key])
    assert not missed, f"{REGIONS[key].name}: the edge phase does not tell these models from the spec: {missed}"


def test_an_edge_phase_without_subnormals_is_caught(monkeypatch):
    """Not vacuous: with the subnormals taken out of the edge values the strategies draw (and the values below
    1 but the smallest normal, whose products with it are subnormal), flush-to-zero is no longer told apart,
    and the guarantee says so."""
    from conformance.strategies import elementwise_values

    listed = elementwise_values.edge_list
    tiny = {"float16": np.finfo(np.float16).tiny, "float64": np.finfo(np.float64).tiny}

    def normal_only(name):
        smallest = float(tiny.get(name, np.finfo(np.float32).tiny))
        return [v for v in listed(name) if not (isinstance(v, float) and 0 < abs(v) < 1 and abs(v) != smallest)]

    monkeypatch.setattr(elementwise_values, "edge_list", normal_only)
    assert "ftz" in _missed(user_target("stablehlo.multiply"))
