"""Elementwise ops of numpy, torch, jax (lax and jnp) and onnxruntime as ``mlir.scalarization``
targets: each calls the backend's op on the tensors, and again on each element's 0-d operands, and
returns both (the Elementwise rules 5-6: the op on tensors is the scalar op at every element).

Imported by each backend module; backend imports happen inside the calls.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from conformance.outcome import Unsupported
from conformance.registry import target
from conformance.oracles.dtypes import ELEMENT_DTYPES
from conformance.strategies.edge_values import BINARY, INT_ONLY, TERNARY, UNARY

OP = "mlir.scalarization"
ALL_OPS = UNARY + BINARY + TERNARY
NUMERIC = tuple(d for d in ELEMENT_DTYPES if d not in ("bool", "complex64", "complex128"))
INTS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")


def _both(fn: Callable, arrays: list[np.ndarray], to_backend: Callable, to_numpy: Callable):
    """(tensor result, element-by-element results stacked); Unsupported when both forms raise."""
    errors = []
    try:
        tensor = to_numpy(fn(*[to_backend(a) for a in arrays]))
    except Exception as e:  # noqa: BLE001 - a refusal is data here
        tensor, errors = None, [f"tensor: {type(e).__name__}: {e}"]
    scalars = []
    try:
        for i in range(arrays[0].shape[0]):
            scalars.append(to_numpy(fn(*[to_backend(a[i]) for a in arrays])))
    except Exception as e:  # noqa: BLE001
        errors.append(f"scalar: {type(e).__name__}: {e}")
        scalars = None
    if tensor is None and scalars is None:
        raise Unsupported("; ".join(errors)[:300])
    if tensor is None or scalars is None:
        raise RuntimeError(f"only one form ran: {'; '.join(errors)[:300]}")
    return np.asarray(tensor), np.stack([np.asarray(s) for s in scalars]) if scalars else np.asarray(tensor)[:0]


def make_targets(backend: str, api: str, table: Callable[[], dict], to_backend: Callable, to_numpy: Callable,
                 dtypes: tuple[str, ...] = NUMERIC, skip: tuple[str, ...] = ()) -> dict:
    """One target per op in ``ALL_OPS`` but ``skip``; ``table()`` maps op names to the backend's callables."""
    made = {}
    for op in ALL_OPS:
        if op in skip:
            continue

        def fn(*, op: str, _op=op, **kwargs):
            arrays = {k: v for k, v in kwargs.items() if isinstance(v, np.ndarray)}  # (not result_type)
            ordered = [arrays[k] for k in sorted(arrays, key=lambda k: (k != "pred", k))]
            return _both(table()[_op], ordered, to_backend, to_numpy)

        fn.__name__ = f"{api}_{op}".replace(".", "_")
        ds = tuple(d for d in dtypes if d in INTS) if op in INT_ONLY else dtypes
        made[fn.__name__] = target(OP, f"{backend}:{api}.{op}[per-element]", region={"op": op, "dtypes": ds})(fn)
    return made
