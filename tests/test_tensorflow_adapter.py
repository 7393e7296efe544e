"""The opt-in ``tensorflow`` and ``tensorflow_xla`` backends: loading the adapter modules imports no
TensorFlow; with TensorFlow installed, a worked case per op family is judged conformant on both, the
out-of-range gather is TF's declared ``error`` eagerly and the spec's clamp under XLA, and a repro
script observes what the target returned."""

import numpy as np
import pytest

from conformance.core.case import Case
from tests.helpers import imported_on_load, rows_gather


def test_loading_the_adapters_imports_no_tensorflow():
    assert imported_on_load("conformance.adapters.tensorflow, conformance.adapters.tensorflow_xla", ("tensorflow",)) == []


tf = pytest.importorskip("tensorflow")
BACKENDS = ("tensorflow", "tensorflow_xla")


def _target(backend, api):
    from conformance.running.registry import load_backend

    return {t.name: t for t in load_backend(backend)}[f"{backend}:{api}"]


def _gather(index: int) -> Case:
    return rows_gather(index, np.int32)


WORKED = {  # one case per op family: (target API, case)
    "gather": ("tf.gather", _gather(0)),
    "scatter": ("tf.tensor_scatter_nd_add", Case(
        "stablehlo.scatter", {"inputs": np.zeros(4, np.float32), "scatter_indices": np.array([[1], [3], [1]], np.int32),
                              "updates": np.array([5, 6, 7], np.float32)},
        {"update_window_dims": (), "inserted_window_dims": (0,), "input_batching_dims": (),
         "scatter_indices_batching_dims": (), "scatter_dims_to_operand_dims": (0,), "index_vector_dim": 1,
         "indices_are_sorted": False, "unique_indices": False, "update_computation": "add"})),
    "gather_nd": ("onnx.GatherND[tf.gather_nd]", Case(
        "onnx.GatherND", {"data": np.arange(8, dtype=np.int32).reshape(2, 2, 2),
                          "indices": np.array([[0, 1], [1, 0]], np.int64)}, {"opset": 13, "batch_dims": 0})),
    "scatter_nd": ("onnx.ScatterND[tf.tensor_scatter_nd_max]", Case(
        "onnx.ScatterND", {"data": np.array([1, 5, 2], np.int64), "indices": np.array([[0], [1]], np.int64),
                           "updates": np.array([4, 3], np.int64)}, {"opset": 18, "reduction": "max"})),
    "dynamic_slice": ("tf.slice", Case(
        "stablehlo.dynamic_slice", {"operand": np.arange(10, dtype=np.float64).reshape(5, 2),
                                    "start_indices[0]": np.array(1, np.int64),
                                    "start_indices[1]": np.array(0, np.int64)}, {"slice_sizes": (3, 2)})),
    "elementwise": ("tf.truncatediv", Case(
        "stablehlo.divide", {"lhs": np.array([7, -7, 7, -7], np.int32), "rhs": np.array([2, 2, -2, -2], np.int32)},
        {"rhs_as_scalar": False})),
}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("family", sorted(WORKED))
def test_a_worked_case_per_op_family_conforms(backend, family):
    from conformance.running.engine import check_case

    api, case = WORKED[family]
    verdict = check_case(_target(backend, api), case)
    assert not verdict.diverges, (family, verdict.cls, verdict.detail)


def test_an_out_of_range_gather_is_the_declared_error_eagerly_and_the_spec_clamp_under_xla():
    from conformance.running.engine import check_case

    case = _gather(7)  # row 7 of 3: the spec clamps the start to row 2
    eager = _target("tensorflow", "tf.gather")
    verdict = check_case(eager, case)
    assert verdict.cls == "error" and "InvalidArgumentError" in verdict.detail, verdict.detail
    declared = eager.declared(verdict.classes, case, verdict.value)
    assert declared is not None and declared.cls == "error" and declared.reason.startswith("MEASURED:")
    assert not check_case(_target("tensorflow_xla", "tf.gather"), case).diverges


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_repro_script_observes_what_the_target_returned(backend):
    from conformance.core.compare import same_array
    from conformance.running.engine import call
    from conformance.running.seeds import make_seed
    from conformance.reports.repro import script
    from tests.helpers import run_script

    api, case = WORKED["gather_nd"]
    got = call(_target(backend, api), case)
    observed = run_script(script(make_seed(backend, f"{backend}:{api}", "wrong-value", case)))
    assert got.kind == "value" and observed is not None and same_array(observed, np.asarray(got.value))
