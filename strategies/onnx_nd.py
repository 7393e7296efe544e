"""Hypothesis strategies for ONNX ``GatherND`` and ``ScatterND`` cases, per opset.

Valid cases: ranks 1..6 (dims of at most 2 above rank 4), ``batch_dims`` (from opset 12), slices and elements (``indices_shape[-1]``
from 1 to r-b), negative indices, every element type the opset's T lists; ScatterND without a
reduction gets distinct index tuples, with one duplicates at a tunable rate. Invalid cases break
one rule each (``gather_labels``/``scatter_labels`` list them per opset), the label kept in
``meta["breaks"]``.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from hypothesis import strategies as st

from conformance.core.case import Case
from conformance.oracles.dtypes import dtype as dtype_of
from conformance.oracles.onnx.types import element_types
from conformance.strategies.boundary import (IN_SCENARIO_SHARE, MEETINGS, draw_scenarios, element_dtypes_for, high_rank,
                                            meeting_value)
from conformance.strategies.values import operand_values



@dataclass(frozen=True)
class OnnxRegion:
    opset: int = 13
    reduction: str | None = None  # ScatterND: the reduction attribute (None: absent)
    element_dtypes: tuple[str, ...] | None = None  # default: the opset's T
    min_rank: int = 1
    max_rank: int = 6
    max_dim: int = 4
    dims: tuple[int, ...] = ()  # every dim size drawn from these (the edge phase's dimension runs); (): lo..max_dim
    negative_share: float = 0.3
    dup_share: float = 0.3
    index_scenario: str | None = None  # force a scenario of conformance.strategies.boundary (the edge phase); None: drawn
    value_scenario: str | None = None
    value_pair: int | None = None  # ScatterND's edge phase: data and updates filled with MEETINGS[value_scenario][k]
    # what conformance.strategies.boundary asks of a region: ONNX indices are int64, in range (anything else is invalid)
    index_dtypes: tuple[str, ...] = ("int64",)
    oob_share: float = 0.0
    specials: bool = True

    def __post_init__(self):
        if self.element_dtypes is None:
            object.__setattr__(self, "element_dtypes", tuple(element_types(self.opset)))


def _dims(draw, n: int, region: OnnxRegion, lo: int = 1) -> list[int]:
    if region.dims:
        return [draw(st.sampled_from([d for d in region.dims if d >= lo] or [lo])) for _ in range(n)]
    return [draw(st.integers(lo, region.max_dim)) for _ in range(n)]


@st.composite
def _index_values(draw, shape: tuple[int, ...], sizes: list[int], region: OnnxRegion, scenario: str) -> np.ndarray:
    """int64 indices of ``shape`` (last axis: one entry per size in ``sizes``), in [-s, s-1]; component k
    shifted by k (distinct components); ``past-end``: mostly 0 or s-1 (the ends of the range)."""
    out = np.zeros(shape, np.int64)
    weight = round((IN_SCENARIO_SHARE if scenario == "negative" else region.negative_share) * 100)
    near = round(IN_SCENARIO_SHARE * 99)
    for pos in np.ndindex(*shape):
        s = sizes[pos[-1]]
        if scenario == "past-end" and draw(st.integers(0, 98)) < near:
            out[pos] = draw(st.sampled_from(sorted({-s, -1, 0, s - 1})))
            continue
        i = (draw(st.integers(0, s - 1)) + pos[-1]) % s
        out[pos] = i - s if scenario != "distinct" and draw(st.integers(0, 99)) < weight else i
    return out


def _lo(index_scenario: str) -> int:
    """The smallest data dim: 2 under an index scenario, so a negative index and its wrapped value differ."""
    return 1 if index_scenario == "ordinary" else 2


def _scenarios(draw, region: OnnxRegion) -> tuple[str, str, str]:
    """(index scenario, value scenario, element dtype) of one case (see ``conformance.strategies.boundary``)."""
    idx, val = draw_scenarios(draw, region, False)
    return idx, val, draw(st.sampled_from(element_dtypes_for(val, region.element_dtypes)))


@st.composite
def gather_nd_cases(draw, region: OnnxRegion) -> Case:
    idx_sc, val_sc, element = _scenarios(draw, region)
    r = draw(st.integers(min(max(1, region.min_rank), region.max_rank), region.max_rank))
    region = high_rank(region, r)
    b = draw(st.integers(0, r - 1)) if region.opset >= 12 else 0
    k = draw(st.integers(1, r - b))
    data_shape = _dims(draw, r, region, lo=_lo(idx_sc))
    extra = _dims(draw, draw(st.integers(0, 2)), region, lo=0)
    indices_shape = tuple(data_shape[:b] + extra + [k])
    indices = draw(_index_values(indices_shape, data_shape[b:b + k], region, idx_sc))
    data = draw(operand_values(tuple(data_shape), element, val_sc))
    attrs = {"opset": region.opset}
    if region.opset >= 12 and (b or draw(st.booleans())):
        attrs["batch_dims"] = b
    return Case("onnx.GatherND", {"data": data, "indices": indices}, attrs, meta={"scenario": [idx_sc, val_sc]})


@st.composite
def scatter_nd_cases(draw, region: OnnxRegion) -> Case:
    idx_sc, val_sc, element = _scenarios(draw, region)
    r = draw(st.integers(min(max(1, region.min_rank), region.max_rank), region.max_rank))
    region = high_rank(region, r)
    k = draw(st.integers(1, r))
    data_shape = _dims(draw, r, region, lo=_lo(idx_sc))
    reduction = region.reduction
    batch = _dims(draw, draw(st.integers(0, 2)), region, lo=0)
    n = int(np.prod(batch, dtype=np.int64))
    space = int(np.prod(data_shape[:k], dtype=np.int64))
    if reduction in (None, "none"):  # distinct tuples: at most `space` of them
        batch = batch if n <= space else [min(space, n)]
        n = int(np.prod(batch, dtype=np.int64))
        flat = draw(st.permutations(range(space)))[:n] if n else []
    else:
        flat = [draw(st.integers(0, space - 1)) for _ in range(n)]
        weight = round(region.dup_share * 100)
        for i in range(1, n):
            if draw(st.integers(0, 99)) < weight:
                flat[i] = flat[draw(st.integers(0, i - 1))]
    rows = np.array(np.unravel_index(np.asarray(flat, np.int64), data_shape[:k])).T.reshape(n, k) if n else \
        np.zeros((0, k), np.int64)
    share = 0 if idx_sc == "distinct" else IN_SCENARIO_SHARE if idx_sc in ("past-end", "negative") else region.negative_share
    weight = round(share * 100)
    for pos in np.ndindex(*rows.shape):
        if draw(st.integers(0, 99)) < weight:
            rows[pos] -= data_shape[pos[1]]
    indices = rows.reshape(tuple(batch) + (k,)).astype(np.int64)
    if region.value_pair is not None and val_sc in MEETINGS:  # every write is this meeting
        data, updates = (np.full(shape, np.array(meeting_value(MEETINGS[val_sc][region.value_pair][side], element),
                                                 dtype=object)).astype(dtype_of(element))
                         for side, shape in ((0, tuple(data_shape)), (1, tuple(batch) + tuple(data_shape[k:]))))
    else:
        data = draw(operand_values(tuple(data_shape), element, val_sc))
        updates = draw(operand_values(tuple(batch) + tuple(data_shape[k:]), element, val_sc))
    attrs = {"opset": region.opset}
    if reduction is not None:
        attrs["reduction"] = reduction
    return Case("onnx.ScatterND", {"data": data, "indices": indices, "updates": updates}, attrs,
                meta={"scenario": [idx_sc, val_sc]})


def gather_labels(opset: int) -> tuple[str, ...]:
    """The rules a GatherND case at ``opset`` can break with the suite's dtypes."""
    if opset < 12:
        return ("R1", "R4", "R5", "T1", "T2", "A1")
    return ("R1", "R2", "R3", "R4", "R5", "T2", "A2") + (("T1",) if opset < 13 else ())


def scatter_labels(opset: int, reduction: str | None) -> tuple[str, ...]:
    """The rules a ScatterND case at ``opset`` (with ``reduction``) can break."""
    labels = ("R1", "R2", "R3", "R4", "T2") + (("R5",) if reduction in (None, "none") else ())
    labels += ("T1",) if opset < 13 else ()
    return labels + (("A1",) if opset < 16 else ("A2",))


def _retag(case: Case, label: str, arrays=None, attrs=None) -> Case:
    return Case(case.op, {**case.arrays, **(arrays or {})}, {**case.attrs, **(attrs or {})}, meta={"breaks": label})


def _out_of_range(draw, indices: np.ndarray, size: int, lead: tuple[int, ...]) -> np.ndarray:
    bad = indices.copy() if indices.size else np.zeros(lead + (1, indices.shape[-1]), np.int64)
    bad.reshape(-1, bad.shape[-1])[0, 0] = draw(st.sampled_from([size, -size - 1, 2**40]))
    return bad


@st.composite
def invalid_gather_nd_cases(draw, opset: int, label: str) -> Case:
    """A GatherND case at ``opset`` breaking exactly ``label``."""
    if label not in gather_labels(opset):
        raise ValueError(f"invalid_gather_nd_cases: expected one of {', '.join(gather_labels(opset))} at opset {opset}, "
                         f"got {label!r}")
    c = draw(gather_nd_cases(OnnxRegion(opset=opset, element_dtypes=("float32", "int32"))))
    d, idx, b = c.arrays["data"], c.arrays["indices"], c.attrs.get("batch_dims", 0)
    if label == "R1":
        return _retag(c, label, {"data": np.asarray(d.reshape(-1)[0], d.dtype)})
    if label == "R2":  # batch_dims 1 over leading dims of different sizes
        return _retag(c, label, {"data": np.zeros((2, 2), d.dtype), "indices": np.zeros((3, 1), np.int64)},
                      {"batch_dims": 1})
    if label == "R3":
        return _retag(c, label, attrs={"batch_dims": min(idx.ndim, d.ndim)})
    if label == "R4":
        return _retag(c, label, {"indices": np.zeros(idx.shape[:-1] + (d.ndim - b + 1,), np.int64)})
    if label == "R5":
        return _retag(c, label, {"indices": _out_of_range(draw, idx, d.shape[b], d.shape[:b])})
    if label == "T1":
        return _retag(c, label, {"data": d.astype(dtype_of("bfloat16"))})
    if label == "T2":
        return _retag(c, label, {"indices": idx.astype(np.int32)})
    if label == "A1":
        return _retag(c, label, attrs={"batch_dims": 0})
    return _retag(c, label, attrs={"batch_dims": -1})  # A2


@st.composite
def invalid_scatter_nd_cases(draw, opset: int, reduction: str | None, label: str, broadcastable: bool = False) -> Case:
    """A ScatterND case at ``opset`` (with ``reduction``) breaking exactly ``label`` (R3 with ``broadcastable``:
    updates of a shape that broadcasts to the right one, where the case has a dim to narrow)."""
    if label not in scatter_labels(opset, reduction):
        raise ValueError(f"invalid_scatter_nd_cases: expected one of {', '.join(scatter_labels(opset, reduction))}, "
                         f"got {label!r}")
    region = OnnxRegion(opset=opset, reduction=reduction, element_dtypes=("float32", "int32"), max_dim=3)
    c = draw(scatter_nd_cases(region))
    d, idx, u = c.arrays["data"], c.arrays["indices"], c.arrays["updates"]
    if label == "R1":
        return _retag(c, label, {"data": np.asarray(d.reshape(-1)[0], d.dtype), "indices": np.zeros((0,), np.int64),
                                 "updates": np.zeros((), d.dtype)})
    if label == "R2":
        return _retag(c, label, {"indices": np.zeros(idx.shape[:-1] + (d.ndim + 1,), np.int64),
                                 "updates": np.zeros(idx.shape[:-1], d.dtype)})
    if label == "R3":  # a shape that broadcasts to the right one where there is one (a size-1 dim, or the
        # leading dim dropped), else one dim too many: a check that broadcasts, or that zips the dims, lets it by
        wider = [i for i, n in enumerate(u.shape) if n > 1]
        narrowed = [u.shape[:i] + (1,) + u.shape[i + 1:] for i in wider] + ([u.shape[1:]] if wider and wider[0] == 0 else [])
        shape = draw(st.sampled_from(narrowed if broadcastable and narrowed else [u.shape + (1,)] + narrowed))
        return _retag(c, label, {"updates": np.zeros(shape, d.dtype)})
    if label == "R4":
        bad = _out_of_range(draw, idx, d.shape[0], ())
        return _retag(c, label, {"indices": bad, "updates": np.zeros(bad.shape[:-1] + d.shape[bad.shape[-1]:], d.dtype)})
    if label == "R5":  # two rows with one tuple
        rows = np.zeros((2, idx.shape[-1]), np.int64)
        return _retag(c, label, {"indices": rows, "updates": np.zeros((2,) + d.shape[idx.shape[-1]:], d.dtype)})
    if label == "T1":
        return _retag(c, label, {"data": d.astype(dtype_of("bfloat16")), "updates": u.astype(dtype_of("bfloat16"))})
    if label == "T2":
        return _retag(c, label, {"indices": idx.astype(np.int32)})
    if label == "A1":
        return _retag(c, label, attrs={"reduction": "add"})
    return _retag(c, label, attrs={"reduction": "max" if opset < 18 else "avg"})  # A2
