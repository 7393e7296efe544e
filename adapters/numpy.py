"""Backend ``numpy``: take (raise/clip/wrap), take_along_axis and advanced indexing; the scatter
targets live in ``conformance.adapters.numpy_scatter``.

``take(mode="wrap")`` wraps an index by adding or subtracting the axis length one step at a time
(measured: an int64 index at the dtype's edge on a size-1 axis does not return within 20 s): such a
case is run and is a ``timeout`` (declared, numpy/numpy#28630). Only its repro script is refused for
an index beyond ``WRAP_LOOP_LIMIT`` (the script would hang as well).
"""
from __future__ import annotations

from conformance.adapters.repro_code import index_tuple, literal
from conformance.adapters.translate import advanced_index, along_axis_args, refuse_wrap_loop, take_args
from conformance.adapters.numpy_scatter import PUT_TARGETS, UFUNC_TARGETS, put_along_axis, setitem  # noqa: F401  (scatter targets)
from conformance.adapters.numpy_onnx import SCATTER_ND_TARGETS as ONNX_SCATTER_ND_TARGETS, gather_nd as onnx_gather_nd  # noqa: F401  (ONNX spec-op targets)
from conformance.adapters.broadcast_shapes import numpy_broadcast_shapes, numpy_add_shape  # noqa: F401  (mlir.broadcastable targets)
from conformance.adapters.numpy_elementwise import SCALARIZATION_TARGETS  # noqa: F401  (scalarization targets)
from conformance.core import layouts
from conformance.running.registry import target

REQUIRES = ("numpy",)
LAYOUTS = layouts.NUMPY  # its targets take views: each array in any memory layout numpy has
COMPILES = False  # a call runs at once: a first call that hangs gets no compile grace
OP = "stablehlo.gather"
WRAP_LOOP_LIMIT = 2**31  # |index| / axis length steps above this take seconds to forever


def _np():
    import numpy

    return numpy


def _take(mode: str):
    def take(operand, start_indices, *, start_index_map, index_vector_dim, **_):
        idx, axis = take_args(start_indices, start_index_map, index_vector_dim)
        return _np().take(operand, idx, axis=axis, mode=mode)

    def repro(kw, case):
        idx, axis = take_args(kw["start_indices"], kw["start_index_map"], kw["index_vector_dim"])
        if mode == "wrap":
            refuse_wrap_loop(idx, WRAP_LOOP_LIMIT, "numpy.take(mode='wrap')")  # the script would hang too
        return [], [f"OPERAND = {literal(kw['operand'])}", f"INDICES = {literal(idx)}"], \
            f"np.take(OPERAND, INDICES, axis={axis}, mode={mode!r})"

    take.__name__ = f"take_{mode}"
    return target(OP, f"numpy:take[{mode}]", region={"style": "take"}, repro=repro)(take)


take_raise, take_clip, take_wrap = _take("raise"), _take("clip"), _take("wrap")


def _take_along_axis_repro(kw, case):
    idx, axis = along_axis_args(kw["start_indices"], kw["start_index_map"])
    return [], [f"OPERAND = {literal(kw['operand'])}", f"INDICES = {literal(idx)}"], \
        f"np.take_along_axis(OPERAND, INDICES, axis={axis})"


@target(OP, "numpy:take_along_axis", region={"style": "along_axis"}, repro=_take_along_axis_repro)
def take_along_axis(operand, start_indices, *, start_index_map, **_):
    idx, axis = along_axis_args(start_indices, start_index_map)
    return _np().take_along_axis(operand, idx, axis=axis)


def _advanced_indexing_repro(kw, case):
    operand = kw["operand"]
    entries = advanced_index(operand.ndim, kw["start_indices"], kw["start_index_map"], kw["index_vector_dim"])
    return [], [f"OPERAND = {literal(operand)}"], f"OPERAND[{index_tuple(entries)}]"


@target(OP, "numpy:advanced-indexing", region={"style": "advanced"}, repro=_advanced_indexing_repro)
def advanced_indexing(operand, start_indices, *, start_index_map, index_vector_dim, **_):
    entries = advanced_index(operand.ndim, start_indices, start_index_map, index_vector_dim)
    return operand[tuple(slice(None) if e is None else e for e in entries)]
