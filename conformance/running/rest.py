"""The rest of a case a declaration excuses: where a declared refusal, crash or hang is triggered by some of a
case's elements (those its ``when`` condition holds on, say a zero divisor), the same case with those elements
set to an ordinary value, so that what the other elements do is judged on its own (a declared refusal on one
element must not hide a crash on another). Elementwise ops only: there each result element reads one element of
each operand, so the elements a condition holds on are found one result element at a time."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from conformance.core import layouts
from conformance.core.case import Case
from conformance.judging.conditions import holds
from conformance.judging.verdict import case_violations
from conformance.running.narrowing import _elementwise

# the classes of a verdict about the whole call (no result to judge element by element): a declaration of one of
# these excuses the whole case, so the rest of the case is judged again without its trigger
WHOLE_CALL = ("rejects-valid", "error", "crash", "timeout")
POSITIONS = 4096  # result elements tried one by one, at most (a larger case is not split)
DEPTH = 2  # rests of rests, at most (a rest another declaration excuses is split once more)


def _own_index(array: np.ndarray, pos: tuple[int, ...], rank: int) -> tuple[int, ...]:
    """The index of ``array``'s element that result element ``pos`` (of a result of ``rank`` dims) reads."""
    lead = rank - array.ndim
    return tuple(0 if n == 1 else pos[lead + d] for d, n in enumerate(array.shape))


def _element(case: Case, pos: tuple[int, ...], rank: int) -> Case:
    """The one-element case of result element ``pos``: each array cut to the element it reads there (ranks kept)."""
    arrays = {}
    for k, a in case.arrays.items():
        own = _own_index(a, pos, rank)
        arrays[k] = np.ascontiguousarray(a[tuple(slice(i, i + 1) for i in own)])
    return replace(case, arrays=arrays)


def rest_of(case: Case, when: str) -> Case | None:
    """``case`` with the elements condition ``when`` holds on set to one (in the fewest operands that make it
    stop holding: the divisor alone for a zero divisor), or None where nothing is left to judge: the condition
    does not hold, holds on every element or on the case as a whole (a dtype, a constant), the op is not
    elementwise, or no such case is valid where the drawn one was."""
    if not when or not case.arrays or not _elementwise(case) or not holds(when, case) \
            or int(case.meta.get("rest_depth", 0)) >= DEPTH:
        return None
    try:
        shape = np.broadcast_shapes(*(a.shape for a in case.arrays.values()))
    except ValueError:
        return None
    total = int(np.prod(shape, dtype=np.int64))
    if not 1 < total <= POSITIONS:
        return None
    marked = [pos for pos in np.ndindex(*shape) if holds(when, _element(case, pos, len(shape)))]
    if not marked or len(marked) == total:
        return None
    masks = {}
    for k, a in case.arrays.items():
        mask = np.zeros(a.shape, bool)
        for pos in marked:
            mask[_own_index(a, pos, len(shape))] = True
        if (case.layouts or {}).get(k) == "broadcast" and layouts.applies("broadcast", a.shape):
            axis = layouts.broadcast_axis(a.shape)  # a stride-0 view: a whole line along its axis is one element
            mask = np.broadcast_to(mask.any(axis=axis, keepdims=True), a.shape).copy()
        masks[k] = mask
    broken = {v.label for v in case_violations(case)}
    for names in [[k] for k in reversed(list(case.arrays))] + [list(case.arrays)]:  # (the last operand first)
        arrays = dict(case.arrays)
        for k in names:
            if masks[k].all():  # (a broadcast operand every element reads: nothing of it would be left)
                break
            a = np.array(case.arrays[k], copy=True)
            a[masks[k]] = np.ones((), a.dtype)
            arrays[k] = a
        else:
            rest = replace(case, arrays=arrays, meta={**case.meta, "rest_of": case.meta.get("rest_of", case.id),
                                                      "rest_without": when,
                                                      "rest_depth": int(case.meta.get("rest_depth", 0)) + 1})
            if not holds(when, rest) and {v.label for v in case_violations(rest)} == broken \
                    and all(layouts.fits(v, case.layouts.get(k, layouts.C)) for k, v in arrays.items()):
                return rest
    return None


def describe(rest: Case) -> str:
    """Words for where ``rest`` comes from (its verdict's detail says so)."""
    return (f"the rest of case {rest.meta['rest_of']}: its elements where {rest.meta['rest_without']} holds "
            f"set to one, the declared behaviour they trigger left out")
