"""The opt-in ``tvm`` backend: loading the adapter module imports no TVM and changes no other module's
state; the Max/Min declaration's model; with apache-tvm installed, a worked case per op family (ONNX
Gather, GatherND, ScatterND, an elementwise op) is judged conformant."""
import subprocess
import sys

import numpy as np
import pytest

from conformance.core.case import Case
from tests.helpers import imported_on_load


def test_loading_the_adapter_imports_no_tvm():
    assert imported_on_load("conformance.adapters.tvm", ("tvm", "onnx")) == []


def test_loading_the_adapter_changes_no_other_modules_state():
    """The repro script's run lines for tvm are onnx_capture's own table entry: importing the adapter
    module registers nothing there (nor anywhere else it reads)."""
    code = ("import conformance.adapters.onnx_capture as c; before = repr(c.RUNS); "
            "import conformance.adapters.tvm; print(repr(c.RUNS) == before and 'tvm' in c.RUNS)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "True", done.stdout + done.stderr


def test_the_max_min_model_is_the_importers_ordered_fold():
    """tvm.toml's Max/Min model, as measured on apache-tvm 0.27.0.post1 (no TVM needed to check it)."""
    from conformance.adapters.tvm import reduced_max_min

    lhs = np.array([np.nan, 1.0, -0.0, 0.0, -np.inf], np.float32)
    rhs = np.array([1.0, np.nan, 0.0, -0.0, -np.inf], np.float32)
    got = reduced_max_min(Case("stablehlo.maximum", {"lhs": lhs, "rhs": rhs}, {}))
    assert got[0] == 1.0 and np.isnan(got[1]) and not np.signbit(got[2]) and np.signbit(got[3])
    assert got[4] == np.finfo(np.float32).min


def _target(api):
    from conformance.running.registry import load_backend

    return {t.name: t for t in load_backend("tvm")}[f"tvm:{api}"]


WORKED = {  # one case per op family: (target API, case)
    "gather_nd": ("onnx.GatherND-13", Case("onnx.GatherND", {"data": np.arange(8, dtype=np.int32).reshape(2, 2, 2),
                                                        "indices": np.array([[0, 1], [1, 0]], np.int64)},
                                      {"opset": 13, "batch_dims": 0})),
    "scatter_nd": ("onnx.ScatterND-18[max]", Case(
        "onnx.ScatterND", {"data": np.array([1, 5, 2], np.int64), "indices": np.array([[0], [1]], np.int64),
                           "updates": np.array([4, 3], np.int64)}, {"opset": 18, "reduction": "max"})),
    "elementwise": ("Add-18", Case("stablehlo.add", {"lhs": np.array([-0.0, 1.0]), "rhs": np.array([0.0, -2.5])}, {})),
}


@pytest.mark.parametrize("family", sorted(WORKED))
def test_a_worked_case_per_op_family_conforms(family):
    pytest.importorskip("tvm")  # (only this test needs TVM: the ones above run everywhere)
    from conformance.running.engine import check_case

    api, case = WORKED[family]
    verdict = check_case(_target(api), case)
    assert not verdict.diverges, (family, verdict.cls, verdict.detail)
