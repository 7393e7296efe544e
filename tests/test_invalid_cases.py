"""Each invalid-case strategy breaks exactly its label; the StableHLO verifier rejects each."""
import pytest
from hypothesis import given, settings

from conformance.runner import call
from conformance.verdict import case_violations
from strategies.gather_invalid import LABELS, invalid_gather_cases


def _labels(case):
    return [v.label for v in case_violations(case)]


@pytest.mark.parametrize("label", LABELS)
def test_strategy_breaks_exactly_its_label(label):
    @settings(max_examples=25)
    @given(case=invalid_gather_cases(label))
    def prop(case):
        assert _labels(case) == [label]
    prop()


@pytest.mark.parametrize("label", LABELS)
def test_stablehlo_verifier_rejects(label, builtin_target):
    target = builtin_target("stablehlo", "stablehlo:verifier")

    @settings(max_examples=5)
    @given(case=invalid_gather_cases(label))
    def prop(case):
        outcome = call(target, case)
        assert outcome.kind == "rejection", f"{label}: verifier accepted {case.describe()}"
    prop()
