"""Hypothesis strategies for the elementwise StableHLO ops (``stablehlo.add``, ...): operands of one
element type filled with edge values that meet in the same element, in three forms:

- ``tensor``: operands of one shape, rank 1 to 8 (``TENSOR_RANKS``);
- ``rank0``: rank-0 operands (the result must be a rank-0 tensor of the same element type);
- ``scalar``: a binary op's ``rhs`` handed to the backend as a language scalar (a Python float
  against a bfloat16 tensor): the result keeps the tensor's element type.

Scenario ``meet`` (two draws in three, and the edge phase) puts every pair of the type's edge values
side by side (the operands are the cartesian product of the edge list); ``ordinary`` draws each
element alone, from the edge values and from the whole range of the type.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
from hypothesis import strategies as st

from conformance.core.case import Case
from conformance.oracles.dtypes import dtype as dtype_of
from conformance.oracles.stablehlo.elementwise import (BOOL, COMPLEX, DIRECTIONS, FLOATS, INTS, OPS, compare_type,
                                           element_types, operand_names)
from conformance.strategies.boundary import draw_scenario
from conformance.strategies.edge_values import edges

FORMS = ("tensor", "rank0", "scalar")


@dataclass(frozen=True)
class ValueRegion:
    """A value target's region: the element types it takes (the op's judged types by default), the
    operand forms it takes, the comparison directions (``compare``), and a forced scenario/form."""
    dtypes: tuple[str, ...] = ()
    forms: tuple[str, ...] = ("tensor", "rank0")
    directions: tuple[str, ...] = DIRECTIONS
    scenario: str | None = None
    scalar: str | None = None  # "zero": a language-scalar rhs is a zero of either sign (where constants meet
    # caches); "+0" / "-0": of that sign
    ranks: tuple[int, ...] = ()  # a tensor's rank, drawn from these (default ``TENSOR_RANKS``)
    tail: bool = False  # rank 1 of a size 7 past a multiple of 8 (``TAIL_SIZES``): the grid's last pairs in the tail
    constants: bool = False  # the target takes operands as compile-time constants (attrs["constants"] names them)
    fold: str | None = None  # "all": every array operand a constant (the edge phase); None: each drawn (CONSTANT_SHARE)
    large: bool = False  # a tensor of 10**5 to 10**6 elements (LARGE_SIZES): threaded and vectorised paths switch on
    splat: str | None = None  # "lhs"/"rhs" ("lhs=-0"/"rhs=-0"): that operand a compile-time constant of (negative)
    # zeros, the other every edge value: where an algebraic simplifier rewrites x + 0 or x - (-0) to x
    immediate: str | None = None  # "lhs"/"rhs" (rank 0): that operand a compile-time constant, an immediate of the
    # instruction. Integer types: the type's extreme (MIN signed, MAX unsigned) against one step past it (-1, 1), so the
    # exact result leaves the type (a no-wrap instruction folds the overflow). Float types ("lhs=-0"/"rhs=-0": -0):
    # a zero against -0, where a folder's integer identities (x * 0 -> 0, x + 0 -> x, 0 / x -> 0) lose the sign or
    # give a value for 0 / 0 (``IMMEDIATE_OPS``)
    pred: str = "drawn"  # select: a rank-0 ``pred`` with tensor branches (C1 allows it) in a share of tensor cases;
    # "true"/"false": always, holding that value (the edge phase); "never": a target whose API takes none


PRED_RANK0_SHARE = 4  # 1 in this many random select cases on tensors has a rank-0 pred


def complex_edges(dt: np.dtype) -> list:
    part = np.float32 if dt == np.complex64 else np.float64
    reals = [0.0, -0.0, 1.0, float("nan"), float("inf"), float(np.finfo(part).smallest_subnormal)]
    return [complex(r, i) for r, i in itertools.product(reals, [0.0, -0.0, -1.0, float("nan")])]


def edge_list(name: str) -> list:
    dt = dtype_of(name)
    return complex_edges(dt) if name in COMPLEX else edges(dt)


def column(items, name: str) -> np.ndarray:
    dt = dtype_of(name)
    if dt.kind == "c":
        return np.array(items, dtype=np.complex128).astype(dt)
    as_float = dt.kind == "f" or name == "bfloat16"
    return np.array(items, dtype=np.float64 if as_float else object).astype(dt)


def _ordinary_value(name: str) -> st.SearchStrategy:
    dt = dtype_of(name)
    if dt.kind == "b":
        return st.booleans()
    if dt.kind in "iu":
        info = np.iinfo(dt)
        return st.integers(int(info.min), int(info.max))
    if dt.kind == "c":
        return st.complex_numbers(allow_nan=True, allow_infinity=True, width=64 if dt == np.complex64 else 128)
    width = {"float16": 16, "float32": 32, "float64": 64}.get(name, 32)
    return st.floats(width=width)  # bfloat16: a float32, rounded when cast


def dtypes_of(op: str, region: ValueRegion) -> tuple[str, ...]:
    judged = element_types(op)
    return tuple(d for d in (region.dtypes or judged) if d in judged)


@st.composite
def value_cases(draw, op: str, region: ValueRegion) -> Case:
    names = operand_names(op)
    # meet has two of the three slots: its cases carry every edge pair, an ordinary one a few values
    scenario = draw_scenario(draw, "elementwise", ("ordinary", "meet", "meet"), region.scenario)
    name = draw(st.sampled_from(dtypes_of(op, region)))
    arity = len(names)
    forms = [f for f in region.forms if f != "scalar" or arity == 2]
    form = draw(st.sampled_from(forms))
    values = edge_list(name)
    attrs: dict = {}
    if op == "compare":
        directions = [d for d in region.directions if name not in COMPLEX or d in ("EQ", "NE")]
        attrs = {"comparison_direction": draw(st.sampled_from(directions)), "compare_type": compare_type(name)}
    if arity == 2:
        attrs["rhs_as_scalar"] = form == "scalar"
    paired = 2 if arity > 1 else 1
    if scenario == "meet":
        grid = list(itertools.product(values, repeat=paired))
        shift = draw(st.integers(0, len(grid) - 1))  # where the grid starts: cases differ, pairs all meet
        grid = grid[shift:] + grid[:shift]
        grid.sort(key=_special)  # (stable) NaN, infinite and zero meetings last: they fill a vector tail
        grid = _tail_last(grid)
    else:
        n = draw(st.integers(1, 24))
        element = st.one_of(st.sampled_from(values), _ordinary_value(name))
        grid = [tuple(draw(element) for _ in range(paired)) for _ in range(n)]
    if form == "rank0":
        grid = grid[:1]
    cols = [column([g[i] for g in grid], name) for i in range(paired)]
    if form == "scalar":  # the rhs is one value, the lhs meets it with every edge value
        rhs = cols[1][:1].reshape(())
        if region.scalar:  # "zero": either sign; "+0" / "-0": that one
            zeros = {"zero": [0.0, -0.0], "+0": [0.0], "-0": [-0.0]}[region.scalar]
            rhs = column([draw(st.sampled_from(zeros)) if name not in INTS + BOOL else 0], name).reshape(())
        cols = [column(values if scenario == "meet" else [g[0] for g in grid], name), rhs]
    elif form == "rank0":
        cols = [c.reshape(()) for c in cols]
    else:  # rank 1 to MAX_RANK, the innermost dim around a vector width: the values repeated to fill the
        # shape (each element still meeting its pair), so edge values sit in a vector loop's tail as well
        if region.large:  # the grid repeated through it: edge values in every thread's chunk and every tail
            n, inner = draw(st.sampled_from(LARGE_SIZES)), draw(st.sampled_from(VECTOR_SIZES))
            shape = (n,) if draw(st.booleans()) else (-(-n // inner), inner)
        elif region.tail:
            shape = (next(s for s in TAIL_SIZES + (len(grid) // 8 * 8 + 7,) if s >= len(grid)),)
        else:
            shape = tensor_shape(len(grid), draw(st.sampled_from(region.ranks or TENSOR_RANKS)),
                                 draw(st.sampled_from(VECTOR_SIZES)))
        size = int(np.prod(shape))  # the grid's last pair in the last element: where a scalar tail runs
        cols = [np.resize(np.roll(c, size % len(c)), size).reshape(shape) for c in cols]
        if region.large:
            cols = [_at_chunk_ends(c, min(len(grid), len(TAIL_PAIRS))) for c in cols]
    if op == "select":
        shape = cols[0].shape
        if form == "tensor" and region.pred in ("true", "false"):
            pred = np.array(region.pred == "true")
        elif form == "tensor" and region.pred == "drawn" and draw(st.integers(0, 2**32 - 1)) % PRED_RANK0_SHARE == 2:
            # (a residue of a wide draw: Hypothesis favours the ends of a small range, and 0 above all)
            pred = np.array(draw(st.booleans()))  # one predicate for the whole tensors
        else:
            pred = (np.arange(int(np.prod(shape, dtype=int))) % 2 == draw(st.integers(0, 1))).reshape(shape)
        cols = [pred, cols[0], cols[1]]
    elif arity == 1:
        cols = cols[:1]
    side, _, sign = (region.splat or "").partition("=")
    at, _, negative = (region.immediate or "").partition("=")
    if at in names and form == "rank0" and (name in INTS or name in FLOATS):
        if name in INTS:
            info = np.iinfo(dtype_of(name))
            constant, other = (info.min, -1) if info.min < 0 else (info.max, 1)
        else:
            constant, other = (-0.0 if negative else 0.0), -0.0
        cols = [column([constant if n == at else other], name).reshape(()) for n in names]
        attrs["constants"] = (at,)
    elif side in names:  # a constant of zeros meets every edge value: what x + 0 -> x rewrites match
        other = [c for n, c in zip(names, cols) if n != side][0]
        zero = np.full_like(other, -0.0 if sign else 0)
        cols = [zero if n == side else other for n in names]
        attrs["constants"] = (side,)
    elif region.constants:  # which operands the compiler sees as constants (a scalar rhs is one already)
        arrays = [n for n in names if not (n == "rhs" and form == "scalar")]
        # (a residue of a wide draw: Hypothesis favours the ends of a small range)
        attrs["constants"] = tuple(n for n in arrays if region.fold == "all"
                                   or 1 <= draw(st.integers(0, 2**32 - 1)) % CONSTANT_SHARE[1] <= CONSTANT_SHARE[0])
    return Case(f"stablehlo.{op}", dict(zip(names, cols)), attrs, meta={"scenario": scenario, "form": form})


def cases_of(op: str):
    """``(region) -> strategy`` of valid ``op`` cases (what the op's record names)."""
    def cases(region: ValueRegion) -> st.SearchStrategy[Case]:
        return value_cases(op, region)
    cases.__name__ = f"{op}_cases"
    return cases


def edge_runs_of(op: str):
    """``(target) -> forced fields``: the edge phase meets every pair of edge values of each element
    type of the target's region in one tensor case per type, then draws a few rank-0 cases and (for a
    binary op whose target takes them) a few language-scalar cases, across the types."""
    def runs(target) -> list[dict]:
        region = ValueRegion(**target.region)
        form = "tensor" if "tensor" in region.forms else region.forms[0]  # never a form outside the region
        types = dtypes_of(op, region)

        # (select: a pred of the branches' shape, so that each pair meets both branches)
        full = {"pred": "never"} if op == "select" else {}

        def per_type(names, **forced) -> list[dict]:  # one every-pair case of each type in ``names``
            return [{"scenario": "meet", "dtypes": (name,), "forms": (form,), **full, **forced, "edge_examples": 1}
                    for name in names]
        ranked = {"ranks": HIGH_RANKS} if form == "tensor" else {}  # (rank 1: the tail run)
        if op == "compare":  # every direction meets every pair: a NaN read as ordered shows under NE only
            out = [run for d in region.directions
                   for run in per_type([t for t in types if t not in COMPLEX or d in ("EQ", "NE")],
                                       directions=(d,), **ranked)]
        else:
            out = per_type(types, **ranked)
        if form == "tensor":  # again with the special meetings in a vector loop's scalar tail; then large
            out += per_type(types, tail=True)  # tensors: one per target (ci, dev), one per type (nightly)
            out += per_type(types if large_every_type() else types[:1], large=True)
        if region.constants:  # every pair again with every operand a constant: the folder's code, not the kernel's
            out += per_type(types, fold="all")
            if form == "tensor" and tuple(operand_names(op)) == ("lhs", "rhs"):  # then a constant of zeros on either side
                # float types only (x + 0 -> x and 0 - x -> -x are exact on integers), with +0 and -0
                signed = [t for t in types if t in FLOATS + COMPLEX]  # (x - (-0) -> x is wrong at -0)
                out += [run for side in ("lhs", "rhs") for zero in ("", "=-0")
                        for run in per_type(signed, splat=side + zero, ranks=(1,))]
        if region.constants and "rank0" in region.forms and op in IMMEDIATE_OPS:  # an immediate's identity or overflow
            ints = [t for t in types if t in INTS] if op != "divide" else []  # (MIN / -1: idiv's cases)
            floats = [t for t in types if t in FLOATS]
            out += [run for side in ("lhs", "rhs") for run in per_type(ints, forms=("rank0",), immediate=side)]
            out += [run for side in ("lhs", "rhs") for zero in ("", "=-0")
                    for run in per_type(floats, forms=("rank0",), immediate=side + zero)]
        if op == "select" and form == "tensor" and region.pred != "never":  # a rank-0 pred: true in each type,
            out += per_type(types, pred="true")  # then false in each of the first two
            out += per_type(types[:2], pred="false")
        if "rank0" in region.forms:
            out.append({"scenario": "meet", "forms": ("rank0",), "edge_examples": FORM_EDGE_EXAMPLES})
        if "scalar" in region.forms and len(operand_names(op)) == 2:
            out.append({"scenario": "meet", "forms": ("scalar",), "edge_examples": FORM_EDGE_EXAMPLES})
            # a zero of each sign in each float type (a constant cached by == mixes them up), a zero for the rest
            signed = [t for t in types if t in FLOATS + COMPLEX]
            out += [run for zero in ("+0", "-0") for run in per_type(signed, forms=("scalar",), scalar=zero)]
            if len(signed) < len(types):
                out.append({"scenario": "meet", "forms": ("scalar",), "scalar": "zero",
                            "dtypes": tuple(t for t in types if t not in signed), "edge_examples": 2})
        return out
    return runs


LARGE_SIZES = (100_003, 262_151, 1_000_003)  # elements of a large case (odd: a vector loop's tail runs too)


THREAD_COUNTS = (2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64)  # a large case's work split in this many equal chunks


def _at_chunk_ends(a: np.ndarray, k: int) -> np.ndarray:
    """``a`` with its last ``k`` elements (the special meetings the grid ends with) copied to the end of
    every chunk that splitting it in ``THREAD_COUNTS`` equal parts makes: each thread's scalar tail."""
    flat = a.reshape(-1).copy()
    ends = {i * -(-flat.size // t) for t in THREAD_COUNTS for i in range(1, t)}
    for end in sorted(e for e in ends if k <= e < flat.size):
        flat[end - k:end] = flat[-k:]
    return flat.reshape(a.shape)


def large_every_type() -> bool:
    """Whether the edge phase runs a large case per element type (the nightly profile) or one per target."""
    from hypothesis import settings

    return settings.get_current_profile_name() == "nightly"


IMMEDIATE_OPS = ("add", "subtract", "multiply", "divide")  # integer overflow (not divide's), float zero identities
CONSTANT_SHARE = (1, 5)  # each array operand is a compile-time constant in 1 case of 5 (where the target takes them;
# 1 of 3 made the nightly 31 % slower: jax compiles every constant-holding case afresh)
MAX_RANK = 8
TENSOR_RANKS = (1, 2, 3, 4, 5, 6, 7, 8)  # a tensor's rank, uniformly: half of them above 4


def _special(pair) -> bool:
    """A pair with a NaN, an infinity, or two zeros in it (where vector and scalar code paths differ most)."""
    parts = [p for v in pair for p in ((v.real, v.imag) if isinstance(v, complex) else (v,))]
    return any(isinstance(p, float) and (p != p or p in (float("inf"), float("-inf"))) for p in parts) or \
        all(p == 0 for p in parts)


VECTOR_SIZES = (1, 3, 7, 8, 9, 15, 16, 17, 31, 33, 63, 65, 127, 129, 255, 257, 511, 513, 1023, 1025)  # around 4..64 lanes


_INF, _NAN = float("inf"), float("nan")
TAIL_PAIRS = ((_NAN, 1.0), (1.0, _NAN), (0.0, -0.0), (-0.0, 0.0), (_INF, -_INF), (-_INF, _INF), (_NAN, _NAN))
TAIL_SINGLES = (_NAN, -0.0, 0.0, _INF, -_INF, 1.0, -1.0)


def _tail_last(grid: list) -> list:
    """``grid`` with the meetings of ``TAIL_PAIRS`` (``TAIL_SINGLES`` for one operand) moved to its end, in
    that order: the last 7 elements of a tensor, a scalar tail after full vectors of 8 or 16 lanes, hold
    NaN on either side, both signed-zero orders and opposite infinities (real float types)."""
    wanted = TAIL_SINGLES if grid and len(grid[0]) == 1 else TAIL_PAIRS
    key = lambda pair: tuple(repr(float(v)) if isinstance(v, float) else repr(v) for v in pair)  # noqa: E731
    by_key = {key(p): p for p in grid}
    last = [by_key[k] for k in (key(w if isinstance(w, tuple) else (w,)) for w in wanted) if k in by_key]
    moved = {key(p) for p in last}
    return [p for p in grid if key(p) not in moved] + last


HIGH_RANKS = (5, 6, 7, 8)  # the edge phase's every-pair tensor: above rank 4 (a rank-specialised kernel)
TAIL_SIZES = (7, 15, 31, 63, 127, 255, 511, 1023, 2047)  # 7 past a multiple of 8 (15 past one of 16)


def tensor_shape(n: int, rank: int, inner: int) -> tuple[int, ...]:
    """A shape of ``rank`` dims holding at least ``n`` elements: the innermost dim ``inner`` (at rank 1, the
    first size of ``VECTOR_SIZES`` from ``inner`` on that holds ``n``), the outer ones doubled in turn
    from the outermost until they hold the rest (each above 1 where ``n`` allows: a layout then reorders
    real data)."""
    if rank == 1:
        return (next((s for s in VECTOR_SIZES if s >= max(n, inner)), max(n, inner)),)
    dims, axis = [1] * (rank - 1), 0
    dims[-1] = dims[0] = 2  # the outermost dim and the one beside the innermost above 1: a transpose moves data
    while int(np.prod(dims)) * inner < n:
        dims[axis] *= 2
        axis = (axis + 1) % (rank - 1)
    return tuple(dims) + (inner,)


FORM_EDGE_EXAMPLES = 4  # rank-0 and language-scalar cases in the edge phase (a form, not a value, is at stake)


CASES = {op: cases_of(op) for op in OPS}
EDGE_RUNS = {op: edge_runs_of(op) for op in OPS}
