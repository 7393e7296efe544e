"""Value sets of an index op's case (gather, scatter, dynamic_slice, dynamic_update_slice): what a compiled
backend runs through the executable it built for the case's signature, checked as exactly as the case.

Value set ``k`` keeps the signature (op, attributes, shapes, element types, layouts) and:
- numbers every value array afresh (``constructed.value_variant``: distinct values, numbered on from a
  start that depends on ``k``), so a window read from the wrong place shows;
- redraws each index component within its edge scenario, from a generator seeded by the case's id and
  ``k``: a component at a bound (0, the last valid start ``dim - size``, one past it, -1) or at its
  dtype's minimum or maximum stays; one strictly inside the valid starts moves inside them; one further
  past the end stays further past it, and a more negative one stays more negative, never further out than
  it was (so a dtype's range is never left).
Cases whose attributes promise something about the index values (``indices_are_sorted``,
``unique_indices``), and bool indices, keep their index values. None where nothing can change.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from conformance.core.case import Case
from conformance.core.layouts import made_constant
from conformance.core.opspec import op_spec


def _promised(case: Case) -> bool:
    return bool(case.attrs.get("indices_are_sorted") or case.attrs.get("unique_indices"))


def _between(lo: int, hi: int, rng: np.random.Generator) -> int:
    """A number in ``lo .. hi`` (Python integers: a uint64 index exceeds numpy's int64 draws)."""
    return lo + min(int(rng.random() * (hi - lo + 1)), hi - lo)


def _redrawn(v: int, dim: int, size: int, info, rng: np.random.Generator) -> int:
    """Another index component of ``v``'s scenario (see the module docstring)."""
    hi = dim - size
    if v in (0, hi, hi + 1, -1, int(info.min), int(info.max)):
        return v
    if 0 < v < hi:
        return _between(1, min(hi - 1, int(info.max)), rng)  # strictly inside (a dim past the dtype: what it holds)
    if v > hi + 1:
        return _between(hi + 2, v, rng)
    if v < -1:
        return _between(v, -2, rng)
    return v


def index_op(case: Case, k: int) -> Case | None:
    """Value set ``k`` of a valid index-op case, or None where it would equal the case."""
    from conformance.judging.index_models import index_dtype
    from conformance.judging.index_values import components, with_indices
    from conformance.running.constructed import value_variant

    other = value_variant(case, k)
    dtype = index_dtype(case)  # (None: bool indices)
    if dtype is not None and not _promised(case):
        comps = components(case)
        if comps:
            rng = np.random.default_rng([int(case.id, 16), k])
            info = np.iinfo(dtype)
            values = np.array([_redrawn(int(v), d, s, info, rng) for v, d, s in comps], dtype=object)
            columns = len(op_spec(case.op).part("columns")(case))
            arrays = with_indices(case, values.reshape(-1, columns), dict(other.arrays))
            other = replace(other, arrays=arrays)
    arrays = {key: made_constant(a, case.layouts.get(key, "c")) for key, a in other.arrays.items()}
    other = replace(other, arrays=arrays, meta={**case.meta, "value_set": k})
    return None if other == case else other
