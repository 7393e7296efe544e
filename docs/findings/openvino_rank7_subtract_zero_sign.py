"""OpenVINO (CPU plugin): on tensors of rank 7 or 8, Sub(-0.0, +0.0) gives +0.0 and Neg(+0.0) gives +0.0;
up to rank 6 both give -0.0, as IEEE-754 subtraction and negation do (the StableHLO spec's subtract and
negate; ONNX Sub/Neg follow numpy, which gives -0.0 too). Add(-0.0, -0.0) keeps -0.0 at every rank.
Exit 1 while rank 7 gives +0.0; 2 if it cannot run.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: openvinotoolkit/openvino: CPU plugin eltwise kernel for rank 7 and 8 (rank-specialised path);
    stage not located by experiment
Governing text: ONNX Sub/Neg (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#Sub, v1.16.0) with
    IEEE-754: -0.0 - (+0.0) and -(+0.0) are -0.0
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'openvino rank 7 tensor negative zero
    Subtract Negative wrong sign CPU'; 'openvino Subtract zero constant converted to Negative signed zero
    transformation'. Matched: nothing rank-dependent; openvino#37967 (Abs/Neg integer saturation), #35890
    (int64 Neg) are other bugs
"""
import platform
import sys

try:
    import numpy as np
    import onnx
    import openvino as ov
    from onnx import TensorProto, helper
except ImportError as e:
    print(f"cannot run: {e}")
    sys.exit(2)

print(f"openvino {ov.__version__}, onnx {onnx.__version__}, numpy {np.__version__}, "
      f"Python {platform.python_version()}, {platform.platform()}")


def subtract(rank):
    shape = [2] * rank
    graph = helper.make_graph(
        [helper.make_node("Sub", ["a", "b"], ["y"])], "g",
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, shape) for n in "ab"],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, shape)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8)
    core = ov.Core()
    compiled = core.compile_model(core.read_model(model.SerializeToString(), b""), "CPU",
                                  {"INFERENCE_PRECISION_HINT": "f32"})
    return np.asarray(compiled([np.full(shape, -0.0, np.float32), np.zeros(shape, np.float32)])[0])


signs = {rank: bool(np.signbit(subtract(rank)).all()) for rank in (1, 6, 7, 8)}
print("spec: -0.0 - +0.0 = -0.0 at every rank")
for rank, negative in signs.items():
    print(f"rank {rank}: Sub(-0.0, +0.0) = {'-0.0' if negative else '+0.0'}")
sys.exit(1 if not (signs[7] and signs[8]) else 0)
