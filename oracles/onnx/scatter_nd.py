"""Oracle for ONNX ``ScatterND`` (opsets 11, 13, 16, 18), transcribed from each version's schema text
(``onnx.defs.get_schema("ScatterND", N).doc``).

Labels: R1 ranks (r >= 1, q >= 1), R2 k = indices.shape[-1] at most r, R3 updates.shape =
indices.shape[:-1] ++ data.shape[k:], R4 index values in [-s, s-1], R5 no duplicate index tuples
when reduction is none; T1 data/updates types (T, both the same), T2 indices tensor(int64);
A1 a ``reduction`` attribute the opset's schema does not have (11, 13), A2 a reduction value
the opset does not allow. ``reduction=None`` means the attribute is absent ("none").
"""
from __future__ import annotations

import itertools

import numpy as np

from conformance.oracles.errors import SpecViolation, Violation
from conformance.oracles.onnx.types import REDUCTIONS, SCATTER_ND_OPSETS, element_types, schema_opset

OP = "onnx.ScatterND"
# Opset 18's attribute text says "'mul': reduction using the addition operation"; its body says f is
# +, *, max or min. The oracle follows the body (multiplication); see tests/test_onnx_oracles.py.
MUL_READINGS = {"body": "multiply", "attribute-text": "add"}


def _reduce(reduction: str):
    return {"add": np.add, "mul": np.multiply, "max": np.maximum, "min": np.minimum}[reduction]


def tuples(indices: np.ndarray, data_shape) -> np.ndarray:
    """The index tuples (rows), negative values moved to count from the end (int64)."""
    k = indices.shape[-1]
    rows = indices.reshape(-1, k).astype(np.int64)
    for j in range(k):
        rows[:, j] = np.where(rows[:, j] < 0, rows[:, j] + data_shape[j], rows[:, j])
    return rows


def check(data, indices, updates, *, reduction=None, opset=18) -> list[Violation]:
    v: list[Violation] = []
    version = schema_opset(SCATTER_ND_OPSETS, opset)
    if version is None:
        return [Violation("A1", f"expected an opset >= 11 for ScatterND, given {opset}")]
    d, idx, u = np.asarray(data), np.asarray(indices), np.asarray(updates)
    red = "none" if reduction is None else reduction
    if reduction is not None and not REDUCTIONS[version]:
        v.append(Violation("A1", f"expected no reduction attribute at opset {opset} (ScatterND-{version}), "
                                 f"given {reduction!r}"))
    elif reduction is not None and reduction not in REDUCTIONS[version]:
        v.append(Violation("A2", f"expected reduction in {list(REDUCTIONS[version])} at opset {opset}, given {reduction!r}"))
    if d.dtype.name not in element_types(version) or u.dtype != d.dtype:
        v.append(Violation("T1", f"expected data and updates of one type in ScatterND-{version}'s T, "
                                 f"given {d.dtype.name} and {u.dtype.name}"))
    if idx.dtype != np.int64:
        v.append(Violation("T2", f"expected indices of tensor(int64), given {idx.dtype.name}"))
    r, q = d.ndim, idx.ndim
    if r < 1 or q < 1:
        v.append(Violation("R1", f"expected r >= 1 and q >= 1, given r={r}, q={q}"))
        return v
    k = idx.shape[-1]
    if k > r:
        v.append(Violation("R2", f"expected indices.shape[-1] <= rank(data) = {r}, given {k}"))
        return v
    want = tuple(idx.shape[:-1]) + tuple(d.shape[k:])
    if u.shape != want:
        v.append(Violation("R3", f"expected updates.shape = {list(want)}, given {list(u.shape)}"))
    if idx.dtype.kind in "iu" and idx.size and k:
        rows = idx.reshape(-1, k)
        for j in range(k):
            s = d.shape[j]
            col = rows[:, j].astype(np.int64) if idx.dtype != np.uint64 else rows[:, j]
            if (col < -s).any() or (col > s - 1).any():
                v.append(Violation("R4", f"expected indices[..., {j}] in [{-s}, {s - 1}], given values out of range"))
                return v
        if red == "none" and len(np.unique(tuples(idx, d.shape), axis=0)) < len(rows):
            v.append(Violation("R5", "expected no duplicate index tuples with reduction none, given duplicates"))
    return v


def scatter_nd(data, indices, updates, *, reduction=None, opset=18) -> np.ndarray:
    """ScatterND as the schema text defines it at ``opset``. Raises SpecViolation on invalid input."""
    violations = check(data, indices, updates, reduction=reduction, opset=opset)
    if violations:
        raise SpecViolation(OP, violations)
    return evaluate(np.asarray(data), np.asarray(indices), np.asarray(updates), reduction or "none")


def evaluate(data: np.ndarray, indices: np.ndarray, updates: np.ndarray, reduction: str) -> np.ndarray:
    """The schema's loop: output[indices[idx]] = f(output[indices[idx]], updates[idx]), in row-major order."""
    output = np.copy(data)
    with np.errstate(all="ignore"):
        for idx in itertools.product(*(range(n) for n in indices.shape[:-1])):
            tup = tuple(int(i) + data.shape[j] if int(i) < 0 else int(i) for j, i in enumerate(indices[idx]))
            if reduction == "none":
                output[tup] = updates[idx]
            elif reduction == "add" and data.dtype == np.bool_:
                output[tup] = output[tup] | updates[idx]
            else:
                output[tup] = _reduce(reduction)(output[tup], updates[idx])
    return output
