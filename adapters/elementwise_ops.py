"""Elementwise ops of numpy, torch, jax (lax and jnp) and onnxruntime as ``mlir.scalarization``
targets: each calls the backend's op on the tensors, and again on each element's 0-d operands, and
returns both (the Elementwise rules 5-6: the op on tensors is the scalar op at every element).

Imported by each backend module; backend imports happen inside the calls.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from conformance.core.outcome import Unsupported
from conformance.running.registry import target
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


def _ordered(kwargs: dict) -> list[np.ndarray]:
    """The case's arrays (not result_type) as the op takes them: ``pred`` first, then by name."""
    return [kwargs[k] for k in sorted((k for k in kwargs if isinstance(kwargs[k], np.ndarray)),
                                      key=lambda k: (k != "pred", k))]


def _repro(op: str, source: Callable):
    """The snippet of a scalarization target: ``f`` (the backend's op, ``source(op, arrays)``: (imports,
    lines defining ``f``, a format string making one backend operand of an array expression)) on the
    tensors is observed; the same ``f`` on each element's 0-d operands, stacked, is ``EXPECTED``."""
    from conformance.adapters.repro_code import literal

    def repro(kw, case):
        arrays = _ordered(kw)
        imports, define, wrap = source(op, arrays)
        return imports, [f"ARRAYS = [{', '.join(literal(a) for a in arrays)}]", *define,
                         f"EXPECTED = np.stack([np.asarray(f(*[{wrap.format('a[i]')} for a in ARRAYS])) "
                         f"for i in range(ARRAYS[0].shape[0])])  # the scalar forms, element by element",
                         "EXPECTED_TEXT = f'{EXPECTED.dtype}{list(EXPECTED.shape)} {EXPECTED!r} (the scalar forms)'"], \
            f"np.asarray(f(*[{wrap.format('a')} for a in ARRAYS]))  # the op on the tensors"
    return repro


def make_targets(backend: str, api: str, table: Callable[[], dict], to_backend: Callable, to_numpy: Callable,
                 dtypes: tuple[str, ...] = NUMERIC, skip: tuple[str, ...] = (), source: Callable | None = None,
                 only: dict | None = None) -> dict:
    """One target per op in ``ALL_OPS`` but ``skip``; ``table()`` maps op names to the backend's callables;
    ``source``: ``(op, arrays) -> (imports, lines defining f, operand wrap)`` for its repro scripts;
    ``only``: per op, the element types its API defines (the others are not valid input there)."""
    made = {}
    for op in ALL_OPS:
        if op in skip:
            continue

        def fn(*, op: str, _op=op, **kwargs):
            return _both(table()[_op], _ordered(kwargs), to_backend, to_numpy)

        fn.__name__ = f"{api}_{op}".replace(".", "_")
        ds = tuple(d for d in dtypes if d in INTS) if op in INT_ONLY else dtypes
        ds = tuple(d for d in ds if d in (only or {}).get(op, ds))
        made[fn.__name__] = target(OP, f"{backend}:{api}.{op}[per-element]", region={"op": op, "dtypes": ds},
                                   repro=_repro(op, source) if source else None)(fn)
    return made
