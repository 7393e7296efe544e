"""The batch entry point of the openvino targets (issue 64): the one-node models of a batch's cases in one
``ov.Model`` (each case's subgraph beside the others, one result per case), compiled once for CPU and run by one
inference.

A target builds its model in its own code, so the batch runs in rounds, as tvm's does: each case's code runs
until it asks ``openvino_compile.run`` for a model, which is recorded (``openvino_compile.HOOK``) and stops the
case; the recorded models are read, reshaped as ``run`` reshapes them, put side by side in one model and compiled
with the config ``run`` uses (per thread count and dims mode: ``INFERENCE_NUM_THREADS`` is a compile setting, so
cases of different counts never share a compile); then each case's code runs again with its model's output as
the answer. A model OpenVINO's frontend does not read (or does not reshape) is given back as ``RunAlone``: the
one-case path gives that case its own refusal. What the joint compile or inference raises is raised for the
batch (the engine splits it until the failing case is alone).
"""
from __future__ import annotations

import os
import time

import numpy as np

from conformance.adapters.batch_replay import replayed
from conformance.running.batches import RunAlone

_COMPILED: dict[tuple, tuple] = {}  # batch key -> (compiled model, per case: (input names, output index) | None)
KEPT = 4  # batches kept compiled (the engine calls each batch twice)


def _signature(feeds: dict[str, np.ndarray], shapes: dict[str, list[int]]) -> tuple:
    return tuple((k, tuple(shapes[k]), v.dtype.name) for k, v in feeds.items())


def _joined(core, items: list[tuple], dynamic: bool) -> tuple:
    """(one ``ov.Model`` holding every readable item's graph, its inputs renamed ``case<i>:<name>``; per item
    (input names, index of its first output) or None where the frontend or the reshape refused it)."""
    import openvino

    from conformance.adapters.openvino_compile import dims

    params, results, parts = [], [], []
    for i, (model, feeds, op_type) in enumerate(items):
        try:
            ov_model = core.read_model(model, b"")
            ov_model.reshape({k: openvino.PartialShape(v) for k, v in dims(op_type, feeds, dynamic).items()})
        except Exception:  # noqa: BLE001 - this model's own refusal: the one-case path gives it
            parts.append(None)
            continue
        names = {}
        for p in ov_model.get_parameters():
            old = p.output(0).get_any_name()
            names[old] = f"case{i}:{old}"
            p.output(0).get_tensor().set_names({names[old]})
            p.set_friendly_name(names[old])
        if set(names) != set(feeds):  # (the one-case call would fail on its own: let it)
            parts.append(None)
            continue
        parts.append((names, len(results)))
        params += ov_model.get_parameters()
        results += ov_model.get_results()
    return (openvino.Model(results, params, "conformance_batch") if results else None), parts


def run_batch(items: list[tuple], dynamic: bool = False, threads: int | None = None) -> list:
    """Each ``(model bytes, feeds, op_type)`` of ``items`` as ``openvino_compile.run`` runs it (``dynamic``,
    ``threads`` as there), from one compile and one inference: per item its first output, or ``RunAlone`` where
    OpenVINO does not read its model. A compile or inference that fails raises (the caller splits the batch)."""
    from conformance.adapters import openvino_compile as oc
    from conformance.running import compile_clock, compile_stats

    stage = os.environ.get(oc.STAGE, "")
    if stage == "evaluate":  # (no CPU plugin: each model evaluated alone)
        return [RunAlone(f"{oc.STAGE}=evaluate runs each model alone") for _ in items]
    key = (tuple((m, _signature(f, oc.dims(t, f, dynamic))) for m, f, t in items), dynamic, threads or None, stage)
    start = time.monotonic()
    if key not in _COMPILED:
        core = oc._core()
        joined, parts = _joined(core, items, dynamic)
        compiled = None
        if joined is not None:
            try:
                with compile_clock.compiling():
                    compiled = core.compile_model(joined, "CPU", {**oc.compile_config(threads),
                                                                   **oc.STAGE_CONFIG.get(stage, {})})
            finally:  # (a refused model counts: the compiler ran)
                oc.STATS["compiled_graphs"] += 1
                oc.STATS["compile_seconds"] += time.monotonic() - start
                compile_stats.record("openvino", oc.STATS)
        while len(_COMPILED) >= KEPT:
            del _COMPILED[next(iter(_COMPILED))]
        _COMPILED[key] = (compiled, parts)
    compiled, parts = _COMPILED[key]
    inputs = {names[k]: np.array(v, order="C") for (_, feeds, _), part in zip(items, parts) if part
              for names in (part[0],) for k, v in feeds.items()}  # (ascontiguousarray makes 0-d 1-d)
    try:
        got = compiled(inputs) if compiled is not None else {}
    except Exception:
        _COMPILED.pop(key, None)  # (a dynamic executable that raised keeps stale shapes: openvino_compile.run)
        raise
    finally:
        oc.STATS["calls"] += len(items)
        oc.STATS["call_seconds"] += time.monotonic() - start
        compile_stats.record("openvino", oc.STATS)
    return [RunAlone("OpenVINO does not read this case's model: its own refusal, from the one-case path")
            if part is None else np.array(got[compiled.outputs[part[1]]], copy=True) for part in parts]


def batch_entry(fn):
    """The batch entry point of openvino target function ``fn`` (its ``threads`` and ``dynamic_shapes`` keywords
    included): each case's code runs to its model run, the recorded models of one thread count and dims mode
    are run by ``run_batch``, and each case's code runs again with its model's answer (a case whose code runs
    a model more than once takes a round per run)."""
    def batch(calls: list[dict]) -> list:
        from conformance.adapters import openvino_compile

        def recorded(model, feeds, op_type, dynamic, threads):
            return (model, feeds, op_type), (bool(dynamic), threads or None)

        return replayed(fn, calls, openvino_compile.HOOK, lambda items, group: run_batch(items, *group), recorded)
    return batch
