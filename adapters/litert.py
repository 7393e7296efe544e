"""Backend ``litert`` (opt-in: ``--backend litert``): the ``tensorflow`` backend's calls, each converted to a
TFLite model (``tf.lite.TFLiteConverter.from_concrete_functions``, TFLite builtin ops only, no Flex op)
and run by the LiteRT interpreter (``ai_edge_litert.interpreter.Interpreter``, its default op resolver:
XNNPACK delegate on CPU where it takes the op). One conversion and one interpreter per signature (API,
its Python arguments, the operands' dtypes and shapes), kept here as ``tensorflow_common`` keeps the
XLA functions; the operands are the model's inputs, never constants folded by the converter.

The targets are those of ``adapters/tensorflow_index.py`` and ``tensorflow_elementwise.py``, narrowed to
what converts to builtins (measured on tensorflow-cpu 2.21.0 + ai-edge-litert 2.3.0 by converting each
API per element and index type: the rest fail with "Some ops are not supported by the native TFLite
runtime" or "Could not translate MLIR to FlatBuffer"). tf.gather -> GATHER, tf.gather_nd -> GATHER_ND,
tf.tensor_scatter_nd_update/add -> SCATTER_ND with BROADCAST_TO/SUB/MUL/ADD (and GATHER_ND for add)
around it, tf.slice -> SLICE; tf.tensor_scatter_nd_min/max have no builtin (no target).
"""
from __future__ import annotations

from conformance.adapters import tensorflow_common as tfc
from conformance.adapters.tensorflow_elementwise import value_targets
from conformance.adapters.tensorflow_index import gather_targets, onnx_targets, scatter_targets, slice_targets

REQUIRES = ("ai_edge_litert", "tensorflow")
PACKAGE = "ai-edge-litert"  # the distribution whose release ``versions`` in litert.toml is read against
VALUE_SETS = True  # one conversion per signature: random elementwise cases run as value sets (dev, nightly)
LAYOUTS = ("c",)  # the operands are copied into the interpreter's input tensors: a view reaches it as a copy

LITERT = "litert"
_INTERPRETERS: dict[tuple, tuple] = {}  # (api, kwargs, operand signature) -> (interpreter, {input index: operand})
CONVERT = ["f = tf.function({lambda_}, autograph=False)",
           "cf = f.get_concrete_function({specs})",
           "converter = tf.lite.TFLiteConverter.from_concrete_functions([cf], f)",
           "converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS]",
           "interpreter = Interpreter(model_content=converter.convert())",
           "interpreter.allocate_tensors()"]
IMPORTS = tfc.IMPORTS + ["from ai_edge_litert.interpreter import Interpreter"]

# measured element types per API (TFLite builtins only; index types below)
_GATHER = ("int8", "int16", "int32", "int64", "uint8", "bool", "float32")
NARROW_GATHER = {"element_dtypes": _GATHER}
NARROW_SCATTER = {"element_dtypes": ("int32", "int64", "bool", "float32"), "index_dtypes": ("int32", "int64")}
NARROW_SLICE = {"element_dtypes": ("int8", "int32", "int64", "uint8", "uint32", "bool", "float32"),
                "index_dtypes": ("int32",)}


def _model(api: str, arrays: list, kwargs: dict) -> bytes:
    """``tf.<api>`` converted to a TFLite flatbuffer (builtins only) for operands like ``arrays``: the
    arrays are the model's inputs ``a0``, ``a1``, ... in order; Python numbers are compiled in."""
    import numpy as np

    tf = tfc.tf()
    fn = tf.function(tfc.body(tfc.api_function(api), arrays, kwargs), autograph=False)
    specs = [tf.TensorSpec(a.shape, tf.as_dtype(a.dtype), name=f"a{i}")
             for i, a in enumerate(a for a in arrays if isinstance(a, np.ndarray))]
    converter = tf.lite.TFLiteConverter.from_concrete_functions([fn.get_concrete_function(*specs)], fn)
    converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS]
    return converter.convert()


def _convert(api: str, arrays: list, kwargs: dict):
    """The interpreter of ``tf.<api>`` for operands like ``arrays`` and which array feeds each of its
    inputs (by the input's name ``a<i>``)."""
    from ai_edge_litert.interpreter import Interpreter

    interpreter = Interpreter(model_content=_model(api, arrays, kwargs))
    interpreter.allocate_tensors()
    return interpreter, {d["index"]: int(d["name"].split(":")[0][1:]) for d in interpreter.get_input_details()}


def call(api: str, arrays: list, kwargs: dict | None = None):
    """``tf.<api>(*arrays, **kwargs)`` as a TFLite model run by the LiteRT interpreter (converted once per
    signature); the result as numpy (a copy of the output tensor)."""
    import numpy as np

    kwargs = dict(kwargs or {})
    key = (api, repr(sorted(kwargs.items())), tuple(tfc.signature(a) for a in arrays))
    if key not in _INTERPRETERS:
        from conformance.running import compile_clock

        with compile_clock.compiling():  # conversion is compile time: not counted against the run timeout
            _INTERPRETERS[key] = _convert(api, arrays, kwargs)
    interpreter, feeds = _INTERPRETERS[key]
    arrays_only = [a for a in arrays if isinstance(a, np.ndarray)]
    for index, k in feeds.items():
        interpreter.set_tensor(index, np.require(arrays_only[k], requirements="C"))  # (ascontiguousarray makes rank 0 rank 1)
    interpreter.invoke()
    return np.array(interpreter.get_tensor(interpreter.get_output_details()[0]["index"]))


def ops(api: str, arrays: list, kwargs: dict | None = None) -> list[str]:
    """The builtin op names of the converted model, before delegation (an interpreter without the default
    delegates), to show which TFLite ops a target runs."""
    from ai_edge_litert.interpreter import Interpreter, OpResolverType

    interpreter = Interpreter(model_content=_model(api, arrays, dict(kwargs or {})),
                              experimental_op_resolver_type=OpResolverType.BUILTIN_WITHOUT_DEFAULT_DELEGATES)
    return [o["op_name"] for o in interpreter._get_ops_details()]


def snippet(api: str, arrays: list, kwargs: dict | None = None):
    """The repro code of ``call(api, arrays, kwargs)``: (imports, setup lines, call expression)."""
    import numpy as np

    from conformance.adapters.elementwise_values import _py_literal
    from conformance.adapters.repro_code import literal

    kwargs = dict(kwargs or {})
    keywords = "".join(f", {k}={v!r}" for k, v in kwargs.items())
    params = [f"a{i}" for i, a in enumerate(a for a in arrays if isinstance(a, np.ndarray))]
    it = iter(params)
    body = ", ".join(next(it) if isinstance(a, np.ndarray) else _py_literal(a) for a in arrays)
    inputs = [a for a in arrays if isinstance(a, np.ndarray)]
    specs = ", ".join(f"tf.TensorSpec({list(a.shape)!r}, tf.{a.dtype.name}, name={p!r})" for p, a in zip(params, inputs))
    setup = [line.format(lambda_=f"lambda {', '.join(params)}: tf.{api}({body}{keywords})", specs=specs)
             for line in CONVERT]
    setup += [f"inputs = {{{', '.join(f'{p!r}: {literal(a)}' for p, a in zip(params, inputs))}}}",
              "for d in interpreter.get_input_details():",
              "    interpreter.set_tensor(d['index'], inputs[d['name'].split(':')[0]])",
              "interpreter.invoke()"]
    return IMPORTS, setup, "np.array(interpreter.get_tensor(interpreter.get_output_details()[0]['index']))"


tfc.RUNNERS[LITERT] = (call, snippet)

GATHER_TARGETS = gather_targets(LITERT, LITERT, NARROW_GATHER)
SCATTER_TARGETS = scatter_targets(LITERT, LITERT, NARROW_SCATTER, computations=("replace", "add"))
ONNX_TARGETS = onnx_targets(LITERT, LITERT, {"element_dtypes": _GATHER}, computations=())
ONNX_TARGETS.update({k: v for k, v in onnx_targets(LITERT, LITERT, NARROW_SCATTER, computations=("replace", "add")).items()
                     if k != "GatherND"})
SLICE_TARGETS = slice_targets(LITERT, LITERT, NARROW_SLICE)

# element types per tf API that convert to builtins and run (measured as above, one call per type;
# "compare": all six of tf.math.equal...less_equal for the ordered target, equal/not_equal for bool)
ELEMENTWISE = {"math.negative": ("int32", "int64", "float32"), "math.abs": ("int16", "int32", "float32"),
               "math.add": ("int16", "int32", "int64", "uint32", "float32"),
               "math.subtract": ("int32", "int64", "float32"),
               "math.multiply": ("int16", "int32", "int64", "uint32", "float32", "complex64"),
               "math.truediv": ("float32",), "truncatediv": ("int32",),
               "math.maximum": ("int32", "int64", "float32"), "math.minimum": ("int32", "int64", "float32"),
               "bitwise.bitwise_xor": ("int8", "int16", "int32", "uint8", "uint16", "uint32"),
               "math.logical_and": ("bool",), "math.logical_or": ("bool",), "math.logical_xor": ("bool",),
               "bitwise.right_shift": ("int8", "int16", "int32", "uint8", "uint16", "uint32"),
               "where": ("bool", "int8", "int16", "int32", "int64", "uint32", "float32"),
               "compare": ("bool", "int32", "int64", "float32")}
VALUE_TARGETS = value_targets(LITERT, LITERT, ELEMENTWISE)


def masked_scatter(case):
    """Declaration model (litert.toml): what the converter's lowering of tf.tensor_scatter_nd_update/add
    computes (its model holds BROADCAST_TO, SCATTER_ND, SUB, MUL, SCATTER_ND, ADD; add first adds
    GATHER_ND(tensor, indices) to the updates): ``tensor * (1 - count) + sum of the updates``, count and sum
    per destination over the index rows, in the element type. A destination hit twice by ``update`` gets
    ``-tensor + u1 + u2``; an inf or NaN ``tensor`` element at an updated destination gives NaN (inf * 0).
    int64 indices go through a CAST to int32 first: -2**63 writes at 0, 2**32 + 1 at 1."""
    return _masked(case)


def clamped_masked_scatter(case):
    """Declaration model (litert.toml): ``masked_scatter`` as the interpreter runs each of its float32 ops:
    the ADD of the gathered elements and the updates (at the updates' rank) and the MUL and ADD at the
    input's rank each run on the XNNPACK delegate where their rank is 6 or less, which flushes subnormal
    inputs and results to zero, and on the builtin kernel otherwise, which keeps subnormals but clamps the
    result to [-FLT_MAX, FLT_MAX]; SCATTER_ND (its sum of colliding rows) and GATHER_ND are builtin and
    neither flush nor clamp. Measured: an add whose spec sum is inf gives 3.4028235e38 when the updates or
    the input have rank 7 or more, inf otherwise (indices of rank 7 change nothing)."""
    a = case.arrays
    tensor, updates = (a["data"], a["updates"]) if case.op == "onnx.ScatterND" else (a["inputs"], a["updates"])
    return _masked(case, builtin_updates=updates.ndim > 6, builtin_tensor=tensor.ndim > 6, staged=True)


def _masked(case, builtin_updates: bool = False, builtin_tensor: bool = False, staged: bool = False):
    """The lowering's values; ``staged``: each float ADD/MUL as its kernel computes it (XNNPACK: subnormals
    flushed; builtin: results clamped to +-FLT_MAX), else exact arithmetic in the element type."""
    import numpy as np

    from conformance.judging.models import _flush

    a = case.arrays
    if case.op == "onnx.ScatterND":
        tensor, indices, updates, add = a["data"], a["indices"], a["updates"], case.attrs.get("reduction") == "add"
    else:
        tensor, indices, updates = a["inputs"], a["scatter_indices"], a["updates"]
        add = case.attrs.get("update_computation") == "add"
    dtype = tensor.dtype  # bool: the model CASTs to int32 and back around the same arithmetic
    tensor, updates = (tensor.astype(np.int32), updates.astype(np.int32)) if dtype == bool else (tensor, updates)
    floats = staged and tensor.dtype.kind == "f"
    top = np.finfo(tensor.dtype).max if floats else None

    def kernel(fn, x, y, builtin: bool):  # one float ADD/MUL as the kernel that runs it computes it
        if not floats:
            return fn(x, y)
        if builtin:  # the activation range of a builtin float kernel with no activation: +-FLT_MAX
            out = np.asarray(fn(x, y))
            return np.where(np.isinf(out), np.copysign(top, out), out).astype(out.dtype)
        return _flush(np.asarray(fn(_flush(np.asarray(x)), _flush(np.asarray(y)))))

    k = indices.shape[-1]
    rows = indices.reshape(-1, k).astype(np.int32).astype(np.int64)  # the model CASTs int64 indices to int32 (wraps)
    ups = updates.reshape((len(rows),) + tensor.shape[k:])
    count, total = np.zeros(tensor.shape, tensor.dtype), np.zeros(tensor.shape, tensor.dtype)
    with np.errstate(all="ignore"):
        for row, u in zip(rows, ups):
            if ((row < 0) | (row >= tensor.shape[:k])).any():  # an out-of-range row: the interpreter raises
                continue
            at = tuple(row)
            count[at] += 1
            total[at] += kernel(np.add, tensor[at], u, builtin_updates) if add else u
        kept = kernel(np.multiply, tensor, np.ones((), tensor.dtype) - count, builtin_tensor)
        return np.asarray(kernel(np.add, kept, total, builtin_tensor)).astype(dtype)


def _xnnpack(case) -> bool:
    """Whether the XNNPACK delegate runs the case's op: it takes no tensor of rank above 6 (measured: the
    model's ops then stay builtin kernels, which keep subnormals and clamp infinities to FLT_MAX)."""
    return all(a.ndim <= 6 for a in case.arrays.values())


def reciprocal_multiply(case):
    """Declaration model (litert.toml): a divide by a Python-number rhs as the converter rewrites it, a MUL
    by the constant 1 / rhs in float32, the reciprocal of a zero (either sign) being +FLT_MAX (measured:
    x / 0.0 gives 0 for x = 0, 3.4028235e38 for x = 1, inf for x = 2.5; a reciprocal that overflows is
    +-FLT_MAX: 1 / 1e-45 gives 3.4028235e38, 1 / -1e-45 gives -3.4028235e38). Under XNNPACK (rank 6 or less)
    the lhs and the product are flushed (1e-45 / 0.0 gives 0.0); on the builtin MUL (rank 7 and more) they
    are not (4.7683713e-07) and an infinite product is clamped to FLT_MAX (``clamped_infinity``)."""
    import numpy as np

    from conformance.judging.models import _flush

    lhs, rhs = case.arrays["lhs"], case.arrays["rhs"]
    flush = _flush if _xnnpack(case) else (lambda a: a)
    with np.errstate(all="ignore"):
        top = np.finfo(np.float32).max  # an overflowing reciprocal is clamped: 1 / 1e-45 is FLT_MAX, of -1e-45 -FLT_MAX
        inverse = np.float32(1) / rhs.astype(np.float32)
        inverse = np.where(rhs == 0, top, np.where(np.isinf(inverse), np.copysign(top, inverse), inverse))
        inverse = np.where(inverse == 0, np.float32(0), inverse)  # 1 / -inf: a -0.0 constant is stored as +0.0
        out = flush(flush(lhs.astype(np.float32)) * flush(inverse.astype(np.float32)))  # x / FLT_MAX: a subnormal reciprocal, flushed
        if case.attrs.get("rhs_as_scalar") and np.all(rhs == 1):  # x / 1.0: no op (the converter folds it)
            out = lhs
        elif case.attrs.get("rhs_as_scalar") and np.all(inverse == 0) and _folds_zero_multiply(lhs):
            out = np.zeros(np.shape(lhs), np.float32)  # x * 0 folded to zeros (NaN and inf too)
        return np.asarray(out).astype(lhs.dtype)


def _folds_zero_multiply(lhs) -> bool:
    """The converter folds ``x * 0.0`` (a Python-number 0, or the reciprocal 0 of a divide by inf) to zeros for
    a rank-0 operand and from rank 7 (measured on tensorflow-cpu 2.21.0: a MUL at ranks 1 to 6)."""
    return lhs.ndim == 0 or lhs.ndim > 6


def scalar_as_converted(case):
    """Declaration model (litert.toml): tf.math.add/subtract/multiply/minimum/maximum of a float32 tensor and a
    Python number, as the converter stores the number and the interpreter's kernel computes the op. Measured
    on tensorflow-cpu 2.21.0 converting, ai-edge-litert 2.3.0: the number is stored in float32 with +-inf as
    +-FLT_MAX and -0.0 as +0.0; x + 0, x - 0 and x * 1 are folded to x (no op), x * 0 to zeros at rank 0 and
    from rank 7, minimum/maximum with +-inf or +-FLT_MAX to x at rank 0 and from rank 6, maximum with +0.0
    (and with -0.0 from rank 6) to RELU (x < 0 gives +0, else x). The kernels: ADD/SUB/MUL flush subnormal
    operands and results at rank 6 or less (XNNPACK) and clamp the result to +-FLT_MAX above; MINIMUM/MAXIMUM
    at rank 5 or less flush their operands, propagate a NaN lhs, return the lhs for a NaN number and on a tie;
    at rank 6 and above they return ``lhs < c ? lhs : c`` (``>`` for maximum), flushed at rank 6 only; RELU
    flushes at rank 6 or less."""
    import numpy as np

    from conformance.judging.models import _flush

    x, number = case.arrays["lhs"].astype(np.float32), float(case.arrays["rhs"])
    op, rank = case.op.removeprefix("stablehlo."), case.arrays["lhs"].ndim
    top = np.finfo(np.float32).max
    c = np.float32(np.copysign(top, number) if np.isinf(number) else 0.0 if number == 0 else number)
    flush = _flush if rank <= 6 else (lambda a: a)
    with np.errstate(all="ignore"):
        if (op in ("add", "subtract") and number == 0) or (op == "multiply" and number == 1):
            out = x
        elif op == "multiply" and number == 0 and _folds_zero_multiply(x):
            out = np.zeros(x.shape, np.float32)
        elif op in ("add", "subtract", "multiply"):
            out = np.asarray({"add": np.add, "subtract": np.subtract, "multiply": np.multiply}[op](flush(x), flush(np.asarray(c))))
            out = _flush(out) if rank <= 6 else np.where(np.isinf(out), np.copysign(top, out), out)
        elif abs(c) == top and (rank == 0 or rank >= 6):
            out = x
        elif op == "maximum" and number == 0 and (not np.signbit(number) or rank >= 6):
            a = flush(x)
            out = np.where(a < 0, np.float32(0), a)
        else:
            a, b = (_flush(x), _flush(np.asarray(c))) if rank <= 6 else (x, c)
            fn = np.minimum if op == "minimum" else np.maximum
            if rank <= 5:
                out = np.where(np.isnan(a), a, np.where(np.isnan(b), a, np.where(a == b, a, fn(a, b))))
            else:
                out = np.where((a < b) if op == "minimum" else (a > b), a, b)
        return np.asarray(out, np.float32).astype(case.arrays["lhs"].dtype)


def builtin_min_max(case):
    """Declaration model (litert.toml): tf.math.minimum/maximum of two float32 tensors where the XNNPACK delegate
    does not take the op (rank above 6): the builtin kernel's ``lhs < rhs ? lhs : rhs`` (``>`` for maximum), with
    subnormals kept: a NaN lhs gives the rhs, a NaN rhs gives NaN, a tie (zeros of either sign) the rhs. Measured
    on ai-edge-litert 2.3.0, every pair of NaN, +-1, +-0, +-1e-45, +-inf and 2.5 at ranks 7 and 8."""
    import numpy as np

    lhs, rhs = case.arrays["lhs"], case.arrays["rhs"]
    lhs, rhs = np.broadcast_arrays(lhs, rhs)
    with np.errstate(invalid="ignore"):
        pick = (lhs < rhs) if case.op == "stablehlo.minimum" else (lhs > rhs)
    return np.where(pick, lhs, rhs).astype(case.arrays["lhs"].dtype)


def clamped_infinity(case):
    """Declaration model (litert.toml): float32 ADD/SUB/MUL/DIV on the builtin kernels (a tensor of rank
    above 6, which XNNPACK does not take): IEEE-754 values, subnormals kept, but an infinite result is
    clamped to +-FLT_MAX by the kernel's activation range (-inf - 1.0000001 gives -3.4028235e38, 1 / 1e-45
    gives 3.4028235e38); NaN stays NaN. A divide by a Python number is the converter's MUL by 1 / rhs."""
    import numpy as np

    lhs, rhs = case.arrays["lhs"], case.arrays["rhs"]
    fns = {"stablehlo.add": np.add, "stablehlo.subtract": np.subtract, "stablehlo.multiply": np.multiply,
           "stablehlo.divide": np.divide}
    with np.errstate(all="ignore"):
        if case.op == "stablehlo.divide" and case.attrs.get("rhs_as_scalar"):
            out = reciprocal_multiply(case)
            if np.all(rhs == 1):  # x / 1.0 is folded to x: no kernel, nothing clamped
                return out
        else:
            out = fns[case.op](lhs, rhs.astype(lhs.dtype))
        top = np.finfo(lhs.dtype).max
        return np.where(np.isinf(out), np.copysign(top, out), out).astype(lhs.dtype)


def flushed_min_max(case):
    """Declaration model (litert.toml): tf.math.minimum/maximum as the XNNPACK delegate gives them on
    float32, measured: subnormal inputs read as zeros of their sign, a NaN operand yields the other
    operand, and of two equal operands (zeros of either sign) the rhs is returned, the lhs where the rhs
    is a Python number or the lhs has one element (minimum(-1e-45, 0.0) gives 0.0, maximum(1e-45, -0.0)
    gives -0.0 on [3] arrays; rank 0 or [1]: minimum(1e-45, -1e-45) gives 0.0, the flushed lhs)."""
    import numpy as np

    from conformance.judging.models import _flush

    lhs, rhs = _flush(case.arrays["lhs"]), _flush(case.arrays["rhs"])
    lhs_wins = case.attrs.get("rhs_as_scalar") or lhs.size == 1
    lhs, rhs = np.broadcast_arrays(lhs, rhs)
    fn = np.minimum if case.op == "stablehlo.minimum" else np.maximum
    tie = lhs if lhs_wins else rhs
    with np.errstate(all="ignore"):
        out = np.where(np.isnan(lhs), rhs, np.where(np.isnan(rhs), lhs, np.where(lhs == rhs, tie, fn(lhs, rhs))))
    return out.astype(case.arrays["lhs"].dtype)


def flushed_negate(case):
    """Declaration model (litert.toml): tf.math.negative on float32 as measured, ``0 - x`` on the flushed
    input (negate(0.0) gives +0.0, negate(1e-45) gives +0.0 where IEEE gives -0.0 and -1e-45)."""
    import numpy as np

    from conformance.judging.models import _flush

    x = case.arrays["operand"]
    return _flush(np.zeros((), x.dtype) - _flush(x)).astype(x.dtype)
