"""Targets of the 17 elementwise StableHLO ops (``stablehlo.add``, ...) on every backend that has them;
each names its backend (this module is listed in the ops' records, not in a backend's module).

A target takes the operands by the spec's names (``operand``; ``lhs``, ``rhs``; ``pred``, ``on_true``,
``on_false``), plus ``comparison_direction`` for ``compare`` and ``rhs_as_scalar`` for a binary op
(the rhs then goes to the backend as a Python number). Each maps the op to the backend API a user
would call for it, named in the target (``torch:torch.fmod`` is stablehlo.remainder: the sign of the
dividend); where one API cannot serve every element type, the region splits the types between two
targets (``numpy:np.divide`` for floats, ``numpy:np.floor_divide`` for integers). Backends' results
come back as the backend returned them (numpy's scalar types stay scalars: a rank-0 result must be an
array). Backend imports happen inside the calls.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from conformance.running import isolation

from conformance.core import runtime
from conformance.adapters.repro_code import interpreter_code, pjrt_code
from conformance.running.registry import target
from conformance.oracles.stablehlo.elementwise import (BOOL, COMPLEX, DIRECTIONS, FLOATS, INTS, OPS, SIGNED, UNSIGNED,
                                           operand_names)

ALL = BOOL + INTS + FLOATS + COMPLEX
CMP = {"EQ": "equal", "NE": "not_equal", "GE": "greater_equal", "GT": "greater", "LE": "less_equal", "LT": "less"}


def _types(op: str, dtypes: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(d for d in OPS[op][1] if d in dtypes)


def make(backend: str, api: str, op: str, call: Callable, *, dtypes: tuple[str, ...], forms=("tensor", "rank0"),
         to_backend: Callable = lambda a: a, to_numpy: Callable = np.asarray, isolated: bool = True,
         directions: tuple[str, ...] = DIRECTIONS, repro: Callable | None = None, fold: Callable | None = None):
    """One target of ``stablehlo.<op>`` calling ``call(*operands[, direction])`` (``repro``: its
    snippet for ``conformance repro``). ``fold``: ``(call, args, constant) -> result``, the call with
    the operands marked in ``constant`` (one bool per operand) given to the compiler as constants (the
    case's ``constants`` attribute names them); with it the target's region takes constants."""
    names = operand_names(op)

    def fn(**kwargs):
        scalar = kwargs.get("rhs_as_scalar", False)
        constant = [n in kwargs.get("constants", ()) for n in names]
        args = [kwargs[n].item() if scalar and n == "rhs" else kwargs[n] if c else to_backend(kwargs[n])
                for n, c in zip(names, constant)]
        bound = (lambda *a, **k: call(*a, kwargs["comparison_direction"], **k)) if op == "compare" else call
        return to_numpy(fold(bound, args, constant) if fold and any(constant) else bound(*args))

    fn.__name__ = f"{backend}_{op}"
    region = {"dtypes": _types(op, dtypes), "forms": tuple(forms), **({"constants": True} if fold else {})}
    if op == "compare" and directions != DIRECTIONS:
        region["directions"] = tuple(directions)
    return target(f"stablehlo.{op}", f"{backend}:{api}", region=region, backend=backend, isolated=isolated,
                  repro=repro)(fn)


def _lazy(module: str, attr: str, wrap: Callable = lambda f: f) -> Callable:
    """A call of ``module.attr`` imported when first called (backend imports stay inside calls)."""
    def call(*args):
        import importlib

        obj = importlib.import_module(module)
        for part in attr.split("."):
            obj = getattr(obj, part)
        return wrap(obj)(*args)
    return call


# --- numpy ---------------------------------------------------------------------------------------
def _np(attr: str) -> Callable:
    def call(*args):
        with np.errstate(all="ignore"):
            return getattr(np, attr)(*args)
    return call


def _np_compare(a, b, direction):
    with np.errstate(all="ignore"):
        return getattr(np, CMP[direction])(a, b)


NP_SCALAR_FORMS = ("tensor", "rank0", "scalar")
# (op, function, types): numpy's ufuncs, which jax.numpy mirrors by name
NUMPY_API = [("negate", "negative", ALL), ("abs", "abs", ALL), ("add", "add", ALL), ("subtract", "subtract", ALL),
             ("multiply", "multiply", ALL), ("divide", "divide", FLOATS), ("divide", "floor_divide", INTS),
             ("remainder", "fmod", ALL), ("maximum", "maximum", ALL), ("minimum", "minimum", ALL),
             ("and", "bitwise_and", ALL), ("or", "bitwise_or", ALL), ("xor", "bitwise_xor", ALL),
             ("shift_left", "left_shift", ALL), ("shift_right_arithmetic", "right_shift", SIGNED),
             ("select", "where", ALL)]
NP_COMPARE_API = "equal/not_equal/greater_equal/greater/less_equal/less"


def _operand_sources(op: str, kw: dict, wrap: str) -> dict[str, str]:
    """Each operand's source in a repro script: its array literal put into ``wrap``, or the rhs as a
    Python number where the case passes it so."""
    from conformance.adapters.repro_code import literal

    scalar = kw.get("rhs_as_scalar", False)
    return {n: _py_literal(kw[n].item()) if scalar and n == "rhs" else wrap.format(literal(kw[n]))
            for n in operand_names(op)}


def _call_repro(op: str, module: str, name: str | None, names: dict[str, str] = CMP, wrap: str = "{}",
                imports: tuple[str, ...] = ()):
    """The snippet of a numpy-style elementwise target: ``<module>.<name>(...)`` on the case's arrays
    (each literal put into ``wrap``), the rhs as a Python number where the case passes it so, compare
    by its direction (``names``); operands the case marks constant are closed over by ``jax.jit``."""
    def repro(kw, case):
        constants = kw.get("constants", ())
        fn = f"{module}.{names[kw['comparison_direction']] if op == 'compare' else name}"
        source = _operand_sources(op, kw, wrap)
        if not constants:
            return list(imports), [], f"{fn}({', '.join(source.values())})"
        params = [n for n in source if n not in constants]
        body = ", ".join(n if n in params else source[n] for n in source)
        call = f"jax.jit(lambda {', '.join(params)}: {fn}({body}))({', '.join(source[n] for n in params)})"
        return list(imports), [f"# {', '.join(constants)}: compile-time constants (closed over by jax.jit)"], call
    return repro


NUMPY = [make("numpy", f"np.{api}", op, _np(api), dtypes=types, forms=NP_SCALAR_FORMS, to_numpy=lambda x: x,
              repro=_call_repro(op, "np", api))
         for op, api, types in NUMPY_API]
NUMPY += [make("numpy", "np.right_shift[unsigned]", "shift_right_logical", _np("right_shift"), dtypes=UNSIGNED,
               forms=NP_SCALAR_FORMS, to_numpy=lambda x: x, repro=_call_repro("shift_right_logical", "np", "right_shift")),
          make("numpy", f"np.{NP_COMPARE_API}", "compare", _np_compare,
               dtypes=ALL, forms=NP_SCALAR_FORMS, to_numpy=lambda x: x, repro=_call_repro("compare", "np", None))]


# --- torch ---------------------------------------------------------------------------------------
def _torch_io():
    from conformance.adapters.torch_common import to_numpy, to_torch

    return to_torch, to_numpy


def _to_torch(a):
    return _torch_io()[0](a)


def _torch_numpy(t):
    import torch

    if not isinstance(t, torch.Tensor):
        return t  # a Python number: the judge says it is not a tensor
    return _torch_io()[1](t)


def _torch_compare(a, b, direction):
    import torch

    return getattr(torch, {"EQ": "eq", "NE": "ne", "GE": "ge", "GT": "gt", "LE": "le", "LT": "lt"}[direction])(a, b)


def _torch_trunc_div(a, b):
    import torch

    return torch.div(a, b, rounding_mode="trunc")


def _py_literal(value) -> str:
    """A Python number as source (NaN, infinities and -0.0 included)."""
    if isinstance(value, complex):
        return f"complex({_py_literal(value.real)}, {_py_literal(value.imag)})"
    if isinstance(value, float) and not np.isfinite(value):
        return f'float("{value}")'
    return repr(value)


def _torch_repro(op: str, api: str):
    """The snippet of a torch elementwise target: ``torch.<fn>(...)`` on tensors made from the case's
    bytes, the rhs as a Python number where the case passes it so."""
    from conformance.adapters.repro_code import TORCH, torch_ready

    def repro(kw, case):
        args = list(_operand_sources(op, kw, TORCH).values())
        fn = api.split("[")[0]
        if op == "compare":
            fn = "torch." + {"EQ": "eq", "NE": "ne", "GE": "ge", "GT": "gt", "LE": "le", "LT": "lt"}[
                kw["comparison_direction"]]
        if api == "torch.div[rounding_mode=trunc]":
            args.append('rounding_mode="trunc"')
        return torch_ready(kw), [], f"{fn}({', '.join(args)}).numpy()"
    return repro


TORCH_TYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64") + FLOATS + COMPLEX
TENSOR_FORMS = ("tensor", "rank0")
TENSOR_ONLY = ("torch.maximum", "torch.minimum")  # documented: ``other`` is a Tensor
TORCH = [make("torch", api, op, call, dtypes=types, forms=TENSOR_FORMS if api in TENSOR_ONLY else NP_SCALAR_FORMS,
              to_backend=_to_torch, to_numpy=_torch_numpy, repro=_torch_repro(op, api))
         for op, api, call, types in [
             ("negate", "torch.neg", _lazy("torch", "neg"), TORCH_TYPES),
             ("abs", "torch.abs", _lazy("torch", "abs"), TORCH_TYPES),
             ("add", "torch.add", _lazy("torch", "add"), TORCH_TYPES),
             ("subtract", "torch.sub", _lazy("torch", "sub"), TORCH_TYPES),
             ("multiply", "torch.mul", _lazy("torch", "mul"), TORCH_TYPES),
             ("divide", "torch.div", _lazy("torch", "div"), FLOATS),
             ("divide", "torch.div[rounding_mode=trunc]", _torch_trunc_div, INTS),
             ("remainder", "torch.fmod", _lazy("torch", "fmod"), TORCH_TYPES),
             ("maximum", "torch.maximum", _lazy("torch", "maximum"), TORCH_TYPES),
             ("minimum", "torch.minimum", _lazy("torch", "minimum"), TORCH_TYPES),
             ("and", "torch.bitwise_and", _lazy("torch", "bitwise_and"), TORCH_TYPES),
             ("or", "torch.bitwise_or", _lazy("torch", "bitwise_or"), TORCH_TYPES),
             ("xor", "torch.bitwise_xor", _lazy("torch", "bitwise_xor"), TORCH_TYPES),
             ("shift_left", "torch.bitwise_left_shift", _lazy("torch", "bitwise_left_shift"), TORCH_TYPES),
             ("shift_right_arithmetic", "torch.bitwise_right_shift", _lazy("torch", "bitwise_right_shift"), SIGNED),
             ("shift_right_logical", "torch.bitwise_right_shift[unsigned]", _lazy("torch", "bitwise_right_shift"),
              UNSIGNED),
             ("compare", "torch.eq/ne/ge/gt/le/lt", _torch_compare, TORCH_TYPES),
             ("select", "torch.where", _lazy("torch", "where"), TORCH_TYPES)]]


# --- jax (lax and jnp), with 64-bit types enabled ------------------------------------------------
def _jax(module: str, attr: str) -> Callable:
    def call(*args):
        import jax

        from conformance.adapters.jax_common import interpreting, put, run

        with jax.enable_x64(True):
            args = [put(a) if isinstance(a, np.ndarray) else a for a in args]
            if interpreting() and not any(isinstance(a, jax.core.Tracer) for a in args):  # (triage --stages:
                # jax's StableHLO on the reference interpreter; inside _jax_fold's trace, the fold interprets)
                return run(lambda: _lazy(module, attr)(*args))
            return _lazy(module, attr)(*args)
    return call


def _jax_fold(call: Callable, args: list, constant: list[bool]):
    """``call`` inside ``jax.jit``: the constant operands closed over (literals in the program XLA
    compiles, where its constant folder may evaluate the op), the others traced arguments."""
    import jax
    import jax.numpy as jnp

    from conformance.adapters.jax_common import interpreted, interpreting, put

    with jax.enable_x64(True):
        params = [put(a) if isinstance(a, np.ndarray) else a for a, c in zip(args, constant) if not c]

        def body(*traced):
            it = iter(traced)
            return call(*[jnp.asarray(a) if c else next(it) for a, c in zip(args, constant)])
        if interpreting():  # (triage --stages: the constants stay constants in the module interpreted)
            return interpreted(body, *params)
        return jax.jit(body)(*params)


LAX_COMPARE = {"EQ": "eq", "NE": "ne", "GE": "ge", "GT": "gt", "LE": "le", "LT": "lt"}


def _jax_compare(module: str) -> Callable:
    names = {"jax.lax": LAX_COMPARE, "jax.numpy": CMP}[module]

    def call(a, b, direction):
        return _jax(module, names[direction])(a, b)
    return call


# lax ops take operands of one dtype (documented: no implicit promotion), so no language scalars
def _jax_repro(op: str, module: str, attr: str | None, names: dict[str, str] = CMP):
    from conformance.adapters.repro_code import JAX, JNP

    return _call_repro(op, module, attr, names, JNP, tuple(JAX))


LAX = [make("jax", f"lax.{attr}", op, _jax("jax.lax", attr), dtypes=types, forms=TENSOR_FORMS, fold=_jax_fold,
            repro=_jax_repro(op, "lax", attr))
       for op, attr, types in [
           ("negate", "neg", ALL), ("abs", "abs", ALL), ("add", "add", ALL), ("subtract", "sub", ALL),
           ("multiply", "mul", ALL), ("divide", "div", ALL), ("remainder", "rem", ALL), ("maximum", "max", ALL),
           ("minimum", "min", ALL), ("and", "bitwise_and", ALL), ("or", "bitwise_or", ALL),
           ("xor", "bitwise_xor", ALL), ("shift_left", "shift_left", ALL),
           ("shift_right_arithmetic", "shift_right_arithmetic", ALL),
           ("shift_right_logical", "shift_right_logical", ALL), ("select", "select", ALL)]]
LAX.append(make("jax", "lax.eq/ne/ge/gt/le/lt", "compare", _jax_compare("jax.lax"), dtypes=ALL, forms=TENSOR_FORMS,
                fold=_jax_fold, repro=_jax_repro("compare", "lax", None, LAX_COMPARE)))
JNP = [make("jax", f"jnp.{attr}", op, _jax("jax.numpy", attr), dtypes=types, forms=NP_SCALAR_FORMS, fold=_jax_fold,
            repro=_jax_repro(op, "jnp", attr))
       for op, attr, types in NUMPY_API]
JNP += [make("jax", "jnp.right_shift[unsigned]", "shift_right_logical", _jax("jax.numpy", "right_shift"),
             dtypes=UNSIGNED, forms=NP_SCALAR_FORMS, fold=_jax_fold,
             repro=_jax_repro("shift_right_logical", "jnp", "right_shift")),
        make("jax", f"jnp.{NP_COMPARE_API}", "compare", _jax_compare("jax.numpy"), dtypes=ALL, forms=NP_SCALAR_FORMS,
             fold=_jax_fold, repro=_jax_repro("compare", "jnp", None))]


# --- ONNX one-node models: onnxruntime and OpenVINO ----------------------------------------------
ONNX_NODES = {  # op -> (node, attributes, element types the node's schema takes)
    "negate": ("Neg", {}, SIGNED + ("float16", "float32", "float64")),
    "abs": ("Abs", {}, INTS + ("float16", "float32", "float64")),
    "add": ("Add", {}, INTS + ("float16", "float32", "float64")),
    "subtract": ("Sub", {}, INTS + ("float16", "float32", "float64")),
    "multiply": ("Mul", {}, INTS + ("float16", "float32", "float64")),
    "divide": ("Div", {}, INTS + ("float16", "float32", "float64")),
    "remainder": ("Mod", {"fmod": 1}, INTS + ("float16", "float32", "float64")),
    "maximum": ("Max", {}, INTS + ("float16", "float32", "float64")),
    "minimum": ("Min", {}, INTS + ("float16", "float32", "float64")),
    "and": ("BitwiseAnd", {}, INTS), "or": ("BitwiseOr", {}, INTS), "xor": ("BitwiseXor", {}, INTS),
    "shift_left": ("BitShift", {"direction": "LEFT"}, UNSIGNED),
    "shift_right_logical": ("BitShift", {"direction": "RIGHT"}, UNSIGNED),
    "select": ("Where", {}, BOOL + INTS + ("float16", "float32", "float64")),
}
ONNX_COMPARE = {"EQ": "Equal", "GE": "GreaterOrEqual", "GT": "Greater", "LE": "LessOrEqual", "LT": "Less"}
ONNX_OPSET = 18


def onnx_model(node: str, attrs: dict, arrays: list[np.ndarray], out_dtype: np.dtype,
               constant: list[bool] | None = None) -> tuple[bytes, dict[str, np.ndarray]]:
    """A one-node ONNX model (opset 18) on ``arrays`` named x0, x1, ..., returning y; each array
    marked in ``constant`` is an initializer (a constant the runtime may fold at load), the others graph
    inputs. Returns (model bytes, the inputs' feeds)."""
    from onnx import helper, numpy_helper

    constant = constant or [False] * len(arrays)
    inputs = [helper.make_tensor_value_info(f"x{i}", helper.np_dtype_to_tensor_dtype(a.dtype), list(a.shape))
              for i, (a, c) in enumerate(zip(arrays, constant)) if not c]
    initializers = [numpy_helper.from_array(np.asarray(a), f"x{i}") for i, (a, c) in enumerate(zip(arrays, constant)) if c]
    out = helper.make_tensor_value_info("y", helper.np_dtype_to_tensor_dtype(np.dtype(out_dtype)), None)
    graph = helper.make_graph([helper.make_node(node, [f"x{i}" for i in range(len(arrays))], ["y"], **attrs)], node,
                              inputs, [out], initializer=initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", ONNX_OPSET)], ir_version=8)
    return model.SerializeToString(), {f"x{i}": a for i, (a, c) in enumerate(zip(arrays, constant)) if not c}


def _fold_by_keyword(call: Callable, args: list, constant: list[bool]):
    """A call whose own ``constant`` keyword builds the constants into the program (ONNX, StableHLO text)."""
    return call(*args, constant=constant)


def onnx_targets(backend: str, run_model: Callable[[bytes, dict], np.ndarray], isolated: bool = True,
                 repro: Callable | None = None) -> list:
    """One target per op with an ONNX node, run by ``run_model(model bytes, feeds)``; operands the
    case marks constant are initializers. ``repro``: ``(op, node, attrs) -> snippet`` for ``conformance repro``."""
    made = []
    for op, (node, attrs, types) in ONNX_NODES.items():
        def call(*arrays, _node=node, _attrs=attrs, constant=None):
            return run_model(*onnx_model(_node, _attrs, list(arrays), arrays[-1].dtype, constant))
        api = f"{node}-{ONNX_OPSET}" + ("[fmod=1]" if node == "Mod" else f"[{attrs['direction']}]" if node == "BitShift" else "")
        made.append(make(backend, api, op, call, dtypes=types, isolated=isolated, fold=_fold_by_keyword,
                         repro=repro(op, node, attrs) if repro else None))

    def compare(a, b, direction, constant=None):
        return run_model(*onnx_model(ONNX_COMPARE[direction], {}, [a, b], np.dtype(bool), constant))
    made.append(make(backend, f"Equal/Greater/.../Less-{ONNX_OPSET}", "compare", compare,
                     dtypes=INTS + ("float16", "float32", "float64"), directions=tuple(ONNX_COMPARE),
                     isolated=isolated, fold=_fold_by_keyword, repro=repro("compare", "", {}) if repro else None))
    return made


def _onnx_repro(imports: list[str], run_lines: list[str], call: str):
    """``(op, node, attrs) -> snippet`` of a one-node-model target: the model built with onnx.helper
    (operands the case marks constant as initializers, the others graph inputs ``feeds``), then run by
    ``run_lines`` and ``call`` (on ``model`` and ``feeds``)."""
    def for_op(op: str, node: str, attrs: dict):
        from conformance.adapters.repro_code import literal

        def repro(kw, case):
            names = operand_names(op)
            arrays = [np.asarray(kw[n]) for n in names]
            constant = [n in kw.get("constants", ()) for n in names]
            name = ONNX_COMPARE[kw["comparison_direction"]] if op == "compare" else node
            out = "bool" if op == "compare" else arrays[-1].dtype.name
            return (imports + ["from onnx import helper, numpy_helper"],
                    [f"arrays = [{', '.join(literal(a) for a in arrays)}]",
                     f"constant = {constant!r}  # True: an initializer (a constant the runtime may fold), else an input",
                     "inputs = [helper.make_tensor_value_info('x%d' % i, helper.np_dtype_to_tensor_dtype(a.dtype), "
                     "list(a.shape)) for i, a in enumerate(arrays) if not constant[i]]",
                     "initializers = [numpy_helper.from_array(a, 'x%d' % i) for i, a in enumerate(arrays) if constant[i]]",
                     f"out = helper.make_tensor_value_info('y', helper.np_dtype_to_tensor_dtype(np.dtype({out!r})), None)",
                     f"node = helper.make_node({name!r}, ['x%d' % i for i in range(len(arrays))], ['y'], **{attrs!r})",
                     "model = helper.make_model(helper.make_graph([node], 'repro', inputs, [out], initializer=initializers), "
                     f"opset_imports=[helper.make_opsetid('', {ONNX_OPSET})], ir_version=8)",
                     "feeds = {'x%d' % i: a for i, a in enumerate(arrays) if not constant[i]}", *run_lines], call)
        return repro
    return for_op


_onnxruntime_repro = _onnx_repro(
    ["import onnxruntime"],
    ["session = onnxruntime.InferenceSession(model.SerializeToString(), providers=['CPUExecutionProvider'])"],
    "session.run(None, feeds)[0]")
# (the op's own precision: the CPU plugin's default may be bfloat16 on CPUs with bfloat16 hardware)
_openvino_repro = _onnx_repro(
    ["import openvino"],
    ["core = openvino.Core()", "ov_model = core.read_model(model.SerializeToString(), b'')",
     "ov_model.reshape({k: openvino.PartialShape(list(v.shape)) for k, v in feeds.items()})",
     "compiled = core.compile_model(ov_model, 'CPU', {'INFERENCE_PRECISION_HINT': 'f32'})"],
    "np.asarray(next(iter(compiled(feeds).values())))")
# the tvm backend's compile (adapters/tvm_compile.py): the Relax ONNX frontend with the inputs' static shapes,
# built for llvm, run by the Relax VM on CPU (the graph inputs in their order; initializers are the constants)
tvm_repro = _onnx_repro(
    ["import tvm", "from tvm import relax", "from tvm.relax.frontend.onnx import from_onnx"],
    ["mod = from_onnx(model, shape_dict={k: list(v.shape) for k, v in feeds.items()}, "
     "dtype_dict={k: v.dtype.name for k, v in feeds.items()})",
     "vm = relax.VirtualMachine(tvm.compile(mod, target='llvm'), tvm.cpu())",
     "out = vm['main'](*[tvm.runtime.tensor(np.array(v, order='C'), tvm.cpu()) for v in feeds.values()])"],
    "np.asarray((out[0] if isinstance(out, (list, tuple)) or type(out).__name__ in ('Array', 'ADT', 'Tuple') "
    "else out).numpy())")


_ORT_SESSIONS: dict[bytes, object] = {}


def _onnxruntime_run(model: bytes, feeds: dict[str, np.ndarray]) -> np.ndarray:
    import onnxruntime

    if model not in _ORT_SESSIONS:
        from conformance.adapters.ort_session import session_options

        _ORT_SESSIONS[model] = onnxruntime.InferenceSession(model, session_options(), providers=["CPUExecutionProvider"])
    return _ORT_SESSIONS[model].run(None, feeds)[0]


ONNXRUNTIME = onnx_targets("onnxruntime", _onnxruntime_run, repro=_onnxruntime_repro)


# --- StableHLO text: the reference interpreter (stablehlo) and PJRT (xla) -----------------------
def constant_text(name: str, a: np.ndarray) -> str:
    """``%name = stablehlo.constant`` holding ``a``: its bytes in hex (bit-exact: NaN payloads, -0.0,
    subnormals), booleans as a nested literal."""
    from conformance.adapters.stablehlo_text import tensor_type

    if a.dtype == np.bool_:
        value = str(a.tolist()).replace("True", "true").replace("False", "false")
    else:
        value = '"0x' + np.ascontiguousarray(a).astype(a.dtype.newbyteorder("<")).tobytes().hex().upper() + '"'
    return f"  %{name} = stablehlo.constant dense<{value}> : {tensor_type(a.shape, a.dtype.name)}"


def module_text(op: str, arrays: list[np.ndarray], attrs: dict, proxies: bool, dynamic: bool = False,
                constant: list[bool] | None = None) -> tuple[str, str]:
    """``@main`` calling ``stablehlo.<op>`` once on ``arrays``; (text, result dtype name). With
    ``dynamic``, every dim is ``?`` (one executable per op, element type and rank); an operand marked in
    ``constant`` is a ``stablehlo.constant`` of the module instead of an argument (static shapes only)."""
    from conformance.adapters.stablehlo_text import MLIR_TYPES, _param, main_function, tensor_type

    names = operand_names(op)
    shape = ["?"] * arrays[-1].ndim if dynamic else arrays[-1].shape
    params, body = [], []
    for n, a, c in zip(names, arrays, constant or [False] * len(arrays)):
        if c:
            body.append(constant_text(n, a))
            continue
        p, b = _param(n, ["?"] * a.ndim if dynamic else a.shape, a.dtype.name, proxies)
        params += p
        body += b
    result = "bool" if op == "compare" else arrays[-1].dtype.name
    extra = ""
    if op == "compare":
        extra = (f" {{comparison_direction = #stablehlo<comparison_direction {attrs['comparison_direction']}>, "
                 f"compare_type = #stablehlo<comparison_type {attrs['compare_type']}>}}")
    types = ", ".join(tensor_type(["?"] * a.ndim if dynamic else a.shape, a.dtype.name) for a in arrays)
    body.append(f'  %r = "stablehlo.{op}"({", ".join("%" + n for n in names)}){extra} : ({types}) -> '
                f"{tensor_type(shape, result)}")
    unknown = [a.dtype.name for a in arrays if a.dtype.name not in MLIR_TYPES]
    if unknown:
        raise TypeError(f"no StableHLO element type for {unknown[0]}")
    return main_function(params, body, [("%r", shape, result)], proxies), result


def _text_targets(backend: str, run: Callable[[str, list[np.ndarray]], list[np.ndarray]], proxies: bool,
                  api: str, dynamic: bool = False, constants: bool = False, code: Callable | None = None) -> list:
    """One target per op running ``module_text`` through ``run``; with ``constants``, operands the case
    marks constant are ``stablehlo.constant`` ops of the module. ``code``: ``(text, arguments) -> snippet``
    of a standalone script running the module (``conformance repro``)."""
    from conformance.adapters.stablehlo_text import from_proxies, operand_arguments

    made = []
    for op in OPS:
        def call(*args, _op=op, constant=None):
            arrays, attrs = list(args[:len(operand_names(_op))]), {}
            if _op == "compare":
                direction = args[-1]
                from conformance.oracles.stablehlo.elementwise import compare_type

                attrs = {"comparison_direction": direction, "compare_type": compare_type(arrays[0].dtype.name)}
            static = any(constant or [])  # a constant has its static shape: the module too
            text, result = module_text(_op, arrays, attrs, proxies, dynamic and not static, constant)
            arrays = [a for a, c in zip(arrays, constant or [False] * len(arrays)) if not c]
            inputs = [p for a in arrays for p in operand_arguments(a)] if proxies else arrays
            return from_proxies(run(text, inputs), result) if proxies else np.asarray(run(text, inputs)[0])
        made.append(make(backend, f"{api}[{op}]", op, call, dtypes=ALL, isolated=False,
                         fold=_fold_by_keyword if constants else None,
                         repro=_text_repro(op, code, proxies, dynamic) if code else None))
    return made


def _text_repro(op: str, code: Callable, proxies: bool, dynamic: bool):
    """The snippet of a StableHLO-text target: the module the target runs (its constants included),
    compiled and run by ``code(text, arguments)`` with the backend's public API."""
    def repro(kw, case):
        from conformance.oracles.stablehlo.elementwise import compare_type

        names = operand_names(op)
        arrays, constant = [kw[n] for n in names], [n in kw.get("constants", ()) for n in names]
        attrs = ({"comparison_direction": kw["comparison_direction"], "compare_type": compare_type(arrays[0].dtype.name)}
                 if op == "compare" else {})
        text, _ = module_text(op, arrays, attrs, proxies, dynamic and not any(constant), constant)
        return code(text, [a for a, c in zip(arrays, constant) if not c])
    return repro


def _iree_code(text: str, arrays: list):
    from conformance.adapters.iree import FLAGS  # (at call time: loading that module defines its targets)
    from conformance.adapters.repro_code import iree_code

    return iree_code(text, arrays, FLAGS)


def _interpret(text: str, arrays: list[np.ndarray]) -> list[np.ndarray]:
    return isolation.worker("stablehlo").call("conformance.adapters.stablehlo", "interpret_text", {"text": text, "arrays": arrays})


def _pjrt(text: str, arrays: list[np.ndarray]) -> list[np.ndarray]:
    return isolation.worker("xla").call("conformance.adapters.xla", "run_text", {"text": text, "arrays": arrays,
                                                                    "device": runtime.device()})


def _iree(text: str, arrays: list[np.ndarray]) -> list[np.ndarray]:
    return isolation.worker("iree").call("conformance.adapters.iree", "run_text", {"text": text, "arrays": arrays}, timeout=120)


STABLEHLO = _text_targets("stablehlo", _interpret, proxies=True, api="interpreter", constants=True,
                          code=interpreter_code)
XLA = _text_targets("xla", _pjrt, proxies=False, api="pjrt", constants=True, code=pjrt_code)
IREE = _text_targets("iree", _iree, proxies=True, api="llvm-cpu", dynamic=True,  # dims `?`: one compile per op/type/rank
                    constants=True, code=_iree_code)  # (a case with a constant operand compiles for its static shapes)


def _openvino_run(model: bytes, feeds: dict[str, np.ndarray]) -> np.ndarray:
    """Read the ONNX model with OpenVINO, reshaped to the inputs' static shapes, compiled for CPU (cached)."""
    from conformance.adapters import openvino_compile

    return openvino_compile.run(model, feeds)


OPENVINO = onnx_targets("openvino", _openvino_run, repro=_openvino_repro)
