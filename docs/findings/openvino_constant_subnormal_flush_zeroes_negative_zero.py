"""OpenVINO (CPU plugin): a float32 constant (ONNX initializer) that holds a subnormal is stored with every
zero-exponent element set to +0.0, so its -0.0 loses its sign too. Add(constant, input) with the input
-0.0 everywhere: the constant [-0.0, 1e-45, 1.0] gives [0.0, 0.0, 1.0] (IEEE-754: [-0.0, 1e-45, 1.0]);
the constant [-0.0, 2.0, 1.0], without a subnormal, keeps its -0.0. Flushing subnormal constants is the
plugin's design (openvinotoolkit/openvino#16430); zeroing -0.0 with them is not (#19360 stopped
counting -0.0 as subnormal). Exit 1 while the -0.0 of the first constant comes back +0.0; 2 if it cannot run.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: openvinotoolkit/openvino: CPU plugin Input node constant copy that zeroes denormals (zero-
    exponent elements written as +0.0); stage not located by experiment
Governing text: IEEE-754 / StableHLO spec add: -0.0 is not a subnormal; OpenVINO PR #16430 (flushing subnormal
    constants) is by design, PR #19360 stopped counting -0.0 as subnormal
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'openvino subnormal constant flush to zero
    negative zero sign lost'; 'openvino rank 7 tensor negative zero Subtract Negative wrong sign CPU'.
    Matched: openvino PR #16430, #19360, #19361 (design and detection fix); nothing on the sign of -0.0 in a
    flushed constant
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


def add_constant(values):
    c = np.array(values, np.float32)
    graph = helper.make_graph(
        [helper.make_node("Add", ["c", "x"], ["y"])], "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3])], initializer=[numpy_helper.from_array(c, "c")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8)
    core = ov.Core()
    compiled = core.compile_model(core.read_model(model.SerializeToString(), b""), "CPU",
                                  {"INFERENCE_PRECISION_HINT": "f32"})
    return np.asarray(compiled([np.full(3, -0.0, np.float32)])[0])


flushed, kept = add_constant([-0.0, 1e-45, 1.0]), add_constant([-0.0, 2.0, 1.0])
print("spec (StableHLO add, IEEE-754): -0.0 + -0.0 = -0.0")
print(f"constant [-0.0, 1e-45, 1.0] + [-0.0]*3 -> {flushed.tolist()}")
print(f"constant [-0.0, 2.0, 1.0]   + [-0.0]*3 -> {kept.tolist()}")
sys.exit(1 if not np.signbit(flushed[0]) else 0)
