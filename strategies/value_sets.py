"""More value sets of a drawn case's signature: what a compiled backend runs through one executable.

A compiled backend (torch.compile, IREE, OpenVINO, XLA) builds one executable per signature: the op,
its attributes, the shapes, element types and memory layouts of its operands, and the values of the
operands it takes as compile-time constants. ``elementwise(case, k)`` and ``scalarization(case, k)``
keep all of that and refill every other operand as the op's strategy fills it in its ``ordinary``
scenario (each element an edge value of its type, or for the elementwise ops any value of the type),
from a generator seeded by the case's id and ``k``: a case has the same value sets on every machine.
They return None where no operand can change. The runner asks for them through an op record's
``values`` part (``conformance.running.profiles.value_sets`` says how many, per profile and backend).
"""
from __future__ import annotations

import numpy as np

from conformance.core.case import Case
from conformance.core.layouts import made_constant
from conformance.oracles.dtypes import dtype as dtype_of
from conformance.oracles.dtypes import name as dtype_name
from conformance.strategies.edge_values import edges
from conformance.strategies.elementwise_values import column, edge_list

ANY_SHARE = 0.5  # elementwise ops: the share of elements drawn from the whole type (the rest: edge values)


def _any_values(dt: np.dtype, n: int, rng: np.random.Generator) -> np.ndarray:
    """``n`` values of ``dt`` from its whole range: integers uniform; floats half as random bit patterns
    (every exponent, NaN payloads, subnormals), half as normal values over a few decades."""
    if dt.kind == "b":
        return rng.integers(0, 2, n).astype(bool)
    if dt.kind in "iu":
        info = np.iinfo(dt)
        return rng.integers(int(info.min), int(info.max), n, dtype=dt, endpoint=True)
    if dt.kind == "c":  # each part drawn as a float of its width (set apart: x + 1j*y would mix NaN/inf in)
        part = np.dtype(np.float32 if dt == np.complex64 else np.float64)
        out = np.empty(n, dt)
        out.real, out.imag = _any_values(part, n, rng), _any_values(part, n, rng)
        return out
    bits = rng.integers(0, 2 ** (8 * dt.itemsize), n, dtype=np.dtype(f"u{dt.itemsize}"), endpoint=False).view(dt)
    with np.errstate(all="ignore"):
        scaled = (rng.standard_normal(n) * 10.0 ** rng.integers(-4, 5, n)).astype(dt)
    return np.where(rng.random(n) < 0.5, bits, scaled)


def _refilled(case: Case, k: int, fixed: set[str], edges_of, any_share: float) -> Case | None:
    """``case`` with each array not in ``fixed`` (and not empty) refilled; None where none is left."""
    rng = np.random.default_rng([int(case.id, 16), k])
    arrays = dict(case.arrays)
    free = [name for name, a in arrays.items() if name not in fixed and a.size]
    if not free:
        return None
    for name in free:
        a = arrays[name]
        edge_values = column(edges_of(dtype_name(a.dtype)), dtype_name(a.dtype))
        values = edge_values[rng.integers(0, len(edge_values), a.size)]
        if any_share:
            values = np.where(rng.random(a.size) < any_share, _any_values(a.dtype, a.size, rng), values)
        arrays[name] = made_constant(values.astype(a.dtype).reshape(a.shape), case.layouts.get(name, "c"))
    return Case(case.op, arrays, dict(case.attrs), result_type=case.result_type, meta={**case.meta, "value_set": k},
                layouts=dict(case.layouts), dynamic=case.dynamic)


def elementwise(case: Case, k: int) -> Case | None:
    """Value set ``k`` of an elementwise StableHLO case: its constant operands and a language-scalar
    ``rhs`` (both compiled in) keep their values; a ``select`` predicate is refilled like the rest."""
    fixed = set(case.attrs.get("constants", ())) | ({"rhs"} if case.attrs.get("rhs_as_scalar") else set())
    return _refilled(case, k, fixed, edge_list, ANY_SHARE)


def scalarization(case: Case, k: int) -> Case | None:
    """Value set ``k`` of a scalarization case: every operand refilled from its type's edge values."""
    return _refilled(case, k, set(), lambda name: edges(dtype_of(name)), 0.0)
