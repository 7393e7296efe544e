"""OpenVINO (CPU plugin): a float64 ScatterND with a reduction runs in float32, and float64 infinities and values
beyond float32's range become +-FLT_MAX on the way in and out. ScatterND-16 reduction 'mul' of data [2.5] by
the updates [-FLT_MAX, 1e-40] at index 0 twice gives -3.4028234663852886e+38 (float64: -0.085: the float32
product overflows, and its -inf is written back as -FLT_MAX); of data [inf] by [1e-40, inf, 1e-40] gives
0.0011579 (float64: inf: each inf is read as FLT_MAX); reduction 'add' of [1.0] and 1e-10 gives 1.0. A plain
float64 Add shows the same clamp (inf + 0 gives FLT_MAX), and INFERENCE_PRECISION_HINT f32 or EXECUTION_MODE_HINT
ACCURACY change nothing. Float32 arithmetic for float64 is documented (the CPU plugin's floating-point
inference precisions are f32, bf16 and f16); the infinities turned into FLT_MAX are
openvinotoolkit/openvino#37968. Exits 1 while inf is lost; 0 once it is kept; 2 if it cannot run.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/openvinotoolkit/openvino/issues/37968
Owner and stage: openvinotoolkit/openvino: CPU plugin's f64 -> f32 precision conversion of the model (the
    transformation pipeline's convert-precision map, saturating to FLT_MAX), the ScatterND node in float32;
    located by experiment: the same values through a plain float64 Add are clamped as well, whatever the
    precision or execution-mode hint (the onnxruntime_openvino declaration records the same values through
    the EP, which runs this plugin)
Governing text: ONNX ScatterND-18 (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#ScatterND,
    v1.16.0): with reduction 'mul' the output is data multiplied by each update at its index, in the data's
    type (double); OpenVINO docs 'CPU Device' (https://docs.openvino.ai/2025/openvino-workflow/running-inference/inference-devices-and-modes/cpu-device.html,
    2025): floating-point inference precisions are f32, bf16, f16 (float64 computed in float32 is documented)
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-29: 'openvino ScatterND reduction float64 f64
    converted to f32 precision'; 'openvino CPU f64 infinity converted to FLT_MAX saturate convert f64 to f32
    input inf'. Matched: openvino#37968 (open, 'float64 +-inf is clamped to +-FLT_MAX by every eltwise/reduce
    op'), #34138 (open, f64 infinities clamped), #33564 (open, f64 1/0 gives FLT_MAX), PR #35484 (open, keeps
    inf in ConvertPrecision), PR #34249 (closed, drops the f64 -> f32 map), PR #4681 (merged 2021, f64 -> f32
    in the plugin); nothing on ScatterND in particular
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
FMAX = float(np.finfo(np.float32).max)


def compile_onnx(node, inputs, config):
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info(n, t, s) for n, t, s in inputs],
                              [helper.make_tensor_value_info("y", TensorProto.DOUBLE, None)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8)
    core = ov.Core()
    return core.compile_model(core.read_model(model.SerializeToString(), b""), "CPU", config)


def scatter_nd(reduction, data, at, updates, config):
    node = helper.make_node("ScatterND", ["data", "indices", "updates"], ["y"], reduction=reduction)
    compiled = compile_onnx(node, [("data", TensorProto.DOUBLE, [len(data)]), ("indices", TensorProto.INT64, [len(at), 1]),
                                   ("updates", TensorProto.DOUBLE, [len(at)])], config)
    return np.asarray(compiled([np.array(data, np.float64), np.array(at, np.int64).reshape(-1, 1),
                                np.array(updates, np.float64)])[0]).tolist()


lost = False
for config in ({"INFERENCE_PRECISION_HINT": "f32"}, {"EXECUTION_MODE_HINT": "ACCURACY"}):
    print(f"compile config {config}:")
    for reduction, data, at, updates, spec in (("mul", [2.5], [0, 0], [-FMAX, 1e-40], 2.5 * -FMAX * 1e-40),
                                               ("mul", [np.inf], [0, 0, 0], [1e-40, np.inf, 1e-40], np.inf),
                                               ("add", [1.0], [0], [1e-10], 1.0 + 1e-10)):
        got = scatter_nd(reduction, data, at, updates, config)
        print(f"  ScatterND float64 reduction={reduction} data {data} updates {updates} at {at}: {got} "
              f"(ONNX, in float64: [{spec!r}])")
        lost |= reduction == "mul" and spec == np.inf and np.isfinite(got[0])
    add = compile_onnx(helper.make_node("Add", ["a", "b"], ["y"]),
                       [("a", TensorProto.DOUBLE, [2]), ("b", TensorProto.DOUBLE, [2])], config)
    got = np.asarray(add([np.array([np.inf, 1e300]), np.zeros(2)])[0]).tolist()
    print(f"  float64 Add [inf, 1e300] + 0: {got} (IEEE: [inf, 1e+300])")
print("float64 inf is read and written as FLT_MAX" if lost else "float64 inf is kept")
sys.exit(1 if lost else 0)
