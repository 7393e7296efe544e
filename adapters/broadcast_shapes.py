"""Shape inference of other stacks as ``mlir.broadcastable`` targets: ``broadcast_shapes`` of numpy,
torch and jax (static shapes only; each returns the inferred shape), jax.export symbolic shapes
(``?`` as symbols; returns the shape, -1 for a symbolic dim) and ONNX shape inference in strict
mode (a verifier: accepts or rejects the declared result type). Imported by the backend modules."""
from __future__ import annotations

import numpy as np

from conformance.running.registry import target
from conformance.oracles.mlir.shapes import parse_type

STATIC = {"dynamic": False, "unranked": False, "result": False}


def _shapes(operands) -> list[tuple[int, ...]]:
    return [parse_type(t)[0] for t in operands]


def _shapes_repro(imports: list[str], call: str):
    """A snippet calling ``call`` (a format string of ``{shapes}``, the operands' shapes as source)."""
    def repro(kw, case):
        return imports, [f"SHAPES = {[tuple(s) for s in _shapes(kw['operands'])]!r}"], call.format(shapes="*SHAPES")
    return repro


def _add_repro(imports: list[str], add: str):
    """A snippet adding int32 zeros of the operands' shapes with ``add`` (source of a function of two
    numpy arrays), left to right as the target does; the result's shape."""
    return _shapes_repro(imports, "np.asarray(np.shape(functools.reduce(" + add +
                         ", [np.zeros(s, np.int32) for s in SHAPES])), np.int64).reshape(-1)")


@target("mlir.broadcastable", "numpy:broadcast_shapes", region=STATIC,
        repro=_shapes_repro([], "np.asarray(np.broadcast_shapes({shapes}), np.int64).reshape(-1)"))
def numpy_broadcast_shapes(*, operands, **_):
    return np.asarray(np.broadcast_shapes(*_shapes(operands)), np.int64).reshape(-1)


@target("mlir.broadcastable", "torch:broadcast_shapes", region=STATIC,
        repro=_shapes_repro(["import torch"], "np.asarray(tuple(torch.broadcast_shapes({shapes})), np.int64).reshape(-1)"))
def torch_broadcast_shapes(*, operands, **_):
    import torch

    return np.asarray(tuple(torch.broadcast_shapes(*_shapes(operands))), np.int64).reshape(-1)


@target("mlir.broadcastable", "jax:jnp.broadcast_shapes", region=STATIC,
        repro=_shapes_repro(["import jax.numpy as jnp"], "np.asarray(jnp.broadcast_shapes({shapes}), np.int64).reshape(-1)"))
def jax_broadcast_shapes(*, operands, **_):
    import jax.numpy as jnp

    return np.asarray(jnp.broadcast_shapes(*_shapes(operands)), np.int64).reshape(-1)


def _symbolic_repro(kw, case):
    a, b = _shapes(kw["operands"])
    return (["import jax", "import jax.numpy as jnp", "from jax import export"],
            [f"A, B = {tuple(a)!r}, {tuple(b)!r}  # None: a dynamic dim, its own symbol",
             "def struct(shape, prefix):",
             "    spec = ','.join(f'{prefix}{i}' if d is None else str(d) for i, d in enumerate(shape))",
             "    return jax.ShapeDtypeStruct(export.symbolic_shape(spec) if shape else (), jnp.int32)",
             "out = jax.eval_shape(jnp.add, struct(A, 'a'), struct(B, 'b'))"],
            "np.asarray([d if isinstance(d, int) else -1 for d in out.shape], np.int64)  # -1: a symbolic dim")


@target("mlir.broadcastable", "jax:export.symbolic_shape[jnp.add]",
        region={"unranked": False, "result": False, "min_operands": 2, "max_operands": 2}, repro=_symbolic_repro)
def jax_symbolic_add(*, operands, **_):
    """jax.export symbolic shapes: each ``?`` becomes its own symbol; returns the traced result shape
    of ``jnp.add`` with -1 for a symbolic dim."""
    import jax
    import jax.numpy as jnp
    from jax import export

    def struct(shape, prefix):
        spec = ",".join(f"{prefix}{i}" if d is None else str(d) for i, d in enumerate(shape))
        return jax.ShapeDtypeStruct(export.symbolic_shape(spec) if shape else (), jnp.int32)

    a, b = _shapes(operands)
    out = jax.eval_shape(jnp.add, struct(a, "a"), struct(b, "b"))
    return np.asarray([d if isinstance(d, int) else -1 for d in out.shape], np.int64)


def _inference_repro(kw, case):
    (a, b), (r,) = _shapes(kw["operands"]), _shapes([kw["result"]])
    shapes = [None if s is None else tuple(s) for s in (a, b, r)]
    return (["from onnx import TensorProto, helper, shape_inference"],
            [f"A, B, R = {shapes[0]!r}, {shapes[1]!r}, {shapes[2]!r}  # None: unranked; a None dim: dynamic",
             "def value_info(name, shape):",
             "    dims = None if shape is None else [f'{name}_{i}' if d is None else d for i, d in enumerate(shape)]",
             "    return helper.make_tensor_value_info(name, TensorProto.INT32, dims)",
             "graph = helper.make_graph([helper.make_node('Add', ['a', 'b'], ['r'])], 'add', "
             "[value_info('a', A), value_info('b', B)], [value_info('r', R)])",
             "model = helper.make_model(graph, opset_imports=[helper.make_opsetid('', 18)], ir_version=8)",
             "shape_inference.infer_shapes(model, strict_mode=True)  # raises where it rejects the types"],
            "np.asarray(True)  # accepted")


@target("mlir.broadcastable", "onnx_reference:shape_inference[Add]",
        region={"min_operands": 2, "max_operands": 2}, repro=_inference_repro)
def onnx_shape_inference_add(*, operands, result, **_):
    """ONNX shape inference (strict mode) on one Add node whose inputs and output carry the case's
    types: ``?`` becomes a symbolic dim of its own, unranked a tensor without a shape."""
    from onnx import TensorProto, helper, shape_inference

    def value_info(name, shape):
        dims = None if shape is None else [f"{name}_{i}" if d is None else d for i, d in enumerate(shape)]
        return helper.make_tensor_value_info(name, TensorProto.INT32, dims)

    (a, b), (r,) = _shapes(operands), _shapes([result])
    graph = helper.make_graph([helper.make_node("Add", ["a", "b"], ["r"])], "add",
                              [value_info("a", a), value_info("b", b)], [value_info("r", r)])
    shape_inference.infer_shapes(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8),
                                 strict_mode=True)
    return np.asarray(True)  # accepted


def _add_shape(add, operands) -> np.ndarray:
    """The shape of an elementwise add's actual result, on int32 zeros of the operands' shapes."""
    arrays = [np.zeros(s, np.int32) for s in _shapes(operands)]
    out = arrays[0]
    for a in arrays[1:]:
        out = add(out, a)
    return np.asarray(np.shape(out), np.int64).reshape(-1)


@target("mlir.broadcastable", "numpy:add-result-shape", region=STATIC, repro=_add_repro(["import functools"], "np.add"))
def numpy_add_shape(*, operands, **_):
    return _add_shape(np.add, operands)


@target("mlir.broadcastable", "torch:add-result-shape", region=STATIC,
        repro=_add_repro(["import functools", "import torch"],
                         "lambda a, b: (torch.as_tensor(a) + torch.as_tensor(b)).numpy()"))
def torch_add_shape(*, operands, **_):
    import torch

    return _add_shape(lambda a, b: (torch.as_tensor(a) + torch.as_tensor(b)).numpy(), operands)


@target("mlir.broadcastable", "jax:add-result-shape", region=STATIC,
        repro=_add_repro(["import functools", "import jax.numpy as jnp"], "lambda a, b: np.asarray(jnp.add(a, b))"))
def jax_add_shape(*, operands, **_):
    import jax.numpy as jnp

    return _add_shape(lambda a, b: np.asarray(jnp.add(a, b)), operands)


def _ort_add_repro(kw, case):
    """The one-node Add model with the operands' static shapes, run by onnxruntime on int32 zeros."""
    a, b = _shapes(kw["operands"])
    return (["import onnxruntime", "from onnx import TensorProto, helper"],
            [f"A, B = {tuple(a)!r}, {tuple(b)!r}",
             "graph = helper.make_graph([helper.make_node('Add', ['a', 'b'], ['r'])], 'add', "
             "[helper.make_tensor_value_info('a', TensorProto.INT32, list(A)), "
             "helper.make_tensor_value_info('b', TensorProto.INT32, list(B))], "
             "[helper.make_tensor_value_info('r', TensorProto.INT32, None)])",
             "model = helper.make_model(graph, opset_imports=[helper.make_opsetid('', 18)], ir_version=8)",
             "session = onnxruntime.InferenceSession(model.SerializeToString(), providers=['CPUExecutionProvider'])"],
            "np.asarray(session.run(None, {'a': np.zeros(A, np.int32), 'b': np.zeros(B, np.int32)})[0].shape, "
            "np.int64).reshape(-1)")


@target("mlir.broadcastable", "onnxruntime:Add-result-shape", region={**STATIC, "min_operands": 2, "max_operands": 2},
        repro=_ort_add_repro)
def onnxruntime_add_shape(*, operands, **_):
    import onnxruntime
    from onnx import TensorProto, helper

    a, b = _shapes(operands)
    graph = helper.make_graph([helper.make_node("Add", ["a", "b"], ["r"])], "add",
                              [helper.make_tensor_value_info("a", TensorProto.INT32, list(a)),
                               helper.make_tensor_value_info("b", TensorProto.INT32, list(b))],
                              [helper.make_tensor_value_info("r", TensorProto.INT32, None)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)], ir_version=8)
    session = onnxruntime.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    (out,) = session.run(None, {"a": np.zeros(a, np.int32), "b": np.zeros(b, np.int32)})
    return np.asarray(out.shape, np.int64).reshape(-1)
