"""Oracle for the ``Elementwise`` trait, transcribed from
the MLIR RFC 'std elementwise ops on tensors' (https://discourse.llvm.org/t/rfc-std-elementwise-ops-on-tensors/2113) (the proposal's rules 1-6).

``verify(operand_types, result_types)`` applies rules 1-3 to MLIR type strings (scalars such as
``f32`` and tensors such as ``tensor<2x?xf32>``); a failure raises ``SpecViolation`` labelled
``E1`` (a tensor result without a tensor operand), ``E2`` (a tensor operand without a tensor
result) or ``E3`` (tensor shapes that differ; element types may differ, and nothing broadcasts:
neither rank expansion nor size-1 dims). Rule 4 makes a *dynamic* mismatch undefined behaviour,
not an error: ``dynamic_mismatch_possible`` says when a case relies on it. Rules 5-6
(scalarization: the op on tensors is the scalar op at every element) are a property checked
against each backend's own scalar op, see ``conformance/test_scalarization.py``.
"""
from __future__ import annotations

from typing import Sequence

from conformance.oracles.errors import SpecViolation, Violation
from conformance.oracles.mlir.shapes import parse_type

OP = "mlir.elementwise"


def _shape(text: str):
    """(is_tensor, shape) of a type string; a scalar is ``(False, None)``."""
    if text.startswith("tensor<"):
        return True, parse_type(text)[0]
    return False, None


def check(operand_types: Sequence[str], result_types: Sequence[str]) -> list[Violation]:
    ops = [_shape(t) for t in operand_types]
    res = [_shape(t) for t in result_types]
    v: list[Violation] = []
    # (1) a tensor result needs a tensor operand; (2) a tensor operand needs a tensor result
    if any(t for t, _ in res) and not any(t for t, _ in ops):
        v.append(Violation("E1", "expected a tensor operand since a result is a tensor, given none"))
    if any(t for t, _ in ops) and not any(t for t, _ in res):
        v.append(Violation("E2", "expected a tensor result since an operand is a tensor, given none"))
    # (3) all tensor operands and results have the same static shape
    shapes = [s for t, s in ops + res if t and s is not None]
    ranks = {len(s) for s in shapes}
    static = [{s[i] for s in shapes if s[i] is not None} for i in range(min(ranks))] if shapes else []
    if len(ranks) > 1 or any(len(sizes) > 1 for sizes in static):
        v.append(Violation("E3", "expected tensors of one shape, given " + ", ".join(
            "x".join("?" if d is None else str(d) for d in s) or "scalar tensor" for s in shapes)))
    return v


def verify(operand_types: Sequence[str], result_types: Sequence[str]) -> None:
    violations = check(operand_types, result_types)
    if violations:
        raise SpecViolation(OP, violations)


def dynamic_mismatch_possible(operand_types: Sequence[str], result_types: Sequence[str]) -> bool:
    """(4) A dim is dynamic somewhere: the runtime sizes may differ, which is undefined behaviour."""
    return any(t and (s is None or None in s) for t, s in (_shape(x) for x in list(operand_types) + list(result_types)))
