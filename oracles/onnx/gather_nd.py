"""Oracle for ONNX ``GatherND`` (opsets 11, 12, 13), transcribed from the ONNX GatherND operator page (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#GatherND).

Labels name the rule broken: R1..R5 are the document's numbered "salient points" (R2, R3 exist
from opset 12), T1/T2 the type constraints (data T, indices tensor(int64)), A1 an attribute the
opset's schema does not have (``batch_dims`` at 11), A2 a ``batch_dims`` that is not a count.
``batch_dims=None`` means the attribute is absent (the default, 0).
"""
from __future__ import annotations

import itertools

import numpy as np

from conformance.oracles.errors import SpecViolation, Violation
from conformance.oracles.onnx.types import GATHER_ND_OPSETS, element_types, schema_opset

OP = "onnx.GatherND"
# The document disagrees with itself: the Summary (and Example 5) give the output rank
# q + r - indices_shape[-1] - 1 - b, the Outputs section of versions 12 and 13 says
# q + r - indices_shape[-1] - 1. The oracle follows the Summary; tests/test_onnx_oracles.py shows
# both readings on Example 5.
OUTPUT_RANK_READINGS = {
    "summary": lambda q, r, k, b: q + r - k - 1 - b,
    "outputs-section": lambda q, r, k, b: q + r - k - 1,
}


def check(data, indices, *, batch_dims=None, opset=13) -> list[Violation]:
    """Every rule the case breaks at ``opset``; empty when valid."""
    v: list[Violation] = []
    version = schema_opset(GATHER_ND_OPSETS, opset)
    if version is None:
        return [Violation("A1", f"expected an opset >= 11 for GatherND, given {opset}")]
    d, idx = np.asarray(data), np.asarray(indices)
    r, q = d.ndim, idx.ndim
    if batch_dims is not None and version < 12:
        v.append(Violation("A1", f"expected no batch_dims attribute at opset {opset} (GatherND-11), given {batch_dims}"))
    b = 0 if batch_dims is None else batch_dims
    if not isinstance(b, (int, np.integer)) or isinstance(b, bool) or b < 0:
        v.append(Violation("A2", f"expected batch_dims a count >= 0, given {batch_dims!r}"))
        b = 0
    if d.dtype.name not in element_types(version):
        v.append(Violation("T1", f"expected data of a type in GatherND-{version}'s T, given {d.dtype.name}"))
    if idx.dtype != np.int64:
        v.append(Violation("T2", f"expected indices of tensor(int64), given {idx.dtype.name}"))
    # (1) r >= 1 and q >= 1
    if r < 1 or q < 1:
        v.append(Violation("R1", f"expected r >= 1 and q >= 1, given r={r}, q={q}"))
        return v
    b = int(b)
    # (3) b < min(q, r)
    if b >= min(q, r):
        v.append(Violation("R3", f"expected batch_dims < min(q, r) = {min(q, r)}, given {b}"))
        return v
    # (2) the first b dims of indices and data are equal
    if d.shape[:b] != idx.shape[:b]:
        v.append(Violation("R2", f"expected equal leading {b} dims, given data {list(d.shape[:b])}, "
                                 f"indices {list(idx.shape[:b])}"))
    k = idx.shape[-1]
    # (4) 1 <= indices_shape[-1] <= r - b
    if not 1 <= k <= r - b:
        v.append(Violation("R4", f"expected 1 <= indices_shape[-1] <= r - b = {r - b}, given {k}"))
        return v
    # (5) -s <= index <= s - 1 along each indexed axis
    if idx.dtype.kind in "iu" and idx.size and not v:
        for j in range(k):
            s = d.shape[b + j]
            col = idx[..., j].astype(np.int64) if idx.dtype != np.uint64 else idx[..., j]
            if (col < -s).any() or (col > s - 1).any():
                v.append(Violation("R5", f"expected indices[..., {j}] in [{-s}, {s - 1}], given values out of range"))
                break
    return v


def output_shape(data_shape, indices_shape, b: int) -> tuple[int, ...]:
    """indices_shape[:-1] followed by data_shape[b + k:] (rank q + r - k - 1 - b)."""
    k = indices_shape[-1]
    return tuple(indices_shape[:-1]) + tuple(data_shape[b + k:])


def gather_nd(data, indices, *, batch_dims=None, opset=13) -> np.ndarray:
    """GatherND as the ONNX document defines it at ``opset``. Raises SpecViolation on invalid input."""
    violations = check(data, indices, batch_dims=batch_dims, opset=opset)
    if violations:
        raise SpecViolation(OP, violations)
    return evaluate(np.asarray(data), np.asarray(indices), 0 if batch_dims is None else int(batch_dims))


def evaluate(data: np.ndarray, indices: np.ndarray, b: int) -> np.ndarray:
    """Each index tuple picks data[batch..., tuple] (negative values count from the end)."""
    out = np.zeros(output_shape(data.shape, indices.shape, b), data.dtype)
    for pos in itertools.product(*(range(n) for n in indices.shape[:-1])):
        tup = [int(i) for i in indices[pos]]
        tup = [i + data.shape[b + j] if i < 0 else i for j, i in enumerate(tup)]
        out[pos] = data[tuple(pos[:b]) + tuple(tup)]
    return out
