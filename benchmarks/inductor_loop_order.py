"""How well ``conformance.judging.inductor_loops`` (the condition ``inductor-scalar-store`` of the torch_compile
declarations) predicts which accumulating scatters TorchInductor fails to compile.

    python -m benchmarks.inductor_loop_order

Compiles each probe (index_add_, index_put_(accumulate=True), put_(accumulate=True) into tensors with
size-1 indexed dims, in contiguous, transposed, permuted, strided and broadcast source layouts) with
``torch.compile(dynamic=True)``, float32, after ``torch._dynamo.reset()``; prints each probe's
prediction and outcome, and the count that agree. A probe passes where the compiled call returns
eager torch's values; it fails where compiling raises.
"""
from __future__ import annotations

import torch

from conformance.judging.inductor_loops import scalar_store
from conformance.core.layouts import dense_strides


def contiguous(shape) -> list[int]:
    return dense_strides(shape, range(len(shape)))

# (destination shape, destination strides or None, dim, source strides or None, index positions)
INDEX_ADD = [
    ((1,), None, 0, None, 2), ((1,), None, 0, None, 1), ((2, 1), None, 1, None, 2), ((1, 2), None, 0, None, 2),
    ((1, 1, 1, 2, 1, 1), None, 5, None, 2), ((3, 1), None, 1, None, 2), ((1, 3), None, 0, None, 3),
    ((1, 1), None, 1, None, 2), ((2, 1, 2), None, 1, None, 2), ((1, 1, 2), None, 1, None, 3),
    ((2, 1, 1), None, 1, None, 3), ((1, 2, 1), None, 2, None, 2), ((2, 2, 1), None, 2, None, 3),
    ((1, 1), None, 0, None, 2), ((2, 1), None, 0, None, 2), ((1, 1, 1), None, 1, None, 2),
    ((2, 1, 2, 1), None, 3, None, 2), ((2, 1, 2, 1), None, 1, None, 3),
    ((2, 1), (1, 2), 1, None, 2), ((1, 2), None, 0, (1, 2), 2), ((2, 1), (1, 2), 1, (1, 2), 2),
    ((2, 1), None, 1, (1, 2), 2), ((1, 2), (1, 1), 0, None, 2),
    ((2, 1, 3), None, 1, (6, 1, 2), 2), ((2, 1, 3), None, 1, (1, 2, 4), 2),
    ((2, 1, 1), None, 1, (4, 2, 1), 2), ((2, 1), None, 1, (4, 2), 2), ((2, 1), None, 1, (0, 1), 2),
    ((2, 1), None, 1, (1, 0), 2), ((2, 3, 1), None, 2, (0, 2, 1), 2), ((2, 3, 1), None, 2, (3, 1, 0), 2),
    ((3, 1, 2), None, 1, (2, 0, 1), 2), ((3, 1, 2), None, 1, (0, 1, 2), 2),
]
# (destination shape, indexed leading dims, index positions' shape, source strides or None)
INDEX_PUT = [((1,), 1, (2,), None), ((1, 2), 1, (2,), None), ((1, 3), 1, (2,), (1, 2)), ((1, 1), 2, (2,), None),
             ((1, 1, 3), 2, (2,), None), ((1, 1, 3), 2, (2,), (1, 2)), ((1, 1, 3), 2, (2, 2), None),
             ((2, 1), 2, (2,), None)]
PUT = [((1,), (2,)), ((1, 1), (2,)), ((1,), (2, 2)), ((1, 2), (2,))]


def _view(shape, strides):
    """A float32 tensor of ones with ``shape`` and element ``strides`` (C order where None)."""
    strides = strides or contiguous(shape)
    span = 1 + sum(s * (n - 1) for s, n in zip(strides, shape))
    return torch.ones(max(span, 1)).as_strided(shape, strides)


def _fails(fn, *args) -> bool:
    torch._dynamo.reset()
    eager = fn(*[a.clone() for a in args])
    try:
        compiled = torch.compile(fn, dynamic=True)(*args)
    except Exception:  # noqa: BLE001 - a compile failure is the outcome measured
        return True
    if not torch.equal(eager, compiled):
        raise AssertionError(f"probe {fn.__name__}: wrong values, not a compile failure")
    return False


def probes():
    """(description, predicted failure, observed failure) per probe."""
    for shape, dest, dim, src, n in INDEX_ADD:
        source_shape = tuple(n if d == dim else m for d, m in enumerate(shape))
        dest_strides = list(dest or contiguous(shape))
        predicted = shape[dim] == 1 and scalar_store(source_shape, src or contiguous(source_shape), [dim],
                                                     [None if d == dim else s for d, s in enumerate(dest_strides)])

        def index_add(x, i, u, dim=dim):
            return x.index_add_(dim, i, u)
        x = torch.zeros(max(1, 1 + sum(s * (m - 1) for s, m in zip(dest_strides, shape)))).as_strided(shape, dest_strides)
        yield (f"index_add_ {shape} dim {dim} dest strides {dest_strides} source strides {src or 'C'}", predicted,
               _fails(index_add, x, torch.zeros(n, dtype=torch.int64), _view(source_shape, src)))
    for shape, k, positions, src in INDEX_PUT:
        source_shape = positions + shape[k:]
        batch = list(range(len(positions)))
        window = [None] * len(positions) + contiguous(shape)[k:]
        predicted = all(m == 1 for m in shape[:k]) and scalar_store(source_shape, src or contiguous(source_shape),
                                                                    batch, window)

        def index_put(x, u, *idx):
            return x.index_put_(idx, u, accumulate=True)
        idx = [torch.zeros(positions, dtype=torch.int64) for _ in range(k)]
        yield (f"index_put_ {shape} {k} indexed dims, positions {positions}, source strides {src or 'C'}", predicted,
               _fails(index_put, torch.zeros(shape), _view(source_shape, src), *idx))
    for shape, positions in PUT:
        size = int(torch.tensor(shape).prod())
        predicted = size == 1 and scalar_store(positions, contiguous(positions), list(range(len(positions))),
                                               [None] * len(positions))

        def put(x, i, u):
            return x.put_(i, u, accumulate=True)
        yield (f"put_ {shape} positions {positions}", predicted,
               _fails(put, torch.zeros(shape), torch.zeros(positions, dtype=torch.int64), torch.ones(positions)))


def main() -> None:
    agree = total = 0
    for text, predicted, observed in probes():
        total += 1
        agree += predicted == observed
        print(f"{'ok ' if predicted == observed else 'BAD'} predicted {'fail' if predicted else 'pass'}, "
              f"{'failed' if observed else 'passed'}: {text}", flush=True)
    print(f"{agree} of {total} probes predicted (torch {torch.__version__}, {torch.get_num_threads()} threads)")


if __name__ == "__main__":
    main()
