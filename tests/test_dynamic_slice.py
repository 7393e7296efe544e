"""stablehlo.dynamic_slice / dynamic_update_slice: the oracle on the spec's worked examples, each invalid
label broken alone, and the oracle against the StableHLO reference interpreter on generated cases."""
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from conformance.judging.conditions import holds
from conformance.core.outcome import run
from conformance.running.registry import load_backend, missing_requirements
from conformance.judging.verdict import case_violations, judge
from conformance.oracles.stablehlo import dynamic_slice, dynamic_update_slice
from conformance.strategies.dynamic_slice import (SLICE_LABELS, UPDATE_LABELS, SliceRegion, dynamic_slice_cases,
                                      dynamic_update_slice_cases, invalid_dynamic_slice_cases,
                                      invalid_dynamic_update_slice_cases)

# the spec's example operand: ones in the top-right 2x2 block
BLOCK = np.array([[0, 0, 1, 1], [0, 0, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0]], np.int32)


def test_spec_example_clamps_both_starts_into_the_operand():
    # start (-1, 3) with a 2x2 window: clamped to (0, 2), the block of ones
    out = dynamic_slice(BLOCK, [np.int64(-1), np.int64(3)], slice_sizes=[2, 2])
    assert out.tolist() == BLOCK[0:2, 2:4].tolist() and out.dtype == BLOCK.dtype


def test_spec_example_update_lands_where_the_clamped_start_says():
    operand = 1 - BLOCK  # zeros in the top-right block
    out = dynamic_update_slice(operand, np.ones((2, 2), np.int32), [np.int64(-1), np.int64(3)])
    assert out.tolist() == np.ones((4, 4), np.int32).tolist()


@pytest.mark.parametrize("strategy,labels", [(invalid_dynamic_slice_cases, SLICE_LABELS),
                                             (invalid_dynamic_update_slice_cases, UPDATE_LABELS)])
def test_each_invalid_case_breaks_exactly_its_label(strategy, labels):
    for label in labels:
        @settings(max_examples=25, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
        @given(case=strategy(label))
        def breaks_one(case):
            assert [v.label for v in case_violations(case)] == [label]

        breaks_one()


@pytest.mark.parametrize("op,strategy", [("dynamic_slice", dynamic_slice_cases),
                                         ("dynamic_update_slice", dynamic_update_slice_cases)])
def test_oracle_agrees_with_the_reference_interpreter(op, strategy):
    """On generated valid cases the interpreter's result is the oracle's, except where the interpreter's
    declared deviation (unsigned start indices read as signed) applies."""
    if missing_requirements("stablehlo"):
        pytest.skip("jaxlib not installed")
    (interpreter,) = [t for t in load_backend("stablehlo") if t.name == f"stablehlo:{op}-interpreter"]
    seen = {"agree": 0, "declared": 0}

    @settings(max_examples=60, database=None, derandomize=True, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(case=strategy(SliceRegion()))
    def agrees(case):
        verdict = judge(case, run(interpreter.fn, interpreter.call_kwargs(case)))
        if verdict.cls == "conform":
            seen["agree"] += 1
            return
        assert verdict.cls == "wrong-value" and holds("unsigned-index-high-bit", case), verdict
        seen["declared"] += 1

    agrees()
    assert seen["agree"] >= 40, seen
