"""jax targets for ``stablehlo.scatter``: ``lax.scatter{,_add,_mul,_min,_max}`` in every mode, and
``x.at[idx].set/add/multiply/min/max`` per mode. Part of backend ``jax`` (imported by ``adapters.jax``)."""
from __future__ import annotations

from adapters.jax_common import put, run
from adapters.translate import advanced_index
from conformance.registry import target
from oracles.dtypes import ELEMENT_DTYPES

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
    return target(OP, f"jax:lax.{label}", region=_region(computation, mode, index_vector_dim="last"))(lax_scatter)


def _at(computation: str, mode):
    method = AT_METHODS[computation]

    def at_update(inputs, scatter_indices, updates, *, scatter_dims_to_operand_dims, index_vector_dim, **_):
        entries = advanced_index(inputs.ndim, scatter_indices, scatter_dims_to_operand_dims, index_vector_dim)
        index = tuple(slice(None) if e is None else put(e) for e in entries)
        return run(lambda: getattr(put(inputs).at[index], method)(put(updates), mode=mode))

    at_update.__name__ = f"at_{method}_{mode}"
    return target(OP, f"jax:x.at[idx].{method}[{'None' if mode is None else mode}]",
                  region=_region(computation, mode, style="advanced"))(at_update)


LAX_TARGETS = {f"lax_{c}_{m}": _lax_scatter(c, m) for c in LAX_FUNCTIONS for m in LAX_MODES}
AT_TARGETS = {f"at_{c}_{m}": _at(c, m) for c in AT_METHODS for m in AT_MODES}
