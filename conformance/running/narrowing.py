"""Narrow a case that crashes (or hangs) to the smallest sub-case that still does: for an elementwise op the
element (each operand's value there), for an index op the index vector (its updates or batch with it).

A sub-case keeps every array's rank and the attributes; it slices the case along its *axes*: an elementwise
result dim (each full-shaped operand's dim), an index array's batch dim (with the updates' scatter dim or the
operand's batching dim it pairs with). Each axis is halved while one half still fails (``still``); a half
that breaks a constraint of the spec (``case_violations``) is not tried.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

import numpy as np

from conformance.core import layouts
from conformance.core.case import Case
from conformance.judging.verdict import case_violations
from conformance.oracles.stablehlo.elementwise import OPS as ELEMENTWISE

Axis = list  # [(array name, dim)], sliced together

TRIES = 24  # sub-cases tried per narrowing, at most (two per halving: 256 elements take 16 at most)


def _elementwise_axes(case: Case) -> list[Axis]:
    arrays = case.arrays
    shape = np.broadcast_shapes(*(v.shape for v in arrays.values()))
    full = [k for k, v in arrays.items() if v.shape == shape and v.ndim]
    return [[(k, d) for k in full] for d in range(len(shape))]


def _gather_axes(case: Case) -> list[Axis]:
    idx, ivd = case.arrays["start_indices"], case.attrs["index_vector_dim"]
    pairs = dict(zip(case.attrs.get("start_indices_batching_dims", ()), case.attrs.get("operand_batching_dims", ())))
    return [[("start_indices", d)] + ([("operand", pairs[d])] if d in pairs else []) for d in range(idx.ndim) if d != ivd]


def _scatter_axes(case: Case) -> list[Axis]:
    a, attrs = case.arrays, case.attrs
    idx, ivd = a["scatter_indices"], attrs["index_vector_dim"]
    inputs = [k for k in a if k.startswith("inputs")]
    updates = [k for k in a if k.startswith("updates")]
    scatter_dims = [d for d in range(a[updates[0]].ndim) if d not in attrs["update_window_dims"]]
    pairs = dict(zip(attrs.get("scatter_indices_batching_dims", ()), attrs.get("input_batching_dims", ())))
    batch = [d for d in range(idx.ndim) if d != ivd]
    return [[("scatter_indices", d)] + [(u, scatter_dims[j]) for u in updates]
            + ([(i, pairs[d]) for i in inputs] if d in pairs else []) for j, d in enumerate(batch)]


def _nd_axes(case: Case) -> list[Axis]:
    idx = case.arrays["indices"]
    if case.op == "onnx.GatherND":
        b = case.attrs.get("batch_dims", 0)
        return [[("indices", d)] + ([("data", d)] if d < b else []) for d in range(idx.ndim - 1)]
    return [[("indices", d), ("updates", d)] for d in range(idx.ndim - 1)]


def axes(case: Case) -> list[Axis]:
    """The axes ``case`` can be narrowed along (one entry per dim of its elements or index vectors)."""
    if case.result_type is not None:
        return []  # (a declared result type would have to be narrowed too)
    try:
        if _elementwise(case):
            return _elementwise_axes(case)
        return {"stablehlo.gather": _gather_axes, "stablehlo.scatter": _scatter_axes,
                "onnx.GatherND": _nd_axes, "onnx.ScatterND": _nd_axes}.get(case.op, lambda c: [])(case)
    except (KeyError, IndexError, ValueError, TypeError):
        return []


def _size(case: Case, axis: Axis) -> int:
    name, dim = axis[0]
    return case.arrays[name].shape[dim]


def units(case: Case) -> int:
    """Elements (elementwise) or index vectors (index ops) of ``case``."""
    return int(np.prod([_size(case, ax) for ax in axes(case)], dtype=np.int64))


def sliced(case: Case, axis: Axis, lo: int, hi: int) -> Case | None:
    """``case`` with ``[lo, hi)`` kept along ``axis``, or None where that breaks a constraint of the spec."""
    arrays = dict(case.arrays)
    for name, dim in axis:
        v = arrays[name]
        arrays[name] = np.ascontiguousarray(v[(slice(None),) * dim + (slice(lo, hi),)])
    sub = replace(case, arrays=arrays, meta={**case.meta, "narrowed_from": case.meta.get("narrowed_from", case.id)})
    if any(not layouts.fits(v, case.layouts.get(k, layouts.C)) for k, v in arrays.items()):
        return None  # (a broadcast view's line cut so that another axis is the one it repeats along)
    return None if case_violations(sub) else sub


def narrow(case: Case, still: Callable[[Case], bool], tries: int = TRIES) -> tuple[Case, list[tuple[int, int]]]:
    """(the smallest sub-case of ``case`` found on which ``still`` holds, its [lo, hi) per axis in ``case``)."""
    found = axes(case)
    spans = [(0, _size(case, ax)) for ax in found]
    current, left = case, tries
    for i, axis in enumerate(found):
        while left > 0 and _size(current, axis) > 1:
            n, lo = _size(current, axis), spans[i][0]
            for a, b in ((0, n // 2), (n // 2, n)):
                sub = sliced(current, axis, a, b)
                if sub is None or left <= 0:
                    continue
                left -= 1
                if still(sub):
                    current, spans[i] = sub, (lo + a, lo + b)
                    break
            else:
                break  # neither half alone: the failure needs both (or the tries ran out)
    return current, spans


def _elementwise(case: Case) -> bool:
    return case.op.startswith("stablehlo.") and case.op.split(".", 1)[1] in ELEMENTWISE


def where(case: Case, sub: Case, spans: list[tuple[int, int]]) -> str:
    """Words for the part of ``case`` that ``sub`` keeps."""
    at = ", ".join(f"{lo}" if hi - lo == 1 else f"{lo}:{hi}" for lo, hi in spans)
    if all(hi - lo == 1 for lo, hi in spans):
        if _elementwise(case):
            values = ", ".join(f"{k}={v.reshape(-1)[0]!r}" for k, v in sub.arrays.items())
            return f"its element [{at}] ({values})"
        name = axes(case)[0][0][0]
        return f"its index vector [{at}] of {name} ({sub.arrays[name].reshape(-1).tolist()})"
    return f"{units(sub)} of its {units(case)} {'elements' if _elementwise(case) else 'index vectors'} (at [{at}])"
