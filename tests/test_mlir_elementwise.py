"""The Elementwise rules 1-3 on hand-made cases (the RFC has no worked examples)."""
import pytest

from conformance.oracles.mlir.elementwise import check, dynamic_mismatch_possible

CASES = [  # (operands, results, labels)
    (["tensor<2xf32>", "tensor<2xf32>"], ["tensor<2xf32>"], []),
    (["tensor<2xi1>", "tensor<2xf32>"], ["tensor<2xf32>"], []),  # element types may differ (select's predicate)
    (["i1", "tensor<2xf32>"], ["tensor<2xf32>"], []),  # a scalar predicate with tensor operands
    (["f32", "f32"], ["f32"], []),
    (["f32", "f32"], ["tensor<f32>"], ["E1"]),
    (["tensor<f32>", "f32"], ["f32"], ["E2"]),
    (["tensor<1xf32>", "tensor<2xf32>"], ["tensor<2xf32>"], ["E3"]),  # no size-1 broadcasting
    (["tensor<2xf32>", "tensor<3x2xf32>"], ["tensor<3x2xf32>"], ["E3"]),  # no rank broadcasting
    (["tensor<?xf32>", "tensor<5xf32>"], ["tensor<4xf32>"], ["E3"]),  # ? matches either, 5 and 4 clash
    (["tensor<?xf32>", "tensor<2xf32>"], ["tensor<2xf32>"], []),  # rule 4: a runtime mismatch is UB, not an error
]


@pytest.mark.parametrize("operands,results,labels", CASES)
def test_rules_1_to_3(operands, results, labels):
    assert [v.label for v in check(operands, results)] == labels


def test_rule_4_dynamic_mismatch_is_flagged_not_rejected():
    assert dynamic_mismatch_possible(["tensor<?xf32>", "tensor<2xf32>"], ["tensor<2xf32>"])
    assert not dynamic_mismatch_possible(["tensor<2xf32>"], ["tensor<2xf32>"])
