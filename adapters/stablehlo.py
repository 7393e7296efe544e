"""Backend ``stablehlo``: the official StableHLO verifier and reference interpreter (from jaxlib).

Both run in an isolated worker process: the interpreter aborts the process on what it does not
support, and that must be a ``crash`` verdict for one case, not the end of the run.
"""
from __future__ import annotations

# C-contiguous arrays only, as before issue 43 made every view kind the default: views for this
# backend's compiled targets cost CI a new compile per layout case; left for a measured follow-up
LAYOUTS = ("c",)

import numpy as np

from conformance.adapters.stablehlo_text import (
    from_proxies, gather_text, operand_arguments, scatter_text, split_results, tensor_type,
)
from conformance.running import isolation
from conformance.adapters.repro_code import interpreter_code, verifier_code
from conformance.running.registry import target

REQUIRES = ("jaxlib",)
OP = "stablehlo.gather"


def _context():
    from jax.interpreters import mlir as jax_mlir  # jaxlib's bindings with every dialect registered (public name)

    return jax_mlir.make_ir_context()


def _dense(a: np.ndarray):
    from jaxlib.mlir import ir

    if a.dtype == np.bool_:
        return ir.DenseElementsAttr.get(np.array(a, order="C"))
    raw = np.array(a, order="C").astype(a.dtype.newbyteorder("<")).tobytes().hex().upper()
    return ir.Attribute.parse(f'dense<"0x{raw}"> : {tensor_type(a.shape, a.dtype.name)}' if raw else
                              f"dense<> : {tensor_type(a.shape, a.dtype.name)}")


def verify_text(text: str) -> bool:
    """Child side: parse and verify; raises with the verifier's diagnostic when invalid."""
    from jaxlib.mlir import ir

    with _context():
        module = ir.Module.parse(text)
        module.operation.verify()
    return True


def interpret_text(text: str, arrays: list[np.ndarray]) -> list[np.ndarray]:
    """Child side: run the module's @main through ``stablehlo.eval_module``."""
    from jaxlib.mlir import ir
    from jaxlib.mlir.dialects import stablehlo

    with _context():
        module = ir.Module.parse(text)
        results = stablehlo.eval_module(module, [_dense(a) for a in arrays])
        return [np.array(ir.DenseElementsAttr(r)) for r in results]


def converted_text(text: str) -> str:
    """``text`` after XLA's StableHLO-to-HLO conversion (which runs StableHLO's own legalization and
    simplification patterns), translated back to StableHLO: the module XLA's HLO passes start from, in a
    form the reference interpreter runs (``conformance triage --stages`` runs it there)."""
    from jax._src.lib import _jax
    from jaxlib.mlir import ir

    hlo = _jax.mlir.mlir_module_to_xla_computation(text, use_tuple_args=False, return_tuple=False)
    back = _jax.mlir.hlo_to_stablehlo(hlo.as_serialized_hlo_module_proto())
    with _context():
        return str(ir.Module.parse(back))


def _module(operand, start_indices, result_type, attrs) -> tuple[str, str]:
    return gather_text({"operand": operand, "start_indices": start_indices, **attrs}, result_type, proxies=True)


def _gather_repro(code):
    def repro(kw, case):
        text, _ = _module(kw["operand"], kw["start_indices"], case.result_type, _attrs(kw))
        return code(text, [kw["operand"], kw["start_indices"]])
    return repro


def _scatter_repro(code):
    def repro(kw, case):
        text, arrays, _ = scatter_text(kw, case.result_type, proxies=True)
        return code(text, arrays)
    return repro


def _attrs(kw: dict) -> dict:
    return {k: v for k, v in kw.items() if k not in ("operand", "start_indices")}


@target(OP, "stablehlo:verifier", valid=False, invalid=True, isolated=False,
        repro=_gather_repro(lambda text, arrays: verifier_code(text)))
def verifier(operand, start_indices, *, result_type=None, **attrs):
    text, _ = _module(operand, start_indices, result_type, attrs)
    isolation.worker("stablehlo").call(__name__, "verify_text", {"text": text})
    return np.asarray(True)  # accepted


@target(OP, "stablehlo:interpreter", valid=True, invalid=True, isolated=False, repro=_gather_repro(interpreter_code))
def interpreter(operand, start_indices, *, result_type=None, **attrs):
    text, dtype = _module(operand, start_indices, result_type, attrs)
    outputs = isolation.worker("stablehlo").call(__name__, "interpret_text",
                                                 {"text": text, "arrays": [*operand_arguments(operand), start_indices]})
    return from_proxies(outputs, dtype)


def _scatter_result(results: list[np.ndarray], inputs):
    return tuple(results) if isinstance(inputs, (list, tuple)) else results[0]


@target("stablehlo.scatter", "stablehlo:scatter-verifier", valid=False, invalid=True, isolated=False,
        repro=_scatter_repro(lambda text, arrays: verifier_code(text)))
def scatter_verifier(inputs, scatter_indices, updates, *, result_type=None, **attrs):
    text, _, _ = scatter_text(dict(inputs=inputs, scatter_indices=scatter_indices, updates=updates, **attrs),
                              result_type, proxies=True)
    isolation.worker("stablehlo").call(__name__, "verify_text", {"text": text})
    return np.asarray(True)  # accepted


@target("stablehlo.scatter", "stablehlo:scatter-interpreter", region={"max_inputs": 2, "large_cases": False},
        valid=True, invalid=True, isolated=False, repro=_scatter_repro(interpreter_code))
def scatter_interpreter(inputs, scatter_indices, updates, *, result_type=None, **attrs):
    text, arrays, dtypes = scatter_text(dict(inputs=inputs, scatter_indices=scatter_indices, updates=updates, **attrs),
                                        result_type, proxies=True)
    outputs = isolation.worker("stablehlo").call(__name__, "interpret_text", {"text": text, "arrays": arrays})
    return _scatter_result(split_results(outputs, dtypes), inputs)


def _binary_text(op: str, a: str, b: str, result: str) -> str:
    return (f"func.func @main(%a: {a}, %b: {b}) -> {result} {{\n"
            f'  %r = "{op}"(%a, %b) : ({a}, {b}) -> {result}\n  return %r : {result}\n}}')


def _verify_binary(op: str, a: str, b: str, result: str):
    """MLIR's own verifier on one binary op with the given operand and result types."""
    isolation.worker("stablehlo").call(__name__, "verify_text", {"text": _binary_text(op, a, b, result)})
    return np.asarray(True)  # accepted


def _binary_repro(op: str, results: str):
    """The verifier script of one binary op on the case's types (``results``: the case's result keyword)."""
    def repro(kw, case):
        result = kw[results][0] if isinstance(kw[results], (list, tuple)) else kw[results]
        return verifier_code(_binary_text(op, *kw["operands"], result))
    return repro


@target("mlir.broadcastable", "stablehlo:chlo.broadcast_add", region={"min_operands": 2, "max_operands": 2},
        isolated=False, repro=_binary_repro("chlo.broadcast_add", "result"))
def chlo_broadcast_add(*, operands, result, **_):
    return _verify_binary("chlo.broadcast_add", *operands, result)


@target("mlir.elementwise", "stablehlo:stablehlo.add", region={"scalars": False}, isolated=False,
        repro=_binary_repro("stablehlo.add", "results"))
def stablehlo_add(*, operands, results, **_):
    return _verify_binary("stablehlo.add", *operands, *results)


@target("mlir.elementwise", "stablehlo:arith.addf", isolated=False, repro=_binary_repro("arith.addf", "results"))
def arith_addf(*, operands, results, **_):
    return _verify_binary("arith.addf", *operands, *results)
