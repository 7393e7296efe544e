"""Oracle self-tests: literal vs fast (every variant), the StableHLO interpreter, JSON round trips."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.core.case import Case
from conformance.core.compare import same_array
from conformance.running.engine import call
from conformance.oracles import SpecViolation
from conformance.oracles.stablehlo import gather
from conformance.oracles.stablehlo.gather import evaluate_fast, evaluate_literal
from conformance.oracles.stablehlo.policy import GATHER_VARIANTS, OutOfBoundsStart
from conformance.strategies.gather import STYLES, gather_cases

ORACLE_EXAMPLES = 60  # the oracles' own checks keep their strength whatever the profile's count


def _both(case, variant):
    out = []
    for fn in (evaluate_literal, evaluate_fast):
        try:
            out.append(fn(**case.kwargs(), variant=variant))
        except OutOfBoundsStart:
            out.append("error")
    return out


@settings(max_examples=ORACLE_EXAMPLES)
@given(case=st.sampled_from(STYLES).flatmap(lambda s: gather_cases(style=s, edge_dims=False)),
       variant=st.sampled_from(sorted(GATHER_VARIANTS)))
def test_literal_equals_fast(case, variant):
    lit, fast = _both(case, GATHER_VARIANTS[variant])
    if "error" in (lit, fast):
        assert lit == fast == "error"
        return
    assert same_array(lit[0], fast[0]) and (lit[1] == fast[1]).all()


@settings(max_examples=ORACLE_EXAMPLES)
@given(case=gather_cases(edge_dims=False, index_dtypes=("int8", "int16", "int32", "int64")))
def test_oracle_equals_stablehlo_interpreter(case, builtin_target):
    target = builtin_target("stablehlo", "stablehlo:interpreter")
    outcome = call(target, case)
    assert outcome.kind == "value", outcome.brief()
    assert same_array(gather(**case.kwargs()), outcome.value)


@given(case=gather_cases())
def test_case_json_round_trip(case):
    back = Case.loads(case.dumps())
    assert back.id == case.id
    for k, v in case.arrays.items():
        assert back.arrays[k].shape == v.shape and back.arrays[k].dtype == v.dtype
        assert back.arrays[k].tobytes() == v.tobytes()


def test_spec_violation_lists_labels_and_says_what_was_expected():
    with pytest.raises(SpecViolation) as info:
        gather(np.zeros((3,)), np.zeros((1,), np.int32), offset_dims=(1, 0), collapsed_slice_dims=(0,),
               start_index_map=(0,), index_vector_dim=5, slice_sizes=(2,))
    assert info.value.labels == ["C1", "C2", "C4", "C9"]
    assert "expected" in str(info.value) and "given" in str(info.value)
    assert isinstance(info.value, ValueError)
