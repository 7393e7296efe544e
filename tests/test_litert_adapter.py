"""The opt-in ``litert`` backend: loading the adapter module imports neither TensorFlow nor LiteRT; with
both installed, each index target's model holds the TFLite builtin it is meant to run (no Flex op), a
worked case per op family is judged conformant, an out-of-range gather is the interpreter's error, and a
repro script observes what the target returned."""

import numpy as np
import pytest

from conformance.core.case import Case
from tests.helpers import imported_on_load


def test_loading_the_adapter_imports_no_tensorflow_or_litert():
    assert imported_on_load("conformance.adapters.litert", ("tensorflow", "ai_edge_litert")) == []


pytest.importorskip("tensorflow")
pytest.importorskip("ai_edge_litert")

from tests.test_tensorflow_adapter import WORKED, _gather  # noqa: E402  (the same worked cases)


def _target(api):
    from conformance.running.registry import load_backend

    return {t.name: t for t in load_backend("litert")}[f"litert:{api}"]


@pytest.mark.parametrize("api, arrays, kwargs, builtin", [
    ("gather", [np.zeros((3, 2), np.float32), np.array([1], np.int32)], {"axis": 0}, "GATHER"),
    ("gather_nd", [np.zeros((3, 2), np.float32), np.array([[1]], np.int32)], {}, "GATHER_ND"),
    ("tensor_scatter_nd_update", [np.zeros(3, np.float32), np.array([[1]], np.int32), np.ones(1, np.float32)], {},
     "SCATTER_ND"),
    ("slice", [np.zeros((3, 2), np.float32), np.array([1, 0], np.int32)], {"size": [1, 2]}, "SLICE"),
    ("math.add", [np.zeros(3, np.float32), np.zeros(3, np.float32)], {}, "ADD")])
def test_the_converted_model_holds_the_builtin(api, arrays, kwargs, builtin):
    from conformance.adapters.litert import ops

    held = ops(api, arrays, kwargs)
    assert builtin in held and not any("FLEX" in o or "CUSTOM" in o for o in held), held


LITE = {"gather": WORKED["gather"], "gather_nd": WORKED["gather_nd"],  # types that convert to builtins
        "dynamic_slice": ("tf.slice", Case(
            "stablehlo.dynamic_slice", {"operand": np.arange(10, dtype=np.float32).reshape(5, 2),
                                        "start_indices[0]": np.array(1, np.int32),
                                        "start_indices[1]": np.array(0, np.int32)}, {"slice_sizes": (3, 2)}))}


@pytest.mark.parametrize("family", sorted(LITE))
def test_a_worked_case_per_op_family_conforms(family):
    from conformance.running.engine import check_case

    api, case = LITE[family]
    verdict = check_case(_target(api), case)
    assert not verdict.diverges, (family, verdict.cls, verdict.detail)


def test_an_out_of_range_gather_is_the_interpreters_error():
    from conformance.running.engine import check_case

    verdict = check_case(_target("tf.gather"), _gather(7))  # row 7 of 3: the spec clamps the start to row 2
    assert verdict.cls == "error" and "gather index out of bounds" in verdict.detail, verdict.detail


def test_the_repro_script_observes_what_the_target_returned():
    from conformance.core.compare import same_array
    from conformance.running.engine import call
    from conformance.running.seeds import make_seed
    from conformance.reports.repro import script
    from tests.helpers import run_script

    api, case = WORKED["gather_nd"]
    got = call(_target(api), case)
    observed = run_script(script(make_seed("litert", f"litert:{api}", "wrong-value", case)))
    assert got.kind == "value" and observed is not None and same_array(observed, np.asarray(got.value))
