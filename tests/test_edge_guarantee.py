"""Issue 43's guarantee: every named way an index op goes wrong is told from the spec by the edge phase,
by construction, in every profile. For every built-in target region of the index ops and for a default
user region, each index model the suite names (``judging.index_models``: a reading of index values x an
out-of-bounds rule) gives another result than the spec's on at least one constructed edge case, in each
index dtype where any case of the region can tell it apart; in the default regions, in every dtype. A model
added later fails here until the edge phase tells it apart. ``conformance guarantee-table`` prints the table."""
import numpy as np
import pytest

from conformance.judging.index_models import RULES
from conformance.running.constructed import construction, discriminated, user_target as _user
from conformance.running.engine import phases, Draws
from tests.helpers import builtin_regions


REGIONS = builtin_regions(RULES)


@pytest.mark.parametrize("op", sorted(RULES))
def test_the_default_user_region_tells_every_named_model_apart_in_every_dtype(op):
    built = construction(_user(op))
    assert not {k: v for k, v in built.open_models.items() if v}, built.open_models
    assert not {k: v for k, v in built.unmet.items() if v}, built.unmet


@pytest.mark.parametrize("key", sorted(REGIONS), ids=lambda k: REGIONS[k].name)
def test_every_model_a_region_can_show_is_told_apart(key):
    built = construction(REGIONS[key])
    missed = {dtype: sorted(m.name for m in models - built.unreachable[dtype])
              for dtype, models in built.open_models.items() if models - built.unreachable[dtype]}
    assert not missed, f"{REGIONS[key].name}: constructed cases do not tell these from the spec: {missed}"
    for (dtype, name), case in list(built.first.items())[:20]:  # each recorded case does tell it apart
        assert any(m.name == name for m in discriminated(case, {m for m in _models(case.op, dtype) if m.name == name}))


def _models(op, dtype):
    import numpy as np

    from conformance.running.constructed import named_models

    return named_models(op, np.dtype(dtype))


def test_the_constructed_cases_run_first_in_every_profile():
    t = _user("stablehlo.gather")
    for profile in ("dev", "ci", "nightly"):
        label, cases, n, _ = phases(t, "valid", Draws(profile))[0]
        assert label == "edge:constructed" and n == len(cases) == len(construction(t).cases)


DIMENSION_REGIONS = builtin_regions(("stablehlo.gather", "stablehlo.scatter", "onnx.GatherND", "onnx.ScatterND",
                                     "stablehlo.dynamic_slice", "stablehlo.dynamic_update_slice"))


def _drawn(strategy, n):
    from hypothesis import HealthCheck, given, seed, settings

    out = []

    @seed(0)
    @settings(max_examples=n, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def run(case):
        out.append(case)

    run()
    return out


@pytest.mark.parametrize("key", sorted(DIMENSION_REGIONS), ids=lambda k: DIMENSION_REGIONS[k].name)
def test_the_edge_phase_holds_every_dimension_corner_the_region_allows(key):
    """Issue 43, item 3, by construction in every profile: a rank above 4 where the region allows one, a
    zero-size dim, and every dim a vector width or one off it (``running.edge.dimension_runs``)."""
    from conformance.core.opspec import op_spec
    from conformance.running.edge import VECTOR_DIMS
    from conformance.running.engine import edge_runs
    from conformance.strategies.boundary import HIGH_RANK

    t = DIMENSION_REGIONS[key]
    runs = {label: (strategy, n) for label, strategy, n in edge_runs(t, "valid")}
    cases = {label: _drawn(*runs[label]) for label in runs if "dims=" in label or "_rank=5" in label}
    region = op_spec(t.op).region(dict(t.region))
    top = max(getattr(region, f, 0) for f in ("max_operand_rank", "max_input_rank", "max_rank"))
    ranks = [max(a.ndim for a in c.arrays.values()) for label, cs in cases.items() if "_rank=5" in label for c in cs]
    assert (top <= HIGH_RANK) or ranks and min(ranks) > HIGH_RANK, (t.name, ranks)
    zero = [c for label, cs in cases.items() if "dims=(0," in label for c in cs]
    assert zero and all(any(0 in a.shape for a in c.arrays.values()) for c in zero), t.name
    vector = [c for label, cs in cases.items() if f"dims={VECTOR_DIMS}" in label for c in cs]
    assert vector and all(any(d in VECTOR_DIMS for a in c.arrays.values() for d in a.shape) for c in vector), t.name


def _moved(values) -> np.ndarray:
    """A spec result as float64 parts (complex: real and imaginary side by side; bfloat16 widened)."""
    a = np.asarray(values)
    if a.dtype.kind == "c":
        return np.concatenate([a.real.reshape(-1), a.imag.reshape(-1)]).astype(np.float64)
    return a.astype(np.float64).reshape(-1)


@pytest.mark.parametrize("op", ["stablehlo.gather", "stablehlo.dynamic_slice", "stablehlo.dynamic_update_slice"])
def test_a_target_that_loses_a_zeros_sign_or_a_nan_meets_a_constructed_case_that_shows_it(op):
    """The value models of an op that only moves values (``zero-sign``, a NaN made a number) are told from
    the spec by construction, not by a lucky draw: some constructed case's spec result holds -0.0, and some
    holds NaN, for every float element type the region's draws have (``constructed.VALUE_FILLS``)."""
    from conformance.running.constructed import constructed_cases, spec_outcome, user_target

    results = [_moved(spec_outcome(c).value) for c in constructed_cases(user_target(op)) if "value_fill" in c.meta]
    assert any((r == 0).any() and np.signbit(r[r == 0]).any() for r in results)
    assert any(np.isnan(r).any() for r in results)
