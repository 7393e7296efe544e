"""A gather case written as a StableHLO module (text), shared by the stablehlo and xla adapters.

Results whose element type the Python bindings cannot hand back (bf16, complex) are returned as
bit-exact proxies: bf16 bitcast to i16, complex split into real and imaginary parts.
"""
from __future__ import annotations

import numpy as np

from oracles.dtypes import dtype as dtype_of

MLIR_TYPES = {
    "bool": "i1", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint8": "ui8", "uint16": "ui16", "uint32": "ui32", "uint64": "ui64",
    "float16": "f16", "bfloat16": "bf16", "float32": "f32", "float64": "f64",
    "complex64": "complex<f32>", "complex128": "complex<f64>",
}
PART_TYPES = {"complex64": "f32", "complex128": "f64"}


def tensor_type(shape, dtype_name: str) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + MLIR_TYPES[dtype_name] + ">"


def _list(xs) -> str:
    return "[" + ", ".join(str(int(x)) for x in xs) + "]"


def gather_module(operand_shape, operand_dtype: str, indices_shape, indices_dtype: str, attrs: dict,
                  result_shape, result_dtype: str, proxies: bool = True) -> str:
    """``func.func public @main`` calling ``stablehlo.gather`` once.

    With ``proxies``, a complex operand arrives as two real arguments (joined with
    ``stablehlo.complex``) and bf16/complex results leave as the proxies ``from_proxies`` undoes.
    """
    op_t = tensor_type(operand_shape, operand_dtype)
    si_t = tensor_type(indices_shape, indices_dtype)
    res_t = tensor_type(result_shape, result_dtype)
    params = [f"%operand: {op_t}"]
    body = []
    if proxies and operand_dtype in PART_TYPES:
        part = tensor_type(operand_shape, "float32" if operand_dtype == "complex64" else "float64")
        params = [f"%operand_re: {part}", f"%operand_im: {part}"]
        body.append(f"  %operand = stablehlo.complex %operand_re, %operand_im : {op_t}")
    body += [
        f'  %r = "stablehlo.gather"(%operand, %start_indices) {{',
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
    outs, out_types = ["%r"], [res_t]
    if not proxies:
        pass
    elif result_dtype == "bfloat16":
        i16 = tensor_type(result_shape, "int16")
        body.append(f"  %bits = stablehlo.bitcast_convert %r : ({res_t}) -> {i16}")
        outs, out_types = ["%bits"], [i16]
    elif result_dtype in PART_TYPES:
        part = "tensor<" + "".join(f"{d}x" for d in result_shape) + PART_TYPES[result_dtype] + ">"
        body.append(f"  %re = stablehlo.real %r : ({res_t}) -> {part}")
        body.append(f"  %im = stablehlo.imag %r : ({res_t}) -> {part}")
        outs, out_types = ["%re", "%im"], [part, part]
    return "\n".join([
        f"func.func public @main({', '.join(params)}, %start_indices: {si_t}) -> ({', '.join(out_types)}) {{",
        *body,
        f"  return {', '.join(outs)} : {', '.join(out_types)}",
        "}",
    ])


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
    from oracles.stablehlo.gather import result_shape

    try:
        return list(result_shape(**case_kwargs)), operand.dtype.name
    except (IndexError, TypeError, ValueError, StopIteration):
        return list(operand.shape), operand.dtype.name
