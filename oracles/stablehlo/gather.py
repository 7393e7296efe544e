"""Oracle for ``stablehlo.gather`` with batching dims.

Transcribed from the StableHLO batching-dims RFC (https://github.com/openxla/stablehlo/blob/main/rfcs/20240311-gather-scatter-batching-dims.md, approved version of 2024-03-11) (gather).
``check`` lists violated constraints (C1..C23 and the input type rows I1..I10);
``evaluate_literal`` walks the result index by index following the semantics bullets;
``evaluate_fast`` is the vectorised equivalent. ``gather`` is the public entry point.
"""
from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any, Sequence

import numpy as np

from conformance.oracles.errors import SpecViolation, Violation
from conformance.oracles.stablehlo.dims import (
    batch_shape,
    combine,
    in_range,
    index_vector_size,
    int_tuple,
    is_int,
    is_integer_dtype,
    is_sorted,
    index_vectors,
    is_unique,
)
from conformance.oracles.stablehlo.policy import FILL, SPEC, Variant, array_start, scalar_start, GATHER_VARIANTS

OP = "stablehlo.gather"
SEQUENCE_ATTRS = {
    "offset_dims": "I3",
    "collapsed_slice_dims": "I4",
    "operand_batching_dims": "I5",
    "start_indices_batching_dims": "I6",
    "start_index_map": "I7",
    "slice_sizes": "I9",
}
ATTRS = tuple(SEQUENCE_ATTRS) + ("index_vector_dim", "indices_are_sorted")


class SpecGap(ValueError):
    """The spec's formula is defined but reads outside ``operand`` (a hole in the spec)."""


def _shape_dtype(x: Any) -> tuple[tuple[int, ...], np.dtype]:
    dtype = np.dtype(x.dtype) if hasattr(x, "dtype") else np.asarray(x).dtype
    return tuple(int(s) for s in (x.shape if hasattr(x, "shape") else np.shape(x))), dtype


def _attr_violations(attrs: dict[str, Any]) -> list[Violation]:
    out = []
    for name, label in SEQUENCE_ATTRS.items():
        if int_tuple(attrs[name]) is None:
            out.append(Violation(label, f"{name} must be a 1-D sequence of integers, got {attrs[name]!r}"))
    if not is_int(attrs["index_vector_dim"]):
        out.append(Violation("I8", f"index_vector_dim must be an integer, got {attrs['index_vector_dim']!r}"))
    if not isinstance(attrs.get("indices_are_sorted", False), (bool, np.bool_)):
        out.append(Violation("I10", f"indices_are_sorted must be a bool, got {attrs['indices_are_sorted']!r}"))
    return out


def check(
    operand,
    start_indices,
    *,
    offset_dims,
    collapsed_slice_dims,
    operand_batching_dims=(),
    start_indices_batching_dims=(),
    start_index_map,
    index_vector_dim,
    slice_sizes,
    indices_are_sorted=False,
    result_shape=None,
    result_element_type=None,
) -> list[Violation]:
    """Every violated constraint, in label order; empty when the case is valid.

    ``operand`` and ``start_indices`` may be arrays or anything with ``shape`` and ``dtype``.
    ``result_shape`` / ``result_element_type`` are the declared result type, when there is one
    (StableHLO text always declares it); without them C22/C23 hold by construction.
    A constraint whose inputs are themselves broken is not evaluated, so a case that breaks
    one constraint reports exactly that label.
    """
    attrs = dict(
        offset_dims=offset_dims, collapsed_slice_dims=collapsed_slice_dims,
        operand_batching_dims=operand_batching_dims, start_indices_batching_dims=start_indices_batching_dims,
        start_index_map=start_index_map, index_vector_dim=index_vector_dim, slice_sizes=slice_sizes,
        indices_are_sorted=indices_are_sorted,
    )
    bad_attrs = _attr_violations(attrs)
    if bad_attrs:
        return bad_attrs
    od, csd, obd, sibd, sim, ss = (int_tuple(attrs[n]) for n in SEQUENCE_ATTRS)
    ivd = int(index_vector_dim)
    op_shape, _op_dtype = _shape_dtype(operand)
    si_shape, si_dtype = _shape_dtype(start_indices)
    r_op, r_si = len(op_shape), len(si_shape)
    v: list[Violation] = []

    def fail(label: str, expected: str, given: str) -> None:
        v.append(Violation(label, f"expected {expected}, given {given}"))

    if not is_integer_dtype(si_dtype):
        fail("I2", "start_indices of an integer element type", str(si_dtype))
    # (C1) rank(operand) = size(offset_dims) + size(collapsed_slice_dims) + size(operand_batching_dims)
    if r_op != len(od) + len(csd) + len(obd):
        fail("C1", f"rank(operand) = {len(od)}+{len(csd)}+{len(obd)} (offset+collapsed+batching dims)",
             f"rank(operand) = {r_op}")
    # (C2) 0 <= index_vector_dim <= rank(start_indices)
    c2 = 0 <= ivd <= r_si
    if not c2:
        fail("C2", f"0 <= index_vector_dim <= {r_si}", f"index_vector_dim = {ivd}")
    # (C3) size(start_index_map) = dim(start_indices, index_vector_dim) or 1 when index_vector_dim == rank
    if c2 and len(sim) != index_vector_size(si_shape, ivd):
        fail("C3", f"size(start_index_map) = {index_vector_size(si_shape, ivd)}",
             f"start_index_map = {list(sim)}")
    # (C4) is_unique(offset_dims) and is_sorted(offset_dims)
    if not (is_unique(od) and is_sorted(od)):
        fail("C4", "offset_dims sorted and unique", f"offset_dims = {list(od)}")
    # (C5) 0 <= offset_dims < rank(result)
    if c2:
        r_result = len(batch_shape(si_shape, ivd)) + len(od)
        if not in_range(od, r_result):
            fail("C5", f"0 <= offset_dims < rank(result) = {r_result}", f"offset_dims = {list(od)}")
    # (C6) is_unique(concatenate(collapsed_slice_dims, operand_batching_dims))
    if not is_unique(csd + obd):
        fail("C6", "collapsed_slice_dims and operand_batching_dims unique together",
             f"{list(csd)} + {list(obd)}")
    # (C7) is_sorted(collapsed_slice_dims)
    if not is_sorted(csd):
        fail("C7", "collapsed_slice_dims sorted", f"{list(csd)}")
    # (C8) 0 <= collapsed_slice_dims < rank(operand)
    if not in_range(csd, r_op):
        fail("C8", f"0 <= collapsed_slice_dims < {r_op}", f"{list(csd)}")
    c20 = len(ss) == r_op
    # (C9) slice_sizes[collapsed_slice_dims...] <= 1
    if c20 and any(ss[d] > 1 for d in csd if 0 <= d < r_op):
        fail("C9", "slice_sizes[collapsed_slice_dims...] <= 1", f"slice_sizes = {list(ss)}, collapsed = {list(csd)}")
    # (C10) is_sorted(operand_batching_dims)
    if not is_sorted(obd):
        fail("C10", "operand_batching_dims sorted", f"{list(obd)}")
    # (C11) 0 <= operand_batching_dims < rank(operand)
    if not in_range(obd, r_op):
        fail("C11", f"0 <= operand_batching_dims < {r_op}", f"{list(obd)}")
    # (C12) slice_sizes[operand_batching_dims...] <= 1
    if c20 and any(ss[d] > 1 for d in obd if 0 <= d < r_op):
        fail("C12", "slice_sizes[operand_batching_dims...] <= 1", f"slice_sizes = {list(ss)}, batching = {list(obd)}")
    # (C13) is_unique(start_indices_batching_dims)
    if not is_unique(sibd):
        fail("C13", "start_indices_batching_dims unique", f"{list(sibd)}")
    # (C14) 0 <= start_indices_batching_dims < rank(start_indices)
    if not in_range(sibd, r_si):
        fail("C14", f"0 <= start_indices_batching_dims < {r_si}", f"{list(sibd)}")
    # (C15) index_vector_dim not in start_indices_batching_dims
    if ivd in sibd:
        fail("C15", "index_vector_dim not in start_indices_batching_dims", f"{ivd} in {list(sibd)}")
    # (C16) size(operand_batching_dims) == size(start_indices_batching_dims)
    c16 = len(obd) == len(sibd)
    if not c16:
        fail("C16", f"size(start_indices_batching_dims) = size(operand_batching_dims) = {len(obd)}",
             f"{len(sibd)}")
    # (C17) dim(operand, operand_batching_dims...) = dim(start_indices, start_indices_batching_dims...)
    if c16:
        pairs = [(a, b) for a, b in zip(obd, sibd) if 0 <= a < r_op and 0 <= b < r_si]
        if any(op_shape[a] != si_shape[b] for a, b in pairs):
            fail("C17", "equal batching dim sizes: " + ", ".join(f"operand[{a}]={op_shape[a]}" for a, _ in pairs),
                 ", ".join(f"start_indices[{b}]={si_shape[b]}" for _, b in pairs))
    # (C18) is_unique(concatenate(start_index_map, operand_batching_dims))
    if not is_unique(sim + obd):
        fail("C18", "start_index_map and operand_batching_dims unique together", f"{list(sim)} + {list(obd)}")
    # (C19) 0 <= start_index_map < rank(operand)
    if not in_range(sim, r_op):
        fail("C19", f"0 <= start_index_map < {r_op}", f"{list(sim)}")
    # (C20) size(slice_sizes) = rank(operand)
    if not c20:
        fail("C20", f"size(slice_sizes) = rank(operand) = {r_op}", f"slice_sizes = {list(ss)}")
    # (C21) 0 <= slice_sizes <= shape(operand)
    if c20 and not all(0 <= s <= d for s, d in zip(ss, op_shape)):
        fail("C21", f"0 <= slice_sizes <= {list(op_shape)}", f"slice_sizes = {list(ss)}")
    # (C22) shape(result) = combine(batch_dim_sizes, offset_dim_sizes)
    if result_shape is not None and not v:
        expected = _result_shape(op_shape, si_shape, od, csd, obd, ivd, ss)
        if tuple(result_shape) != expected:
            fail("C22", f"result shape {list(expected)}", f"{list(result_shape)}")
    # (C23) element_type(operand) = element_type(result)
    if result_element_type is not None and np.dtype(result_element_type) != _op_dtype:
        fail("C23", f"result element type {_op_dtype}", str(np.dtype(result_element_type)))
    return sorted(v, key=lambda x: (x.label[0] != "I", int(x.label[1:])))


def _result_shape(op_shape, si_shape, od, csd, obd, ivd, ss) -> tuple[int, ...]:
    batch_dim_sizes = batch_shape(si_shape, ivd)
    offset_dim_sizes = [s for d, s in enumerate(ss) if d not in csd and d not in obd]
    return combine(len(batch_dim_sizes) + len(od), od, offset_dim_sizes, batch_dim_sizes)


def result_shape(operand, start_indices, *, offset_dims, collapsed_slice_dims, operand_batching_dims=(),
                 index_vector_dim, slice_sizes, **_) -> tuple[int, ...]:
    """(C22) for a valid case: the result's shape."""
    return _result_shape(np.shape(operand), np.shape(start_indices), tuple(offset_dims),
                         tuple(collapsed_slice_dims), tuple(operand_batching_dims), index_vector_dim,
                         tuple(slice_sizes))


def validate(operand, start_indices, **attrs) -> None:
    """Raise SpecViolation listing every broken constraint."""
    violations = check(operand, start_indices, **attrs)
    if violations:
        raise SpecViolation(OP, violations)


def evaluate_literal(operand, start_indices, *, offset_dims, collapsed_slice_dims, operand_batching_dims=(),
                     start_indices_batching_dims=(), start_index_map, index_vector_dim, slice_sizes,
                     indices_are_sorted=False, variant: Variant = SPEC, fill_value=0):
    """The semantics bullets, one result element at a time (slow, obviously right).

    Returns (result, filled) where ``filled`` marks elements the ``fill`` variants filled.
    """
    operand, start_indices = np.asarray(operand), np.asarray(start_indices)
    shape = result_shape(operand, start_indices, offset_dims=offset_dims, collapsed_slice_dims=collapsed_slice_dims,
                         operand_batching_dims=operand_batching_dims, index_vector_dim=index_vector_dim,
                         slice_sizes=slice_sizes)
    result = np.zeros(shape, operand.dtype)
    filled = np.zeros(shape, bool)
    r_si = start_indices.ndim
    # batch_dims = [d for d in axes(result) and d not in offset_dims]
    batch_dims = [d for d in range(len(shape)) if d not in offset_dims]
    for result_index in itertools.product(*(range(n) for n in shape)):
        # batch_index = result_index[batch_dims...]
        batch_index = [result_index[d] for d in batch_dims]
        # start_index: start_indices[bi0, ..., :, ..., biN] (":" at index_vector_dim) if
        # index_vector_dim < rank(start_indices), else [start_indices[batch_index]]
        if index_vector_dim < r_si:
            start_index = [
                start_indices[tuple(batch_index[:index_vector_dim] + [k] + batch_index[index_vector_dim:])]
                for k in range(start_indices.shape[index_vector_dim])
            ]
        else:
            start_index = [start_indices[tuple(batch_index)]]
        # full_start_index[d_operand] = clamp(start_index[d_start], 0, dim(operand, d_operand) -
        # slice_sizes[d_operand]) if d_operand = start_index_map[d_start], else 0
        full_start_index = [0] * operand.ndim
        fill = False
        for d_start, d_operand in enumerate(start_index_map):
            s = scalar_start(start_index[d_start], operand.shape[d_operand], slice_sizes[d_operand], variant)
            fill = fill or s is FILL
            full_start_index[d_operand] = 0 if s is FILL else s
        # full_batching_index[d_operand] = batch_index[d_start - (d_start < index_vector_dim ? 0 : 1)]
        # if d_operand = operand_batching_dims[i] and d_start = start_indices_batching_dims[i], else 0
        full_batching_index = [0] * operand.ndim
        for d_operand, d_start in zip(operand_batching_dims, start_indices_batching_dims):
            full_batching_index[d_operand] = batch_index[d_start - (0 if d_start < index_vector_dim else 1)]
        # offset_index = result_index[offset_dims...]; full_offset_index puts 0 at collapsed and batching dims
        offset_index = iter(result_index[d] for d in offset_dims)
        full_offset_index = [
            0 if (d in collapsed_slice_dims or d in operand_batching_dims) else next(offset_index)
            for d in range(operand.ndim)
        ]
        # operand_index = full_start_index + full_batching_index + full_offset_index
        operand_index = tuple(a + b + c for a, b, c in zip(full_start_index, full_batching_index, full_offset_index))
        if fill:
            result[result_index], filled[result_index] = fill_value, True
            continue
        if not all(0 <= i < n for i, n in zip(operand_index, operand.shape)):
            raise SpecGap(f"operand_index {list(operand_index)} lies outside operand shape {list(operand.shape)} "
                          "(a collapsed dim with slice size 0)")
        result[result_index] = operand[operand_index]
    return result, filled


def evaluate_fast(operand, start_indices, *, offset_dims, collapsed_slice_dims, operand_batching_dims=(),
                  start_indices_batching_dims=(), start_index_map, index_vector_dim, slice_sizes,
                  indices_are_sorted=False, variant: Variant = SPEC, fill_value=0):
    """Vectorised evaluation; same contract as ``evaluate_literal``."""
    operand, start_indices = np.asarray(operand), np.asarray(start_indices)
    r_op = operand.ndim
    if index_vector_dim < start_indices.ndim:
        starts = np.moveaxis(start_indices, index_vector_dim, -1)
    else:
        starts = start_indices[..., None]
    bshape = starts.shape[:-1]
    nb = len(bshape)
    offset_operand_dims = [d for d in range(r_op) if d not in collapsed_slice_dims and d not in operand_batching_dims]
    oshape = tuple(slice_sizes[d] for d in offset_operand_dims)
    no = len(oshape)
    if variant.out_of_bounds == "error" and 0 in bshape + oshape:
        variant = replace(variant, out_of_bounds="clamp")  # an empty result reads no window, so nothing errs
    base = [np.zeros(bshape, np.int64) for _ in range(r_op)]
    filled = np.zeros(bshape, bool)
    for d_start, d_operand in enumerate(start_index_map):
        s, bad = array_start(starts[..., d_start], operand.shape[d_operand], slice_sizes[d_operand], variant)
        base[d_operand] = base[d_operand] + s
        filled |= bad
    for d_operand, d_start in zip(operand_batching_dims, start_indices_batching_dims):
        axis = d_start - (0 if d_start < index_vector_dim else 1)
        grid = np.arange(bshape[axis]).reshape([-1 if a == axis else 1 for a in range(nb)])
        base[d_operand] = base[d_operand] + grid
    index = []
    for d in range(r_op):
        idx = base[d].reshape(bshape + (1,) * no)
        if d in offset_operand_dims:
            k = offset_operand_dims.index(d)
            idx = idx + np.arange(slice_sizes[d]).reshape([-1 if a == nb + k else 1 for a in range(nb + no)])
        index.append(np.broadcast_to(idx, bshape + oshape))
    full = bshape + oshape
    if r_op == 0:
        gathered = np.broadcast_to(operand, full).copy()
    else:
        if all(n > 0 for n in full):
            for d, idx in enumerate(index):
                if idx.min() < 0 or idx.max() >= operand.shape[d]:
                    raise SpecGap(f"operand index along dim {d} outside [0, {operand.shape[d]}) "
                                  "(a collapsed dim with slice size 0)")
        gathered = operand[tuple(index)] if operand.size else np.zeros(full, operand.dtype)
    mask = np.broadcast_to(filled.reshape(bshape + (1,) * no), full)
    gathered = np.where(mask, np.asarray(fill_value).astype(operand.dtype), gathered) if mask.any() else gathered
    perm, batch_axes, offset_axes = [], iter(range(nb)), iter(range(nb, nb + no))
    for axis in range(nb + no):
        perm.append(next(offset_axes) if axis in offset_dims else next(batch_axes))
    return np.transpose(gathered, perm).copy(), np.transpose(mask, perm).copy()


def gather(operand, start_indices, *, offset_dims, collapsed_slice_dims, operand_batching_dims=(),
           start_indices_batching_dims=(), start_index_map, index_vector_dim, slice_sizes,
           indices_are_sorted=False) -> np.ndarray:
    """``stablehlo.gather`` as the spec defines it. Raises SpecViolation on invalid input."""
    attrs = dict(offset_dims=offset_dims, collapsed_slice_dims=collapsed_slice_dims,
                 operand_batching_dims=operand_batching_dims,
                 start_indices_batching_dims=start_indices_batching_dims, start_index_map=start_index_map,
                 index_vector_dim=index_vector_dim, slice_sizes=slice_sizes, indices_are_sorted=indices_are_sorted)
    validate(operand, start_indices, **attrs)
    return evaluate_fast(operand, start_indices, **normalize(attrs))[0]


def gather_variant(operand, start_indices, *, variant: str, fill_value=0, **attrs) -> tuple[np.ndarray, np.ndarray]:
    """Evaluate a valid case under a named semantics variant: (result, filled-mask)."""
    validate(operand, start_indices, **attrs)
    return evaluate_fast(operand, start_indices, variant=GATHER_VARIANTS[variant], fill_value=fill_value,
                         **normalize(attrs))


def normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """Attributes as plain Python ints/tuples (after validation)."""
    out = dict(attrs)
    for name in SEQUENCE_ATTRS:
        if name in out:
            out[name] = int_tuple(out[name])
    out["index_vector_dim"] = int(out["index_vector_dim"])
    out["indices_are_sorted"] = bool(out.get("indices_are_sorted", False))
    return out


def needs_clamp(start_indices, *, start_index_map, index_vector_dim, slice_sizes, operand_shape: Sequence[int]) -> bool:
    """True when some start index lies outside ``[0, dim - slice_size]`` (the spec clamps it)."""
    si = np.asarray(start_indices)
    starts = index_vectors(si, index_vector_dim)
    for d_start, d_operand in enumerate(start_index_map):
        _, bad = array_start(starts[..., d_start], operand_shape[d_operand], slice_sizes[d_operand],
                             GATHER_VARIANTS["fill"])
        if bad.any():
            return True
    return False
