"""OpenVINO's compile step, shared by the openvino targets: an ONNX model read by OpenVINO, reshaped to
the inputs' static shapes (the CPU plugin refuses outputs of unknown rank) or, with ``dynamic=True``, to
their ranks with every dim dynamic but those that set the output's rank (``dims``), compiled for CPU and
cached per (model, input shapes or ranks, and types), in this process and in OpenVINO's model cache on disk
(``conformance.running.compile_cache``; OpenVINO keys its entries by the model and its compile settings, and
the folder is one per OpenVINO version and host); with ``CONFORMANCE_COMPILE_STATS`` set, the compile figures of
this process are recorded for ``benchmarks.compile_share``.

``CONFORMANCE_OPENVINO_STAGE`` (set by ``conformance triage SEED --stages``): ``evaluate`` runs the model
as OpenVINO's ONNX frontend read it through ``Model.evaluate`` (each op's own reference evaluation, no
CPU plugin); ``no-snippets`` compiles for CPU with the plugin's snippets code generation off
(``SNIPPETS_MODE=DISABLE``); unset: as shipped."""
from __future__ import annotations

import time

import numpy as np

from conformance.running import compile_cache, compile_clock, compile_stats

_COMPILED: dict[tuple, object] = {}
# The op's own precision. The CPU plugin's default inference precision is bfloat16 on CPUs with
# bfloat16 hardware (AVX512_BF16, AMX) and float32 elsewhere, a documented performance hint: left at
# its default, the same case would get a different verdict on a different CPU.
COMPILE_CONFIG = {"INFERENCE_PRECISION_HINT": "f32"}
# The compile setting of the CPU plugin's thread count (``Case.threads``; unset: one per core). A runtime
# setting: a model-cache entry serves every count (measured 2026-11-29, OpenVINO 2026.4.1: one entry, and the
# executable imported from it runs on the count asked for, INFERENCE_NUM_THREADS 1 then 2).
THREADS = "INFERENCE_NUM_THREADS"


def compile_config(threads: int | None = None) -> dict:
    """The config every openvino target compiles with, on ``threads`` threads (None: the plugin's default)."""
    return {**COMPILE_CONFIG, **({THREADS: int(threads)} if threads else {})}
STAGE = "CONFORMANCE_OPENVINO_STAGE"
STAGE_CONFIG = {"no-snippets": {"SNIPPETS_MODE": "DISABLE"}}
STATS = {"compiled_graphs": 0, "compile_seconds": 0.0, "calls": 0, "call_seconds": 0.0}
# while a batch runs a case's code (``adapters/openvino_batch.py``): what answers ``run`` instead of compiling,
# called with run's arguments
HOOK: list = []


def _core():
    """A ``Core`` with its model cache set to the suite's cache folder (where caches are on)."""
    import openvino

    core = openvino.Core()
    where = compile_cache.folder("openvino")
    if where is not None:
        core.set_property({"CACHE_DIR": str(where / compile_cache.key(openvino.__version__)[:16])})
    return core


# Inputs whose last dim stays static when the rest are dynamic: it sets the rank of the op's output (a
# GatherND's index vector: the CPU plugin refuses an output of unknown rank)
RANK_SETTING = {"GatherND": ("indices",)}


def dims(op_type: str, feeds: dict[str, np.ndarray], dynamic: bool) -> dict[str, list[int]]:
    """Each input's dims as the model is compiled for ``feeds``: its shape, or (``dynamic``) -1 for every
    dim but a rank-setting input's last."""
    if not dynamic:
        return {k: list(v.shape) for k, v in feeds.items()}
    keep = RANK_SETTING.get(op_type, ())
    return {k: [-1] * (v.ndim - 1) + [v.shape[-1] if k in keep else -1] if v.ndim else []
            for k, v in feeds.items()}


def _key(model: bytes, feeds: dict[str, np.ndarray], op_type: str, dynamic: bool, threads: int | None) -> tuple:
    shapes = dims(op_type, feeds, dynamic)
    return model, tuple((k, tuple(shapes[k]), v.dtype.name) for k, v in feeds.items()), threads or None


def compiled(model: bytes, feeds: dict[str, np.ndarray], op_type: str = "", dynamic: bool = False,
             threads: int | None = None):
    """The compiled model ``run`` keeps for these arguments (None: not compiled in this process)."""
    return _COMPILED.get(_key(model, feeds, op_type, dynamic, threads))


def run(model: bytes, feeds: dict[str, np.ndarray], op_type: str = "", dynamic: bool = False,
        threads: int | None = None) -> np.ndarray:
    """The model's first output for ``feeds`` (input name -> array); ``dynamic``: compiled with the dims
    ``dims(op_type, feeds, True)`` gives, one executable for every shape of those ranks; ``threads``: compiled
    to run on that many threads (None: the CPU plugin's default)."""
    if HOOK:
        return HOOK[-1](model, feeds, op_type, dynamic, threads)
    import openvino

    import os

    stage = os.environ.get(STAGE, "")
    if stage == "evaluate":
        return _evaluated(model, feeds)
    start = time.monotonic()
    shapes = dims(op_type, feeds, dynamic)
    key = _key(model, feeds, op_type, dynamic, threads)
    try:
        if key not in _COMPILED:
            try:
                core = _core()
                ov_model = core.read_model(model, b"")
                ov_model.reshape({k: openvino.PartialShape(v) for k, v in shapes.items()})
                with compile_clock.compiling():
                    _COMPILED[key] = core.compile_model(ov_model, "CPU", {**compile_config(threads),
                                                                             **STAGE_CONFIG.get(stage, {})})
            finally:  # (a refused model counts: the compiler ran)
                STATS["compiled_graphs"] += 1
                STATS["compile_seconds"] += time.monotonic() - start
                compile_stats.record("openvino", STATS)
        inputs = {k: np.array(v, order="C") for k, v in feeds.items()}  # (ascontiguousarray makes 0-d 1-d)
        try:
            result = _COMPILED[key](inputs)
        except Exception:
            # A dynamic executable that raised is dropped: the CPU plugin then runs the next inference with the
            # last successful call's shapes, on any infer request of that compiled model, with the failed call's shapes (a wrong-shaped
            # result, or a refusal of valid input; docs/findings/openvino_infer_request_stale_shapes_after_error.py),
            # so a declared refusal would corrupt the cases judged after it. (Static shapes cannot change.)
            if dynamic:
                _COMPILED.pop(key, None)
            raise
        return np.asarray(next(iter(result.values())))
    finally:
        STATS["calls"] += 1
        STATS["call_seconds"] += time.monotonic() - start
        compile_stats.record("openvino", STATS)


def _evaluated(model: bytes, feeds: dict[str, np.ndarray]) -> np.ndarray:
    """The model's first output from ``Model.evaluate``: the frontend's graph run by each op's reference
    evaluation, without the CPU plugin."""
    import openvino

    ov_model = openvino.Core().read_model(model, b"")
    ov_model.reshape({k: openvino.PartialShape(list(v.shape)) for k, v in feeds.items()})
    inputs = [openvino.Tensor(np.array(feeds[p.get_any_name()], order="C")) for p in ov_model.inputs]
    outputs = [openvino.Tensor(p.get_element_type(), p.get_shape()) for p in ov_model.outputs]
    try:
        done = ov_model.evaluate(outputs, inputs)
    except RuntimeError as e:
        lines = str(e).strip().splitlines() or [""]
        done = next((line for line in lines if "failed" in line), lines[-1]).strip()
    if done is not True:  # an op OpenVINO's core has no reference evaluation for (GatherND)
        from conformance.core.runtime import STAGE_UNAVAILABLE

        raise RuntimeError(f"{STAGE_UNAVAILABLE}: {STAGE}=evaluate: Model.evaluate cannot run this model ({done})")
    return np.array(outputs[0].data)
