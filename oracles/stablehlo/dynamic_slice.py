"""Oracles for ``stablehlo.dynamic_slice`` and ``stablehlo.dynamic_update_slice``.

Transcribed from the StableHLO specification (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md,
sections dynamic_slice and dynamic_update_slice). Both ops take one 0-d integer start index per
operand dim and clamp it so that the slice fits: ``adjusted = clamp(0, start, dim - size)`` (the same
rule as gather's ``full_start_index``). Out-of-bounds starts are therefore valid input.

Labels: dynamic_slice C1 (result element type), C2 (one start index and one slice size per operand
dim), C3 (start indices of one type), C4 (0 <= slice size <= dim), C5 (result shape = slice_sizes);
dynamic_update_slice C1 (result type = operand type), C2 (update element type = operand's), C3 (update
rank = operand rank), C4 (one start index per operand dim), C5 (start indices of one type),
C6 (0 <= update dim <= operand dim).
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from conformance.oracles.errors import SpecViolation, Violation

SLICE = "stablehlo.dynamic_slice"
UPDATE = "stablehlo.dynamic_update_slice"


def _index_violations(start_indices: Sequence, rank: int, count_label: str, type_label: str) -> list[Violation]:
    out = []
    bad = [i for i, s in enumerate(start_indices) if np.ndim(s) != 0 or np.asarray(s).dtype.kind not in "iu"]
    if len(start_indices) != rank:
        out.append(Violation(count_label, f"{len(start_indices)} start indices for an operand of rank {rank}"))
    if bad:  # the input table: each start index is a 0-d tensor of integer type
        s = np.asarray(start_indices[bad[0]])
        out.append(Violation(count_label, f"start_indices[{bad[0]}] is {s.dtype.name}{list(s.shape)}, expected a 0-d integer"))
    elif len({np.asarray(s).dtype for s in start_indices}) > 1:
        names = [np.asarray(s).dtype.name for s in start_indices]
        out.append(Violation(type_label, f"start indices of types {names}, expected one type"))
    return out


def check_dynamic_slice(operand, start_indices: Sequence = (), *, slice_sizes: Sequence[int],
                        result_shape=None, result_element_type=None) -> list[Violation]:
    """Every violated constraint of a dynamic_slice; empty when it is valid."""
    rank = np.ndim(operand)
    out = []
    if result_element_type is not None and str(result_element_type) != np.asarray(operand).dtype.name:
        out.append(Violation("C1", f"result element type {result_element_type} != operand's {np.asarray(operand).dtype.name}"))
    if len(slice_sizes) != rank:
        out.append(Violation("C2", f"{len(slice_sizes)} slice sizes for an operand of rank {rank}"))
    out += _index_violations(start_indices, rank, "C2", "C3")
    if len(slice_sizes) == rank:
        shape = np.shape(operand)
        bad = [k for k in range(rank) if not 0 <= slice_sizes[k] <= shape[k]]
        if bad:
            out.append(Violation("C4", f"slice_sizes[{bad[0]}] = {slice_sizes[bad[0]]} outside [0, {shape[bad[0]]}]"))
    if result_shape is not None and list(result_shape) != list(slice_sizes):
        out.append(Violation("C5", f"result shape {list(result_shape)} != slice_sizes {list(slice_sizes)}"))
    return sorted(out, key=lambda v: int(v.label[1:]))


def adjusted_start(start_indices: Sequence, shape: Sequence[int], sizes: Sequence[int]) -> list[int]:
    """``clamp(0, start_indices, shape - sizes)``, each start read as the integer it holds."""
    return [min(max(int(s), 0), d - k) for s, d, k in zip(start_indices, shape, sizes)]


def dynamic_slice(operand, start_indices: Sequence = (), *, slice_sizes: Sequence[int]) -> np.ndarray:
    """``result[i] = operand[adjusted_start + i]`` for every ``i`` in ``slice_sizes``."""
    operand = np.asarray(operand)
    violations = check_dynamic_slice(operand, start_indices, slice_sizes=slice_sizes)
    if violations:
        raise SpecViolation(SLICE, violations)
    start = adjusted_start(start_indices, operand.shape, slice_sizes)
    return operand[tuple(slice(s, s + k) for s, k in zip(start, slice_sizes))].copy()


def check_dynamic_update_slice(operand, update, start_indices: Sequence = (), *, result_shape=None,
                               result_element_type=None) -> list[Violation]:
    """Every violated constraint of a dynamic_update_slice; empty when it is valid."""
    operand, update = np.asarray(operand), np.asarray(update)
    out = []
    if (result_shape is not None and list(result_shape) != list(operand.shape)) or \
            (result_element_type is not None and str(result_element_type) != operand.dtype.name):
        out.append(Violation("C1", f"result type {result_shape}x{result_element_type} != operand type "
                                   f"{list(operand.shape)}x{operand.dtype.name}"))
    if update.dtype != operand.dtype:
        out.append(Violation("C2", f"update element type {update.dtype.name} != operand's {operand.dtype.name}"))
    if update.ndim != operand.ndim:
        out.append(Violation("C3", f"update rank {update.ndim} != operand rank {operand.ndim}"))
    out += _index_violations(start_indices, operand.ndim, "C4", "C5")
    if update.ndim == operand.ndim:
        bad = [k for k in range(operand.ndim) if update.shape[k] > operand.shape[k]]
        if bad:
            out.append(Violation("C6", f"update dim {bad[0]} is {update.shape[bad[0]]} > operand's {operand.shape[bad[0]]}"))
    return sorted(out, key=lambda v: int(v.label[1:]))


def dynamic_update_slice(operand, update, start_indices: Sequence = ()) -> np.ndarray:
    """``operand`` with the window at ``adjusted_start`` (of ``update``'s shape) replaced by ``update``."""
    operand, update = np.asarray(operand), np.asarray(update)
    violations = check_dynamic_update_slice(operand, update, start_indices)
    if violations:
        raise SpecViolation(UPDATE, violations)
    start = adjusted_start(start_indices, operand.shape, update.shape)
    result = operand.copy()
    result[tuple(slice(s, s + k) for s, k in zip(start, update.shape))] = update
    return result
