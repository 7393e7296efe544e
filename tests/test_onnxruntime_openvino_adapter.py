"""The opt-in ``onnxruntime_openvino`` backend (ONNX Runtime with the OpenVINO plugin EP on its CPU
device): loading the adapter module imports no onnxruntime; it has the ``onnxruntime`` backend's targets
(but the Add-result-shape one); with the plugin installed, its sessions run on the OpenVINO EP, a worked
case per op family conforms, the out-of-range Gather is the CPU EP's error but OpenVINO's zeros, and a
repro script observes what the target returned."""

import numpy as np
import pytest

from conformance.core.case import Case
from tests.helpers import imported_on_load, rows_gather


def test_loading_the_adapter_imports_no_onnxruntime():
    assert imported_on_load("conformance.adapters.onnxruntime_openvino", ("onnxruntime", "onnxruntime_ep_openvino")) == []


def test_it_has_the_onnxruntime_backends_targets():
    from conformance.running.registry import load_backend

    def apis(backend):
        return {t.name.split(":", 1)[1] for t in load_backend(backend)}
    assert apis("onnxruntime") - {"Add-result-shape"} == apis("onnxruntime_openvino")


pytest.importorskip("onnxruntime")
pytest.importorskip("onnxruntime_ep_openvino")
BACKEND = "onnxruntime_openvino"


def _target(api, backend=BACKEND):
    from conformance.running.registry import load_backend

    return {t.name: t for t in load_backend(backend)}[f"{backend}:{api}"]


def _gather(index: int) -> Case:
    return rows_gather(index, np.int64)


WORKED = {  # one case per op family: (target API, case)
    "gather": ("Gather-13", _gather(0)),
    "gather_nd": ("onnx.GatherND-13", Case(
        "onnx.GatherND", {"data": np.arange(8, dtype=np.int32).reshape(2, 2, 2),
                          "indices": np.array([[0, 1], [1, 0]], np.int64)}, {"opset": 13, "batch_dims": 0})),
    "scatter_nd": ("onnx.ScatterND-18[max]", Case(
        "onnx.ScatterND", {"data": np.array([1, 5, 2], np.int64), "indices": np.array([[0], [1]], np.int64),
                           "updates": np.array([4, 3], np.int64)}, {"opset": 18, "reduction": "max"})),
    "dynamic_slice": ("Slice-13", Case(
        "stablehlo.dynamic_slice", {"operand": np.arange(10, dtype=np.float32).reshape(5, 2),
                                    "start_indices[0]": np.array(1, np.int64),
                                    "start_indices[1]": np.array(0, np.int64)}, {"slice_sizes": (3, 2)})),
}


@pytest.mark.parametrize("family", sorted(WORKED))
def test_a_worked_case_per_op_family_conforms(family):
    from conformance.running.engine import check_case

    api, case = WORKED[family]
    verdict = check_case(_target(api), case)
    assert not verdict.diverges, (family, verdict.cls, verdict.detail)


def test_its_sessions_run_on_the_openvino_ep():
    from conformance.adapters.onnx_gather import build_model
    from conformance.adapters.onnxruntime_openvino import EP, openvino_session

    model = build_model("Gather", 13, np.dtype("float32"), np.dtype("int64"), 2, 1, (("axis", 0),))
    assert openvino_session(model.SerializeToString()).get_providers()[0] == EP


def test_an_out_of_range_gather_is_the_cpu_eps_error_and_the_openvino_eps_zeros():
    """issue 46's EP-vs-EP disagreement on CPU: row 7 of 3 raises INVALID_ARGUMENT on the CPU EP
    (onnxruntime) and reads as a row of zeros on the OpenVINO EP; each is declared."""
    from conformance.running.engine import call, check_case

    case = _gather(7)
    cpu = check_case(_target("Gather-13", "onnxruntime"), case)
    assert cpu.cls == "error" and "out of data bounds" in cpu.detail, cpu.detail
    ov = _target("Gather-13")
    got = call(ov, case)
    assert got.kind == "value" and np.array_equal(got.value, [[4, 5], [0, 0]]), got.brief()
    verdict = check_case(ov, case)
    declared = ov.declared(verdict.classes, case, verdict.value)
    assert verdict.cls == "fill" and declared is not None and declared.reason.startswith("MEASURED:")


def test_the_repro_script_observes_what_the_target_returned():
    from conformance.core.compare import same_array
    from conformance.reports.repro import script
    from conformance.running.engine import call
    from conformance.running.seeds import make_seed
    from tests.helpers import run_script

    for api, case in (WORKED["gather_nd"], ("Gather-13", _gather(7))):
        got = call(_target(api), case)
        observed = run_script(script(make_seed(BACKEND, f"{BACKEND}:{api}", "wrong-value", case)))
        assert got.kind == "value" and observed is not None and same_array(observed, np.asarray(got.value)), api
