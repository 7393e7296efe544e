"""Backend ``onnx_reference``: the onnx package's Python ReferenceEvaluator, as a second ONNX implementation.

Its GatherElements calls ``numpy.choose(mode="wrap")``, which wraps an index by adding or
subtracting the axis length one step at a time: an index near its dtype's edge runs for minutes
(measured: 10 s for int32 values on a size-1 axis). Cases with such indices are reported as
``unsupported`` instead of being run; see ``WRAP_LOOP_LIMIT``.
"""
from __future__ import annotations

# C-contiguous arrays only, as before issue 43 made every view kind the default: views for this
# backend's compiled targets cost CI a new compile per layout case; left for a measured follow-up
LAYOUTS = ("c",)

from conformance.adapters import onnx_nd, onnx_scatter
from conformance.adapters.broadcast_shapes import onnx_shape_inference_add  # noqa: F401  (mlir.broadcastable target)
from conformance.adapters.onnx_gather import ALL_ELEMENTS, make_targets
from conformance.adapters.translate import refuse_wrap_loop

REQUIRES = ("onnx",)
WRAP_LOOP_LIMIT = 2**20  # |index| / axis length above this would loop for seconds in numpy.choose
_EVALUATORS: dict[int, object] = {}


def _run(model, feeds):
    from onnx.reference import ReferenceEvaluator

    if model.graph.node[0].op_type == "GatherElements":
        refuse_wrap_loop(feeds["indices"], WRAP_LOOP_LIMIT, "GatherElements' numpy.choose(mode='wrap')")
    key = id(model)
    if key not in _EVALUATORS:
        _EVALUATORS[key] = ReferenceEvaluator(model)
    return _EVALUATORS[key].run(None, feeds)[0]


GATHER_TARGETS = make_targets("onnx_reference", _run, ALL_ELEMENTS)
SCATTER_TARGETS = onnx_scatter.make_targets("onnx_reference", _run, ALL_ELEMENTS)
ND_TARGETS = onnx_nd.make_targets("onnx_reference", _run, ALL_ELEMENTS)
