"""Targets of ``stablehlo.dynamic_slice`` and ``stablehlo.dynamic_update_slice`` on every backend that
has the API; each names its backend (this module is listed in the ops' records, not in a backend's).

- jax: ``lax.dynamic_slice`` / ``lax.dynamic_update_slice`` (clamp, as the spec);
- xla, stablehlo: the op as StableHLO text, through PJRT, the reference interpreter and the verifier;
- numpy, torch: basic slicing ``x[s:s+k, ...]`` (``torch.narrow`` for the read), which expresses the
  op only where every window fits: their region has no out-of-bounds starts;
- onnxruntime: a one-node ``Slice`` (opset 13) with ``starts``/``ends``/``axes`` inputs, whose own
  clamping differs from StableHLO's out of bounds (so in-bounds starts only, int32/int64).

Each target carries its repro snippet (``repro=``): the script calls the same API the same way.
"""
from __future__ import annotations

import numpy as np

from conformance.adapters.stablehlo_text import (MLIR_TYPES, main_function, operand_arguments, split_results, tensor_type,
                                     _param)
from conformance.adapters.repro_code import JAX, TORCH, interpreter_code, literal, pjrt_code, torch_ready, verifier_code
from conformance.running import isolation
from conformance.core import runtime
from conformance.running.registry import target

SLICE, UPDATE = "stablehlo.dynamic_slice", "stablehlo.dynamic_update_slice"
IN_BOUNDS = {"oob_share": 0.0}
NO_RESULT_TYPE = {"result_type": False}  # an API without a declared result type


def _starts(start_indices) -> list[int]:
    return [int(s) for s in start_indices]


def _window(start_indices, sizes) -> tuple:
    return tuple(slice(s, s + k) for s, k in zip(_starts(start_indices), sizes))


def _literal_args(kw: dict) -> list[str]:
    """Setup lines defining OPERAND (and UPDATE) and STARTS, for a repro script."""

    lines = [f"OPERAND = {literal(kw['operand'])}"]
    if "update" in kw:
        lines.append(f"UPDATE = {literal(kw['update'])}")
    starts = kw.get("start_indices", [])
    lines.append("STARTS = [" + ", ".join(f"np.{np.asarray(s).dtype.name}({int(s)})" for s in starts) + "]")
    return lines


# --- jax ----------------------------------------------------------------------------------------
def _jax_args(kw: dict) -> list[str]:
    """Setup lines with the starts as jax arrays, as the targets pass them (with Python or numpy
    integers ``allow_negative_indices=False`` raises on a negative start instead of clamping it)."""
    return _literal_args(kw) + ["STARTS = [jnp.asarray(s) for s in STARTS]"]


def _jax_targets() -> dict:
    """lax.dynamic_slice / dynamic_update_slice with the default ``allow_negative_indices=True``
    (negative starts count from the end, declared) and with ``False`` (the spec's clamp)."""
    made = {}
    for allow in (True, False):
        suffix = "" if allow else "[allow_negative_indices=False]"
        flag = "" if allow else ", allow_negative_indices=False"

        def slice_repro(kw, case, _flag=flag):
            return JAX, _jax_args(kw), f"lax.dynamic_slice(OPERAND, STARTS, {list(kw['slice_sizes'])}{_flag})"

        def update_repro(kw, case, _flag=flag):
            return JAX, _jax_args(kw), f"lax.dynamic_update_slice(OPERAND, UPDATE, STARTS{_flag})"

        def dynamic_slice(operand, start_indices=(), *, slice_sizes, _allow=allow, **_):
            from jax import lax

            from conformance.adapters.jax_common import put, run

            return run(lambda: lax.dynamic_slice(put(operand), [put(np.asarray(s)) for s in start_indices],
                                                 list(slice_sizes), allow_negative_indices=_allow))

        def dynamic_update_slice(operand, update, start_indices=(), _allow=allow, **_):
            from jax import lax

            from conformance.adapters.jax_common import put, run

            return run(lambda: lax.dynamic_update_slice(put(operand), put(update), [put(np.asarray(s)) for s in start_indices],
                                                        allow_negative_indices=_allow))

        made[f"slice{suffix}"] = target(SLICE, f"jax:lax.dynamic_slice{suffix}", backend="jax", invalid=True,
                                        region=NO_RESULT_TYPE, repro=slice_repro)(dynamic_slice)
        made[f"update{suffix}"] = target(UPDATE, f"jax:lax.dynamic_update_slice{suffix}", backend="jax",
                                         invalid=True, region=NO_RESULT_TYPE, repro=update_repro)(dynamic_update_slice)
    return made


JAX_TARGETS = _jax_targets()


# --- StableHLO text: xla and the stablehlo interpreter/verifier ----------------------------------
def slice_text(kw: dict, result_type: dict | None, proxies: bool, dynamic: bool = False) -> tuple[str, list[np.ndarray], list[str]]:
    """(module text, arguments, result dtypes) of one dynamic_slice or dynamic_update_slice case;
    ``dynamic``: every dim of the operand and update ``?`` (a dynamic_slice's result keeps its static
    slice sizes, as a frontend infers it)."""
    operand, update, starts = kw["operand"], kw.get("update"), list(kw.get("start_indices", []))

    def dims(shape):
        return ["?"] * len(shape) if dynamic else shape

    for a in [operand, *([update] if update is not None else []), *starts]:
        if np.asarray(a).dtype.name not in MLIR_TYPES:
            raise TypeError(f"no StableHLO element type for {np.asarray(a).dtype.name}")
    params, body = _param("operand", dims(operand.shape), operand.dtype.name, proxies)
    arrays = operand_arguments(operand) if proxies else [operand]
    names = ["%operand"]
    if update is not None:
        p, b = _param("update", dims(update.shape), update.dtype.name, proxies)
        params, body, names = params + p, body + b, names + ["%update"]
        arrays += operand_arguments(update) if proxies else [update]
    for i, s in enumerate(starts):
        params.append(f"%s{i}: {tensor_type((), np.asarray(s).dtype.name)}")
        names.append(f"%s{i}")
        arrays.append(np.asarray(s))
    rt = result_type or {}
    if update is None:
        shape, dtype = rt.get("shape", list(kw["slice_sizes"])), rt.get("dtype", operand.dtype.name)
        attr = " {slice_sizes = array<i64" + "".join(f"{', ' if i else ': '}{int(k)}" for i, k in
                                                 enumerate(kw["slice_sizes"])) + ">}"
        op = "stablehlo.dynamic_slice"
    else:
        shape, dtype = dims(rt.get("shape", list(operand.shape))), rt.get("dtype", operand.dtype.name)
        attr, op = "", "stablehlo.dynamic_update_slice"
    in_types = [tensor_type(dims(operand.shape), operand.dtype.name)] + \
        ([tensor_type(dims(update.shape), update.dtype.name)] if update is not None else []) + \
        [tensor_type((), np.asarray(s).dtype.name) for s in starts]
    body.append(f'  %r = "{op}"({", ".join(names)}){attr} : ({", ".join(in_types)}) -> {tensor_type(shape, dtype)}')
    return main_function(params, body, [("%r", shape, dtype)], proxies), arrays, [dtype]


def text_targets(backend: str, names: tuple[str, str], run, valid: bool = True, repro_text=None,
                 dynamic: bool = False) -> dict:
    """A dynamic_slice and a dynamic_update_slice target of ``backend`` (named ``names``) that both
    hand the case's keyword arguments and declared result type to ``run`` (which runs the StableHLO text).
    ``repro_text``: ``(text, arrays) -> Code``, a repro script running the case's text as the target does.
    ``dynamic``: the targets take ``dynamic_shapes`` and hand it to ``run`` as a third argument."""
    def dynamic_slice(operand, start_indices=(), *, slice_sizes, result_type=None, **_):
        return run({"operand": operand, "start_indices": start_indices, "slice_sizes": slice_sizes}, result_type)

    def dynamic_update_slice(operand, update, start_indices=(), *, result_type=None, **_):
        return run({"operand": operand, "update": update, "start_indices": start_indices}, result_type)

    def dynamic_slice_shapes(operand, start_indices=(), *, slice_sizes, result_type=None, dynamic_shapes=False, **_):
        return run({"operand": operand, "start_indices": start_indices, "slice_sizes": slice_sizes}, result_type,
                   dynamic_shapes)

    def dynamic_update_slice_shapes(operand, update, start_indices=(), *, result_type=None, dynamic_shapes=False, **_):
        return run({"operand": operand, "update": update, "start_indices": start_indices}, result_type, dynamic_shapes)

    def repro(kw, case):
        return repro_text(*slice_text(kw, case.result_type, proxies=False, dynamic=dynamic and case.dynamic)[:2])

    fns = (dynamic_slice_shapes, dynamic_update_slice_shapes) if dynamic else (dynamic_slice, dynamic_update_slice)
    return {name: target(op, name, backend=backend, valid=valid, invalid=True, isolated=False,
                         repro=repro if repro_text else None)(fn)
            for op, name, fn in zip((SLICE, UPDATE), names, fns)}


def _xla(kw: dict, result_type):
    text, arrays, _ = slice_text(kw, result_type, proxies=False)
    (out,) = isolation.worker("xla").call("conformance.adapters.xla", "run_text",
                                          {"text": text, "arrays": arrays, "device": runtime.device()})
    return out


def _interpret(kw: dict, result_type):
    text, arrays, dtypes = slice_text(kw, result_type, proxies=True)
    outputs = isolation.worker("stablehlo").call("conformance.adapters.stablehlo", "interpret_text", {"text": text, "arrays": arrays})
    return split_results(outputs, dtypes)[0]


def _verify(kw: dict, result_type):
    text, _, _ = slice_text(kw, result_type, proxies=True)
    isolation.worker("stablehlo").call("conformance.adapters.stablehlo", "verify_text", {"text": text})
    return np.asarray(True)  # accepted


XLA_TARGETS = text_targets("xla", ("xla:dynamic_slice", "xla:dynamic_update_slice"), _xla, repro_text=pjrt_code)
INTERPRETER_TARGETS = text_targets(
    "stablehlo", ("stablehlo:dynamic_slice-interpreter", "stablehlo:dynamic_update_slice-interpreter"), _interpret,
    repro_text=interpreter_code)
VERIFIER_TARGETS = text_targets(
    "stablehlo", ("stablehlo:dynamic_slice-verifier", "stablehlo:dynamic_update_slice-verifier"), _verify, valid=False,
    repro_text=lambda text, arrays: verifier_code(text))


# --- numpy and torch slicing (in bounds) ---------------------------------------------------------
def _numpy_slice_repro(kw, case):
    setup = _literal_args(kw)
    window = ", ".join(f"int(STARTS[{i}]):int(STARTS[{i}]) + {int(k)}" for i, k in enumerate(kw["slice_sizes"]))
    return [], setup, f"OPERAND[{window or '()'}]"


@target(SLICE, "numpy:x[s:s+k]", backend="numpy", region=IN_BOUNDS, repro=_numpy_slice_repro)
def numpy_dynamic_slice(operand, start_indices=(), *, slice_sizes, **_):
    return operand[_window(start_indices, slice_sizes)].copy()


def _numpy_update_repro(kw, case):
    setup = _literal_args(kw)
    window = ", ".join(f"int(STARTS[{i}]):int(STARTS[{i}]) + {int(k)}" for i, k in enumerate(kw["update"].shape))
    return [], setup + ["out = OPERAND.copy()", f"out[{window or '()'}] = UPDATE"], "out"


@target(UPDATE, "numpy:x[s:s+k]=u", backend="numpy", region=IN_BOUNDS, repro=_numpy_update_repro)
def numpy_dynamic_update_slice(operand, update, start_indices=(), **_):
    out = operand.copy()
    out[_window(start_indices, update.shape)] = update
    return out


TORCH_ELEMENTS = {"element_dtypes": ("bool", "int8", "int16", "int32", "int64", "uint8", "float16", "bfloat16",
                                     "float32", "float64", "complex64", "complex128")}


def _torch_slice_repro(kw, case):
    narrows = "".join(f".narrow({d}, int(STARTS[{d}]), {int(k)})" for d, k in enumerate(kw["slice_sizes"]))
    return torch_ready(kw), _literal_args(kw), f"{TORCH.format('OPERAND')}{narrows}.numpy()"


def _torch_update_repro(kw, case):
    window = ", ".join(f"int(STARTS[{i}]):int(STARTS[{i}]) + {int(k)}" for i, k in enumerate(kw["update"].shape))
    return torch_ready(kw), _literal_args(kw) + [f"out = {TORCH.format('OPERAND')}",
                                                  f"out[{window or '()'}] = {TORCH.format('UPDATE')}"], "out.numpy()"


@target(SLICE, "torch:narrow", backend="torch", region={**IN_BOUNDS, **TORCH_ELEMENTS}, repro=_torch_slice_repro)
def torch_dynamic_slice(operand, start_indices=(), *, slice_sizes, **_):
    from conformance.adapters.torch_common import to_numpy, to_torch

    out = to_torch(operand)
    for dim, (s, k) in enumerate(zip(_starts(start_indices), slice_sizes)):
        out = out.narrow(dim, s, int(k))
    return to_numpy(out)


@target(UPDATE, "torch:x[s:s+k]=u", backend="torch", region={**IN_BOUNDS, **TORCH_ELEMENTS},
        repro=_torch_update_repro)
def torch_dynamic_update_slice(operand, update, start_indices=(), **_):
    from conformance.adapters.torch_common import to_numpy, to_torch

    out = to_torch(operand).clone()
    out[_window(start_indices, update.shape)] = to_torch(update)
    return to_numpy(out)


# --- onnxruntime Slice (in bounds) -------------------------------------------------------------
_MODELS: dict[tuple, object] = {}
ONNX_REGION = {**IN_BOUNDS, "index_dtypes": ("int32", "int64"),
               "element_dtypes": ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                                  "float16", "float32", "float64")}


def _slice_model(element: np.dtype, rank: int, index: np.dtype):
    from onnx import TensorProto, helper

    key = (element.name, rank, index.name)
    if key not in _MODELS:
        elem = helper.np_dtype_to_tensor_dtype(element)
        idx = helper.np_dtype_to_tensor_dtype(index)
        inputs = [helper.make_tensor_value_info("data", elem, [None] * rank)] + \
            [helper.make_tensor_value_info(n, idx, [rank]) for n in ("starts", "ends", "axes")]
        node = helper.make_node("Slice", ["data", "starts", "ends", "axes"], ["out"])
        graph = helper.make_graph([node], "slice", inputs, [helper.make_tensor_value_info("out", elem, None)])
        _MODELS[key] = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], ir_version=8)
    return _MODELS[key]


def _onnx_slice_repro(kw, case):
    """The Slice-13 model built with onnx.helper (dims unknown, as the target's), run by onnxruntime."""
    index = np.asarray(kw["start_indices"][0]).dtype.name
    rank = kw["operand"].ndim
    return (["import onnxruntime", "from onnx import helper"],
            _literal_args(kw) + [
                f"starts = np.array([int(s) for s in STARTS], np.{index})",
                f"feeds = {{'data': OPERAND, 'starts': starts, 'ends': starts + np.array({list(kw['slice_sizes'])}, "
                f"np.{index}), 'axes': np.arange({rank}, dtype=np.{index})}}",
                "elem, idx = (helper.np_dtype_to_tensor_dtype(np.dtype(t)) for t in (OPERAND.dtype, starts.dtype))",
                f"inputs = [helper.make_tensor_value_info('data', elem, [None] * {rank})] + "
                f"[helper.make_tensor_value_info(n, idx, [{rank}]) for n in ('starts', 'ends', 'axes')]",
                "node = helper.make_node('Slice', ['data', 'starts', 'ends', 'axes'], ['out'])",
                "graph = helper.make_graph([node], 'slice', inputs, [helper.make_tensor_value_info('out', elem, None)])",
                "model = helper.make_model(graph, opset_imports=[helper.make_opsetid('', 13)], ir_version=8)",
                "session = onnxruntime.InferenceSession(model.SerializeToString(), providers=['CPUExecutionProvider'])"],
            "session.run(None, feeds)[0]")


@target(SLICE, "onnxruntime:Slice-13", backend="onnxruntime", region={**ONNX_REGION, "min_rank": 1},
        repro=_onnx_slice_repro)
def onnx_slice(operand, start_indices=(), *, slice_sizes, **_):
    from conformance.adapters.onnxruntime import _run

    return run_slice(_run, operand, start_indices, slice_sizes)


def run_slice(run, operand, start_indices, slice_sizes):
    """The Slice-13 model on the case, run by ``run(model, feeds)`` (onnxruntime's, onnxruntime_openvino's)."""
    index = np.asarray(start_indices[0]).dtype
    starts = np.array(_starts(start_indices), index)
    feeds = {"data": operand, "starts": starts, "ends": starts + np.array(slice_sizes, index),
             "axes": np.arange(operand.ndim, dtype=index)}
    return run(_slice_model(operand.dtype, operand.ndim, index), feeds)
