"""Backend ``jax``: lax.gather in every mode, jnp.take modes, ``x[idx]`` and ``x.at[idx].get(mode=...)``;
the scatter targets live in ``conformance.adapters.jax_scatter``.

Every call runs with 64-bit types enabled, so int64/float64 inputs keep their dtype.
"""
from __future__ import annotations

# C-contiguous arrays only, as before issue 43 made every view kind the default: views for this
# backend's compiled targets cost CI a new compile per layout case; left for a measured follow-up
LAYOUTS = ("c",)

import numpy as np

from conformance.adapters.repro_code import JAX, JNP, index_tuple, literal
from conformance.adapters.translate import advanced_index, take_args
from conformance.adapters.jax_common import put as _put, run as _run
from conformance.adapters.jax_scatter import AT_TARGETS, LAX_TARGETS  # noqa: F401  (scatter targets of this backend)
from conformance.adapters.jax_onnx import SCATTER_ND_TARGETS as ONNX_SCATTER_ND_TARGETS, gather_nd as onnx_gather_nd  # noqa: F401  (ONNX spec-op targets)
from conformance.adapters.broadcast_shapes import jax_broadcast_shapes, jax_symbolic_add, jax_add_shape  # noqa: F401  (mlir.broadcastable targets)
from conformance.adapters.jax_elementwise import JNP_TARGETS, LAX_TARGETS as LAX_ELEMENTWISE_TARGETS  # noqa: F401  (scalarization targets)
from conformance.core.opspec import NoRepro
from conformance.running.registry import target

REQUIRES = ("jax", "jaxlib")
OP = "stablehlo.gather"


def _jnp():
    import jax.numpy as jnp

    return jnp


def _repro(call):
    """A repro snippet from ``call(kw)``: the API call on the jax array ``OPERAND`` (source)."""
    def repro(kw, case):
        return JAX, [f"OPERAND = jnp.asarray({literal(kw['operand'])})"], f"np.asarray({call(kw)})"
    return repro


def _index_source(kw) -> str:
    entries = advanced_index(kw["operand"].ndim, kw["start_indices"], kw["start_index_map"], kw["index_vector_dim"])
    return index_tuple(entries, JNP)


def _lax_gather_call(kw, mode) -> str:
    if kw["index_vector_dim"] != kw["start_indices"].ndim - 1:
        raise NoRepro("conformance repro: lax.gather takes the index vector in the last dim; this case has it elsewhere")
    dn = (f"lax.GatherDimensionNumbers(offset_dims={tuple(kw['offset_dims'])}, "
          f"collapsed_slice_dims={tuple(kw['collapsed_slice_dims'])}, start_index_map={tuple(kw['start_index_map'])}, "
          f"operand_batching_dims={tuple(kw.get('operand_batching_dims', ()))}, "
          f"start_indices_batching_dims={tuple(kw.get('start_indices_batching_dims', ()))})")
    return (f"lax.gather(OPERAND, {literal(kw['start_indices'])}, {dn}, {tuple(kw['slice_sizes'])}, "
            f"indices_are_sorted={bool(kw.get('indices_are_sorted', False))}, mode={mode!r})")


def _lax_gather(mode):
    label = "None" if mode is None else mode

    def lax_gather(operand, start_indices, *, offset_dims, collapsed_slice_dims, operand_batching_dims=(),
                   start_indices_batching_dims=(), start_index_map, index_vector_dim, slice_sizes,
                   indices_are_sorted=False, **_):
        import jax

        lax = jax.lax
        dn = lax.GatherDimensionNumbers(
            offset_dims=tuple(offset_dims), collapsed_slice_dims=tuple(collapsed_slice_dims),
            start_index_map=tuple(start_index_map), operand_batching_dims=tuple(operand_batching_dims),
            start_indices_batching_dims=tuple(start_indices_batching_dims))
        if index_vector_dim != start_indices.ndim - 1:
            raise ValueError(f"lax.gather takes the index vector in the last dim, got index_vector_dim={index_vector_dim}")
        return _run(lambda: lax.gather(_put(operand), _put(start_indices), dn, tuple(slice_sizes),
                                       indices_are_sorted=indices_are_sorted, mode=mode))

    lax_gather.__name__ = f"lax_gather_{label}"
    return target(OP, f"jax:lax.gather[{label}]", region={"index_vector_dim": "last", "result_type": False}, invalid=True,
                  repro=_repro(lambda kw: _lax_gather_call(kw, mode)))(lax_gather)


lax_gather_none = _lax_gather(None)
lax_gather_clip = _lax_gather("clip")
lax_gather_fill = _lax_gather("fill")
lax_gather_promise = _lax_gather("promise_in_bounds")


def _take(mode):
    label = "None" if mode is None else mode

    def take(operand, start_indices, *, start_index_map, index_vector_dim, **_):
        idx, axis = take_args(start_indices, start_index_map, index_vector_dim)
        return _run(lambda: _jnp().take(_put(operand), _put(idx), axis=axis, mode=mode))

    take.__name__ = f"take_{label}"
    def call(kw):
        idx, axis = take_args(kw["start_indices"], kw["start_index_map"], kw["index_vector_dim"])
        return f"jnp.take(OPERAND, {JNP.format(literal(idx))}, axis={axis}, mode={mode!r})"

    return target(OP, f"jax:jnp.take[{label}]", region={"style": "take"}, repro=_repro(call))(take)


take_none, take_clip, take_fill, take_wrap = _take(None), _take("clip"), _take("fill"), _take("wrap")


def _index(operand, start_indices, start_index_map, index_vector_dim):
    entries = advanced_index(operand.ndim, start_indices, start_index_map, index_vector_dim)
    return tuple(slice(None) if e is None else _put(np.array(e)) for e in entries)


@target(OP, "jax:x[idx]", region={"style": "advanced"}, repro=_repro(lambda kw: f"OPERAND[{_index_source(kw)}]"))
def getitem(operand, start_indices, *, start_index_map, index_vector_dim, **_):
    return _run(lambda: _put(operand)[_index(operand, start_indices, start_index_map, index_vector_dim)])


def _at_get(mode):
    label = "None" if mode is None else mode

    def at_get(operand, start_indices, *, start_index_map, index_vector_dim, **_):
        return _run(lambda: _put(operand).at[_index(operand, start_indices, start_index_map, index_vector_dim)]
                    .get(mode=mode))

    at_get.__name__ = f"at_get_{label}"
    return target(OP, f"jax:x.at[idx].get[{label}]", region={"style": "advanced"},
                  repro=_repro(lambda kw: f"OPERAND.at[{_index_source(kw)}].get(mode={mode!r})"))(at_get)


at_get_none, at_get_clip, at_get_fill, at_get_promise = (
    _at_get(None), _at_get("clip"), _at_get("fill"), _at_get("promise_in_bounds"))
