"""Backend ``openvino``: the same one-node ONNX models the onnxruntime backend builds (Gather,
GatherElements, GatherND, ScatterElements, ScatterND at each opset), read and compiled by OpenVINO
for CPU: a second, independent ONNX runtime.

OpenVINO's CPU plugin refuses a node whose output rank is unknown, so each model is reshaped to the
case's static input shapes before it is compiled (about 0.1 s a compile here; `adapters/openvino_compile.py`);
compiled models are cached per (model, input shapes). Each target also takes ``dynamic_shapes`` (issue 47):
the case's model is then compiled with its dims dynamic (known rank, every dim ``?`` but a GatherND's index
vector, which sets the output's rank), one executable for every shape of those ranks, as a model
exported with dynamic input dims runs. Complex and bfloat16 numpy inputs are outside the region, as for
onnxruntime. Each target takes ``threads`` too (``Case.threads``: its large index cases run on the default
thread count and on one): the model is compiled with ``INFERENCE_NUM_THREADS`` set to it. Every target (the
elementwise ones of ``elementwise_values.OPENVINO`` too) has a batch entry point (``adapters/openvino_batch.py``):
the models of a batch's cases in one ``ov.Model``, compiled once per thread count.
"""
from __future__ import annotations

# C-contiguous arrays only, as before issue 43 made every view kind the default: views for this
# backend's compiled targets cost CI a new compile per layout case; left for a measured follow-up
LAYOUTS = ("c",)

import threading
from dataclasses import replace

from conformance.adapters import onnx_nd, onnx_scatter
from conformance.adapters.onnx_gather import ALL_ELEMENTS, make_targets
from conformance.adapters.openvino_batch import batch_entry
from conformance.adapters.thread_count import count, taking_threads
from conformance.running.registry import inherit_deviations

REQUIRES = ("openvino", "onnx")


_DIMS = threading.local()  # .dynamic: the call in progress compiles with dynamic dims


def _run(model, feeds):
    from conformance.adapters import openvino_compile

    return openvino_compile.run(model.SerializeToString(), feeds, model.graph.node[0].op_type,
                                getattr(_DIMS, "dynamic", False), count())


def _taking_dynamic_shapes(fn):
    """``fn`` with a ``dynamic_shapes`` keyword: True compiles the call's model with dynamic dims."""
    def call(*args, dynamic_shapes=False, **kwargs):
        _DIMS.dynamic = bool(dynamic_shapes)
        try:
            return fn(*args, **kwargs)
        finally:
            _DIMS.dynamic = False

    call.__name__, call.__qualname__, call.__doc__ = fn.__name__, fn.__qualname__, fn.__doc__
    return call


def value_targets() -> list:
    """The elementwise ops' openvino targets (their one-node models, ``elementwise_values.OPENVINO``), which run
    through ``openvino_compile.run`` too."""
    from conformance.adapters.elementwise_values import OPENVINO

    return list(OPENVINO)


ELEMENTS = tuple(e for e in ALL_ELEMENTS if e not in ("complex64", "complex128", "bfloat16"))
GATHER_TARGETS = make_targets("openvino", _run, ELEMENTS)
SCATTER_TARGETS = onnx_scatter.make_targets("openvino", _run, ELEMENTS)
ND_TARGETS = onnx_nd.make_targets("openvino", _run, ELEMENTS)
# What the ONNX operator pages say (negative indices count back; out-of-range ones are errors) holds
# for any ONNX runtime: onnxruntime's declarations of it apply here too. Its MEASURED ones do not.
inherit_deviations([fn.__conformance_target__ for made in (GATHER_TARGETS, SCATTER_TARGETS, ND_TARGETS)
                    for fn in made.values()], "onnxruntime", lambda dev: not dev.reason.startswith("MEASURED"),
                   "As the ONNX operator documents it: ")
for _fn in (*GATHER_TARGETS.values(), *SCATTER_TARGETS.values(), *ND_TARGETS.values()):
    _fn.__conformance_target__.fn = taking_threads(_taking_dynamic_shapes(_fn.__conformance_target__.fn))
# cases per joined model (one compile for a batch, adapters/openvino_batch.py): the size with the fewest seconds
# per case here (benchmarks/batch_compare.py --sizes)
BATCH_SIZE = 16
for _fn in (*GATHER_TARGETS.values(), *SCATTER_TARGETS.values(), *ND_TARGETS.values(), *value_targets()):
    _fn.__conformance_target__.batch = batch_entry(_fn.__conformance_target__.fn)
    _fn.__conformance_target__.batch_size = BATCH_SIZE
    # a case's frontend or importer refusal is its own (batch_replay); a refusal of the joint compile splits the batch
    _fn.__conformance_target__.batch_breakers = ("timeout", "rejects-valid")
for _key in ("gatherelements_11", "gatherelements_13"):
    # on one thread, a GatherElements node that meets an index out of range ends the whole inference silently
    # (its declared stop, serial_gather_elements_stops): in a joined model the later cases' nodes never run, so
    # the cases that declaration covers run alone (fresh draws at ee821ea: a batch-only wrong value every run)
    GATHER_TARGETS[_key].__conformance_target__.batch_breakers = ("timeout", "rejects-valid", "wrong-value")
for _fn in GATHER_TARGETS.values():  # a declared crash there is a read outside the tensor: nothing to clean up
    _fn.__conformance_target__.restart_after_crash = False


def negated_compare(case):
    """Declaration model (openvino.toml): ``GreaterOrEqual`` as ``not Less`` and ``Greater`` as ``not
    LessOrEqual``, so a NaN on either side compares True; the other directions as the spec has them."""
    import numpy as np

    lhs, rhs = case.arrays["lhs"].astype(np.float64), case.arrays["rhs"].astype(np.float64)
    direction = case.attrs["comparison_direction"]
    with np.errstate(invalid="ignore"):
        spec = {"EQ": lhs == rhs, "NE": lhs != rhs, "LE": lhs <= rhs, "LT": lhs < rhs,
                "GE": ~(lhs < rhs), "GT": ~(lhs <= rhs)}
    return np.asarray(spec[direction])


def select_max_min(case):
    """Declaration model (openvino.toml): ``Max``/``Min`` as ``a > b ? a : b`` / ``a < b ? a : b`` (x86
    max/min instructions: a NaN or a zero in the first operand gives the second), float64 read in
    float32 with out-of-range values clamped to its largest finite value (as the plugin computes it)."""
    import numpy as np

    lhs, rhs = _float32_operands(case) if case.arrays["lhs"].dtype == np.float64 else \
        (case.arrays["lhs"], case.arrays["rhs"])
    with np.errstate(invalid="ignore"):
        pick = lhs > rhs if case.op.endswith("maximum") else lhs < rhs
    return np.where(pick, lhs, rhs).astype(case.arrays["lhs"].dtype)


def _float32_operands(case):
    """lhs and rhs as the plugin reads floats: float32, float64 clamped to float32's finite range first."""
    import numpy as np

    held = _in_float32(case)
    return tuple(held.arrays[k].astype(np.float32) for k in ("lhs", "rhs"))


def _reciprocal(y):
    """``1 / y`` in float32, a subnormal ``y`` as it is (measured 2026-11-29: 1 / -8.67e-39 is -1.153e38 and
    used; 1 / 1e-45 overflows to inf, which is what first read as a divisor flushed to zero)."""
    import numpy as np

    with np.errstate(all="ignore"):
        return np.float32(1) / y


def reciprocal_divide(case):
    """Declaration model (openvino.toml): ``Div`` on floats as ``lhs * (1 / rhs)`` in float32 (``0 / 1e-45``
    gives ``0 * inf``, NaN: 1 / 1e-45 overflows; 0.0016346 / -8.673e-39 gives -1.8847001e35, the reciprocal
    -1.153e38 rounded first); float64 read in float32 with out-of-range values clamped, as the plugin
    computes it, and written back with its infinities as +-FLT_MAX (measured 2026-12-06: -0.0023191 /
    -3.25e-41 gives +FLT_MAX, the spec 7.1e37: the float32 reciprocal of a divisor below 2**-126 overflows)."""
    import numpy as np

    x, y = _float32_operands(case)
    with np.errstate(all="ignore"):
        result = (x * _reciprocal(y)).astype(np.float32).astype(case.arrays["lhs"].dtype)
    if result.dtype == np.float64:  # (no float64 result holds an infinity: openvinotoolkit/openvino#37968)
        top = float(np.finfo(np.float32).max)
        result = np.where(np.isinf(result), np.copysign(top, result), result)
    return result


def flushed_fmod(case):
    """Declaration model (openvino.toml): ``Mod(fmod=1)`` on floats as ``x - trunc(x / y) * y`` in float32
    with a subnormal ``y`` read as a zero of its sign in the division: ``1 fmod 1e-45`` gives -inf,
    ``x fmod inf`` NaN, ``-0 fmod 1`` +0."""
    return _fmod(case, flush=True)


def fmod_formula(case):
    """Declaration model (openvino.toml): ``Mod(fmod=1)`` on floats as ``x - trunc(x / y) * y`` in float32,
    the divisor as it is (seen on a rank-0 tensor): ``-1e-45 fmod 1e-45`` gives +0.0 (C fmod: -0.0)."""
    return _fmod(case, flush=False)


def saturated_fmod(case):
    """Declaration model (openvino.toml): ``Mod(fmod=1)`` on float64 as the float32 formula on operands
    clamped to float32's finite range, the result clamped back into it as it is converted to float64
    (measured: -inf fmod 1.6653345369377348e-16 gives FLT_MAX: -FLT_MAX - trunc(-inf) * y is +inf, stored
    as FLT_MAX)."""
    import numpy as np

    out = _fmod(case, flush=False)
    if case.arrays["lhs"].dtype != np.float64:
        return out
    top = float(np.finfo(np.float32).max)
    return np.clip(out, -top, top)


def _fmod(case, flush: bool):
    import numpy as np

    x, y = _float32_operands(case)
    divisor = np.where(np.abs(y) < np.finfo(np.float32).tiny, np.copysign(np.float32(0), y), y) if flush else y
    with np.errstate(all="ignore"):
        return (x - np.trunc(x / divisor) * y).astype(np.float32).astype(case.arrays["lhs"].dtype)


def _read_signed(a):
    """Unsigned values as the plugin reads them: uint32 as int32; 64-bit ones narrowed to their low 32
    bits, signed (it runs 64-bit integer tensors as 32-bit), held in int64."""
    import numpy as np

    if a.dtype.itemsize == 8:
        return a.view(np.int64).astype(np.int32).astype(np.int64)
    return a.view(a.dtype.str.replace("u", "i"))


def unsigned_read_signed(case):
    """Declaration model (openvino.toml): the spec's result with unsigned element values read as the
    plugin reads them (``_read_signed``; indices as they are), then stored back: max(0, 4294967295) on
    uint32 is 0, as on int32 max(0, -1); on uint64, max(18446744073709551614, 0) is 0."""
    import numpy as np

    from conformance.core.opspec import NoRepro, op_spec

    indices = op_spec(case.op).indices
    signed = {k: _read_signed(v) if v.dtype.kind == "u" and k.split("[")[0] != indices else v
              for k, v in case.arrays.items()}
    signed_case = replace(case, arrays=signed)
    try:
        out = op_spec(case.op).part("expected")(signed_case)
    except NoRepro:  # colliding updates: integer max/min/add/mul give one result in any order
        data = signed.get("inputs", signed.get("data"))
        out = op_spec(case.op).part("mismatch")(signed_case, data)[1][0]
    unsigned = next(v.dtype for k, v in case.arrays.items() if v.dtype.kind == "u" and k.split("[")[0] != indices)
    return np.asarray(out).astype(unsigned.str.replace("u", "i")).view(unsigned)


def _flush_block(a):
    """A float32 array as the CPU plugin stores a constant (``Input::cloneBlobIfRequired``): where it
    holds a subnormal, every element whose exponent bits are zero (the subnormals and -0.0) becomes +0.0;
    an array without subnormals stays as it is."""
    import numpy as np

    if a.dtype != np.float32:
        return a
    tiny = np.finfo(np.float32).tiny
    small = np.abs(a) < tiny
    return np.where(small, np.float32(0), a).astype(np.float32) if (small & (a != 0)).any() else a


def _operand_names(case):
    from conformance.adapters.elementwise_values import operand_names

    return operand_names(case.op.removeprefix("stablehlo."))


def _all_constant(case) -> bool:
    return set(_operand_names(case)) <= set(case.attrs.get("constants", ()))


def _kernel(case):
    """The CPU kernels' result on ``case`` (the measured models of the declarations above, else the spec's)."""
    import numpy as np

    from conformance.judging.verdict_values import expected

    op = case.op.removeprefix("stablehlo.")
    model = {"divide": reciprocal_divide, "remainder": flushed_fmod, "maximum": select_max_min,
             "minimum": select_max_min}.get(op)
    if model is not None and case.arrays["lhs"].dtype.kind == "f":
        return np.asarray(model(case))
    return np.asarray(expected(case).value)  # (where the spec leaves an element open: its formula's value)


def _in_float32(case):
    """The case with float64 arrays as the plugin holds them: float32, out-of-range values clamped."""
    import numpy as np

    top = float(np.finfo(np.float32).max)
    return replace(case, arrays={k: np.clip(v, -top, top).astype(np.float32) if v.dtype == np.float64 else v
                                 for k, v in case.arrays.items()})


def _as_case_type(case, result):
    return result.astype(case.arrays[_operand_names(case)[-1]].dtype) if result.dtype.kind == "f" else result


def constant_runtime(case):
    """Declaration model (openvino.toml): the plugin's constants flushed (``_flush_block``; float64 held
    in float32 first) and the op run by its CPU kernel; where every operand is a constant, the folded
    result is a constant too, stored the same way; a constant divisor becomes its reciprocal rounded to
    the element type, stored as a constant (float16 6e-08 / 6e-08 gives inf: 1 / 6e-08 overflows float16;
    float32 2.5 / FLT_MAX gives 0: 1 / FLT_MAX is subnormal); a constant subtrahend is negated and stored
    the same way, ``x - C`` run as ``x + (-C)`` (float32 -0.0 - [1e-40, 0.0] gives [+0.0, +0.0])."""
    import numpy as np

    constants = set(case.attrs.get("constants", ()))
    held = _in_float32(case)
    flushed = replace(held, arrays={k: _flush_block(v) if k in constants else v for k, v in held.arrays.items()})
    if case.op == "stablehlo.divide" and "rhs" in constants and flushed.arrays["lhs"].dtype.kind == "f":
        # the reciprocal is taken of the constant as given (measured 2026-11-29: 1 / [-8.67e-39, 3e-39] is
        # finite and used), then stored as a constant (flushed where it holds a subnormal)
        # (a float64 divisor is converted to a float32 constant first, stored flushed: -0.0 beside a subnormal
        # reads as +0.0, 2.5 / -0.0 gives +FLT_MAX)
        divisor = flushed if case.arrays["rhs"].dtype == np.float64 else held
        x, y = flushed.arrays["lhs"].astype(np.float32), divisor.arrays["rhs"].astype(np.float32)
        with np.errstate(all="ignore"):
            inverse = _flush_block((np.float32(1) / y).astype(case.arrays["rhs"].dtype).astype(np.float32))
            result = x * inverse  # (the reciprocal is a constant too, stored the same way)
    elif case.op == "stablehlo.subtract" and constants == {"rhs"} and held.arrays["rhs"].dtype.kind == "f":
        # x - C runs as x + (-C), the negated constant stored the same way (measured 2026-11-29: -0.0 - C
        # with C = [1e-40, 0.0, ...] gives +0.0 at both: -C is [-1e-40, -0.0], flushed to +0.0)
        x = flushed.arrays["lhs"]
        with np.errstate(all="ignore"):
            result = x + _flush_block(np.negative(held.arrays["rhs"]))
    else:
        result = _kernel(flushed)
    result = _as_case_type(case, _flush_block(result) if _all_constant(case) else result)
    if result.dtype == np.float64:  # written back with its infinities as +-FLT_MAX (openvinotoolkit/openvino#37968)
        top = float(np.finfo(np.float32).max)
        result = np.where(np.isinf(result), np.copysign(top, result), result)
    return result


def constant_folded(case):
    """Declaration model (openvino.toml): where every operand is a constant, OpenVINO folds the node with
    its reference implementation (``Max``/``Min`` as ``std::max``/``std::min``: the first operand unless
    the second is strictly greater/less, so a NaN second operand drops out) and stores the result as a
    constant (``_flush_block``; a float64 node is folded on its values held in float32 and its result kept
    unflushed: max(-0.0, NaN) gives -0.0 beside 1e-40); otherwise as ``constant_runtime``."""
    import numpy as np

    from conformance.judging.verdict_values import expected

    if not _all_constant(case):
        return constant_runtime(case)
    op, held = case.op.removeprefix("stablehlo."), _in_float32(case)
    if op in ("maximum", "minimum"):
        a, b = held.arrays["lhs"], held.arrays["rhs"]
        with np.errstate(invalid="ignore"):
            take_b = a < b if op == "maximum" else b < a
        result = np.where(take_b, b, a).astype(a.dtype)
    else:
        result = np.asarray(expected(held).value)  # the reference code computes the spec's value
    if case.arrays[_operand_names(case)[-1]].dtype == np.float64:  # folded on the values held in float32, and
        return _as_case_type(case, result)  # not flushed (measured 2026-11-29: max(1e-40, 0.0) gives 9.99995e-41)
    return _as_case_type(case, _flush_block(result))


def nan_dropping_float32(case):
    """Declaration model (openvino.toml): a max/min scatter reduction on float64 as the plugin runs it: in
    float32, with out-of-range values clamped to float32's largest finite value, and a NaN (data or
    update) dropping out of the reduction (as if it were the reduction's identity). Returns the case
    whose spec result that is."""
    import numpy as np

    identity = np.inf if case.attrs.get("update_computation", case.attrs.get("reduction", "")).startswith("min") else -np.inf
    top = float(np.finfo(np.float32).max)

    def read(name, a):
        if a.dtype != np.float64 or name.split("[")[0] not in ("inputs", "data", "updates"):
            return a
        return np.clip(np.where(np.isnan(a), identity, a), -top, top).astype(np.float32).astype(np.float64)

    return replace(case, arrays={k: read(k, v) for k, v in case.arrays.items()})


def zero_minus_is_negation(case):
    """Declaration model (openvino.toml): ``Sub(C, x)`` with ``C`` a constant of zeros is computed as
    ``Negative(x)`` (so 0 - (+0.0) gives -0.0; IEEE-754: +0.0), float64 in float32 (clamped)."""
    import numpy as np

    held = _in_float32(case)
    lhs, rhs = held.arrays["lhs"], held.arrays["rhs"]
    with np.errstate(all="ignore"):
        zero_constant = "lhs" in case.attrs.get("constants", ()) and not np.any(lhs)
        result = np.negative(np.broadcast_to(rhs, np.broadcast_shapes(lhs.shape, rhs.shape))) if zero_constant \
            else lhs - rhs
    return _as_case_type(case, np.asarray(result))


def high_rank_negation(case):
    """Declaration model (openvino.toml): on tensors of rank 7 or more the plugin negates as ``0 - x``
    and subtracts as ``lhs + (0 - rhs)`` (so -0.0 - 0.0 and -(0.0) give +0.0), in float32 for float64
    (clamped)."""
    import numpy as np

    held = _in_float32(case)
    with np.errstate(all="ignore"):
        if case.op == "stablehlo.negate":
            x = held.arrays["operand"]
            result = np.zeros((), x.dtype) - x
        else:
            lhs, rhs = held.arrays["lhs"], held.arrays["rhs"]
            result = lhs + (np.zeros((), np.asarray(rhs).dtype) - rhs)
    return _as_case_type(case, np.asarray(result))


def float32_in_order_scatter(case):
    """Declaration model (openvino.toml, onnxruntime_openvino.toml): ONNX ScatterND on float64 as the plugin
    runs it, measured 2026-11-29: data and updates held in float32 clamped to its finite range (inf as
    FLT_MAX), each update row applied in index order in float32 (mul of 2.5 by -FLT_MAX then 1e-40
    overflows to -inf; of inf, 1e-40, inf, 1e-40 gives FLT_MAX * 1e-40 * FLT_MAX * 1e-40 = 0.0011579),
    max/min as ``u if cur < u else cur`` / ``u if u < cur else cur``, and the result written back to
    float64 with its infinities as +-FLT_MAX. Other cases: the spec's result."""
    import numpy as np

    from conformance.judging.verdict_onnx import expected_value

    data, indices, updates = (case.arrays[k] for k in ("data", "indices", "updates"))
    if case.op != "onnx.ScatterND" or data.dtype != np.float64:
        return expected_value(case)
    top = float(np.finfo(np.float32).max)
    out = np.clip(data, -top, top).astype(np.float32)
    rows = np.clip(updates, -top, top).astype(np.float32)
    k = indices.shape[-1]
    reduction = case.attrs.get("reduction", "none")
    with np.errstate(all="ignore"):
        for i in np.ndindex(*indices.shape[:-1]):
            at = tuple(int(c) + (data.shape[d] if c < 0 else 0) for d, c in enumerate(indices[i][:k]))
            cur, u = out[at], rows[i]
            out[at] = {"none": lambda: u, "add": lambda: cur + u, "mul": lambda: cur * u,
                       "max": lambda: np.where(cur < u, u, cur), "min": lambda: np.where(u < cur, u, cur)}[reduction]()
    result = out.astype(np.float64)
    return np.where(np.isinf(result), np.copysign(top, result), result)


def serial_gather_elements_stops(case):
    """Declaration model (openvino.toml): GatherElements compiled for one thread (``INFERENCE_NUM_THREADS`` 1),
    given an index outside [-dim, dim) after its int64 indices are narrowed to 32 bits, raises nothing (on its
    default threads it refuses the call): the CPU node's loop over the result in row-major order stops at the
    first such index and the inference ends there. So the elements before it are the ONNX reading (negatives
    count back), that one and every later one hold whatever the output buffer held (any value); for 8-byte data
    (converted to 4 bytes for the node, and back after it) the conversion back never runs: every element is."""
    import numpy as np

    from conformance.adapters.translate import along_axis_args

    x = case.arrays["operand"]
    idx, axis = along_axis_args(case.arrays["start_indices"], case.attrs["start_index_map"])
    v = idx.astype(np.int64).astype(np.int32).astype(np.int64)
    dim = x.shape[axis]
    bad = (v < -dim) | (v >= dim)
    out = np.take_along_axis(x, np.where(bad, 0, np.where(v < 0, v + dim, v)), axis)
    mask = np.zeros(out.size, bool)
    first = np.flatnonzero(bad.reshape(-1))
    if first.size:
        mask[0 if x.dtype.itemsize == 8 else first[0]:] = True
    return np.ma.masked_array(out, mask=mask.reshape(out.shape))
