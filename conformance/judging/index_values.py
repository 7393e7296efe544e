"""The index values of a case, read and rewritten: every index component with the dim it indexes,
the start a reading and an out-of-bounds rule make of one component, and the case with its index
values replaced. Shared by the probes (``confirm``), the candidate models (``index_models``) and the
declaration models that compose with an index reading (``models``)."""
from __future__ import annotations

import numpy as np

from conformance.core.case import Case
from conformance.core.opspec import op_spec
from conformance.oracles.stablehlo.dims import from_index_vectors, index_vectors


def start_keys(case: Case) -> list[str]:
    """The variadic 0-d start index arrays of a dynamic slice case, in order."""
    keys = [k for k in case.arrays if k.startswith("start_indices[")]
    return sorted(keys, key=lambda k: int(k[len("start_indices["):-1]))


def components(case: Case) -> list[tuple[object, int, int]]:
    """Every index component of ``case`` with the (dim, window size) of the dim it indexes."""
    columns = op_spec(case.op).part("columns")(case)
    if case.op.startswith("stablehlo.dynamic"):
        return [(case.arrays[k][()], d, s) for k, (d, s) in zip(start_keys(case), columns)]
    vectors = index_vectors(case.arrays[op_spec(case.op).indices], case.attrs["index_vector_dim"])
    flat = vectors.reshape(-1, vectors.shape[-1]) if vectors.shape[-1] else vectors.reshape(0, 0)
    return [(row[k], d, s) for row in flat for k, (d, s) in enumerate(columns)]


def effective(value, dim: int, size: int, reading: str, rule: str):
    """The start a model uses for one index component: what its rule makes of the value as read
    ("out" where the rule treats every out-of-bounds start alike)."""
    from conformance.oracles.stablehlo.policy import read_scalar

    s, hi = read_scalar(value, dim, reading), dim - size
    if 0 <= s <= hi or rule == "skip-element":
        return s
    if rule == "clamp":
        return min(max(s, 0), hi)
    if rule == "low-clamp" and s < 0:
        return 0
    return "out"


def rows(case: Case) -> int:
    """How many index vectors (starts) the case has."""
    if case.op.startswith("stablehlo.dynamic"):
        return 1 if start_keys(case) else 0
    vectors = index_vectors(case.arrays[op_spec(case.op).indices], case.attrs["index_vector_dim"])
    return int(np.prod(vectors.shape[:-1], dtype=np.int64))


def with_indices(case: Case, values: np.ndarray, arrays: dict) -> dict:
    """``arrays`` with the case's index values replaced by ``values`` (rows x components)."""
    if case.op.startswith("stablehlo.dynamic"):
        dtype = case.arrays[start_keys(case)[0]].dtype
        return {**arrays, **{k: np.array(values[0, i], dtype=dtype) for i, k in enumerate(start_keys(case))}}
    name = op_spec(case.op).indices
    indices, ivd = case.arrays[name], case.attrs["index_vector_dim"]
    vectors = index_vectors(indices, ivd)
    new = values.astype(indices.dtype).reshape(vectors.shape)
    return {**arrays, name: from_index_vectors(new, ivd, indices.ndim)}


def reread(case: Case, spec: str) -> Case:
    """``case`` with every index component replaced by the start ``spec`` (``<reading>[/<rule>]``) makes
    of it (``from-end``: a negative index counted from the end; ``keep/clamp``: an out-of-bounds start
    clamped), so that a value model composes with a declared index behaviour. Components the rule
    leaves out of bounds stay as they are. ``case`` is of an op with indices."""
    reading, _, rule = spec.partition("/")
    comps = components(case)
    if not comps:
        return case
    columns = len(op_spec(case.op).part("columns")(case))
    starts = [effective(v, d, k, reading, rule or "skip-element") for v, d, k in comps]
    values = np.array([v if s == "out" else s for s, (v, _, _) in zip(starts, comps)], dtype=object)
    return Case(case.op, with_indices(case, values.reshape(-1, columns), dict(case.arrays)), dict(case.attrs),
                result_type=case.result_type, meta=dict(case.meta))
