"""jax targets for ``stablehlo.scatter``: ``lax.scatter{,_add,_mul,_min,_max}`` in every mode, and
``x.at[idx].set/add/multiply/min/max`` per mode. Part of backend ``jax`` (imported by ``conformance.adapters.jax``)."""
from __future__ import annotations

from conformance.adapters.jax_common import put, run
from conformance.adapters.repro_code import JAX, JNP, index_tuple, literal, scatter_arrays
from conformance.adapters.translate import advanced_index
from conformance.core.opspec import NoRepro
from conformance.running.registry import target
from conformance.oracles.dtypes import ELEMENT_DTYPES

OP = "stablehlo.scatter"
LAX_FUNCTIONS = {"replace": "scatter", "add": "scatter_add", "multiply": "scatter_mul", "minimum": "scatter_min",
                 "maximum": "scatter_max"}
AT_METHODS = {"replace": "set", "add": "add", "multiply": "multiply", "minimum": "min", "maximum": "max"}
LAX_MODES = (None, "clip", "drop", "promise_in_bounds")
AT_MODES = (None, "clip", "drop", "promise_in_bounds")
NO_BOOL = tuple(d for d in ELEMENT_DTYPES if d != "bool")


def _region(computation: str, mode, **extra) -> dict:
    """The cases a target can take: jax's add and multiply refuse bool (a TypeError at trace time),
    and promise_in_bounds is a promise that every index is in bounds, so nothing else is drawn."""
    region = {"computations": (computation,), **extra}
    if computation in ("add", "multiply"):
        region["element_dtypes"] = NO_BOOL
    if mode == "promise_in_bounds":
        region.update(oob_share=0.0, cut_share=0.0)
    return region


def _repro(call):
    """A repro snippet from ``call(kw, indices)``: the API call on the jax arrays INPUTS and UPDATES (source)."""
    def repro(kw, case):
        ins, idx, ups = scatter_arrays(kw)
        return JAX, [f"INPUTS = jnp.asarray({literal(ins)})", f"UPDATES = jnp.asarray({literal(ups)})"], \
            f"np.asarray({call(kw, idx)})"
    return repro


def _lax_call(kw, idx, computation, mode) -> str:
    if kw["index_vector_dim"] != idx.ndim - 1:
        raise NoRepro("conformance repro: lax scatter takes the index vector in the last dim; this case has it elsewhere")
    dn = (f"lax.ScatterDimensionNumbers(update_window_dims={tuple(kw['update_window_dims'])}, "
          f"inserted_window_dims={tuple(kw['inserted_window_dims'])}, "
          f"scatter_dims_to_operand_dims={tuple(kw['scatter_dims_to_operand_dims'])}, "
          f"operand_batching_dims={tuple(kw.get('input_batching_dims', ()))}, "
          f"scatter_indices_batching_dims={tuple(kw.get('scatter_indices_batching_dims', ()))})")
    return (f"lax.{LAX_FUNCTIONS[computation]}(INPUTS, {literal(idx)}, UPDATES, {dn}, "
            f"indices_are_sorted={bool(kw.get('indices_are_sorted', False))}, "
            f"unique_indices={bool(kw.get('unique_indices', False))}, mode={mode!r})")


def _at_call(kw, idx, method, mode) -> str:
    entries = advanced_index(kw["inputs"].ndim, idx, kw["scatter_dims_to_operand_dims"], kw["index_vector_dim"])
    return f"INPUTS.at[{index_tuple(entries, JNP)}].{method}(UPDATES, mode={mode!r})"


def _lax_scatter(computation: str, mode):
    label = f"{LAX_FUNCTIONS[computation]}[{'None' if mode is None else mode}]"

    def lax_scatter(inputs, scatter_indices, updates, *, update_window_dims, inserted_window_dims,
                    input_batching_dims=(), scatter_indices_batching_dims=(), scatter_dims_to_operand_dims,
                    index_vector_dim, indices_are_sorted=False, unique_indices=False, **_):
        import jax

        lax = jax.lax
        if index_vector_dim != scatter_indices.ndim - 1:
            raise ValueError(f"lax scatter takes the index vector in the last dim, got index_vector_dim={index_vector_dim}")
        dn = lax.ScatterDimensionNumbers(
            update_window_dims=tuple(update_window_dims), inserted_window_dims=tuple(inserted_window_dims),
            scatter_dims_to_operand_dims=tuple(scatter_dims_to_operand_dims),
            operand_batching_dims=tuple(input_batching_dims),
            scatter_indices_batching_dims=tuple(scatter_indices_batching_dims))
        fn = getattr(lax, LAX_FUNCTIONS[computation])
        return run(lambda: fn(put(inputs), put(scatter_indices), put(updates), dn,
                              indices_are_sorted=indices_are_sorted, unique_indices=unique_indices, mode=mode))

    lax_scatter.__name__ = f"lax_{LAX_FUNCTIONS[computation]}_{mode}"
    return target(OP, f"jax:lax.{label}", region=_region(computation, mode, index_vector_dim="last"),
                  repro=_repro(lambda kw, idx: _lax_call(kw, idx, computation, mode)))(lax_scatter)


def _at(computation: str, mode):
    method = AT_METHODS[computation]

    def at_update(inputs, scatter_indices, updates, *, scatter_dims_to_operand_dims, index_vector_dim, **_):
        entries = advanced_index(inputs.ndim, scatter_indices, scatter_dims_to_operand_dims, index_vector_dim)
        index = tuple(slice(None) if e is None else put(e) for e in entries)
        return run(lambda: getattr(put(inputs).at[index], method)(put(updates), mode=mode))

    at_update.__name__ = f"at_{method}_{mode}"
    return target(OP, f"jax:x.at[idx].{method}[{'None' if mode is None else mode}]",
                  region=_region(computation, mode, style="advanced"),
                  repro=_repro(lambda kw, idx: _at_call(kw, idx, method, mode)))(at_update)


LAX_TARGETS = {f"lax_{c}_{m}": _lax_scatter(c, m) for c in LAX_FUNCTIONS for m in LAX_MODES}
AT_TARGETS = {f"at_{c}_{m}": _at(c, m) for c in AT_METHODS for m in AT_MODES}
