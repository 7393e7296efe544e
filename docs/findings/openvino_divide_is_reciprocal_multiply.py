"""OpenVINO (CPU plugin): float32 Divide of two inputs is computed as x * (1 / y), not as an IEEE-754 division:
on 4096 pairs of random normal numbers every quotient equals x * (1 / y) and about a quarter differ from
x / y in the last bit (3 / 7 gives 0.42857146, IEEE 0.42857143); at the edges FLT_MAX / FLT_MAX gives
0.99999994, 1e-45 / 1e-45 gives inf and 0 / 1e-45 gives NaN (IEEE: 1, 1, 0), and a subnormal divisor's
reciprocal is used as it is (0.0016346001 / -8.673e-39 gives -1.8846995e35, IEEE -1.8846997e35). The
compiled model's only node reports a Power layer beside the Div as its original layers ('Power_*,z'): the
plugin's transformations replace Divide(x, y) by Multiply(x, Power(y, -1)). The same with
INFERENCE_PRECISION_HINT f32, EXECUTION_MODE_HINT ACCURACY and SNIPPETS_MODE DISABLE. Exits 1 while
the quotient is x * (1 / y) where that differs from x / y; 0 once it is the IEEE quotient; 2 if it cannot run.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: openvinotoolkit/openvino: CPU plugin transformation pipeline (Divide decomposed into Multiply and
    Power(y, -1), then fused into one Eltwise or Snippets node); located by experiment: the runtime model's node
    lists a Power layer beside the Div ('Power_*,z') as its original layers, with snippets on (Subgraph) and off (Eltwise), with every
    precision and execution-mode hint
Governing text: ONNX Div (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#Div, v1.16.0):
    element-wise division; StableHLO spec divide (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#divide,
    v1.0.0): for floats, 'division from IEEE-754'
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-29: 'openvino CPU Divide reciprocal multiply
    precision ConvertDivide Power -1 inaccurate result'; 'openvino Divide subnormal reciprocal inf nan division
    result wrong CPU'; 'ConvertDivide Divide to Multiply Power -1 float accuracy CPU plugin x/x not 1'. Matched:
    nothing on float division; PR #9561 and PR #11391 (merged: ConvertDivide skipped for divides marked
    precision-sensitive, shape subgraphs), openvino#35830 and #37766 (open, integer Div through float32),
    openvino#33564 (open, f64 1/0 gives FLT_MAX)
"""
import sys

try:
    import numpy as np
    import onnx
    import openvino as ov
    from onnx import TensorProto, helper
except ImportError as e:
    print(f"cannot run: {e}")
    sys.exit(2)

print(f"openvino {ov.__version__}, onnx {onnx.__version__}, numpy {np.__version__}, Python {sys.version.split()[0]}, "
      f"{sys.platform}", flush=True)


def divide(x, y, config):
    graph = helper.make_graph(
        [helper.make_node("Div", ["x", "y"], ["z"])], "g",
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, [x.size]) for n in "xy"],
        [helper.make_tensor_value_info("z", TensorProto.FLOAT, [x.size])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8)
    core = ov.Core()
    compiled = core.compile_model(core.read_model(model.SerializeToString(), b""), "CPU", config)
    layers = [info["originalLayersNames"].astype(str) for info in
              (op.get_rt_info() for op in compiled.get_runtime_model().get_ordered_ops())
              if info["layerType"].astype(str) not in ("Input", "Output")]
    return np.asarray(compiled([x, y])[0]), layers


fmax = np.finfo(np.float32).max
edges_x = np.array([3.0, fmax, 1e-45, 0.0, 0.0016346001], np.float32)
edges_y = np.array([7.0, fmax, 1e-45, 1e-45, -8.673e-39], np.float32)
rng = np.random.default_rng(0)
x, y = rng.standard_normal(4096).astype(np.float32), rng.standard_normal(4096).astype(np.float32)
reciprocal = False
with np.errstate(all="ignore"):
    ieee, recip = x / y, x * (np.float32(1) / y)
    print("edges x:", edges_x.tolist(), "y:", edges_y.tolist())
    print("IEEE-754 x / y:   ", (edges_x / edges_y).tolist())
    print("x * (1 / y):      ", (edges_x * (np.float32(1) / edges_y)).tolist())
    for config in ({"INFERENCE_PRECISION_HINT": "f32"}, {"EXECUTION_MODE_HINT": "ACCURACY"},
                   {"INFERENCE_PRECISION_HINT": "f32", "SNIPPETS_MODE": "DISABLE"}):
        got, layers = divide(edges_x, edges_y, config)
        print(f"OpenVINO {config}: {got.tolist()} (node's original layers: {layers})")
        got, _ = divide(x, y, config)
        differ = int((got != ieee).sum())
        equal_recip = int((got == recip).sum())
        print(f"  4096 random pairs: {differ} differ from x / y; {equal_recip} equal x * (1 / y) "
              f"(x * (1 / y) itself differs from x / y on {int((recip != ieee).sum())})")
        reciprocal |= differ > 0 and equal_recip == got.size
print("the quotient is x * (1 / y)" if reciprocal else "the quotient is IEEE division")
sys.exit(1 if reciprocal else 0)
