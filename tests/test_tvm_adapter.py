"""The opt-in ``tvm`` backend: loading the adapter module imports no TVM; with apache-tvm installed, a
worked case per op family (ONNX Gather, GatherND, ScatterND, an elementwise op) is judged conformant."""
import subprocess
import sys

import numpy as np
import pytest

from conformance.core.case import Case


def test_loading_the_adapter_imports_no_tvm():
    code = "import sys; import conformance.adapters.tvm; print('tvm' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "False", done.stdout + done.stderr


tvm = pytest.importorskip("tvm")


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
    from conformance.running.engine import check_case

    api, case = WORKED[family]
    verdict = check_case(_target(api), case)
    assert not verdict.diverges, (family, verdict.cls, verdict.detail)
