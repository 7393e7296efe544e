"""The one-node ONNX model and the feeds an ``onnxruntime``/``onnx_reference`` target would run on a
case, captured without running it (``conformance repro`` writes them out as a standalone script).

The targets are built again with a runner that records its arguments instead of running them, so
the model is exactly the one the target builds (op, opset, attributes, input types)."""
from __future__ import annotations

import functools

import numpy as np

from adapters import onnx_nd, onnx_scatter
from adapters.onnx_gather import ALL_ELEMENTS, make_targets

BACKENDS = ("onnxruntime", "onnx_reference")


class _Captured(Exception):
    pass


def _record(model, feeds):
    raise _Captured(model, feeds)


@functools.cache
def _recording_targets(backend: str) -> dict:
    """``backend``'s ONNX targets by name, built with the recording runner (once per process)."""
    made = {**make_targets(backend, _record, ALL_ELEMENTS), **onnx_scatter.make_targets(backend, _record, ALL_ELEMENTS),
            **onnx_nd.make_targets(backend, _record, ALL_ELEMENTS)}
    return {fn.__conformance_target__.name: fn.__conformance_target__ for fn in made.values()}


def one_node_model(target_name: str, case) -> tuple[object, dict[str, np.ndarray]] | None:
    """(model, feeds) of target ``target_name`` on ``case``; None when no ONNX target has that name."""
    backend = target_name.split(":")[0]
    t = _recording_targets(backend).get(target_name) if backend in BACKENDS else None
    if t is None:
        return None
    try:
        t.fn(**t.call_kwargs(case))
    except _Captured as c:
        return c.args
    return None


def node_summary(model) -> tuple[str, int, dict]:
    """(op type, opset, attributes as Python values) of a one-node model."""
    from onnx import helper

    node = model.graph.node[0]
    attrs = {a.name: helper.get_attribute_value(a) for a in node.attribute}
    attrs = {k: v.decode() if isinstance(v, bytes) else v for k, v in attrs.items()}
    return node.op_type, model.opset_import[0].version, attrs
