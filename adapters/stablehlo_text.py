"""A gather case written as a StableHLO module (text), shared by the stablehlo and xla adapters.

Results whose element type the Python bindings cannot hand back (bf16, complex) are returned as
bit-exact proxies: bf16 bitcast to i16, complex split into real and imaginary parts.
"""
from __future__ import annotations

import re

import numpy as np

from conformance.oracles.dtypes import dtype as dtype_of

MLIR_TYPES = {
    "bool": "i1", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint8": "ui8", "uint16": "ui16", "uint32": "ui32", "uint64": "ui64",
    "float16": "f16", "bfloat16": "bf16", "float32": "f32", "float64": "f64",
    "complex64": "complex<f32>", "complex128": "complex<f64>",
}
PART_TYPES = {"complex64": "float32", "complex128": "float64"}  # the real dtype of each part


_STATIC_DIMS = re.compile(r"tensor<((?:\d+x)*)")


def dynamic_dims(text: str) -> str:
    """``text`` with every static dim of every tensor type written ``?``: the module a compiler that takes
    dynamic shapes builds one executable from for every shape of the same ranks and element types."""
    return _STATIC_DIMS.sub(lambda m: "tensor<" + "?x" * m.group(1).count("x"), text)


def tensor_type(shape, dtype_name: str) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + MLIR_TYPES[dtype_name] + ">"


def _list(xs) -> str:
    return "[" + ", ".join(str(int(x)) for x in xs) + "]"


def _param(name: str, shape, dtype_name: str, proxies: bool) -> tuple[list[str], list[str]]:
    """(parameters, body lines) taking argument ``%name``; a complex one arrives as two real parts."""
    t = tensor_type(shape, dtype_name)
    if proxies and dtype_name in PART_TYPES:
        part = tensor_type(shape, PART_TYPES[dtype_name])
        return [f"%{name}_re: {part}", f"%{name}_im: {part}"], [f"  %{name} = stablehlo.complex %{name}_re, %{name}_im : {t}"]
    return [f"%{name}: {t}"], []


def _result(value: str, shape, dtype_name: str, proxies: bool) -> tuple[list[str], list[str], list[str]]:
    """(body lines, returned values, their types) for one result; bf16 leaves as i16 bits, complex as parts."""
    t = tensor_type(shape, dtype_name)
    tag = value.lstrip("%").replace("#", "_")
    if proxies and dtype_name == "bfloat16":
        i16 = tensor_type(shape, "int16")
        return [f"  %{tag}_bits = stablehlo.bitcast_convert {value} : ({t}) -> {i16}"], [f"%{tag}_bits"], [i16]
    if proxies and dtype_name in PART_TYPES:
        part = tensor_type(shape, PART_TYPES[dtype_name])
        return ([f"  %{tag}_re = stablehlo.real {value} : ({t}) -> {part}",
                 f"  %{tag}_im = stablehlo.imag {value} : ({t}) -> {part}"], [f"%{tag}_re", f"%{tag}_im"], [part, part])
    return [], [value], [t]


def main_function(params: list[str], body: list[str], results: list[tuple[str, list, str]], proxies: bool) -> str:
    """``func.func public @main`` with ``body``, returning ``results`` (value, shape, dtype) through proxies."""
    outs, out_types = [], []
    for value, shape, dtype_name in results:
        lines, vals, types = _result(value, shape, dtype_name, proxies)
        body = body + lines
        outs += vals
        out_types += types
    return "\n".join([
        f"func.func public @main({', '.join(params)}) -> ({', '.join(out_types)}) {{",
        *body,
        f"  return {', '.join(outs)} : {', '.join(out_types)}",
        "}",
    ])


def gather_module(operand_shape, operand_dtype: str, indices_shape, indices_dtype: str, attrs: dict,
                  result_shape, result_dtype: str, proxies: bool = True) -> str:
    """``@main`` calling ``stablehlo.gather`` once.

    With ``proxies``, a complex operand arrives as two real arguments (joined with
    ``stablehlo.complex``) and bf16/complex results leave as the proxies ``from_proxies`` undoes.
    """
    op_t = tensor_type(operand_shape, operand_dtype)
    si_t = tensor_type(indices_shape, indices_dtype)
    res_t = tensor_type(result_shape, result_dtype)
    params, body = _param("operand", operand_shape, operand_dtype, proxies)
    params.append(f"%start_indices: {si_t}")
    body += [
        '  %r = "stablehlo.gather"(%operand, %start_indices) {',
        "    dimension_numbers = #stablehlo.gather<",
        f"      offset_dims = {_list(attrs['offset_dims'])},",
        f"      collapsed_slice_dims = {_list(attrs['collapsed_slice_dims'])},",
        f"      operand_batching_dims = {_list(attrs.get('operand_batching_dims', ()))},",
        f"      start_indices_batching_dims = {_list(attrs.get('start_indices_batching_dims', ()))},",
        f"      start_index_map = {_list(attrs['start_index_map'])},",
        f"      index_vector_dim = {int(attrs['index_vector_dim'])}>,",
        "    slice_sizes = array<i64" + "".join(f", {int(s)}" if i else f": {int(s)}"
                                            for i, s in enumerate(attrs["slice_sizes"])) + ">,",
        f"    indices_are_sorted = {'true' if attrs.get('indices_are_sorted') else 'false'}",
        f"  }} : ({op_t}, {si_t}) -> {res_t}",
    ]
    return main_function(params, body, [("%r", result_shape, result_dtype)], proxies)


REGION_OPS = {"add": "stablehlo.add", "multiply": "stablehlo.multiply", "minimum": "stablehlo.minimum",
              "maximum": "stablehlo.maximum", "replace": None}


def scatter_module(inputs: list[tuple], indices: tuple, updates: list[tuple], attrs: dict,
                   results: list[tuple], proxies: bool = True) -> str:
    """``@main`` calling ``stablehlo.scatter`` once. ``inputs``/``updates``/``results``: (shape, dtype)
    per array; ``indices``: (shape, dtype). The update computation is a named one (``REGION_OPS``)
    built on the inputs' element types."""
    computation = attrs["update_computation"]
    if computation not in REGION_OPS:
        raise ValueError(f"update_computation: expected one of {', '.join(REGION_OPS)}, got {computation!r}")
    params, body, names = [], [], []
    for prefix, arrays in (("input", inputs), ("update", updates)):
        if prefix == "update":
            params.append(f"%scatter_indices: {tensor_type(*indices)}")
        for i, (shape, dt) in enumerate(arrays):
            p, b = _param(f"{prefix}{i}", shape, dt, proxies)
            params += p
            body += b
            names.append(f"%{prefix}{i}")
    n = len(inputs)
    scalars = [tensor_type((), dt) for _, dt in inputs]
    block_args = [f"%lhs{i}: {t}" for i, t in enumerate(scalars)] + [f"%rhs{i}: {t}" for i, t in enumerate(scalars)]
    if REGION_OPS[computation] is None:
        region = [f"    stablehlo.return {', '.join(f'%rhs{i}' for i in range(n))} : {', '.join(scalars)}"]
    else:
        region = [f"    %v{i} = {REGION_OPS[computation]} %lhs{i}, %rhs{i} : {t}" for i, t in enumerate(scalars)]
        region.append(f"    stablehlo.return {', '.join(f'%v{i}' for i in range(n))} : {', '.join(scalars)}")
    operand_types = [tensor_type(*a) for a in inputs] + [tensor_type(*indices)] + [tensor_type(*a) for a in updates]
    result_types = [tensor_type(*r) for r in results]
    operands = names[:n] + ["%scatter_indices"] + names[n:]
    body += [
        f'  %r:{len(results)} = "stablehlo.scatter"({", ".join(operands)}) ({{',
        f"  ^bb0({', '.join(block_args)}):",
        *region,
        "  }) {",
        "    scatter_dimension_numbers = #stablehlo.scatter<",
        f"      update_window_dims = {_list(attrs['update_window_dims'])},",
        f"      inserted_window_dims = {_list(attrs['inserted_window_dims'])},",
        f"      input_batching_dims = {_list(attrs.get('input_batching_dims', ()))},",
        f"      scatter_indices_batching_dims = {_list(attrs.get('scatter_indices_batching_dims', ()))},",
        f"      scatter_dims_to_operand_dims = {_list(attrs['scatter_dims_to_operand_dims'])},",
        f"      index_vector_dim = {int(attrs['index_vector_dim'])}>,",
        f"    indices_are_sorted = {'true' if attrs.get('indices_are_sorted') else 'false'},",
        f"    unique_indices = {'true' if attrs.get('unique_indices') else 'false'}",
        f"  }} : ({', '.join(operand_types)}) -> ({', '.join(result_types)})",
    ]
    return main_function(params, body, [(f"%r#{i}", s, d) for i, (s, d) in enumerate(results)], proxies)


def operand_arguments(operand: np.ndarray) -> list[np.ndarray]:
    """The operand as ``gather_module(proxies=True)`` takes it."""
    if operand.dtype.name in PART_TYPES:
        return [np.array(operand.real, order="C"), np.array(operand.imag, order="C")]
    return [operand]


def from_proxies(outputs: list[np.ndarray], result_dtype: str) -> np.ndarray:
    """Undo the proxies of ``gather_module``: the result in its own dtype."""
    if result_dtype == "bfloat16":
        return np.asarray(outputs[0]).astype(np.int16).view(dtype_of("bfloat16"))
    if result_dtype in PART_TYPES:
        re, im = (np.asarray(o) for o in outputs)
        out = np.empty(re.shape, dtype_of(result_dtype))
        out.real, out.imag = re, im
        return out
    return np.asarray(outputs[0]).astype(dtype_of(result_dtype))


def declared_result(case_kwargs: dict, result_type: dict | None) -> tuple[list[int], str]:
    """The result type to write: the case's declared one, else the spec's (C22, C23), else a guess."""
    operand = case_kwargs["operand"]
    if result_type:
        return list(result_type["shape"]), result_type["dtype"]
    from conformance.oracles.stablehlo.gather import result_shape

    try:
        return list(result_shape(**case_kwargs)), operand.dtype.name
    except (IndexError, TypeError, ValueError, StopIteration):
        return list(operand.shape), operand.dtype.name


def gather_text(kwargs: dict, result_type: dict | None, proxies: bool) -> tuple[str, str]:
    """A gather case's module text and its result dtype; ``kwargs`` are the case's keyword arguments."""
    operand, start_indices = kwargs["operand"], kwargs["start_indices"]
    for a in (operand, start_indices):
        if a.dtype.name not in MLIR_TYPES:
            raise TypeError(f"no StableHLO element type for {a.dtype.name}")
    attrs = {k: v for k, v in kwargs.items() if k not in ("operand", "start_indices")}
    shape, dtype = declared_result(kwargs, result_type)
    text = gather_module(operand.shape, operand.dtype.name, start_indices.shape, start_indices.dtype.name,
                         attrs, shape, dtype, proxies=proxies)
    return text, dtype


def split_results(outputs: list[np.ndarray], dtypes: list[str]) -> list[np.ndarray]:
    """Undo the proxies of several results: one array per entry of ``dtypes``."""
    out, at = [], 0
    for dt in dtypes:
        width = 2 if dt in PART_TYPES else 1
        out.append(from_proxies(outputs[at:at + width], dt))
        at += width
    return out


def scatter_text(kwargs: dict, result_type: dict | None, proxies: bool) -> tuple[str, list[np.ndarray], list[str]]:
    """A scatter case's module text, its argument arrays (proxied when ``proxies``) and result dtypes.

    ``kwargs`` are the case's keyword arguments; the declared ``result_type`` (if any) applies to
    every result, else each result has its input's type (C24, C25)."""
    attrs = dict(kwargs)
    inputs = [np.asarray(a) for a in _as_list(attrs.pop("inputs"))]
    updates = [np.asarray(a) for a in _as_list(attrs.pop("updates"))]
    indices = np.asarray(attrs.pop("scatter_indices"))
    for a in inputs + updates + [indices]:
        if a.dtype.name not in MLIR_TYPES:
            raise TypeError(f"no StableHLO element type for {a.dtype.name}")
    if result_type:
        results = [(list(result_type["shape"]), result_type["dtype"])] * len(inputs)
    else:
        results = [(list(a.shape), a.dtype.name) for a in inputs]
    text = scatter_module([(a.shape, a.dtype.name) for a in inputs], (indices.shape, indices.dtype.name),
                          [(a.shape, a.dtype.name) for a in updates], attrs, results, proxies)
    arrays = inputs + [indices] + updates
    if proxies:
        arrays = [p for a in inputs for p in operand_arguments(a)] + [indices] + \
                 [p for a in updates for p in operand_arguments(a)]
    return text, arrays, [dt for _, dt in results]


def _as_list(x) -> list:
    return list(x) if isinstance(x, (list, tuple)) else [x]


_HEADER = re.compile(r"func\.func public @main\((.*)\) -> \((.*)\) \{")


def batch_module(texts: list[str]) -> tuple[str, list[int]]:
    """One module for many cases (issue 64: one compile for a batch): each case's ``@main`` (``texts``, as
    ``gather_text``/``scatter_text`` write them) renamed ``@case<i>`` and made private, and an ``@main`` that takes
    every case's arguments in turn, calls each case's function and returns every case's results in turn.
    Returns (the module's text, the number of results of each case)."""
    funcs, params, body, outs, out_types, counts = [], [], [], [], [], []
    for i, text in enumerate(texts):
        m = _HEADER.search(text)
        if m is None:
            raise ValueError(f"no public @main in case {i}'s module text")
        arg_types = [p.split(": ", 1)[1] for p in m.group(1).split(", %")] if m.group(1) else []
        result_types = m.group(2).split(", ") if m.group(2) else []
        funcs.append(text.replace("func.func public @main(", f"func.func private @case{i}(", 1))
        args = [f"%c{i}_a{j}" for j in range(len(arg_types))]
        params += [f"{a}: {t}" for a, t in zip(args, arg_types)]
        n = len(result_types)
        call = f"func.call @case{i}({', '.join(args)}) : ({', '.join(arg_types)}) -> ({', '.join(result_types)})"
        body.append(f"  %r{i}{f':{n}' if n > 1 else ''} = {call}" if n else f"  {call}")
        outs += [f"%r{i}#{k}" if n > 1 else f"%r{i}" for k in range(n)]
        out_types += result_types
        counts.append(n)
    main = "\n".join([f"func.func public @main({', '.join(params)}) -> ({', '.join(out_types)}) {{", *body,
                      f"  return {', '.join(outs)} : {', '.join(out_types)}", "}"])
    return "\n".join(funcs + [main]), counts


def text_batch(build, run):
    """A batch entry point (``Target.batch``) for targets that write a case as module text: ``build(kw)`` gives
    (text, argument arrays, finish), ``finish(outputs)`` the case's result from its outputs; ``run(text, arrays)``
    compiles and runs a module, giving every output. A case ``build`` refuses gets that exception as its result;
    the others run in one module (``batch_module``): a module that fails to compile or run raises for the batch."""
    def batch(calls: list[dict]) -> list:
        results: list = [None] * len(calls)
        built = []
        for i, kw in enumerate(calls):
            try:
                built.append((i, *build(dict(kw))))
            except Exception as e:  # noqa: BLE001 - the case's own refusal, as its one-case call would raise it
                results[i] = e
        if built:
            text, counts = batch_module([t for _, t, _, _ in built])
            outs = run(text, [a for _, _, arrays, _ in built for a in arrays])
            at = 0
            for (i, _, _, finish), n in zip(built, counts):
                results[i] = finish(list(outs[at:at + n]))
                at += n
        return results
    return batch
