"""The strategies a target's region narrows, looked up in its spec op's record (``conformance.core.opspec``)."""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from conformance.core.case import Case
from conformance.core.layouts import made_constant
from conformance.core.opspec import op_spec, spec_ops
from conformance.running.registry import Target


def names() -> tuple[str, ...]:
    """Every registered spec op."""
    return tuple(spec_ops())


def valid_region(target: Target, **forced):
    """The region object of ``target`` (its dtypes, out-of-bounds share, ...), with ``forced`` fields."""
    return op_spec(target.op).region({**target.region, **forced})


def valid_cases(target: Target, **forced) -> st.SearchStrategy[Case]:
    """Valid cases in ``target``'s region; ``forced`` fixes strategy fields (the edge phase's scenarios)."""
    return op_spec(target.op).part("valid")(valid_region(target, **forced))


RUN_KEYS = ("edge_examples", "edge_keep")  # keys of an edge run that the engine reads, not the strategy


def strategy_fields(forced: dict) -> dict:
    """The strategy fields of an edge run's forced dict (without ``RUN_KEYS``)."""
    return {k: v for k, v in forced.items() if k not in RUN_KEYS}


def edge_scenarios(target: Target) -> list[dict]:
    """The forced strategy fields of the edge phase for ``target``'s valid cases."""
    edge = op_spec(target.op).part("edge")
    return edge(target) if edge else []


def substantive(case: Case) -> bool:
    """Whether a valid case can show a value (reads or writes some element); the edge phase keeps
    only these where the op says (Hypothesis starts from the smallest cases, often empty)."""
    check = op_spec(case.op).part("substantive")
    return check(case) if check else True


def zero_size(case: Case) -> bool:
    """Whether some array of the case has a dim of size 0 (the edge phase's zero-size run keeps these)."""
    return any(0 in a.shape for a in case.arrays.values())


def indexed(case: Case) -> bool:
    """Whether the case has an index value (its op's index array, or variadic start indices, is not empty)."""
    from conformance.judging.conditions import index_array

    return index_array(case).size > 0


def kinds(target: Target) -> list[str]:
    """The properties ``target`` runs: valid, invalid where it takes invalid cases, duplicates where
    its op has a duplicate-heavy strategy and its region allows large cases."""
    spec = op_spec(target.op)
    return ((["valid"] if target.valid else []) + (["invalid"] if target.invalid and "invalid" in spec.kinds else [])
            + (["duplicates"] if target.valid and "duplicates" in spec.kinds and target.region.get("large_cases", True)
               else []) + (["stateful"] if target.valid and spec.has("mismatch") else []))


def invalid_cases(target: Target) -> st.SearchStrategy[Case]:
    return op_spec(target.op).part("invalid")(target)


def duplicate_cases(target: Target) -> st.SearchStrategy[Case]:
    """Large duplicate-heavy cases: where threads could make a target nondeterministic."""
    return op_spec(target.op).part("duplicates")(valid_region(target))


STRATEGIES = {"valid": valid_cases, "invalid": invalid_cases, "duplicates": duplicate_cases, "stateful": valid_cases}


def value_sets(target: Target, kind: str, profile: str = "") -> int:
    """How many value sets each random ``kind`` case of ``target`` runs as under ``profile`` (default:
    the loaded one); 1: the case alone. Valid cases of an op with a ``values`` part, on a backend that
    compiles per signature (``conformance.running.profiles.value_sets``)."""
    from conformance.running import profiles

    if kind != "valid" or not op_spec(target.op).has("values"):
        return 1
    return profiles.value_sets(target.backend, profile, opted=target.value_sets)


def value_set(case: Case, k: int) -> Case | None:
    """Value set ``k`` of ``case`` (its signature, other values), or None (``OpSpec.values_ref``)."""
    return op_spec(case.op).part("values")(case, k)


def with_value_sets(case: Case, sets: int):
    """``case``, then its value sets 1 to ``sets - 1`` (fewer where the op has no more)."""
    yield case
    for k in range(1, sets):
        other = value_set(case, k)
        if other is None:
            return
        yield other


def sibling(case: Case) -> Case | None:
    """A case of ``case``'s signature with other values, valid as it is: float zeros of the other sign,
    other values in reverse order (index arrays kept). None where no value can change."""
    name = op_spec(case.op).indices
    arrays = {}
    for k, a in case.arrays.items():
        if name and (k == name or k.startswith(f"{name}[")) or a.size == 0:
            arrays[k] = a
            continue
        flat = a.reshape(-1).copy()
        if a.dtype.kind in "fc" or a.dtype.name == "bfloat16":
            zero = flat.astype(np.complex128 if a.dtype.kind == "c" else np.float64) == 0
            if zero.any():
                flat[zero] = -flat[zero]
                arrays[k] = flat.reshape(a.shape)
                continue
        arrays[k] = flat[::-1].reshape(a.shape)
    arrays = {k: made_constant(a, case.layouts.get(k, "c")) for k, a in arrays.items()}  # the same layouts
    other = Case(case.op, arrays, dict(case.attrs), result_type=case.result_type, meta={**case.meta, "sibling": True},
                 layouts=dict(case.layouts), dynamic=case.dynamic)
    return None if other == case else other
