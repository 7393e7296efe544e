"""Scatter oracle self-tests: literal == fast (every variant), oracle == StableHLO interpreter,
the callable/variadic forms, and the schedule-aware comparison (accepts every order, nothing else)."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.core.case import Case
from conformance.core.outcome import Outcome
from conformance.running.engine import call
from conformance.judging.verdict import judge
from conformance.oracles import SpecViolation
from conformance.oracles.stablehlo import scatter
from conformance.oracles.stablehlo.scatter import evaluate_fast, evaluate_literal
from conformance.oracles.stablehlo.scatter_policy import SCATTER_VARIANTS, OutOfBoundsUpdate
from conformance.strategies.scatter import STYLES, scatter_cases
from tests.helpers import same_results

ANY_STYLE = st.sampled_from(STYLES).flatmap(lambda s: scatter_cases(style=s, edge_dims=False, max_inputs=2))

ORACLE_EXAMPLES = 60  # the oracles' own checks keep their strength whatever the profile's count


def _both(case, variant):
    out = []
    for fn in (evaluate_literal, evaluate_fast):
        try:
            out.append(fn(**case.kwargs(), variant=variant))
        except OutOfBoundsUpdate:
            out.append("error")
    return out


@settings(max_examples=ORACLE_EXAMPLES)
@given(case=ANY_STYLE, variant=st.sampled_from(sorted(SCATTER_VARIANTS)))
def test_literal_equals_fast(case, variant):
    lit, fast = _both(case, SCATTER_VARIANTS[variant])
    if "error" in (lit, fast):
        assert lit == fast == "error"
        return
    assert same_results(lit, fast)


@settings(max_examples=ORACLE_EXAMPLES)
@given(case=scatter_cases(edge_dims=False, max_inputs=2, index_dtypes=("int8", "int16", "int32", "int64")))
def test_oracle_equals_stablehlo_interpreter(case, builtin_target):
    """Same schedule or not, the interpreter's answer must be one some schedule gives (the judge's test)."""
    outcome = call(builtin_target("stablehlo", "stablehlo:scatter-interpreter"), case)
    assert outcome.kind == "value", outcome.brief()
    assert judge(case, outcome).cls == "conform", judge(case, outcome)


def _one_dim(update_computation, inputs, indices, updates):
    return scatter(inputs, np.asarray(indices, np.int32)[:, None], updates, update_window_dims=(),
                   inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,), index_vector_dim=1,
                   update_computation=update_computation)


def test_callable_and_variadic_update_computations():
    inputs = (np.zeros(3, np.float32), np.full(3, 10, np.int32))
    updates = (np.array([1, 2, 4], np.float32), np.array([1, 1, 1], np.int32))
    out = _one_dim(lambda a, b, u, v: (a + u, b - v), inputs, [0, 0, 2], updates)
    assert isinstance(out, tuple) and out[0].tolist() == [3, 0, 4] and out[1].tolist() == [8, 10, 9]
    assert out[1].dtype == np.int32


def test_out_of_bounds_elements_are_skipped_one_by_one():
    out = _one_dim("replace", np.zeros(3, np.int64), [-1, 3, 1, 2**31 - 1], np.array([5, 6, 7, 8], np.int64))
    assert out.tolist() == [0, 7, 0]


def test_spec_violation_lists_labels_and_says_what_was_expected():
    with pytest.raises(SpecViolation) as info:
        scatter(np.zeros(3), np.zeros((1,), np.float32), np.zeros(1), update_window_dims=(0, 0),
                inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,), index_vector_dim=1,
                update_computation="add")
    assert info.value.labels == ["I2", "C2", "C7"]
    assert "expected" in str(info.value) and "given" in str(info.value)


def _dup_case(dtype, computation, inputs, updates):
    n = len(updates)
    return Case("stablehlo.scatter", {"inputs": np.asarray(inputs, dtype), "scatter_indices": np.zeros((n, 1), np.int32),
                                      "updates": np.asarray(updates, dtype)},
                dict(update_window_dims=(), inserted_window_dims=(0,), input_batching_dims=(),
                     scatter_indices_batching_dims=(), scatter_dims_to_operand_dims=(0,), index_vector_dim=1,
                     update_computation=computation, indices_are_sorted=False, unique_indices=False))


def _verdict(case, observed):
    return judge(case, Outcome("value", value=np.asarray(observed, case.arrays["inputs"].dtype))).cls


def test_replace_with_duplicates_accepts_any_colliding_update_and_nothing_else():
    case = _dup_case(np.int32, "replace", [0], [5, 6, 7])
    assert [_verdict(case, [v]) for v in (5, 6, 7)] == ["conform"] * 3
    assert _verdict(case, [0]) == "wrong-value" and _verdict(case, [18]) == "wrong-value"


def test_float_sum_in_any_order_conforms_but_a_dropped_term_does_not():
    ups = [1e8, 1.0, -1e8, 1.0]
    case = _dup_case(np.float32, "add", [0.0], ups)
    orders = {float(np.float32(np.float32(np.float32(np.float32(0) + ups[a]) + ups[b]) + ups[c]) + np.float32(ups[d]))
              for a, b, c, d in [(0, 1, 2, 3), (0, 2, 1, 3), (1, 3, 0, 2), (0, 1, 3, 2)]}
    assert len(orders) > 1  # the order really matters here
    assert all(_verdict(case, [v]) == "conform" for v in orders)
    assert _verdict(case, [1e8]) == "wrong-value"  # far outside any order's rounding


def test_integer_duplicates_compare_exactly():
    case = _dup_case(np.int8, "add", [100], [100, -100, 27])
    assert _verdict(case, [127]) == "conform" and _verdict(case, [126]) == "wrong-value"


def test_complex_product_may_round_either_way_but_a_wrong_product_is_caught():
    # (2**-149) * (-0.5j): the imaginary part is exactly half the smallest subnormal; a fused formula
    # rounds it to -0.0, an unfused one adds +0.0 and gets +0.0. The spec does not fix the formula.
    case = _dup_case(np.complex64, "multiply", [1e-45 + 0j], [-0.5j])
    assert _verdict(case, [0j]) == "conform" and _verdict(case, [complex(0, -0.0)]) == "conform"
    case = _dup_case(np.complex64, "multiply", [1 + 2j], [3 - 1j])
    assert _verdict(case, [5 + 5j]) == "conform"
    assert _verdict(case, [5 - 5j]) == "wrong-value" and _verdict(case, [1 + 7j]) == "wrong-value"


def test_complex_min_with_a_nan_part_accepts_any_value_that_met_and_nothing_else():
    nan = complex(np.nan, 0)
    case = _dup_case(np.complex64, "minimum", [4 - 4j], [nan, 13 - 13j])
    assert [_verdict(case, [v]) for v in (4 - 4j, nan, 13 - 13j)] == ["conform"] * 3
    assert _verdict(case, [0j]) == "wrong-value"
    case = _dup_case(np.complex64, "minimum", [4 - 4j], [1 + 0j, 13 - 13j])  # no NaN: one answer
    assert _verdict(case, [1 + 0j]) == "conform" and _verdict(case, [4 - 4j]) == "wrong-value"
