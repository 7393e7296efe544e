"""Each invalid-case strategy breaks exactly its label; the StableHLO verifier rejects each (or the
stablehlo backend declares that it does not)."""
import pytest
from hypothesis import given, settings

from conformance.running.engine import call
from conformance.judging.verdict import case_violations, judge
from conformance.strategies import gather_invalid, scatter_invalid

OPS = {  # spec op -> (labels, strategy, verifier target)
    "stablehlo.gather": (gather_invalid.LABELS, gather_invalid.invalid_gather_cases, "stablehlo:verifier"),
    "stablehlo.scatter": (scatter_invalid.LABELS, scatter_invalid.invalid_scatter_cases, "stablehlo:scatter-verifier"),
}
PAIRS = [(op, label) for op, (labels, _, _) in OPS.items() for label in labels]


def _labels(case):
    return [v.label for v in case_violations(case)]


@pytest.mark.parametrize("op,label", PAIRS)
def test_strategy_breaks_exactly_its_label(op, label):
    @settings(max_examples=25)
    @given(case=OPS[op][1](label))
    def prop(case):
        assert _labels(case) == [label]
    prop()


@pytest.mark.parametrize("op,label", PAIRS)
def test_stablehlo_verifier_rejects(op, label, builtin_target):
    target = builtin_target("stablehlo", OPS[op][2])

    @settings(max_examples=5)
    @given(case=OPS[op][1](label))
    def prop(case):
        verdict = judge(case, call(target, case))
        assert verdict.cls == "conform" or target.declared(verdict.classes, case), \
            f"{label}: verifier accepted {case.describe()} (undeclared)"
    prop()
