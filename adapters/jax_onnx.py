"""jax translations of the ONNX spec ops: GatherND as ``x[idx]``, ScatterND as ``x.at[idx].set/add/
multiply/max/min``. Part of backend ``jax``; valid cases only."""
from __future__ import annotations

from conformance.adapters.jax_common import put, run
from conformance.adapters.repro_code import JAX, JNP, literal
from conformance.adapters.translate import nd_index, nd_index_source
from conformance.running.registry import target

METHODS = {None: "set", "add": "add", "mul": "multiply", "max": "max", "min": "min"}


@target("onnx.GatherND", "jax:onnx.GatherND[x[idx]]", region={"opset": 13},
        repro=lambda kw, case: (JAX, [f"DATA = jnp.asarray({literal(kw['data'])})"],
                                f"np.asarray(DATA[{nd_index_source(kw, JNP)}])"))
def gather_nd(data, indices, *, batch_dims=None, **_):
    index = tuple(put(i) for i in nd_index(indices, int(batch_dims or 0)))
    return run(lambda: put(data)[index])


def _scatter(reduction):
    def scatter_nd(data, indices, updates, **_):
        index = tuple(put(i) for i in nd_index(indices))
        return run(lambda: getattr(put(data).at[index], METHODS[reduction])(put(updates)))

    def repro(kw, case):
        return (JAX, [f"DATA = jnp.asarray({literal(kw['data'])})", f"UPDATES = jnp.asarray({literal(kw['updates'])})"],
                f"np.asarray(DATA.at[{nd_index_source(kw, JNP)}].{METHODS[reduction]}(UPDATES))")

    scatter_nd.__name__ = f"scatter_nd_{reduction}"
    return target("onnx.ScatterND", f"jax:onnx.ScatterND[x.at[idx].{METHODS[reduction]}]",
                  region={"opset": 18, "reduction": reduction,
                          "element_dtypes": None if reduction in (None, "max", "min") else NO_BOOL},
                  repro=repro)(scatter_nd)


NO_BOOL = ("uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64", "float16", "bfloat16",
           "float32", "float64", "complex64", "complex128")
SCATTER_ND_TARGETS = {str(r): _scatter(r) for r in METHODS}
