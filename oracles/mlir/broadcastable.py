"""Oracle for MLIR's ``Broadcastable`` trait, transcribed from MLIR's Broadcastable trait page (https://mlir.llvm.org/docs/Traits/Broadcastable/).

``infer_dim``, ``infer_shape`` (rank expansion on the left), ``infer_result_shape`` (unranked
operands discarded; None when nothing is ranked) and ``verify`` follow the document's
pseudo-functions. Failures raise ``SpecViolation`` with a label naming the rule: ``InferDim``
(two static sizes > 1 that differ), ``Verify.rank`` (inferred and actual ranks differ),
``Verify.dim`` (an inferred and an actual dimension are incompatible).

The document states the verification of one dimension twice and the two disagree: its table
says an inferred ``?`` against a static actual size is OK, its formal ``Verify`` errors whenever
a static actual size differs from the inferred dimension (``?`` included), and its third
"incorrect use" example (``(?, ?) -> 4``) sides with the formal rule. ``verify`` takes
``reading="formal"`` or ``"table"``; ``readings_disagree`` says when the choice matters, and the
suite then reports a ``spec-inconsistency`` instead of picking one. The dimension categories are
``?``, ``1`` and ``>1``; a static 0 falls in none of them. The oracle files it with ``>1`` (static,
not 1), as the pseudo-function's ``ERROR_IF(dim0 != dim1)`` branch would; see ``SPEC_GAPS``.
"""
from __future__ import annotations

from typing import Sequence

from conformance.oracles.errors import SpecViolation, Violation
from conformance.oracles.mlir.shapes import Dim, Shape

OP = "mlir.broadcastable"
READINGS = ("formal", "table")
SPEC_GAPS = {"zero-size": "a static 0 is neither '1' nor '>1' in the InferDim table; treated as '>1'"}


def _category(d: Dim) -> str:
    return "?" if d is None else "1" if d == 1 else ">1"


def infer_dim(dim0: Dim, dim1: Dim) -> Dim:
    """InferDim: the result dimension for two operand dimensions (None is ``?``)."""
    c0, c1 = _category(dim0), _category(dim1)
    if (c0, c1) in (("?", "?"), ("?", "1"), ("1", "1"), (">1", "?"), (">1", "1")):
        return dim0
    if (c0, c1) in (("?", ">1"), ("1", "?"), ("1", ">1")):
        return dim1
    # (>1, >1)
    if dim0 != dim1:
        raise SpecViolation(OP, [Violation("InferDim", f"expected equal static sizes, given {dim0} and {dim1}")])
    return dim0


def expand_rank(shape: Sequence[Dim], rank: int) -> tuple[Dim, ...]:
    """ExpandRank: prepend 1s until ``rank``."""
    return (1,) * (rank - len(shape)) + tuple(shape)


def infer_shape(shape0: Sequence[Dim], shape1: Sequence[Dim]) -> tuple[Dim, ...]:
    rank = max(len(shape0), len(shape1))
    return tuple(infer_dim(a, b) for a, b in zip(expand_rank(shape0, rank), expand_rank(shape1, rank)))


def infer_result_shape(operand_shapes: Sequence[Shape]) -> Shape:
    ranked = [s for s in operand_shapes if s is not None]
    if not ranked:
        return None
    inferred = tuple(ranked[0])
    for shape in ranked[1:]:
        inferred = infer_shape(inferred, shape)
    return inferred


def _dim_ok(inferred: Dim, actual: Dim, reading: str) -> bool:
    if actual is None:
        return True
    if inferred is None:
        return reading == "table"  # the table: "? vs static: OK"; the formal Verify: inferred != actual
    return inferred == actual


def verify(operand_shapes: Sequence[Shape], result_shape: Shape, *, reading: str = "formal") -> None:
    """Verify: raises SpecViolation when the op is not a legal broadcastable op."""
    if reading not in READINGS:
        raise ValueError(f"verify: reading: expected one of {', '.join(READINGS)}, got {reading!r}")
    if not operand_shapes:
        raise SpecViolation(OP, [Violation("Operands", "expected at least one input operand, given none")])
    inferred = infer_result_shape(operand_shapes)
    if result_shape is None or inferred is None:
        return
    if len(inferred) != len(result_shape):
        raise SpecViolation(OP, [Violation("Verify.rank", f"expected result rank {len(inferred)}, given "
                                                          f"{len(result_shape)}")])
    for i, (a, b) in enumerate(zip(inferred, result_shape)):
        if not _dim_ok(a, b, reading):
            raise SpecViolation(OP, [Violation("Verify.dim", f"expected result dim {i} compatible with inferred "
                                                             f"{'?' if a is None else a}, given {b}")])


def verdicts(operand_shapes: Sequence[Shape], result_shape: Shape) -> dict[str, str | None]:
    """Per reading: None when the op verifies, else the violated label."""
    out = {}
    for reading in READINGS:
        try:
            verify(operand_shapes, result_shape, reading=reading)
            out[reading] = None
        except SpecViolation as e:
            out[reading] = e.labels[0]
    return out


def readings_disagree(operand_shapes: Sequence[Shape], result_shape: Shape) -> bool:
    v = verdicts(operand_shapes, result_shape)
    return (v["formal"] is None) != (v["table"] is None)
