"""Hypothesis strategies for ``stablehlo.dynamic_slice`` and ``stablehlo.dynamic_update_slice``.

Valid cases: operand rank 0..6 (dims of at most 2 above rank 4) with sizes from 0 up (and, under the ``top-bit`` scenario, a dim an
8-bit index cannot address), slice (or update) sizes from 0 to the dim, one 0-d start index per dim of
one index dtype, in bounds or out (clamped: still valid), drawn with the boundary scenarios of
``conformance.strategies.boundary`` (per dim a different shift, so swapped start indices show). Invalid cases
break one label of ``conformance.oracles.stablehlo.dynamic_slice`` each.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from hypothesis import strategies as st

from conformance.core.case import Case
from conformance.oracles.dtypes import ELEMENT_DTYPES, INDEX_DTYPES
from conformance.oracles.dtypes import dtype as dtype_of
from conformance.oracles.stablehlo.dynamic_slice import SLICE, UPDATE
from conformance.strategies.boundary import draw_scenarios, element_dtypes_for, high_rank, index_dtypes_for
from conformance.strategies.values import _cast, index_value, operand_values, with_room

EDGE_DIMS = {"int8": (128, 129), "uint8": (256, 257)}


@dataclass(frozen=True)
class SliceRegion:
    """What part of the dynamic_slice / dynamic_update_slice space to draw from."""
    min_rank: int = 0
    max_rank: int = 6
    max_dim: int = 5
    dims: tuple[int, ...] = ()  # every dim size drawn from these (the edge phase's dimension runs); (): 0..max_dim
    min_size: int = 0  # slice sizes from this up (the edge phase's rank run: a rank-6 slice that reads something)
    element_dtypes: tuple[str, ...] = ELEMENT_DTYPES
    index_dtypes: tuple[str, ...] = INDEX_DTYPES
    oob_share: float = 0.3
    specials: bool = True
    index_scenario: str | None = None
    value_scenario: str | None = None
    result_type: bool = True  # the target is handed the declared result type (else its labels are not drawn)

    def __post_init__(self):
        for name in ("element_dtypes", "index_dtypes"):
            for dt in getattr(self, name):
                dtype_of(dt)
        if not 0 <= self.oob_share <= 1:
            raise ValueError(f"SliceRegion.oob_share: expected a share in [0, 1], got {self.oob_share}")


def _dim(draw, region: SliceRegion) -> int:
    if region.dims:
        return draw(st.sampled_from(region.dims))
    return 0 if draw(st.integers(0, 9)) == 0 else draw(st.integers(1, max(1, region.max_dim)))


@st.composite
def _parts(draw, region: SliceRegion):
    """(operand, window sizes, start indices, index dtype, value scenario) of one valid case."""
    idx_sc, val_sc = draw_scenarios(draw, region, region.oob_share > 0)
    index_dtype = draw(st.sampled_from(index_dtypes_for(idx_sc, region.index_dtypes) or region.index_dtypes))
    element = draw(st.sampled_from(element_dtypes_for(val_sc, region.element_dtypes) or region.element_dtypes))
    lo_rank = max(region.min_rank, 1 if idx_sc != "ordinary" else 0)
    rank = draw(st.integers(min(lo_rank, region.max_rank), region.max_rank))
    region = high_rank(region, rank)
    shape = [_dim(draw, region) for _ in range(rank)]
    edge = None
    if rank and index_dtype in EDGE_DIMS and not region.dims and (idx_sc == "top-bit" or draw(st.integers(0, 9)) == 0):
        edge = draw(st.integers(0, rank - 1))
        # top-bit: the longest edge dim, so that dim - size is beyond the index dtype too
        shape[edge] = EDGE_DIMS[index_dtype][-1] if idx_sc == "top-bit" else draw(st.sampled_from(EDGE_DIMS[index_dtype]))
    sizes = [draw(st.integers(1, 2)) if d == edge else draw(st.integers(min(region.min_size, shape[d]), shape[d]))
             for d in range(rank)]
    if idx_sc != "ordinary":
        with_room(draw, shape, sizes, list(range(rank)))
    starts = [np.array(_cast(draw(index_value(0, d - k, d, index_dtype, region.oob_share, idx_sc, shift=i)),
                             dtype_of(index_dtype)), dtype=dtype_of(index_dtype))
              for i, (d, k) in enumerate(zip(shape, sizes))]
    operand = draw(operand_values(tuple(shape), element, val_sc))
    return operand, sizes, starts, {"scenario": [idx_sc, val_sc]}


def _start_arrays(starts: list[np.ndarray]) -> dict[str, np.ndarray]:
    return {f"start_indices[{i}]": s for i, s in enumerate(starts)}


@st.composite
def dynamic_slice_cases(draw, region: SliceRegion) -> Case:
    operand, sizes, starts, meta = draw(_parts(region))
    return Case(SLICE, {"operand": operand, **_start_arrays(starts)}, {"slice_sizes": sizes},
                result_type={"shape": sizes, "dtype": operand.dtype.name}, meta=meta)


@st.composite
def dynamic_update_slice_cases(draw, region: SliceRegion) -> Case:
    operand, sizes, starts, meta = draw(_parts(region))
    update = draw(operand_values(tuple(sizes), operand.dtype.name, meta["scenario"][1]))
    if meta["scenario"][1] == "ordinary" and update.dtype.kind in "iuf":  # differ from the operand's values
        update = update + np.asarray(7).astype(update.dtype)
    return Case(UPDATE, {"operand": operand, "update": update, **_start_arrays(starts)}, {},
                result_type={"shape": list(operand.shape), "dtype": operand.dtype.name}, meta=meta)


SLICE_LABELS = ("C1", "C2", "C3", "C4", "C5")
UPDATE_LABELS = ("C1", "C2", "C3", "C4", "C5", "C6")
RESULT_TYPE_LABELS = ("C1", "C5")  # of dynamic_slice; dynamic_update_slice: C1 (only a declared result type breaks them)


def _other_dtype(name: str) -> str:
    return "int32" if name != "int32" else "int64"


@st.composite
def _invalid_slice(draw, label: str) -> Case:
    region = SliceRegion(max_rank=3, oob_share=0.0, specials=False, index_scenario="ordinary",
                         value_scenario="ordinary")
    operand, sizes, starts, _ = draw(_parts(region).filter(lambda p: p[0].ndim >= 1 and min(p[0].shape) >= 1))
    result = {"shape": list(sizes), "dtype": operand.dtype.name}
    if label == "C1":
        result["dtype"] = _other_dtype(operand.dtype.name)
    elif label == "C2":
        starts = starts[:-1] if draw(st.booleans()) else starts + [starts[0].copy()]
    elif label == "C3":
        if len(starts) == 1:  # a second start index to differ from: add a trailing dim of size 1
            operand, sizes, starts = operand.reshape(operand.shape + (1,)), sizes + [1], starts + [starts[0].copy() * 0]
            result["shape"] = list(sizes)
        k = draw(st.integers(0, len(starts) - 1))
        starts[k] = starts[k].astype(_other_dtype(starts[k].dtype.name))
    elif label == "C4":
        k = draw(st.integers(0, len(sizes) - 1))
        sizes = list(sizes)
        sizes[k] = operand.shape[k] + draw(st.integers(1, 2)) if draw(st.booleans()) else -1
        result["shape"] = list(sizes)
    elif label == "C5":
        result["shape"] = list(sizes[:-1]) + [sizes[-1] + 1]
    return Case(SLICE, {"operand": operand, **_start_arrays(starts)}, {"slice_sizes": sizes}, result_type=result,
                meta={"label": label})


@st.composite
def _invalid_update(draw, label: str) -> Case:
    region = SliceRegion(max_rank=3, oob_share=0.0, specials=False, index_scenario="ordinary",
                         value_scenario="ordinary")
    operand, sizes, starts, _ = draw(_parts(region).filter(lambda p: p[0].ndim >= 1 and min(p[0].shape) >= 1))
    update = np.zeros(sizes, operand.dtype)
    result = {"shape": list(operand.shape), "dtype": operand.dtype.name}
    if label == "C1":
        result["shape"] = list(operand.shape[:-1]) + [operand.shape[-1] + 1]
    elif label == "C2":
        update = np.zeros(sizes, _other_dtype(update.dtype.name))  # (zeros either way: no complex-to-real cast)
    elif label == "C3":
        update = update.reshape(update.shape + (1,))
    elif label == "C4":
        starts = starts[:-1] if draw(st.booleans()) else starts + [starts[0].copy()]
    elif label == "C5":
        if len(starts) == 1:
            operand, update = operand.reshape(operand.shape + (1,)), update.reshape(update.shape + (1,))
            result["shape"] = list(operand.shape)
            starts = starts + [starts[0].copy()]
        starts[-1] = starts[-1].astype(_other_dtype(starts[-1].dtype.name))
    elif label == "C6":
        k = draw(st.integers(0, operand.ndim - 1))
        grown = list(update.shape)
        grown[k] = operand.shape[k] + 1
        update = np.zeros(grown, operand.dtype)
    return Case(UPDATE, {"operand": operand, "update": update, **_start_arrays(starts)}, {}, result_type=result,
                meta={"label": label})


def invalid_dynamic_slice_cases(label: str | None = None, result_type: bool = True) -> st.SearchStrategy[Case]:
    """Cases breaking ``label`` (None: any label; without ``result_type``, none that only a declared
    result type can break)."""
    labels = [x for x in SLICE_LABELS if result_type or x not in RESULT_TYPE_LABELS]
    return st.sampled_from(labels).flatmap(_invalid_slice) if label is None else _invalid_slice(label)


def invalid_dynamic_update_slice_cases(label: str | None = None, result_type: bool = True) -> st.SearchStrategy[Case]:
    labels = [x for x in UPDATE_LABELS if result_type or x != "C1"]
    return st.sampled_from(labels).flatmap(_invalid_update) if label is None else _invalid_update(label)
