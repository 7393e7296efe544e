"""The memory-layout dimension of a case: for each array argument, independently, a layout the target
accepts (``conformance.core.layouts``), drawn after the case. A broadcast layout (stride 0) first makes the
array constant along its broadcast axis, so the oracle sees exactly the values the view holds; it is
never drawn for an index array (its repeats would make indices collide) or for the array an op writes
into (a program cannot write into a broadcast view)."""
from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from conformance.core.case import Case
from conformance.core.layouts import C, applies, made_constant

# the ops that write by index, and the array each writes into (conformance.running.engine.WRITING_OPS too)
WRITTEN = {"stablehlo.scatter": "inputs", "stablehlo.dynamic_update_slice": "operand", "onnx.ScatterND": "data"}


def _group(key: str) -> str:
    return key.split("[", 1)[0]


def options(case: Case, key: str, kinds: tuple[str, ...]) -> list[str]:
    """The layouts array ``key`` of ``case`` can be drawn in: C first (what a shrunk case falls back to)."""
    from conformance.core.opspec import op_spec

    shape = case.arrays[key].shape
    fixed = {_group(op_spec(case.op).indices), WRITTEN.get(case.op)}
    return [C] + [k for k in kinds if k != C and applies(k, shape) and not (k == "broadcast" and _group(key) in fixed)]


def laid_out(case: Case, chosen: dict[str, str]) -> Case:
    """``case`` with the ``chosen`` layouts (its arrays made to hold the values a broadcast view shows)."""
    arrays = {k: made_constant(a, chosen.get(k, C)) for k, a in case.arrays.items()}
    return replace(case, arrays=arrays, layouts={k: v for k, v in chosen.items() if v != C})


def layouts_for(case: Case, kinds: tuple[str, ...]) -> st.SearchStrategy[Case]:
    """``case`` in layouts drawn per array, each uniformly among those that apply to its shape."""
    draws = {k: st.sampled_from(options(case, k, kinds)) for k in case.arrays}
    return st.fixed_dictionaries(draws).map(lambda chosen: laid_out(case, chosen))


def takes(case: Case, kind: str, kinds: tuple[str, ...]) -> bool:
    """Whether some array of ``case`` can be laid out in ``kind``."""
    return any(kind in options(case, k, kinds) for k in case.arrays)


FORCED_TRIES = 8  # cases drawn for a forced layout until one takes it (a region may have none that does)


@st.composite
def _forced(draw, cases, kinds: tuple[str, ...], forced: str) -> Case:
    for _ in range(FORCED_TRIES):
        case = draw(cases)
        if takes(case, forced, kinds):
            break
    return laid_out(case, {k: forced for k in case.arrays if forced in options(case, k, kinds)})


def with_layouts(cases: st.SearchStrategy[Case], kinds: tuple[str, ...], forced: str | None = None):
    """``cases`` with a memory layout drawn per array among ``kinds`` (as they are without any besides C);
    with ``forced``, a case some array of which takes that layout where the region has one within a few
    draws, every such array in it (the edge phase: each layout on every run)."""
    if not any(k != C for k in kinds):
        return cases
    if forced:
        return _forced(cases, kinds, forced)
    return cases.flatmap(lambda case: layouts_for(case, kinds))
