"""Per-target code for ``conformance repro``: for one seed, the imports, the setup lines and the call
expression of a standalone script that uses only the target backend's public API.

Every builder takes (target name, the case's keyword arguments, the case) and returns that code, or
None when it has no script for the target. Index arguments are translated here, the way the
target's adapter translates them, so the script holds the very arrays the API receives.
"""
from __future__ import annotations

import base64

import numpy as np

from adapters.translate import advanced_index, along_axis_args, take_args
from conformance.opspec import NoRepro  # noqa: F401  (re-exported: a script refuses with it)

Code = tuple[list[str], list[str], str]  # (imports, setup lines, call expression)





def literal(a: np.ndarray) -> str:
    """An array as source: ``arr(base64 of its little-endian bytes, dtype, shape)`` (bfloat16 as its bits)."""
    a = np.array(a, order="C")
    raw = a.view(np.uint16) if a.dtype.name == "bfloat16" else a
    data = base64.b64encode(raw.astype(raw.dtype.newbyteorder("<")).tobytes()).decode()
    return f'arr("{data}", "{a.dtype.name}", {list(a.shape)})'


def _mode(name: str) -> str:
    """The ``[mode]`` suffix of a target name as a Python literal (``None`` stays None)."""
    mode = name[name.rindex("[") + 1:-1]
    return "None" if mode == "None" else repr(mode)


def _index_tuple(entries: list, wrap="{}") -> str:
    """``x[...]``'s index as source: each array entry as a literal put into ``wrap`` (a format string,
    or a function of the entry giving one), every other axis a full slice."""
    fmt = wrap if callable(wrap) else (lambda e: wrap)
    return "(" + "".join(("slice(None)" if e is None else fmt(e).format(literal(np.asarray(e)))) + ", "
                         for e in entries) + ")"


def _gather_args(kw: dict) -> tuple[np.ndarray, list, tuple]:
    return kw["operand"], kw["start_indices"], (kw["start_index_map"], kw["index_vector_dim"])


def _numpy(name: str, kw: dict, case) -> Code | None:
    api = name[len("numpy:"):]
    if case.op == "stablehlo.gather":
        operand, idx, (sim, ivd) = _gather_args(kw)
        setup = [f"OPERAND = {literal(operand)}"]
        if api.startswith("take["):
            i, axis = take_args(idx, sim, ivd)
            return [], setup + [f"INDICES = {literal(i)}"], f"np.take(OPERAND, INDICES, axis={axis}, mode={_mode(api)})"
        if api == "take_along_axis":
            i, axis = along_axis_args(idx, sim)
            return [], setup + [f"INDICES = {literal(i)}"], f"np.take_along_axis(OPERAND, INDICES, axis={axis})"
        if api == "advanced-indexing":
            return [], setup, f"OPERAND[{_index_tuple(advanced_index(operand.ndim, idx, sim, ivd))}]"
        return None
    if case.op != "stablehlo.scatter":
        return None
    ins, idx, ups = kw["inputs"], kw["scatter_indices"], kw["updates"]
    setup = [f"out = {literal(ins)}.copy()", f"UPDATES = {literal(ups)}"]
    entries = lambda: advanced_index(ins.ndim, idx, kw["scatter_dims_to_operand_dims"], kw["index_vector_dim"])  # noqa: E731
    if api.endswith(".at"):
        return [], setup + [f"np.{api[:-3]}.at(out, {_index_tuple(entries())}, UPDATES)"], "out"
    if api == "x[idx]=v":
        return [], setup + [f"out[{_index_tuple(entries())}] = UPDATES"], "out"
    if api == "put_along_axis":
        (axis,) = kw["scatter_dims_to_operand_dims"]
        return [], setup + [f"np.put_along_axis(out, {literal(idx[..., 0])}, UPDATES, axis={axis})"], "out"
    if api.startswith("put["):
        return [], setup + [f"np.put(out, {literal(idx)}, UPDATES, mode={_mode(api)})"], "out"
    return None


def _torch(name: str, kw: dict, case) -> Code | None:
    api = name[len("torch:"):]
    if any(isinstance(v, np.ndarray) and v.dtype.name == "bfloat16" for v in kw.values()):
        raise NoRepro("conformance repro: torch cannot take a bfloat16 numpy array; no script for this case yet")
    t = "torch.from_numpy({}.copy())"
    imports = ["import torch"]
    if case.op == "stablehlo.gather":
        operand, idx, (sim, ivd) = _gather_args(kw)
        x = t.format(literal(operand))
        if api in ("gather", "take_along_dim"):
            i, axis = along_axis_args(idx, sim)
            call = (f"torch.gather({x}, {axis}, {t.format(literal(i))})" if api == "gather"
                    else f"torch.take_along_dim({x}, {t.format(literal(i))}, dim={axis})")
        elif api in ("index_select", "take"):
            i, axis = take_args(idx, sim, ivd)
            call = (f"torch.index_select({x}, {axis}, {t.format(literal(i))})" if api == "index_select"
                    else f"torch.take({x}, {t.format(literal(i))})")
        elif api == "advanced-indexing":
            call = f"{x}[{_index_tuple(advanced_index(operand.ndim, idx, sim, ivd), t)}]"
        else:
            return None
        return imports, [], call + ".numpy()"
    if case.op != "stablehlo.scatter":
        return None
    ins, idx, ups = kw["inputs"], kw["scatter_indices"], kw["updates"]
    setup = [f"out = {t.format(literal(ins))}", f"UPDATES = {t.format(literal(ups))}"]
    dims = kw["scatter_dims_to_operand_dims"]
    axis = dims[0] if len(dims) == 1 else None
    entries = advanced_index(ins.ndim, idx, dims, kw["index_vector_dim"])
    as64 = t + ".to(torch.int64)"
    if api in ("scatter_", "scatter_add_") or api.startswith("scatter_reduce_["):
        along = t.format(literal(idx[..., 0]))
        if api.startswith("scatter_reduce_["):
            reduce, include_self = api[len("scatter_reduce_["):-1].split(",")
            call = f"out.scatter_reduce_({axis}, {along}, UPDATES, {reduce!r}, {include_self})"
        else:
            call = f"out.{api}({axis}, {along}, UPDATES)"
    elif api in ("index_add_", "index_copy_"):
        call = f"out.{api}({axis}, {t.format(literal(idx))}, UPDATES)"
    elif api.startswith("put_["):
        call = f"out.put_({as64.format(literal(idx))}, UPDATES, {api[len('put_['):-1]})"
    elif api.startswith("index_put_["):
        indexed = [e for e in entries if e is not None]
        call = f"out.index_put_({_index_tuple(indexed, as64)}, UPDATES, {api[len('index_put_['):-1]})"
    elif api == "x[idx]=v":  # unsigned index arrays go in as int64, as the adapter passes them
        index = _index_tuple(entries, lambda e: as64 if e.dtype.kind == "u" else t)
        return imports, setup + [f"out[{index}] = UPDATES"], "out.numpy()"
    else:
        return None
    return imports, setup, call + ".numpy()"


_JAX = ["import jax", "import jax.numpy as jnp", "from jax import lax", 'jax.config.update("jax_enable_x64", True)']


def _jax(name: str, kw: dict, case) -> Code | None:
    api = name[len("jax:"):]
    if case.op == "stablehlo.gather":
        operand, idx, (sim, ivd) = _gather_args(kw)
        setup = [f"OPERAND = jnp.asarray({literal(operand)})"]
        index = lambda: _index_tuple(advanced_index(operand.ndim, idx, sim, ivd), "jnp.asarray({})")  # noqa: E731
        if api.startswith("lax.gather["):
            if kw["index_vector_dim"] != idx.ndim - 1:
                return None
            dn = (f"lax.GatherDimensionNumbers(offset_dims={tuple(kw['offset_dims'])}, "
                  f"collapsed_slice_dims={tuple(kw['collapsed_slice_dims'])}, start_index_map={tuple(sim)}, "
                  f"operand_batching_dims={tuple(kw.get('operand_batching_dims', ()))}, "
                  f"start_indices_batching_dims={tuple(kw.get('start_indices_batching_dims', ()))})")
            call = f"lax.gather(OPERAND, {literal(idx)}, {dn}, {tuple(kw['slice_sizes'])}, mode={_mode(api)})"
        elif api.startswith("jnp.take["):
            i, axis = take_args(idx, sim, ivd)
            call = f"jnp.take(OPERAND, {literal(i)}, axis={axis}, mode={_mode(api)})"
        elif api == "x[idx]":
            call = f"OPERAND[{index()}]"
        elif api.startswith("x.at[idx].get["):
            call = f"OPERAND.at[{index()}].get(mode={_mode(api)})"
        else:
            return None
        return _JAX, setup, f"np.asarray({call})"
    if case.op != "stablehlo.scatter":
        return None
    ins, idx, ups = kw["inputs"], kw["scatter_indices"], kw["updates"]
    setup = [f"INPUTS = jnp.asarray({literal(ins)})", f"UPDATES = jnp.asarray({literal(ups)})"]
    if api.startswith("lax.scatter"):
        fn = api[len("lax."):api.index("[")]
        dn = (f"lax.ScatterDimensionNumbers(update_window_dims={tuple(kw['update_window_dims'])}, "
              f"inserted_window_dims={tuple(kw['inserted_window_dims'])}, "
              f"scatter_dims_to_operand_dims={tuple(kw['scatter_dims_to_operand_dims'])}, "
              f"operand_batching_dims={tuple(kw.get('input_batching_dims', ()))}, "
              f"scatter_indices_batching_dims={tuple(kw.get('scatter_indices_batching_dims', ()))})")
        return _JAX, setup, f"np.asarray(lax.{fn}(INPUTS, {literal(idx)}, UPDATES, {dn}, mode={_mode(api)}))"
    if api.startswith("x.at[idx]."):
        method = api[len("x.at[idx]."):api.rindex("[")]
        entries = advanced_index(ins.ndim, idx, kw["scatter_dims_to_operand_dims"], kw["index_vector_dim"])
        index = _index_tuple(entries, "jnp.asarray({})")
        return _JAX, setup, f"np.asarray(INPUTS.at[{index}].{method}(UPDATES, mode={_mode(api)}))"
    return None


def _xla(name: str, kw: dict, case) -> Code | None:
    from adapters.stablehlo_text import gather_text, scatter_text

    if name == "xla:gather":
        text, _ = gather_text(kw, case.result_type, proxies=False)
        arrays = [kw["operand"], kw["start_indices"]]
    elif name == "xla:scatter":
        text, arrays, _ = scatter_text(kw, case.result_type, proxies=False)
    else:
        return None
    args = ", ".join(literal(a) for a in arrays)
    return (["import jax", "from jax.extend import backend as jax_backend", "from jaxlib import _jax",
             'jax.config.update("jax_enable_x64", True)'],
            [f"TEXT = {text!r}", 'client = jax_backend.get_backend("cpu")', "device = client.local_devices()[0]",
             "executable = client.compile_and_load(TEXT, _jax.DeviceList((device,)))"],
            f"np.asarray(executable.execute([jax.device_put(a, device) for a in ({args},)])[0])")


def _onnx(name: str, kw: dict, case) -> Code | None:
    from adapters.onnx_capture import node_summary, one_node_model

    captured = one_node_model(name, case)
    if captured is None:
        return None
    model, feeds = captured
    op_type, opset, attrs = node_summary(model)
    setup = ["FEEDS = {" + ", ".join(f"{k!r}: {literal(v)}" for k, v in feeds.items()) + "}",
             "inputs = [helper.make_tensor_value_info(k, helper.np_dtype_to_tensor_dtype(v.dtype), [None] * v.ndim)"
             " for k, v in FEEDS.items()]",
             f"node = helper.make_node({op_type!r}, list(FEEDS), ['out']"
             + "".join(f", {k}={v!r}" for k, v in sorted(attrs.items())) + ")",
             "out = helper.make_tensor_value_info('out', inputs[0].type.tensor_type.elem_type, None)",
             f"model = helper.make_model(helper.make_graph([node], 'repro', inputs, [out]), "
             f"opset_imports=[helper.make_opsetid('', {opset})], ir_version=8)"]
    if name.startswith("onnxruntime:"):
        return (["from onnx import helper", "import onnxruntime"], setup,
                "onnxruntime.InferenceSession(model.SerializeToString(), providers=['CPUExecutionProvider'])"
                ".run(None, FEEDS)[0]")
    return (["from onnx import helper", "from onnx.reference import ReferenceEvaluator"], setup,
            "ReferenceEvaluator(model).run(None, FEEDS)[0]")


BUILDERS = {"numpy": _numpy, "torch": _torch, "jax": _jax, "xla": _xla, "onnxruntime": _onnx, "onnx_reference": _onnx}
SUPPORTED = ("numpy take/take_along_axis/x[idx], ufunc.at, put, put_along_axis, x[idx]=v; torch gather, "
             "take_along_dim, index_select, take, x[idx], scatter_*, index_add_/index_copy_/index_put_, put_, "
             "x[idx]=v; jax lax.gather/scatter*, jnp.take, x[idx], x.at[idx]; xla gather/scatter; every "
             "onnxruntime and onnx_reference target of the gather/scatter ops")


def code_for(target: str, case) -> Code:
    """The script code for running ``case`` on ``target``; NoRepro with one line when there is none."""
    builder = BUILDERS.get(target.split(":")[0])
    kw = case.kwargs()
    variadic = isinstance(kw.get("inputs"), (list, tuple)) and not target.startswith("xla:")
    code = builder(target, kw, case) if builder and not variadic else None
    if code is None:
        raise NoRepro(f"conformance repro: no standalone script for target {target!r} on {case.op} yet "
                      f"(written for: {SUPPORTED})")
    return code
