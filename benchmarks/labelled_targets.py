"""A labelled set of wrong targets for the class-accuracy benchmark: each one correct but for one
realistic bug, with the one class a backend engineer would expect the suite to name (``EXPECTED``).

Written as a user's backend module would be (``from conformance.running.registry import target``, ordinary
regions); the classification rules never name them. ``python -m benchmarks.class_accuracy`` runs them.
"""
from __future__ import annotations

import os
import signal

import numpy as np

from conformance.running.registry import target
from conformance.oracles.stablehlo.dynamic_slice import dynamic_slice, dynamic_update_slice
from conformance.oracles.stablehlo.elementwise import evaluate as evaluate_values
from conformance.oracles.stablehlo.gather import evaluate_fast as gather_fast
from conformance.oracles.stablehlo.policy import Variant
from conformance.oracles.stablehlo.scatter import evaluate_fast as scatter_fast
from conformance.oracles.stablehlo.scatter_policy import ScatterVariant

GATHER, SCATTER = "stablehlo.gather", "stablehlo.scatter"
SLICE, UPDATE = "stablehlo.dynamic_slice", "stablehlo.dynamic_update_slice"
TAKE = {"style": "take", "oob_share": 0.5}
WIDE_INDEX = {**TAKE, "index_dtypes": ("int64",)}
UNSIGNED_INDEX = {**TAKE, "index_dtypes": ("uint8", "uint16", "uint32", "uint64")}
SIGNED8 = {"index_dtypes": ("int8",), "oob_share": 0.5}
EXPECTED: dict[str, str] = {}


def _plain(attrs: dict) -> dict:
    attrs = dict(attrs)
    attrs.pop("result_type", None)
    return attrs


def _gather(reading: str, rule: str):
    def fn(operand, start_indices, **attrs):
        return gather_fast(operand, start_indices, variant=Variant("bug", reading, rule), **_plain(attrs))[0]
    return fn


def _scatter(reading: str, rule: str):
    def fn(inputs, scatter_indices, updates, **attrs):
        return scatter_fast(inputs, scatter_indices, updates, variant=ScatterVariant("bug", reading, rule),
                            **_plain(attrs))[0]
    return fn


def _labelled(op: str, name: str, cls: str, region: dict | None = None, **kw):
    EXPECTED[f"bench:{name}"] = cls
    return target(op, f"bench:{name}", region=region, **kw)


# ---- gather: out-of-bounds starts ------------------------------------------------------------------
gather_fills = _labelled(GATHER, "gather-fills-zero", "fill", TAKE)(_gather("keep", "fill"))
gather_from_end = _labelled(GATHER, "gather-negative-from-end", "wrap", TAKE)(_gather("from-end", "clamp"))
gather_raises = _labelled(GATHER, "gather-raises-out-of-bounds", "error", TAKE)(_gather("keep", "error"))
# look-alikes of the named classes: a real shortcut, a narrowing, a signedness mix-up
gather_resets = _labelled(GATHER, "gather-resets-out-of-bounds-to-0", "wrong-value", TAKE)(_gather("keep", "reset"))
gather_narrows = _labelled(GATHER, "gather-narrows-int64-to-int32", "wrong-value", WIDE_INDEX)(_gather("narrow-int32", "clamp"))
gather_as_signed = _labelled(GATHER, "gather-reads-unsigned-as-signed", "wrong-value", UNSIGNED_INDEX)(
    _gather("as-signed", "clamp"))

# ---- scatter ---------------------------------------------------------------------------------------
SCATTER_OOB = {"oob_share": 0.5, "max_input_rank": 2}
scatter_drops_windows = _labelled(SCATTER, "scatter-drops-partial-windows", "skip-window",
                                  {**SCATTER_OOB, "cut_share": 0.9, "needs": {"window": 2}})(_scatter("keep", "skip-window"))
scatter_clamps = _labelled(SCATTER, "scatter-clamps-window-start", "clamp", SCATTER_OOB)(_scatter("keep", "clamp"))
scatter_from_end = _labelled(SCATTER, "scatter-negative-from-end", "wrap", SCATTER_OOB)(_scatter("from-end", "skip-element"))


# ---- dynamic slices --------------------------------------------------------------------------------
def _starts(start_indices) -> list[int]:
    return [int(s) for s in start_indices]


@_labelled(SLICE, "dynamic-slice-clamps-low-side-only", "wrong-value", {"oob_share": 0.5})
def slice_low_clamp(operand, start_indices=(), *, slice_sizes, **_):
    """max(start, 0), then reads past the end give 0 (a bounds-checked load)."""
    padded = np.zeros(tuple(d + k for d, k in zip(operand.shape, slice_sizes)), operand.dtype)
    padded[tuple(slice(0, d) for d in operand.shape)] = operand
    begin = [min(max(s, 0), d) for s, d in zip(_starts(start_indices), operand.shape)]  # far past the end: all 0
    window = tuple(slice(b, b + k) for b, k in zip(begin, slice_sizes))
    return padded[window].copy()


@_labelled(SLICE, "dynamic-slice-reads-int8-as-unsigned", "wrong-value", SIGNED8)
def slice_as_unsigned(operand, start_indices=(), *, slice_sizes, **_):
    starts = [np.asarray(s).astype(np.int64) % 256 for s in start_indices]
    return dynamic_slice(operand, starts, slice_sizes=slice_sizes)


@_labelled(UPDATE, "dynamic-update-slice-raises-out-of-bounds", "error", {"oob_share": 0.5})
def update_raises(operand, update, start_indices=(), **_):
    for s, d, k in zip(_starts(start_indices), operand.shape, update.shape):
        if not 0 <= s <= d - k:
            raise IndexError(f"start {s} out of range for dim {d}")
    return dynamic_update_slice(operand, update, start_indices)


# ---- elementwise values ----------------------------------------------------------------------------
def _value(op: str, arrays: dict, attrs: dict | None = None) -> np.ndarray:
    return evaluate_values(op, arrays, attrs or {}).value


@_labelled("stablehlo.add", "add-float16-returns-float32", "wrong-dtype", {"dtypes": ("float16",)})
def add_promotes(lhs, rhs, **_):
    return _value("add", {"lhs": lhs, "rhs": rhs}).astype(np.float32)


@_labelled("stablehlo.negate", "negate-rank0-returns-python-scalar", "wrong-shape", {"dtypes": ("float32",),
                                                                                    "forms": ("rank0",)})
def negate_scalar(operand, **_):
    return float(_value("negate", {"operand": operand}))


@_labelled("stablehlo.maximum", "maximum-drops-nan", "wrong-value", {"dtypes": ("float32",)})
def maximum_drops_nan(lhs, rhs, **_):
    return np.fmax(lhs, rhs)


_CALLS = [0]


@_labelled("stablehlo.multiply", "multiply-racy-tail", "nondeterministic", {"dtypes": ("float32",)})
def multiply_racy(lhs, rhs, **_):
    """Every other call the last element comes from a stale buffer (a race on the vector tail)."""
    out = _value("multiply", {"lhs": lhs, "rhs": rhs}).copy()
    _CALLS[0] += 1
    if out.size and _CALLS[0] % 2 == 0:
        out.reshape(-1)[-1] = np.float32(12345.0)
    return out


_KERNELS: dict = {}


@_labelled("stablehlo.subtract", "subtract-kernel-cache-keyed-by-equality", "history-dependent",
           {"dtypes": ("float32",), "forms": ("scalar",)})
def subtract_cached(lhs, rhs, **_):
    """A kernel specialised on the scalar rhs, cached by (dtype, value): -0.0 == 0.0, so the kernel
    built for one zero serves the other."""
    key = (lhs.dtype.str, float(rhs))
    if key not in _KERNELS:
        _KERNELS[key] = np.asarray(rhs).copy()
    return _value("subtract", {"lhs": lhs, "rhs": _KERNELS[key].astype(rhs.dtype)})


# ---- process-level and input-level bugs -------------------------------------------------------------
@_labelled(GATHER, "gather-writes-into-operand", "mutates-input", TAKE)
def gather_mutates(operand, start_indices, **attrs):
    result = gather_fast(operand, start_indices, **_plain(attrs))[0]
    if operand.size:
        operand.reshape(-1)[0] = operand.reshape(-1)[-1]  # a scratch buffer aliased to the input
    return result


@_labelled(GATHER, "gather-aborts-on-negative-index", "crash", {**TAKE, "index_dtypes": ("int32",)})
def gather_aborts(operand, start_indices, **attrs):
    if np.asarray(start_indices).size and (np.asarray(start_indices) < 0).any():
        os.kill(os.getpid(), signal.SIGSEGV)  # an unchecked negative offset
    return gather_fast(operand, start_indices, **_plain(attrs))[0]


@_labelled(GATHER, "gather-hangs-wrapping-huge-index", "timeout", {**TAKE, "index_dtypes": ("int64",)})
def gather_hangs(operand, start_indices, **attrs):
    """Brings an index into range by repeated subtraction: time grows with the index."""
    for v in np.asarray(start_indices).reshape(-1):
        v = int(v)
        while v > 2**40:
            v -= 1
    return gather_fast(operand, start_indices, **_plain(attrs))[0]


@_labelled(GATHER, "gather-validates-nothing", "accepts-invalid", valid=False, invalid=True)
def gather_accepts(operand, start_indices, **_):
    return np.zeros((1,), operand.dtype)


@_labelled(GATHER, "gather-refuses-int8-indices", "rejects-valid", {"style": "take", "oob_share": 0.5,
                                                                      "index_dtypes": ("int8",)})
def gather_refuses_int8(operand, start_indices, **attrs):
    if np.asarray(start_indices).dtype == np.int8:
        raise TypeError("index type int8 is not supported")
    return gather_fast(operand, start_indices, **_plain(attrs))[0]
