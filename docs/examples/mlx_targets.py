"""Targets of MLX (``mlx.core``, the CPU build ``mlx[cpu]`` on Linux) for tensor-index-conformance.

Written from docs/new-backend.md: one target per MLX API and mode, each turning a case into that API's
arguments with ``conformance.styles``, calling MLX on its CPU device and returning a numpy array. A
target never decides what is right. What MLX documents that differs from the spec is declared in
``mlx_targets.toml`` beside this file. Run from this folder:

    PYTHONPATH=. pytest -p conformance.plugin --pyargs conformance -n 2 --backend=mlx_targets

Kept as docs/examples/mlx_targets.py (issue 63): written 2026-11-29 by a user of the suite, from
docs/new-backend.md, against mlx 0.32.4 (`pip install "mlx[cpu]"` in a venv of its own, Linux x86-64); the
bugs its runs found are scripts in docs/findings/mlx_*.py, named by the `finding` keys of the .toml.

MLX APIs covered: ``mx.take``, ``mx.take_along_axis``, ``x[index]`` (advanced indexing, also as gather_nd,
which MLX lacks), ``mx.put_along_axis``, ``x[index] = v``, ``x.at[index].add/multiply/maximum/minimum``,
``mx.slice`` / ``mx.slice_update`` (dynamic starts), basic slicing ``x[s:s+k]`` and its assignment, and the
elementwise ops ``negative, abs, add, subtract, multiply, divide, floor_divide, remainder, maximum,
minimum, bitwise_and/or/xor, left_shift, right_shift, equal, ..., where``.
"""
from pathlib import Path

import ml_dtypes
import mlx.core as mx
import numpy as np

from conformance import styles
from conformance.registry import target

PACKAGE = "mlx"  # the distribution (mlx[cpu] installs mlx and mlx-cpu, both at the same release)
COMPILES = False  # eager: each call runs at once
DEVIATIONS_FILE = str(Path(__file__).with_suffix(".toml"))
# mx.array refuses a view with negative strides ("Cannot convert DLPack arrays with negative strides"):
# every other layout is taken as a view.
LAYOUTS = ("c", "fortran", "transposed", "channels_last", "strided", "broadcast", "offset")

mx.set_default_device(mx.cpu)

# MLX's element types: every suite dtype but complex128 (MLX has complex64 only).
ELEMENTS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
            "bool", "float16", "bfloat16", "float32", "float64", "complex64")
DTYPES = {"bool": mx.bool_, "int8": mx.int8, "int16": mx.int16, "int32": mx.int32, "int64": mx.int64,
          "uint8": mx.uint8, "uint16": mx.uint16, "uint32": mx.uint32, "uint64": mx.uint64,
          "float16": mx.float16, "bfloat16": mx.bfloat16, "float32": mx.float32, "float64": mx.float64,
          "complex64": mx.complex64}


def arr(x) -> mx.array:
    """A numpy array (possibly a view) as an MLX array of the same element type: mx.array defaults a
    float64 array to float32, so the dtype is passed explicitly."""
    x = np.asarray(x)
    return mx.array(x, dtype=DTYPES[x.dtype.name])


def host(y) -> np.ndarray:
    """An MLX result as numpy (bfloat16 has no buffer format: its bits go through uint16)."""
    if y.dtype == mx.bfloat16:
        return np.array(y.view(mx.uint16)).view(ml_dtypes.bfloat16)
    return np.array(y)


def index(ix: tuple) -> tuple:
    """An index tuple of numpy arrays and slices as MLX arrays and slices."""
    return tuple(arr(i) if isinstance(i, np.ndarray) else i for i in ix)


# --- stablehlo.gather ------------------------------------------------------------------------------------
@target("stablehlo.gather", "mlx:take", region=styles.region("take", element_dtypes=ELEMENTS))
def take(**case):
    a = styles.take(case)
    return host(mx.take(arr(a.operand), arr(a.indices), axis=a.axis))


@target("stablehlo.gather", "mlx:take_along_axis", region=styles.region("take_along_axis", element_dtypes=ELEMENTS))
def take_along_axis(**case):
    a = styles.take_along_axis(case)
    return host(mx.take_along_axis(arr(a.operand), arr(a.indices), axis=a.axis))


@target("stablehlo.gather", "mlx:x[index]", region=styles.region("advanced_index", element_dtypes=ELEMENTS))
def advanced_index(**case):
    a = styles.advanced_index(case)
    return host(arr(a.operand)[index(a.index)])


@target("stablehlo.gather", "mlx:gather_nd", region=styles.region("gather_nd", element_dtypes=ELEMENTS))
def gather_nd(**case):
    a = styles.gather_nd(case)  # MLX has no gather_nd: a.index is the same read as advanced indexing
    return host(arr(a.operand)[index(a.index)])


@target("onnx.GatherND", "mlx:gather_nd[onnx]", region={"element_dtypes": ELEMENTS})
def gather_nd_onnx(**case):
    a = styles.gather_nd(case)
    return host(arr(a.operand)[index(a.index)])


# --- stablehlo.scatter -----------------------------------------------------------------------------------
AT = {"add": "add", "multiply": "multiply", "maximum": "maximum", "minimum": "minimum"}


def _at(x: mx.array, ix: tuple, updates: mx.array, computation: str) -> mx.array:
    """x.at[ix].<computation>(updates), or x[ix] = updates for replace (a new array either way)."""
    if computation == "replace":
        x[ix] = updates
        return x
    return getattr(x.at[ix], AT[computation])(updates)


@target("stablehlo.scatter", "mlx:at[axis]", region=styles.region("index_add", element_dtypes=ELEMENTS,
                                                                   computations=("add", "multiply", "maximum", "minimum")))
def at_axis(**case):
    a = styles.index_add(case)
    return host(_at(arr(a.input), index(a.index), arr(a.updates), a.computation))


@target("stablehlo.scatter", "mlx:put_along_axis", region=styles.region("put_along_axis", element_dtypes=ELEMENTS,
                                                                         computations=("replace",)))
def put_along_axis(**case):
    a = styles.put_along_axis(case)
    return host(mx.put_along_axis(arr(a.input), arr(a.indices), arr(a.updates), axis=a.axis))


@target("stablehlo.scatter", "mlx:x[index]=v", region=styles.region("index_put", element_dtypes=ELEMENTS,
                                                                    computations=("replace",)))
def index_put(**case):
    a = styles.index_put(case)
    return host(_at(arr(a.input), index(a.index), arr(a.updates), "replace"))


def _at_target(computation: str):
    def at(**case):
        a = styles.index_put(case)
        return host(_at(arr(a.input), index(a.index), arr(a.updates), a.computation))
    return at


for _c in ("add", "multiply", "maximum", "minimum"):
    globals()[f"at_{_c}"] = target(
        "stablehlo.scatter", f"mlx:at[index].{_c}",
        region=styles.region("index_put", element_dtypes=ELEMENTS, computations=(_c,)))(_at_target(_c))


@target("stablehlo.scatter", "mlx:at[nd].add", region=styles.region("scatter_nd", element_dtypes=ELEMENTS,
                                                                   computations=("add",)))
def scatter_nd_add(**case):
    a = styles.scatter_nd(case)  # MLX has no scatter_nd: a.index addresses the same elements
    return host(_at(arr(a.input), index(a.index), arr(a.updates), a.computation))


# --- stablehlo.dynamic_slice / dynamic_update_slice ------------------------------------------------------
def _starts(case) -> mx.array:
    """The start indices as one MLX index array of their own dtype (mx.slice takes them as an array)."""
    starts = [np.asarray(s) for s in case.get("start_indices", ())]  # (none for a rank-0 operand)
    return arr(np.stack(starts)) if starts else mx.array(np.zeros(0, np.int32))


@target("stablehlo.dynamic_slice", "mlx:slice", region={"element_dtypes": ELEMENTS})
def dynamic_slice(**case):
    a = styles.dynamic_slice(case)
    x = arr(a.operand)
    return host(mx.slice(x, _starts(case), axes=tuple(range(x.ndim)), slice_size=a.sizes))


@target("stablehlo.dynamic_slice", "mlx:x[s:s+k]", region=styles.region("dynamic_slice", element_dtypes=ELEMENTS))
def basic_slice(**case):
    a = styles.dynamic_slice(case)
    return host(arr(a.operand)[a.window])


@target("stablehlo.dynamic_update_slice", "mlx:slice_update", region={"element_dtypes": ELEMENTS})
def slice_update(**case):
    a = styles.dynamic_update_slice(case)
    x = arr(a.operand)
    return host(mx.slice_update(x, arr(a.update), _starts(case), axes=tuple(range(x.ndim))))


@target("stablehlo.dynamic_update_slice", "mlx:x[s:s+k]=u",
        region=styles.region("dynamic_update_slice", element_dtypes=ELEMENTS))
def basic_slice_update(**case):
    a = styles.dynamic_update_slice(case)
    x = arr(a.operand)
    x[a.window] = arr(a.update)
    return host(x)


# --- the elementwise ops ---------------------------------------------------------------------------------
FLOATS = ("float16", "bfloat16", "float32", "float64", "complex64")
INTS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
UNSIGNED = ("uint8", "uint16", "uint32", "uint64")
REAL = INTS + ("float16", "bfloat16", "float32", "float64")


def _operand(x):
    return x if isinstance(x, (bool, int, float, complex)) else arr(x)


def _elementwise(op: str, name: str, fn, dtypes, forms=("tensor", "rank0", "scalar")):
    def call(**case):
        a = styles.elementwise(case)
        return host(fn(*[_operand(x) for x in a.operands]))
    call.__name__ = call.__qualname__ = name.replace(":", "_")
    globals()[call.__name__] = target(op, name, region=styles.region("elementwise", dtypes=dtypes, forms=forms))(call)


_elementwise("stablehlo.negate", "mlx:negative", mx.negative, INTS + FLOATS, forms=("tensor", "rank0"))
_elementwise("stablehlo.abs", "mlx:abs", mx.abs, INTS + FLOATS, forms=("tensor", "rank0"))
_elementwise("stablehlo.add", "mlx:add", mx.add, ELEMENTS)
_elementwise("stablehlo.subtract", "mlx:subtract", mx.subtract, INTS + FLOATS)
_elementwise("stablehlo.multiply", "mlx:multiply", mx.multiply, ELEMENTS)
_elementwise("stablehlo.divide", "mlx:divide", mx.divide, FLOATS)  # true division: floats only
_elementwise("stablehlo.divide", "mlx:floor_divide", mx.floor_divide, INTS)
_elementwise("stablehlo.remainder", "mlx:remainder", mx.remainder, INTS + ("float16", "bfloat16", "float32", "float64"))
_elementwise("stablehlo.maximum", "mlx:maximum", mx.maximum, ELEMENTS)
_elementwise("stablehlo.minimum", "mlx:minimum", mx.minimum, ELEMENTS)
_elementwise("stablehlo.and", "mlx:bitwise_and", mx.bitwise_and, INTS + ("bool",))
_elementwise("stablehlo.or", "mlx:bitwise_or", mx.bitwise_or, INTS + ("bool",))
_elementwise("stablehlo.xor", "mlx:bitwise_xor", mx.bitwise_xor, INTS + ("bool",))
_elementwise("stablehlo.shift_left", "mlx:left_shift", mx.left_shift, INTS)
_elementwise("stablehlo.shift_right_arithmetic", "mlx:right_shift[signed]", mx.right_shift,
             ("int8", "int16", "int32", "int64"))
_elementwise("stablehlo.shift_right_logical", "mlx:right_shift[unsigned]", mx.right_shift, UNSIGNED)
_elementwise("stablehlo.select", "mlx:where", mx.where, ELEMENTS, forms=("tensor", "rank0"))

COMPARE = {"EQ": mx.equal, "NE": mx.not_equal, "GE": mx.greater_equal, "GT": mx.greater,
           "LE": mx.less_equal, "LT": mx.less}


@target("stablehlo.compare", "mlx:compare", region=styles.region("elementwise", dtypes=ELEMENTS))
def compare(**case):
    a = styles.elementwise(case)
    return host(COMPARE[a.direction](*[_operand(x) for x in a.operands]))


# --- declaration models (mlx_targets.toml) ---------------------------------------------------------------
def python_remainder(case):
    """mx.remainder as documented, 'the remainder of a // b': Python's floored modulo, the result taking
    the divisor's sign (6e-08 % -inf is -inf, -2.5 % 2 is 1.5), which numpy.remainder computes too."""
    with np.errstate(all="ignore"):
        return np.remainder(case.arrays["lhs"], case.arrays["rhs"])
