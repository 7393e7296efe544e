"""TorchInductor's loop order for an accumulating scatter (``index_add_``, ``index_put_(accumulate=True)``,
``put_(accumulate=True)``), transcribed from ``torch._inductor.scheduler.pick_loop_order`` (torch 2.13),
for a declaration condition of backend ``torch_compile``.

Inductor lowers these calls to one loop nest over the source's elements, stores with ``atomic_add``,
and vectorises the innermost loop. Where every indexed dim of the destination has size 1, the store
position does not depend on the loops that run over index positions; if one of those is innermost,
the vectorised store finds a scalar position and the compile fails (``AssertionError`` in
``CppVecKernel.store``). Which loop is innermost follows the heuristic below: per memory access
(the store, the source read, the index read) a dim with a smaller stride goes further in.
Measured on 45 shapes, layouts and strides (``python -m benchmarks.inductor_loop_order``): it predicts each.
"""
from __future__ import annotations

import functools
import math
from typing import Sequence

from conformance.core.layouts import dense_strides


def _cmp(a, b) -> int:
    return (a > b) - (a < b)


def innermost(strides: Sequence[Sequence[int]], sizes: Sequence[int]) -> int:
    """The loop Inductor runs innermost: ``pick_loop_order(strides, sizes)[0]`` (one stride list per
    memory access, one stride per loop; size-1 loops go outermost)."""

    def index_cmp(a: int, b: int) -> int:
        if sizes[a] == 1 or sizes[b] == 1:
            return _cmp(sizes[a] == 1, sizes[b] == 1)
        la, lb = [abs(s[a]) for s in strides], [abs(s[b]) for s in strides]
        a_first = sum(y == 0 or x < y for x, y in zip(la, lb))
        b_first = sum(x == 0 or y < x for x, y in zip(la, lb))
        if a_first != b_first:
            return -1 if a_first > b_first else 1
        return _cmp(b, a)

    return sorted(reversed(range(len(sizes))), key=functools.cmp_to_key(index_cmp))[0]


def scalar_store(source_shape, source_strides, batch_loops, destination_strides) -> bool:
    """Whether the vectorised loop of an accumulating scatter runs over index positions whose store
    position is constant: ``batch_loops`` are the source dims that run over index positions (all of
    them land on size-1 indexed dims), ``destination_strides`` gives, for every other source dim, the
    destination's stride there (None for the batch loops)."""
    if not batch_loops or math.prod(source_shape[d] for d in batch_loops) < 2:
        return False
    batch_shape = [source_shape[d] for d in batch_loops]
    batch_strides = dense_strides(batch_shape, range(len(batch_shape)))  # (the index tensors are C-contiguous)
    store = [0 if d in batch_loops else destination_strides[d] for d in range(len(source_shape))]
    index = [batch_strides[batch_loops.index(d)] if d in batch_loops else 0 for d in range(len(source_shape))]
    return innermost([store, list(source_strides), index], list(source_shape)) in batch_loops
