"""The TensorFlow index targets, made once per backend (``tensorflow``: eager; ``tensorflow_xla``: under
``tf.function(jit_compile=True)``): ``tf.gather`` (``axis``; ``batch_dims``), ``tf.gather_nd`` (with
``batch_dims``), ``tf.tensor_scatter_nd_update/add/min/max`` and ``tf.slice``, each as
``stablehlo.gather``/``scatter``/``dynamic_slice`` and, for the nd ones, as ``onnx.GatherND``/``onnx.ScatterND``.

Each target hands the case's arrays and attributes to the API as they are (negative or out-of-range
indices and starts included); what TF does with them is the observation. Regions hold what each API
can express: the structure (a style of the strategies), the index types its kernels take on CPU
(int16/int32/int64 for the gathers, int32/int64 for the scatters and ``tf.slice``; measured on 2.21.0,
any other raises NotFoundError) and, for the reductions, the element types it has kernels for.
"""
from __future__ import annotations

import numpy as np

from conformance.adapters.tensorflow_common import call, snippet
from conformance.adapters.translate import take_args
from conformance.oracles.dtypes import ELEMENT_DTYPES
from conformance.running.registry import target

GATHER_INDEX = ("int16", "int32", "int64")
SCATTER_INDEX = ("int32", "int64")
NO_BOOL = tuple(d for d in ELEMENT_DTYPES if d != "bool")
REAL = tuple(d for d in NO_BOOL if not d.startswith("complex"))  # min/max: no complex kernels
SCATTERS = {"replace": ("tensor_scatter_nd_update", ELEMENT_DTYPES, None),
            "add": ("tensor_scatter_nd_add", NO_BOOL, "add"),
            "minimum": ("tensor_scatter_nd_min", REAL, "min"),
            "maximum": ("tensor_scatter_nd_max", REAL, "max")}


def narrowed(region: dict, narrow: dict | None) -> dict:
    """``region`` with another runtime's narrower one laid over it: a type tuple the region has is cut to
    the types in both (order kept), any other key is set (litert's converter takes fewer types)."""
    out = dict(region)
    for key, value in (narrow or {}).items():
        out[key] = tuple(d for d in out[key] if d in value) if key.endswith("_dtypes") and key in out else value
    return out


def _made(mode: str, op: str, name: str, region: dict, fn, describe, narrow: dict | None = None):
    """``fn`` registered as target ``name`` of ``op``; ``describe(kw)`` gives the call ``(api, arrays,
    kwargs)`` that both ``fn`` and the repro snippet make; ``narrow``: see ``narrowed``."""
    return target(op, name, region=narrowed(region, narrow),
                  repro=lambda kw, case: snippet(mode, *describe(kw)))(fn)


def gather_targets(backend: str, mode: str, narrow: dict | None = None) -> dict:
    """stablehlo.gather as tf.gather (take: one axis), tf.gather with batch_dims (ONNX-style leading
    batching dims, one indexed dim after them) and tf.gather_nd (leading batching dims, k indexed dims)."""
    def take(kw):
        idx, axis = take_args(kw["start_indices"], kw["start_index_map"], kw["index_vector_dim"])
        return "gather", [kw["operand"], idx], {"axis": axis}

    def batched(kw):  # gather_nd style with one indexed dim: the batching dims lead, the axis follows them
        b = len(kw["operand_batching_dims"])
        return "gather", [kw["operand"], kw["start_indices"][..., 0]], {"axis": b, "batch_dims": b}

    def nd(kw):
        return "gather_nd", [kw["operand"], kw["start_indices"]], {"batch_dims": len(kw["operand_batching_dims"])}

    made = {}
    for key, name, region, describe in (
            ("take", "tf.gather", {"style": "take"}, take),
            ("batched", "tf.gather[batch_dims=b]", {"style": "gather_nd", "max_index_vector": 1}, batched),
            ("nd", "tf.gather_nd", {"style": "gather_nd"}, nd)):
        def fn(*, _describe=describe, **kw):
            return call(mode, *_describe(kw))

        fn.__name__ = f"gather_{key}"
        made[key] = _made(mode, "stablehlo.gather", f"{backend}:{name}",
                          {**region, "index_dtypes": GATHER_INDEX, "result_type": False}, fn, describe, narrow)
    return made


def scatter_targets(backend: str, mode: str, narrow: dict | None = None, computations=tuple(SCATTERS)) -> dict:
    """stablehlo.scatter (ScatterND's structure) as tf.tensor_scatter_nd_update/add/min/max (those of
    ``computations``)."""
    made = {}
    for computation, (api, elements, _) in SCATTERS.items():
        if computation not in computations:
            continue
        def describe(kw, _api=api):
            return _api, [kw["inputs"], kw["scatter_indices"], kw["updates"]], {}

        def fn(*, _describe=describe, **kw):
            return call(mode, *_describe(kw))

        fn.__name__ = f"scatter_{computation}"
        made[computation] = _made(mode, "stablehlo.scatter", f"{backend}:tf.{api}",
                                  {"style": "scatter_nd", "computations": (computation,), "element_dtypes": elements,
                                   "index_dtypes": SCATTER_INDEX}, fn, describe, narrow)
    return made


def onnx_targets(backend: str, mode: str, narrow: dict | None = None, computations=tuple(SCATTERS)) -> dict:
    """onnx.GatherND-13 as tf.gather_nd (batch_dims as the case gives it), onnx.ScatterND-18 per
    reduction as tf.tensor_scatter_nd_update/add/min/max (ONNX's ``mul`` has no tensor_scatter_nd op)."""
    def gather(kw):
        return "gather_nd", [kw["data"], kw["indices"]], {"batch_dims": int(kw.get("batch_dims") or 0)}

    def gather_nd(*, data, indices, batch_dims=None, **_):
        return call(mode, *gather({"data": data, "indices": indices, "batch_dims": batch_dims}))

    made = {"GatherND": _made(mode, "onnx.GatherND", f"{backend}:onnx.GatherND[tf.gather_nd]", {"opset": 13},
                              gather_nd, gather, narrow)}
    for computation, (api, elements, reduction) in SCATTERS.items():
        if computation not in computations:
            continue
        def describe(kw, _api=api):
            return _api, [kw["data"], kw["indices"], kw["updates"]], {}

        def scatter_nd(*, _describe=describe, **kw):
            return call(mode, *_describe(kw))

        scatter_nd.__name__ = f"scatter_nd_{reduction}"
        made[f"ScatterND-{reduction}"] = _made(
            mode, "onnx.ScatterND", f"{backend}:onnx.ScatterND[tf.{api}]",
            {"opset": 18, "reduction": reduction, "element_dtypes": elements}, scatter_nd, describe, narrow)
    return made


def slice_targets(backend: str, mode: str, narrow: dict | None = None) -> dict:
    """stablehlo.dynamic_slice as tf.slice(operand, begin, size): begin is the case's start indices as
    one vector of their type, as they are (tf.slice documents no clamping: the spec's clamp is not
    applied here)."""
    def describe(kw):
        starts = [np.asarray(s) for s in kw.get("start_indices", ())]
        begin = np.stack(starts) if starts else np.zeros((0,), np.int32)
        return "slice", [kw["operand"], begin], {"size": [int(k) for k in kw["slice_sizes"]]}

    def dynamic_slice(operand, start_indices=(), *, slice_sizes, **_):
        return call(mode, *describe({"operand": operand, "start_indices": start_indices, "slice_sizes": slice_sizes}))

    return {"slice": _made(mode, "stablehlo.dynamic_slice", f"{backend}:tf.slice",
                           {"index_dtypes": SCATTER_INDEX, "result_type": False}, dynamic_slice, describe, narrow)}
