"""The Broadcastable document as goldens: its InferDim and verification tables, every correct and
incorrect example, and the place where its table and its formal Verify disagree."""
import pytest

from conformance.oracles import SpecViolation
from conformance.oracles.mlir import format_type, infer_dim, infer_result_shape, parse_type, verify
from conformance.oracles.mlir.broadcastable import readings_disagree, verdicts

# InferDim table, both orders: (dim0, dim1, inferred); None is '?', 3 stands for '>1'
INFER_DIM = [(None, None, None), (None, 1, None), (1, None, None), (None, 3, 3), (3, None, 3), (1, 1, 1),
             (1, 3, 3), (3, 1, 3), (3, 3, 3)]
# verification table: (inferred, actual, ok under the table)
VERIFY_TABLE = [(None, None, True), (None, 4, True), (4, None, True), (4, 4, True)]


def _op(text):
    """'(tensor<..>, ..) -> tensor<..>' from the document; its types miss a '>' in places (a typo)."""
    args, result = text.split("->")
    fix = lambda t: t.strip() if t.strip().endswith(">") else t.strip() + ">"  # noqa: E731
    operands = [parse_type(fix(t))[0] for t in args.strip()[1:-1].split(", ")]
    return operands, parse_type(fix(result))[0]


CORRECT = ["(tensor<1x2xi32>, tensor<1x2xi32) -> tensor<1x2xi32>", "(tensor<?xi32>, tensor<?xi32) -> tensor<?xi32>",
           "(tensor<1xi32>, tensor<4xi32) -> tensor<4xi32>", "(tensor<4xi32) -> tensor<?xi32>",
           "(tensor<4xi32>, tensor<2x3x4xi32) -> tensor<2x3x4xi32>", "(tensor<2xi1>, tensor<2xi32) -> tensor<2xi64>",
           "(tensor<2xi32>) -> tensor<*xi32>", "(tensor<*xi32>, tensor<*xi32>) -> tensor<2xi32>"]
INCORRECT = [("(tensor<3xi32>, tensor<2xi32) -> tensor<?xi32>", "InferDim"),
             ("(tensor<3xi32>, tensor<3xi32) -> tensor<1x3xi32>", "Verify.rank"),
             ("(tensor<?xi32>, tensor<?xi32) -> tensor<4xi32>", "Verify.dim"),
             ("(tensor<2xi32>, tensor<2xi32) -> tensor<4xi32>", "Verify.dim"),
             ("(tensor<1xi32>, tensor<1xi32) -> tensor<4xi32>", "Verify.dim")]


@pytest.mark.parametrize("d0,d1,inferred", INFER_DIM)
def test_infer_dim_table(d0, d1, inferred):
    assert infer_dim(d0, d1) == inferred


def test_infer_dim_rejects_unequal_static_sizes():
    with pytest.raises(SpecViolation) as info:
        infer_dim(2, 3)
    assert info.value.labels == ["InferDim"]


@pytest.mark.parametrize("inferred,actual,ok", VERIFY_TABLE)
def test_verification_table(inferred, actual, ok):
    # an operand of the inferred dimension makes the inferred shape exactly (inferred,)
    assert (verdicts([(inferred,)], (actual,))["table"] is None) == ok


@pytest.mark.parametrize("text", CORRECT)
def test_correct_uses_verify_under_both_readings(text):
    operands, result = _op(text)
    assert verdicts(operands, result) == {"formal": None, "table": None}


@pytest.mark.parametrize("text,label", INCORRECT)
def test_incorrect_uses_fail_the_formal_verify(text, label):
    operands, result = _op(text)
    with pytest.raises(SpecViolation) as info:
        verify(operands, result, reading="formal")
    assert info.value.labels == [label]


def test_the_table_and_the_formal_verify_disagree_on_one_documented_example():
    """spec-inconsistency: '(?, ?) -> 4' is an incorrect use and fails the formal Verify, but the
    verification table says an inferred '?' against a static actual size is OK."""
    disagreeing = [text for text, _ in INCORRECT if readings_disagree(*_op(text))]
    assert disagreeing == ["(tensor<?xi32>, tensor<?xi32) -> tensor<4xi32>"]
    assert verdicts(*_op(disagreeing[0])) == {"formal": "Verify.dim", "table": None}


def test_unranked_operands_are_discarded_and_none_ranked_infers_nothing():
    assert infer_result_shape([None, (2, 1), None, (3,)]) == (2, 3)
    assert infer_result_shape([None, None]) is None


@pytest.mark.parametrize("text", ["tensor<2x?x4xf32>", "tensor<*xi32>", "tensor<f32>", "tensor<0x1xi1>", "tensor<3xindex>",
                                  "tensor<2xcomplex<f32>>"])
def test_type_parser_round_trips(text):
    shape, element = parse_type(text)
    assert format_type(shape, element) == text


@pytest.mark.parametrize("text", ["tensor<2x?x4xf32", "vector<2xf32>", "tensor<2xyxf32>"])
def test_type_parser_says_what_it_expected(text):
    with pytest.raises(ValueError, match="expected"):
        parse_type(text)
