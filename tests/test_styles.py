"""``conformance.styles``, the adapter toolkit (docs/new-backend.md): each style's helper, through the example
module's target of that style (docs/examples/numpy_targets.py, numpy standing in for a framework), agrees
with the spec's oracle on cases of the style's region; a deliberately wrong translation does not; a case
outside a style is refused in one line; and the example module runs as a user backend through the engine."""
import os
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from conformance import styles
from conformance.core import outcome
from conformance.core.opspec import op_spec
from conformance.judging.verdict import judge
from conformance.running import isolation, ops
from conformance.running.engine import Draws, UndeclaredDivergence, run_property, worker_name
from conformance.running.registry import load_backend

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
# the example's target of each style
BY_STYLE = {"take": "example:take", "take_along_axis": "example:take_along_axis", "advanced_index": "example:x[index]",
            "gather_nd": "example:gather_nd", "index_add": "example:add.at[axis]",
            "put_along_axis": "example:put_along_axis", "index_put": "example:x[index]=v",
            "scatter_nd": "example:scatter_nd_add", "dynamic_slice": "example:x[s:s+k]",
            "dynamic_update_slice": "example:x[s:s+k]=u", "elementwise": "example:np.add"}
INDEX_STYLES = [s for s, op in styles.OPS.items() if op in ("stablehlo.gather", "stablehlo.scatter")]
pytestmark = pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")  # numpy's integer add.at
ONE_LINE = re.compile(r"styles\.\w+: [^\n]+: expected [^\n]+, got [^\n]+")


@pytest.fixture(scope="module")
def example():
    """The example module loaded as a user backend from its folder (``PYTHONPATH=.``, which the worker
    processes its targets run in inherit), by target name."""
    with pytest.MonkeyPatch.context() as mp:
        mp.syspath_prepend(str(EXAMPLES))
        mp.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(EXAMPLES), os.environ.get("PYTHONPATH")) if p))
        targets = {t.name: t for t in load_backend("numpy_targets")}
        yield targets
        isolation.close(*{worker_name(t) for t in targets.values()})


def _in_bounds(target) -> dict:
    """The forced fields that keep ``target``'s index cases in bounds (where numpy's APIs are the spec's)."""
    return {"oob_share": 0.0} if "oob_share" in op_spec(target.op).region_keys() else {}


def _disagreements(target, strategy, examples: int) -> list[str]:
    """Cases of ``strategy`` on which ``target``, called in this process, diverges from the oracle in a way
    its module does not declare (the declarations are scoped to their conditions, so a wrong value stays one)."""
    found = []

    @settings(max_examples=examples, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(case=strategy)
    def check(case):
        verdict = judge(case, outcome.run(target.fn, case.kwargs()))
        if verdict.diverges and target.declared(verdict.classes, case, verdict.value) is None:
            found.append(f"{verdict.cls} on {case.describe()}")

    check()
    return found


@pytest.mark.parametrize("style", list(styles.REGIONS))
def test_a_style_agrees_with_the_oracle_on_its_region(style, example):
    target = example[BY_STYLE[style]]
    assert target.op == styles.OPS[style] and target.region.get("style") == styles.REGIONS[style].get("style")
    assert not _disagreements(target, ops.valid_cases(target, **_in_bounds(target)), 40)


def _swapped_index(real):
    """advanced_index, wrongly: the index arrays put on the indexed axes in reverse (a start_index_map misread)."""
    def wrong(case):
        a = real(case)
        at = [i for i, e in enumerate(a.index) if not isinstance(e, slice)]
        index = list(a.index)
        for i, e in zip(at, reversed([a.index[i] for i in at])):
            index[i] = e
        return a._replace(index=tuple(index))
    return wrong


WRONG = {  # realistic translation bugs, each to be caught on the cases of its style's region
    "advanced_index": _swapped_index,
    "gather_nd": lambda real: lambda case: (lambda a: styles.gather_nd(  # the batch dims dropped
        {"data": a.operand, "indices": a.indices}))(real(case)),
    "index_add": lambda real: lambda case: (lambda a: a._replace(axis=0, index=(a.indices,)))(real(case)),  # on axis 0
    "elementwise": lambda real: lambda case: (lambda a: a._replace(operands=a.operands[:1] + (float(
        a.operands[1]),) if a.scalar else a.operands))(real(case)),  # a Python-number rhs made a float
}


@pytest.mark.parametrize("style", sorted(WRONG))
def test_a_wrong_translation_is_caught(style, example, monkeypatch):
    target = example[BY_STYLE[style]]
    monkeypatch.setattr(styles, style, WRONG[style](getattr(styles, style)))
    assert _disagreements(target, ops.valid_cases(target, **_in_bounds(target)), 60)


@pytest.mark.parametrize("style", INDEX_STYLES)
def test_a_case_outside_the_style_is_refused_in_one_line_or_agrees(style, example):
    """Cases of the whole op (style ``general``): a helper either refuses one in a line naming the argument
    and what the style expected, or the target it serves gives the spec's result."""
    target = example[BY_STYLE[style]]
    spec = op_spec(target.op)
    general = {**target.region, "style": "general", "oob_share": 0.0}
    refused, accepted = [], []

    @settings(max_examples=80, derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(case=spec.part("valid")(spec.region(general)))
    def check(case):
        try:
            getattr(styles, style)(case)
        except ValueError as e:
            assert ONE_LINE.fullmatch(str(e)) and str(e).startswith(f"styles.{style}: "), str(e)
            refused.append(case)
            return
        verdict = judge(case, outcome.run(target.fn, case.kwargs()))
        assert not verdict.diverges or target.declared(verdict.classes, case, verdict.value), \
            f"styles.{style} took {case.describe()}: {verdict.cls}"
        accepted.append(case)

    check()
    assert len(refused) > len(accepted)


@pytest.mark.parametrize("op,region", [("onnx.GatherND", {"opset": 13}), *[
    ("onnx.ScatterND", {"opset": 18, "reduction": r, "element_dtypes": ("int32", "float64") if r in (None, "add", "mul")
                        else ("int32",)}) for r in (None, "add", "mul", "max", "min")]])
def test_gather_nd_and_scatter_nd_take_onnx_cases(op, region):
    """An ONNX GatherND/ScatterND case through the same helpers (``computation`` in the spec's names)."""
    ufuncs = {"add": np.add, "multiply": np.multiply, "maximum": np.maximum, "minimum": np.minimum}

    def call(**kw):
        if op == "onnx.GatherND":
            a = styles.gather_nd(kw)
            return a.operand[a.index]
        a = styles.scatter_nd(kw)
        out = a.input.copy()
        if a.computation == "replace":
            out[a.index] = a.updates
        else:
            ufuncs[a.computation].at(out, a.index, a.updates)
        return out

    spec = op_spec(op)
    seen = []

    @settings(max_examples=30, derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    @given(case=spec.part("valid")(spec.region(region)))
    def check(case):
        verdict = judge(case, outcome.run(call, case.kwargs()))
        assert not verdict.diverges, f"{verdict.cls}: {verdict.detail[:300]}"
        seen.append(verdict.cls)

    check()
    assert "conform" in seen


def test_errors_are_one_line_value_errors():
    gather = {"operand": np.zeros((2, 3)), "start_indices": np.zeros((4, 2), np.int32), "offset_dims": (),
              "collapsed_slice_dims": (0, 1), "operand_batching_dims": (), "start_indices_batching_dims": (),
              "start_index_map": (0, 1), "index_vector_dim": 1, "slice_sizes": (1, 1)}
    scatter = {"inputs": [np.zeros(3), np.zeros(3)], "scatter_indices": np.zeros(2, np.int32),
               "updates": [np.zeros(2), np.zeros(2)], "update_window_dims": (), "inserted_window_dims": (0,),
               "scatter_dims_to_operand_dims": (0,), "index_vector_dim": 1, "update_computation": "add"}
    cases = [(styles.take, gather, "styles.take: the indexed axes: expected one indexed axis, got 2"),
             (styles.take, scatter, "styles.take: case: expected the arguments of stablehlo.gather (operand, "),
             (styles.index_add, scatter, "styles.index_add: inputs: expected one array"),
             (styles.elementwise, gather, "styles.elementwise: case: expected the arguments of stablehlo.add"),
             (styles.dynamic_slice, 42, "styles.dynamic_slice: case: expected a Case or the target's keyword"),
             (lambda _: styles.region("slice"), None, "styles.region: style: expected one of take, ")]
    assert styles.advanced_index(gather).index[0].shape == (4,)  # two indexed axes: advanced indexing takes it
    for helper, case, start in cases:
        with pytest.raises(ValueError) as info:
            helper(case)
        assert str(info.value).startswith(start) and "\n" not in str(info.value), str(info.value)


def test_repro_lines_rebuild_the_arguments():
    """``repro_lines()`` are source: executed, they give the same values (arrays, index tuples, a NaN)."""
    from conformance.core.case import array_from_json

    def arr(data, dtype, shape):
        return array_from_json({"data": data, "dtype": dtype, "shape": shape})

    a = styles.Elementwise((np.array([1.5, -0.0], np.float32), float("nan")), True, None)
    b = styles.index_put({"inputs": np.zeros((2, 3)), "scatter_indices": np.array([[1], [0]], np.int64),
                          "updates": np.ones((2, 2)), "update_window_dims": (0,), "inserted_window_dims": (1,),
                          "scatter_dims_to_operand_dims": (1,), "index_vector_dim": 1, "update_computation": "add"})
    space = {"arr": arr}
    exec("\n".join(a.repro_lines() + b.repro_lines()), space)
    assert np.array_equal(space["OPERANDS"][0], a.operands[0]) and np.isnan(space["OPERANDS"][1])
    assert space["INDEX"][0] == slice(None) and np.array_equal(space["INDEX"][1], [1, 0])
    assert space["COMPUTATION"] == "add" and space["SCALAR"] is True


def test_the_example_runs_through_the_engine_one_target_per_style(example):
    assert sorted(BY_STYLE.values()) == sorted(example)
    for t in example.values():
        for kind in ops.kinds(t):
            run_property(t, kind, Draws("ci", 3))  # raises on an undeclared divergence


def test_the_example_needs_its_declarations(example, found_is_enough):
    """Without its deviations file the example fails where numpy documents other behaviour."""
    from dataclasses import replace

    bare = replace(example["example:take_along_axis"], deviations={})
    with pytest.raises(UndeclaredDivergence) as info:
        run_property(bare, "valid", Draws("ci", 3))
    assert re.search(r"class '(error|wrap|wrong-value)'", str(info.value).splitlines()[0])


def test_the_example_repro_snippets_call_what_the_targets_call(example):
    from tests.test_seeds_and_repro import _compare_scripts

    compared = {name: 0 for name in example}
    for t in example.values():
        _compare_scripts(t, compared, examples=3)
    assert all(compared.values()), compared


def _page_modules() -> list[str]:
    """The page's Python blocks that define targets (docs/new-backend.md), each a module as a user would save it."""
    import ast

    page = (EXAMPLES.parent / "new-backend.md").read_text()
    blocks = [b for b in re.findall(r"```python\n(.*?)```", page, re.S) if "@target" in b]
    head = "from conformance import styles\nfrom conformance.registry import target\n\nmylib = None  # the framework\n"
    for b in blocks:
        ast.parse(head + b)  # every one is a complete module (a decorator alone would not be)
    return [head + b for b in blocks]


@pytest.mark.parametrize("number", range(len(_page_modules())))
def test_the_page_s_targets_load_and_their_snippets_name_their_setup(number, tmp_path, monkeypatch):
    """Each target the page shows loads (its region keys, values and signature are checked on load), and each
    ``repro=`` snippet's call names only what its setup lines define."""
    text = _page_modules()[number]
    name = f"page_targets_{number}_{os.getpid()}"
    (tmp_path / f"{name}.py").write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    targets = load_backend(name)
    assert len(targets) == text.count("@target(")
    for t in (t for t in targets if t.repro):
        @settings(max_examples=3, derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck))
        @given(case=ops.valid_cases(t))
        def snippet(case):
            _, lines, call = t.repro(case.kwargs(), case)
            defined = {line.split(" = ")[0] for line in lines}
            assert set(re.findall(r"\b[A-Z]{2,}\b", call)) <= defined, (call, defined)

        snippet()
