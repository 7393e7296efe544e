"""Where a scatter's update elements land in a backend that linearises each element's position with no
check per dim (IREE's ``iree_linalg_ext.scatter``): the input is walked in ``order`` (its batching dims
first, then the rest), each element's full index is flattened with that order's strides, and it is
written wherever that flat position falls. An index out of range in one dim then lands in a
neighbouring row while the flat position is inside the buffer, and outside the buffer otherwise.
Shared by the IREE declaration model (``adapters/iree.py``) and the ``write-outside-buffer`` condition."""
from __future__ import annotations

import itertools
from collections.abc import Iterator

import numpy as np

from conformance.core.case import Case


def walk_order(case: Case) -> list[int]:
    """The input's dims in the order the flat position is computed: batching dims first."""
    (x, *_) = [v for k, v in case.arrays.items() if k.startswith("inputs")]
    batching = list(case.attrs.get("input_batching_dims", ()))
    return batching + [d for d in range(x.ndim) if d not in batching]


def positions(case: Case) -> Iterator[tuple[tuple[int, ...], int, bool]]:
    """(update element index, flat position in the input walked in ``walk_order``, in range by the
    spec) for every update element of the scatter ``case``."""
    a = case.attrs
    (x, *_) = [v for k, v in case.arrays.items() if k.startswith("inputs")]
    (up, *_) = [v for k, v in case.arrays.items() if k.startswith("updates")]
    si, ivd = case.arrays["scatter_indices"], a["index_vector_dim"]
    batching = list(a.get("input_batching_dims", ()))
    order = walk_order(case)
    scatter_dims = [d for d in range(up.ndim) if d not in a["update_window_dims"]]
    for ui in itertools.product(*(range(n) for n in up.shape)):
        usi = [ui[d] for d in scatter_dims]
        starts = [si[tuple(usi[:ivd] + [k] + usi[ivd:])] for k in range(si.shape[ivd])] if ivd < si.ndim else [si[tuple(usi)]]
        index = [0] * x.ndim
        for d_start, d_in in enumerate(a["scatter_dims_to_operand_dims"]):
            index[d_in] += int(starts[d_start])
        for d_in, d_start in zip(batching, a.get("scatter_indices_batching_dims", ())):
            index[d_in] += usi[d_start - (0 if d_start < ivd else 1)]
        window = [ui[d] for d in a["update_window_dims"]]  # (an invalid case may have too few: IndexError)
        for d in range(x.ndim):
            if d not in a["inserted_window_dims"] and d not in batching:
                index[d] += window.pop(0)
        pos = 0
        for d in order:
            pos = pos * x.shape[d] + index[d]
        yield ui, pos, all(0 <= i < n for i, n in zip(index, x.shape))


def writes_outside(case: Case) -> bool:
    """Some update element is out of range and its unchecked flat position lies outside the input's buffer."""
    if case.op != "stablehlo.scatter":
        return False
    size = int(np.prod(next(v for k, v in case.arrays.items() if k.startswith("inputs")).shape))
    return any(not ok and not 0 <= pos < size for _, pos, ok in positions(case))
