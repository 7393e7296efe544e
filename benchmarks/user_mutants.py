"""Single-bug backends written as a user would write them (issue 43): a plain numpy module against the
documented target API (``from conformance.registry import target``), ordinary regions, no ``LAYOUTS``,
isolated as every user target is by default. Each target is the spec's oracle with one realistic bug of
one general class, two or more per class:

- a negative start counted from the end (Python indexing) before the spec's clamp;
- a clamp to another bound than the spec's (``dim - 1`` instead of ``dim - size``);
- a window rule that differs only for a slice 2 or more wide, or as wide as its dim;
- state kept between calls of one signature that shows only on some calls of a sequence;
- a conversion that ignores a view's strides or offset.

``python -m benchmarks.mutation_score --module benchmarks.user_mutants`` runs them; none was tuned on the
edge phase: each is written from its bug alone.
"""
from __future__ import annotations

import numpy as np

from conformance.registry import target
from conformance.oracles.stablehlo.dynamic_slice import dynamic_slice, dynamic_update_slice
from conformance.oracles.stablehlo.elementwise import evaluate as elementwise
from conformance.oracles.stablehlo.gather import gather
from conformance.oracles.stablehlo.scatter import scatter

TAKE = {"style": "take"}  # the region a numpy.take-like gather declares
GENERAL: dict = {}  # a general gather / scatter
SLICES: dict = {}
VALUES = {"dtypes": ("float32", "int32")}


def _padded(operand: np.ndarray, axes, widths) -> np.ndarray:
    """``operand`` with ``widths[i] - 1`` copies of its last element appended along ``axes[i]``."""
    pad = [(0, 0)] * operand.ndim
    for axis, k in zip(axes, widths):
        if operand.shape[axis]:
            pad[axis] = (0, max(k - 1, 0))
    return np.pad(operand, pad, mode="edge") if pad else operand.copy()  # (np.pad refuses a rank-0 array)


# ---- a negative start counted from the end before the spec's clamp ----------------------------------

@target("stablehlo.gather", "user:take-negative-from-end", region=TAKE)
def take_from_end(operand, start_indices, *, start_index_map, result_type=None, **attrs):
    (axis,) = start_index_map
    idx = start_indices
    if idx.dtype.kind == "i":  # Python indexing: -1 is the last element
        wide = idx.astype(np.int64)
        idx = np.where(wide < 0, wide + operand.shape[axis], wide).astype(idx.dtype)
    return gather(operand, idx, start_index_map=start_index_map, **attrs)


@target("stablehlo.dynamic_slice", "user:dynamic-slice-negative-from-end", region=SLICES)
def slice_from_end(operand, start_indices=(), *, slice_sizes, **_):
    starts = [int(s) + d if int(s) < 0 else int(s) for s, d in zip(start_indices, operand.shape)]
    # (each start in its own dtype: a uint64 start past 2**63 fits no int64, and this is a one-bug backend)
    return dynamic_slice(operand, [np.array(s, np.asarray(t).dtype) for s, t in zip(starts, start_indices)],
                         slice_sizes=slice_sizes)


# ---- a clamp to another bound: dim - 1 (the window past the end repeats the last element) ------------

@target("stablehlo.gather", "user:gather-clamp-to-last", region=GENERAL)
def gather_clamp_to_last(operand, start_indices, *, start_index_map, slice_sizes, result_type=None, **attrs):
    padded = _padded(operand, start_index_map, [slice_sizes[d] for d in start_index_map])
    return gather(padded, start_indices, start_index_map=start_index_map, slice_sizes=slice_sizes, **attrs)


@target("stablehlo.dynamic_slice", "user:dynamic-slice-clamp-to-last", region=SLICES)
def slice_clamp_to_last(operand, start_indices=(), *, slice_sizes, **_):
    padded = _padded(operand, range(operand.ndim), slice_sizes)
    return dynamic_slice(padded, list(start_indices), slice_sizes=slice_sizes)


# ---- a window rule that differs only for wide slices --------------------------------------------------

@target("stablehlo.dynamic_slice", "user:dynamic-slice-full-width-wraps", region=SLICES)
def slice_full_width_wraps(operand, start_indices=(), *, slice_sizes, **_):
    """A full-width window is read from its start onwards, wrapping round the dim."""
    out = dynamic_slice(operand, list(start_indices), slice_sizes=slice_sizes)
    for axis, (s, d, k) in enumerate(zip(start_indices, operand.shape, slice_sizes)):
        if k == d and d:
            out = np.roll(out, -(int(s) % d), axis=axis)
    return out


@target("stablehlo.dynamic_update_slice", "user:update-slice-wide-clamp-to-last", region=SLICES)
def update_wide_clamp_to_last(operand, update, start_indices=(), **_):
    """A start past the high bound is clamped to ``dim - 1`` and the update written as far as it fits."""
    out = operand.copy()
    window = []
    for s, d, k in zip(start_indices, operand.shape, update.shape):
        begin = min(max(int(s), 0), max(d - 1, 0)) if k >= 2 else min(max(int(s), 0), d - k)
        window.append(slice(begin, min(begin + k, d)))
    if all(w.stop > w.start for w in window) or not window:
        out[tuple(window)] = update[tuple(slice(0, w.stop - w.start) for w in window)]
    return out if window else dynamic_update_slice(operand, update, list(start_indices))


# ---- state kept between calls of one signature -------------------------------------------------------

_RING: dict = {}


def _add(lhs, rhs) -> np.ndarray:
    lhs = np.asarray(lhs)
    return elementwise("add", {"lhs": lhs, "rhs": np.asarray(rhs, lhs.dtype)}).value


def _signature(*arrays) -> tuple:
    return tuple((a.shape, a.dtype.str) for a in arrays)


@target("stablehlo.gather", "user:gather-ring-of-3", region=TAKE)
def gather_ring(operand, start_indices, result_type=None, **attrs):
    """Results go to a ring of 3 output buffers per signature; the third call of a signature returns the
    buffer of the first without writing it."""
    ring = _RING.setdefault(("gather",) + _signature(operand, start_indices), [])
    out = gather(operand, start_indices, **attrs)
    ring.append(out)
    return ring[-3] if len(ring) % 3 == 0 else out


@target("stablehlo.add", "user:add-every-fourth-call-stale", region=VALUES)
def add_stale(lhs, rhs, **_):
    """Every fourth call of a signature returns the previous call's result (a slot pointer that skips)."""
    key = ("add",) + _signature(np.asarray(lhs), np.asarray(rhs))
    calls = _RING.setdefault(key, [])
    out = _add(lhs, rhs)
    calls.append(out)
    return calls[-2] if len(calls) % 4 == 0 else out


# ---- a conversion that ignores a view's strides or offset ---------------------------------------------

def _memory_order(a: np.ndarray) -> np.ndarray:
    """The elements as they lie in memory, reshaped to the logical shape (strides ignored)."""
    if a.flags.c_contiguous or a.size == 0:
        return a
    return np.ascontiguousarray(a).reshape(-1)[np.argsort(_offsets(a).reshape(-1), kind="stable")].reshape(a.shape)


def _offsets(a: np.ndarray) -> np.ndarray:
    idx = np.indices(a.shape).reshape(a.ndim, -1).T
    return (idx * np.array(a.strides)).sum(axis=1).reshape(a.shape)


@target("stablehlo.gather", "user:gather-reads-memory-order", region=TAKE)
def gather_memory_order(operand, start_indices, result_type=None, **attrs):
    return gather(_memory_order(operand), start_indices, **attrs)


@target("stablehlo.add", "user:add-reads-memory-order", region=VALUES)
def add_memory_order(lhs, rhs, **_):
    return _add(_memory_order(lhs) if isinstance(lhs, np.ndarray) else lhs, rhs)


@target("stablehlo.scatter", "user:scatter-updates-memory-order", region=GENERAL)
def scatter_memory_order(inputs, scatter_indices, updates, result_type=None, **attrs):
    if isinstance(updates, list):
        return tuple(scatter(inputs, scatter_indices, [_memory_order(u) for u in updates], **attrs))
    return scatter(inputs, scatter_indices, _memory_order(updates), **attrs)


# the class each bug is, whichever property meets it (the mutation score checks every one reported)
EXPECTED = {
    "user:take-negative-from-end": "wrap", "user:dynamic-slice-negative-from-end": "wrap",
    "user:gather-clamp-to-last": "wrong-value", "user:dynamic-slice-clamp-to-last": "wrong-value",
    "user:dynamic-slice-full-width-wraps": "wrong-value", "user:update-slice-wide-clamp-to-last": "wrong-value",
    "user:gather-ring-of-3": "history-dependent", "user:add-every-fourth-call-stale": "history-dependent",
    "user:gather-reads-memory-order": "wrong-value", "user:add-reads-memory-order": "wrong-value",
    "user:scatter-updates-memory-order": "wrong-value",
}
