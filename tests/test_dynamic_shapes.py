"""Dynamic shapes as a dimension of the case (issue 47): a target that takes a ``dynamic_shapes`` keyword
runs its constructed edge cases twice, compiled for static and for dynamic shapes, in every profile; a
bug in the dynamic kernel alone is caught, said to be dynamic-only, and its seed replays it."""
import json
import warnings
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import settings

from conformance.core.case import Case
from conformance.interfaces.cli import main
from conformance.judging.conditions import holds
from conformance.core import runtime
from conformance.running import profiles
from conformance.running.engine import UndeclaredDivergence, phases, Draws, run_property
from conformance.running.registry import load_backend

MODULE = "tests.user_modules.dynamic_only"


@pytest.fixture
def ci_profile():
    profiles.register()
    before = settings.get_current_profile_name()
    settings.load_profile("ci")
    yield
    settings.load_profile(before)


def _case(dynamic: bool) -> Case:
    return Case("stablehlo.add", {"lhs": np.ones(2, np.float32), "rhs": np.ones(2, np.float32)}, {}, dynamic=dynamic)


def test_the_dimension_is_part_of_the_case_and_of_its_seed():
    static, dynamic = _case(False), _case(True)
    assert static.id != dynamic.id and static.signature() != dynamic.signature()
    assert Case.loads(dynamic.dumps()).dynamic and not Case.loads(static.dumps()).dynamic
    assert "dynamic" not in json.loads(static.dumps())  # a static case's file is as it was before
    assert "[dynamic shapes]" in dynamic.describe()
    assert holds("dynamic-shapes", dynamic) and not holds("dynamic-shapes", static)
    assert holds("static-shapes", static) and not holds("static-shapes", dynamic)


def test_only_a_target_that_takes_the_keyword_runs_dynamically(ci_profile):
    (dynamic,) = load_backend(MODULE)
    plain = [t for t in load_backend("numpy") if t.op == "stablehlo.gather"][0]
    assert dynamic.takes_dynamic_shapes and not plain.takes_dynamic_shapes
    labels = [label for label, *_ in phases(dynamic, "valid", Draws("ci"))]
    assert "edge:dynamic" in labels and "edge:dynamic" not in [l for l, *_ in phases(plain, "valid", Draws("ci"))]
    built = dict((label, cases) for label, cases, *_ in phases(dynamic, "valid", Draws("ci")))
    assert all(c.dynamic for c in built["edge:dynamic"]) and not any(c.dynamic for c in built["edge:constructed"])
    assert [replace(c, dynamic=False) for c in built["edge:dynamic"]] == built["edge:constructed"]
    kw = dynamic.call_kwargs(built["edge:dynamic"][0])
    assert kw["dynamic_shapes"] is True and "dynamic_shapes" not in plain.call_kwargs(built["edge:dynamic"][0])


@pytest.mark.parametrize("profile", ["ci", "dev"])
def test_a_bug_of_the_dynamic_kernel_alone_is_caught_and_its_seed_replays_it(profile, tmp_path, capsys):
    profiles.register()
    before = settings.get_current_profile_name()
    settings.load_profile(profile)
    runtime.set_seed_dir(str(tmp_path))
    (t,) = load_backend(MODULE)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with pytest.raises(UndeclaredDivergence) as info:
                run_property(t, "valid")
    finally:
        runtime.set_seed_dir("")
        settings.load_profile(before)
    failure = info.value
    assert failure.case.dynamic and failure.verdict.cls == "wrong-value"
    assert any("only with dynamic shapes" in n for n in failure.__notes__)
    (seed,) = tmp_path.glob(f"*{failure.case.id}.json")  # (each group the property found has its seed)
    assert json.loads(seed.read_text())["case"]["dynamic"] is True
    assert main(["replay", str(seed)]) == 1
    assert "still diverges" in capsys.readouterr().out
    static = tmp_path / "static.json"  # the same seed with static shapes: the static kernel is right
    data = json.loads(seed.read_text())
    del data["case"]["dynamic"]
    static.write_text(json.dumps(data))
    assert main(["replay", str(static)]) == 0


def test_iree_compiles_one_executable_for_every_shape_of_a_dynamic_gather():
    from conformance.running.registry import missing_requirements

    if missing_requirements("iree"):
        pytest.skip("iree not installed")
    from conformance.adapters import iree
    from conformance.running.engine import check_case

    (t,) = [t for t in load_backend("iree") if t.name == "iree:gather"]
    assert t.takes_dynamic_shapes

    def case(rows: int) -> Case:  # two rows of starts into an operand of ``rows`` rows: one past the end
        return Case("stablehlo.gather", {"operand": np.arange(rows * 4, dtype=np.float32).reshape(rows, 4),
                                         "start_indices": np.array([[0, 1], [rows, 3]], np.int32)},
                    {"offset_dims": [1], "collapsed_slice_dims": [0], "operand_batching_dims": [],
                     "start_indices_batching_dims": [], "start_index_map": [0, 1], "index_vector_dim": 1,
                     "slice_sizes": [1, 2], "indices_are_sorted": False}, dynamic=True)

    texts = {iree.dynamic_dims(iree.gather_text({**c.kwargs()}, None, proxies=True)[0]) for c in (case(3), case(5))}
    assert len(texts) == 1  # one module text, so one compile (IREE's executables are cached per text)
    for rows in (3, 5):
        assert not check_case(t, case(rows)).diverges


def test_openvino_compiles_one_executable_for_every_shape_of_each_rank_with_dynamic_dims():
    from conformance.running.registry import missing_requirements

    if missing_requirements("openvino"):
        pytest.skip("openvino not installed")
    from conformance.adapters import openvino_compile
    from conformance.running.engine import check_case

    targets = {t.name: t for t in load_backend("openvino")}
    nd, gather = targets["openvino:onnx.GatherND-13"], targets["openvino:Gather-13"]
    assert nd.takes_dynamic_shapes and gather.takes_dynamic_shapes

    def case(rows: int, dynamic: bool) -> Case:  # a GatherND of two index pairs into ``rows`` x 4
        return Case("onnx.GatherND", {"data": np.arange(rows * 4, dtype=np.float32).reshape(rows, 4),
                                      "indices": np.array([[rows - 1, 3], [0, -4]], np.int64)},
                    {"opset": 13}, dynamic=dynamic)

    for rows in (3, 5):
        assert not check_case(nd, case(rows, True)).diverges
    before = openvino_compile.STATS["compiled_graphs"]  # (check_case runs in a worker: count in this process)
    for rows in (3, 5, 2):
        c = case(rows, True)
        np.testing.assert_array_equal(nd.fn(**nd.call_kwargs(c)), [rows * 4 - 1, 0])
    assert openvino_compile.STATS["compiled_graphs"] - before == 1  # one executable for the three shapes
    for rows in (3, 5):
        nd.fn(**nd.call_kwargs(case(rows, False)))
    assert openvino_compile.STATS["compiled_graphs"] - before == 3  # static: one per shape
    # the index vector sets the output's rank, so it stays static; every other dim is dynamic
    arrays = case(3, True).arrays
    assert openvino_compile.dims("GatherND", arrays, True) == {"data": [-1, -1], "indices": [-1, 2]}
    assert openvino_compile.dims("Gather", arrays, True) == {"data": [-1, -1], "indices": [-1, -1]}
    assert openvino_compile.dims("Gather", arrays, False) == {"data": [3, 4], "indices": [2, 2]}
    # its repro script compiles the model as the case ran: dynamic dims for a dynamic case only
    imports, setup, _ = nd.repro(case(3, True).kwargs(), case(3, True))
    assert "SHAPES = {'data': [-1, -1], 'indices': [-1, 2]}" in "\n".join(setup)
    assert "SHAPES = {'data': [3, 4], 'indices': [2, 2]}" in "\n".join(nd.repro(case(3, False).kwargs(), case(3, False))[1])


def test_a_raising_openvino_call_leaves_nothing_behind_for_the_next_dynamic_case():
    """OpenVINO's CPU plugin, after an inference that raised, runs the next one with the last good shapes with the
    failed call's shapes (a finding): the adapter drops a dynamic executable that raised, so a declared
    refusal does not corrupt the cases judged after it in the same worker."""
    from conformance.running.registry import missing_requirements

    if missing_requirements("openvino"):
        pytest.skip("openvino not installed")
    (t,) = [t for t in load_backend("openvino") if t.name == "openvino:onnx.ScatterND-13"]

    def call(size: int, index: int):
        return t.fn(data=np.arange(size, dtype=np.float32), indices=np.array([[index]], np.int64),
                    updates=np.array([9.0], np.float32), dynamic_shapes=True)

    np.testing.assert_array_equal(call(6, 3), [0, 1, 2, 9, 4, 5])
    with pytest.raises(RuntimeError):
        call(1, 5)  # out of range: ONNX makes it an error
    np.testing.assert_array_equal(call(6, 3), [0, 1, 2, 9, 4, 5])  # (the plugin's own request gives [0.])


def test_the_report_keeps_a_dynamic_only_divergence_in_a_group_of_its_own(tmp_path):
    from conformance.reports.run import run

    (t,) = load_backend(MODULE)
    run(tmp_path, [t], None, 1, "ci")
    report = json.loads((tmp_path / "report.json").read_text())
    groups = [g for g in report["divergences"] if not g["declared"]]
    assert groups and all(g.get("shapes") == "dynamic" for g in groups), groups
    assert "[dynamic shapes]" in " ".join(g["summary"] for g in groups)
