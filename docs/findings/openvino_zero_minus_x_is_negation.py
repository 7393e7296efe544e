"""OpenVINO (CPU plugin): Sub(C, x) where C is a constant (an ONNX initializer) of zeros is computed as
Negative(x), so 0 - (+0.0) gives -0.0; IEEE-754 subtraction (the StableHLO spec's subtract; ONNX Sub
follows numpy, which gives +0.0 too) gives +0.0. The same zeros fed as an input subtract right. Found
2026-11-26 by the suite's edge run that meets every edge value with a constant of zeros.
Exit 1 while the constant form gives -0.0; 2 if it cannot run.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: openvinotoolkit/openvino: a graph transformation that turns Subtract(zeros constant, x) into
    Negative(x) (which one not located; SubtractFusion PR #7949 is a candidate); stage not located by
    experiment
Governing text: ONNX Sub (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#Sub, v1.16.0) and
    IEEE-754 subtraction: 0 - (+0.0) is +0.0
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'openvino Subtract zero constant converted
    to Negative signed zero transformation'; 'openvino constant folding 0 - x Negative -0.0 sign of zero
    Subtract'. Matched: openvino PR #7949 (SubtractFusion), #8729 (EliminateEltwise), #8159; no report of the
    sign of zero
"""
import platform
import sys

try:
    import numpy as np
    import onnx
    import openvino as ov
    from onnx import TensorProto, helper, numpy_helper
except ImportError as e:
    print(f"cannot run: {e}")
    sys.exit(2)

print(f"openvino {ov.__version__}, onnx {onnx.__version__}, numpy {np.__version__}, "
      f"Python {platform.python_version()}, {platform.platform()}")
x = np.array([0.0, -0.0, 1.0], np.float32)
zeros = np.zeros(3, np.float32)


def subtract(zeros_as_constant: bool):
    inputs = [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3])]
    if not zeros_as_constant:
        inputs.insert(0, helper.make_tensor_value_info("c", TensorProto.FLOAT, [3]))
    graph = helper.make_graph([helper.make_node("Sub", ["c", "x"], ["y"])], "g", inputs,
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3])],
                              initializer=[numpy_helper.from_array(zeros, "c")] if zeros_as_constant else [])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8)
    core = ov.Core()
    compiled = core.compile_model(core.read_model(model.SerializeToString(), b""), "CPU",
                                  {"INFERENCE_PRECISION_HINT": "f32"})
    return np.asarray(compiled([x] if zeros_as_constant else [zeros, x])[0])


folded, fed, ieee = subtract(True), subtract(False), zeros - x
for name, r in (("constant zeros", folded), ("zeros as an input", fed), ("IEEE (numpy)", ieee)):
    print(f"0 - {x.tolist()} with {name}: {r.tolist()} (sign bits {np.signbit(r).tolist()})")
sys.exit(1 if (np.signbit(folded) != np.signbit(ieee)).any() else 0)
