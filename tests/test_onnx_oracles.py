"""ONNX oracles: the operator documents' examples, the onnx package's node tests (goldens) through
the oracles and every ONNX target, the bridge to StableHLO, GatherND/ScatterND as inverses, and the
documents' two self-contradictions."""
import warnings

import numpy as np

from conformance.core.compare import same_array
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.core.case import Case
from conformance.running.registry import load_backend, missing_requirements
from conformance.running.engine import call
from conformance.judging.verdict import case_violations, judge
from conformance.oracles import SpecViolation
from conformance.oracles.onnx import gather_nd, scatter_nd
from conformance.oracles.onnx.bridge import (
    gather_as_stablehlo, gather_elements_as_stablehlo, gather_nd_as_stablehlo, scatter_elements_as_stablehlo,
    scatter_nd_as_stablehlo,
)
from conformance.oracles.onnx.gather_nd import OUTPUT_RANK_READINGS
from conformance.oracles.onnx.types import REDUCTIONS
from conformance.oracles.stablehlo import gather, scatter
from conformance.strategies.onnx_nd import (
    OnnxRegion, gather_labels, gather_nd_cases, invalid_gather_nd_cases, invalid_scatter_nd_cases, scatter_labels,
    scatter_nd_cases,
)

D2 = np.array([[0, 1], [2, 3]], np.int32)
D3 = np.arange(8, dtype=np.int32).reshape(2, 2, 2)
# GatherND examples 1-5 of the ONNX GatherND operator page (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#GatherND): (data, indices, batch_dims, output)
GATHER_EXAMPLES = [
    (D2, [[0, 0], [1, 1]], 0, [0, 3]),
    (D2, [[1], [0]], 0, [[2, 3], [0, 1]]),
    (D3, [[0, 1], [1, 0]], 0, [[2, 3], [4, 5]]),
    (D3, [[[0, 1]], [[1, 0]]], 0, [[[2, 3]], [[4, 5]]]),
    (D3, [[1], [0]], 1, [[2, 3], [4, 5]]),
]
SCATTER_DATA2 = np.array([[[1, 2, 3, 4], [5, 6, 7, 8], [8, 7, 6, 5], [4, 3, 2, 1]],
                          [[1, 2, 3, 4], [5, 6, 7, 8], [8, 7, 6, 5], [4, 3, 2, 1]],
                          [[8, 7, 6, 5], [4, 3, 2, 1], [1, 2, 3, 4], [5, 6, 7, 8]],
                          [[8, 7, 6, 5], [4, 3, 2, 1], [1, 2, 3, 4], [5, 6, 7, 8]]], np.float32)
SCATTER_UPDATES2 = np.array([[[5] * 4, [6] * 4, [7] * 4, [8] * 4], [[1] * 4, [2] * 4, [3] * 4, [4] * 4]], np.float32)
# ScatterND examples 1-2 of the schema text: (data, indices, updates, output)
SCATTER_EXAMPLES = [
    (np.arange(1, 9, dtype=np.float32), [[4], [3], [1], [7]], np.array([9, 10, 11, 12], np.float32),
     [1, 11, 3, 10, 9, 6, 7, 12]),
    (SCATTER_DATA2, [[0], [2]], SCATTER_UPDATES2,
     np.concatenate([SCATTER_UPDATES2[:1], SCATTER_DATA2[1:2], SCATTER_UPDATES2[1:], SCATTER_DATA2[3:]])),
]

ORACLE_EXAMPLES = 60  # the oracles' own checks keep their strength whatever the profile's count


def _onnx_targets(op):
    out = []
    for backend in ("onnxruntime", "onnx_reference"):
        if not missing_requirements(backend):
            out += [t for t in load_backend(backend) if t.op == op]
    return out


@pytest.mark.parametrize("data,indices,b,output", GATHER_EXAMPLES)
def test_gather_nd_document_examples(data, indices, b, output):
    for opset in (12, 13) if b else (11, 12, 13):
        kw = {} if opset == 11 else {"batch_dims": b}
        np.testing.assert_array_equal(gather_nd(data, np.array(indices, np.int64), opset=opset, **kw), output)
    case = Case("onnx.GatherND", {"data": data, "indices": np.array(indices, np.int64)}, {"opset": 13, "batch_dims": b})
    for t in _onnx_targets("onnx.GatherND"):
        if t.region["opset"] >= 12:
            assert judge(case, call(t, Case(case.op, case.arrays, {**case.attrs, "opset": t.region["opset"]}))).cls == "conform", t.name


@pytest.mark.parametrize("data,indices,updates,output", SCATTER_EXAMPLES)
def test_scatter_nd_document_examples(data, indices, updates, output):
    idx = np.array(indices, np.int64)
    for opset in (11, 13, 16, 18):
        np.testing.assert_array_equal(scatter_nd(data, idx, updates, opset=opset), output)
    for t in _onnx_targets("onnx.ScatterND"):
        if t.region.get("reduction") is None:
            case = Case("onnx.ScatterND", {"data": data, "indices": idx, "updates": updates}, {"opset": t.region["opset"]})
            assert judge(case, call(t, case)).cls == "conform", t.name


@pytest.fixture(scope="module")
def node_tests():
    pytest.importorskip("onnx")
    from onnx.backend.test.case.node import collect_testcases

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cases = collect_testcases(None)
    return [c for c in cases if c.model.graph.node[0].op_type in ("GatherND", "ScatterND", "Gather", "GatherElements",
                                                                  "ScatterElements")]


@pytest.mark.parametrize("backend", ["onnxruntime", "onnx_reference"])
def test_onnx_node_tests_run_as_given_on_each_onnx_runtime(node_tests, backend):
    """All five ops' node tests (Gather, GatherElements, ScatterElements too), model as shipped."""
    if missing_requirements(backend):
        pytest.skip(f"{backend} not installed")
    import importlib

    run = importlib.import_module(f"adapters.{backend}")._run
    assert len(node_tests) >= 20
    for tc in node_tests:
        (inputs, (expected,)) = tc.data_sets[0]
        feeds = {i.name: x for i, x in zip(tc.model.graph.input, inputs)}
        np.testing.assert_array_equal(run(tc.model, feeds), expected, err_msg=f"{tc.name} on {backend}")


def test_onnx_node_tests_through_oracle_and_every_target(node_tests):
    node_tests = [tc for tc in node_tests if tc.model.graph.node[0].op_type in ("GatherND", "ScatterND")]
    assert len(node_tests) >= 10
    for tc in node_tests:
        node, opset = tc.model.graph.node[0], tc.model.opset_import[0].version
        attrs = {a.name: (a.i if a.type == a.INT else a.s.decode()) for a in node.attribute}
        (inputs, (expected,)) = tc.data_sets[0]
        names = ["data", "indices"] + (["updates"] if node.op_type == "ScatterND" else [])
        arrays = dict(zip(names, inputs))
        op = f"onnx.{node.op_type}"
        oracle = gather_nd if op == "onnx.GatherND" else scatter_nd
        np.testing.assert_array_equal(oracle(*inputs, opset=opset, **attrs), expected, err_msg=tc.name)
        for t in _onnx_targets(op):
            if t.region["opset"] == opset and t.region.get("reduction") == attrs.get("reduction"):
                case = Case(op, arrays, {"opset": opset, **attrs})
                assert judge(case, call(t, case)).cls == "conform", f"{tc.name} on {t.name}"


def test_gather_and_elements_node_tests_through_the_stablehlo_oracles(node_tests):
    """Gather, GatherElements and ScatterElements have no ONNX oracle here: their node tests go
    through the StableHLO oracles by way of the bridge."""
    bridges = {"Gather": (gather_as_stablehlo, gather), "GatherElements": (gather_elements_as_stablehlo, gather),
               "ScatterElements": (scatter_elements_as_stablehlo, scatter)}
    seen = 0
    for tc in node_tests:
        node = tc.model.graph.node[0]
        if node.op_type not in bridges:
            continue
        attrs = {a.name: (a.i if a.type == a.INT else a.s.decode()) for a in node.attribute}
        (inputs, (expected,)) = tc.data_sets[0]
        to_stablehlo, oracle = bridges[node.op_type]
        args, shlo_attrs = to_stablehlo(*inputs, **attrs)
        np.testing.assert_array_equal(oracle(*args, **shlo_attrs), expected, err_msg=tc.name)
        seen += 1
    assert seen >= 14


@settings(max_examples=ORACLE_EXAMPLES)
@given(case=st.sampled_from((11, 12, 13)).flatmap(lambda o: gather_nd_cases(OnnxRegion(opset=o))))
def test_gather_nd_equals_its_stablehlo_gather(case):
    b = int(case.attrs.get("batch_dims") or 0)
    args, attrs = gather_nd_as_stablehlo(case.arrays["data"], case.arrays["indices"], b)
    expected = gather_nd(**case.arrays, **case.attrs)
    assert same_array(gather(*args, **attrs), expected)


@settings(max_examples=ORACLE_EXAMPLES)
@given(case=st.sampled_from([(16, "add"), (18, "max"), (18, None), (16, "mul")]).flatmap(
    lambda p: scatter_nd_cases(OnnxRegion(opset=p[0], reduction=p[1], dup_share=0.0,
                                          element_dtypes=("int32", "int64", "uint8")))))
def test_scatter_nd_equals_its_stablehlo_scatter(case):
    args, attrs = scatter_nd_as_stablehlo(case.arrays["data"], case.arrays["indices"], case.arrays["updates"],
                                          case.attrs.get("reduction") or "none")
    assert same_array(scatter(*args, **attrs), scatter_nd(**case.arrays, **case.attrs))


@settings(max_examples=ORACLE_EXAMPLES)
@given(case=scatter_nd_cases(OnnxRegion(opset=18)))
def test_gather_nd_reads_back_what_scatter_nd_wrote(case):
    """Distinct tuples (reduction none): GatherND at the same indices returns the updates."""
    out = scatter_nd(**case.arrays, opset=18)
    assert same_array(gather_nd(out, case.arrays["indices"], opset=13), case.arrays["updates"])


@settings(max_examples=ORACLE_EXAMPLES)
@given(case=gather_nd_cases(OnnxRegion(opset=11)))
def test_scatter_nd_of_gathered_values_leaves_data_unchanged(case):
    data, idx = case.arrays["data"], case.arrays["indices"]
    rows = idx.reshape(-1, idx.shape[-1])
    unique = len({tuple(int(v) % s for v, s in zip(row, data.shape)) for row in rows}) == len(rows)
    if unique:  # ScatterND forbids duplicates with reduction none; the identity holds for distinct tuples
        out = scatter_nd(data, idx, gather_nd(data, idx, opset=11), opset=11)
        np.testing.assert_array_equal(out.view(np.uint8) if out.dtype.kind in "fc" else out,
                                      data.view(np.uint8) if data.dtype.kind in "fc" else data)


def test_gather_nd_output_rank_readings_disagree_on_example_5():
    """spec-inconsistency: versions 12/13 state the output rank twice; Example 5 fits only the Summary."""
    data, indices, b, output = GATHER_EXAMPLES[4]
    q, r, k = np.ndim(indices), data.ndim, np.shape(indices)[-1]
    assert OUTPUT_RANK_READINGS["summary"](q, r, k, b) == np.ndim(output)
    assert OUTPUT_RANK_READINGS["outputs-section"](q, r, k, b) != np.ndim(output)


def test_scatter_nd_mul_follows_the_body_not_the_attribute_text():
    """spec-inconsistency: opset 18's attribute text calls 'mul' an addition; the body says *."""
    data, idx, upd = np.full(2, 3.0, np.float32), np.array([[0]], np.int64), np.array([2.0], np.float32)
    readings = {"body": [6.0, 3.0], "attribute-text": [5.0, 3.0]}
    assert scatter_nd(data, idx, upd, reduction="mul", opset=18).tolist() == readings["body"] != readings["attribute-text"]


def test_out_of_range_index_is_a_violation_naming_its_rule():
    with pytest.raises(SpecViolation) as info:
        gather_nd(D2, np.array([[2, 0]], np.int64))
    assert info.value.labels == ["R5"]


INVALID = [("onnx.GatherND", opset, None, label) for opset in (11, 12, 13) for label in gather_labels(opset)] + [
    ("onnx.ScatterND", opset, red, label) for opset in (11, 13, 16, 18)
    for red in (None,) + tuple(r for r in REDUCTIONS[opset] if r != "none") for label in scatter_labels(opset, red)]


@pytest.mark.parametrize("op,opset,reduction,label", INVALID)
def test_invalid_onnx_strategy_breaks_exactly_its_rule(op, opset, reduction, label):
    strategy = invalid_gather_nd_cases(opset, label) if op == "onnx.GatherND" else \
        invalid_scatter_nd_cases(opset, reduction, label)

    @settings(max_examples=15)
    @given(case=strategy)
    def prop(case):
        assert [v.label for v in case_violations(case)] == [label]
    prop()
