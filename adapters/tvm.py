"""Backend ``tvm`` (opt-in: ``--backend tvm``): the same one-node ONNX models the onnxruntime and
openvino backends build (Gather, GatherElements, GatherND, ScatterElements, ScatterND at each opset,
and the elementwise ops' one-node models), imported by Apache TVM's Relax ONNX frontend, built for
target ``llvm`` and run with the Relax VM on CPU (``adapters/tvm_compile.py``: one compile per model
and input signature). apache-tvm 0.27.0.post1 also ships a StableHLO frontend (``tvm.relax.frontend.stablehlo``):
not wired here yet (left for a follow-up).

Complex and bfloat16 numpy inputs are outside the region, as for onnxruntime.

No ``threads`` keyword (issue 65 item 4): the default Relax pipeline for ``llvm`` emits no parallel loop for
these models, so every kernel runs on the calling thread whatever TVM's pool is set to (``TVM_NUM_THREADS``,
``runtime.config_threadpool``). Measured 2026-11-29, apache-tvm 0.27.0.post1: Gather, GatherND, ScatterND and
Add on 2**22 elements, 10 calls each, all CPU time on one thread, no pool thread started. A one-thread twin
of each large case would run the same code again.
"""
from __future__ import annotations

# C-contiguous arrays only: each layout would cost a compile (as for the openvino and iree backends)
LAYOUTS = ("c",)

from conformance.adapters import onnx_nd, onnx_scatter
from conformance.adapters.batch_replay import replayed
from conformance.adapters.elementwise_values import onnx_targets as value_targets, tvm_repro
from conformance.adapters.onnx_gather import ALL_ELEMENTS, make_targets
from conformance.running.registry import inherit_deviations

REQUIRES = ("tvm", "onnx")
PACKAGE = "apache-tvm"
VALUE_SETS = True  # one compile per signature: random elementwise cases run as value sets (dev, nightly)


_HOOK: list = []  # while a batch runs a case's code: what answers its model runs instead of compiling them


def _run(model, feeds):
    """``(model or its bytes, feeds) -> output`` through ``tvm_compile`` (imported at the first call)."""
    if _HOOK:
        return _HOOK[-1](model, feeds)
    from conformance.adapters import tvm_compile

    return tvm_compile.run(model, feeds)


def _batch_entry(fn):
    """The batch entry point of target function ``fn`` (issue 64): each case's code runs until its model run,
    which is recorded; the recorded models are built as one IRModule (``tvm_compile.run_batch``: one build)
    and each case's code runs again with its model's output (or exception) as the answer. A case whose code
    runs a model more than once takes a round per run."""
    def batch(calls: list[dict]) -> list:
        from conformance.adapters import tvm_compile

        return replayed(fn, calls, _HOOK, lambda items, _: tvm_compile.run_batch(items),
                        lambda model, feeds: ((model, feeds), None))
    return batch


# cases per IRModule (one build for a batch): the size with the fewest seconds per case here
# (benchmarks/batch_compare.py --sizes)
BATCH_SIZE = 16


ELEMENTS = tuple(e for e in ALL_ELEMENTS if e not in ("complex64", "complex128", "bfloat16"))
GATHER_TARGETS = make_targets("tvm", _run, ELEMENTS)
SCATTER_TARGETS = onnx_scatter.make_targets("tvm", _run, ELEMENTS)
ND_TARGETS = onnx_nd.make_targets("tvm", _run, ELEMENTS)
VALUE_TARGETS = value_targets("tvm", _run, repro=tvm_repro)
for _made in (GATHER_TARGETS, SCATTER_TARGETS, ND_TARGETS, VALUE_TARGETS):
    for _fn in (_made.values() if isinstance(_made, dict) else _made):
        _fn.__conformance_target__.batch = _batch_entry(_fn.__conformance_target__.fn)
        _fn.__conformance_target__.batch_size = BATCH_SIZE
        # a case's frontend or importer refusal is its own (batch_replay); a refusal of the joint compile splits the
        # batch, and so does a crash (an out-of-range read kills the worker), each split a new module: those run alone
        _fn.__conformance_target__.batch_breakers = ("timeout", "rejects-valid", "crash")
# What the ONNX operator pages say (negative indices count back; out-of-range ones are errors) holds
# for any ONNX runtime: onnxruntime's declarations of it apply here too. Its MEASURED ones do not.
inherit_deviations([fn.__conformance_target__ for made in (GATHER_TARGETS, SCATTER_TARGETS, ND_TARGETS)
                    for fn in made.values()], "onnxruntime", lambda dev: not dev.reason.startswith("MEASURED"),
                   "As the ONNX operator documents it: ")


def reduced_max_min(case):
    """Declaration model (adapters/deviations/tvm.toml): ONNX Max/Min as the Relax ONNX importer builds
    them from static shapes: the operands stacked and reduced with ``relax.op.max``/``min`` (topi's
    reduction: a left fold from the dtype's lowest (highest) finite value with ``select(acc > x, acc, x)``,
    ``<`` for Min, an ordered compare). So a NaN lhs gives the rhs, a NaN rhs gives NaN, of two equal zeros
    the rhs is kept, and Max(-inf, -inf) is the lowest finite value (Min(inf, inf) the highest). With every
    operand an initializer the importer folds the node with numpy's ``np.max``/``np.min`` over the stacked
    operands instead (NaN propagates; of two equal zeros the lhs is kept)."""
    import numpy as np

    lhs, rhs = np.broadcast_arrays(case.arrays["lhs"], case.arrays["rhs"])
    dtype = lhs.dtype
    maximum = case.op == "stablehlo.maximum"
    if {"lhs", "rhs"} <= set(case.attrs.get("constants", ())):  # all initializers: the importer folds with numpy
        return (np.max if maximum else np.min)(np.stack([lhs, rhs]), axis=0).astype(dtype)
    if dtype.kind == "f":
        init = np.finfo(dtype).min if maximum else np.finfo(dtype).max
    else:
        init = np.iinfo(dtype).min if maximum else np.iinfo(dtype).max
    keep = np.greater if maximum else np.less
    acc = np.full(lhs.shape, init, dtype)
    with np.errstate(invalid="ignore"):
        for x in (lhs, rhs):
            acc = np.where(keep(acc, x), acc, x).astype(dtype)
    return acc


def poisoned_overflow(case):
    """Declaration model (adapters/deviations/tvm.toml): Add and Sub of 32- and 64-bit integers where an operand
    is a rank-0 constant. TVM's LLVM codegen marks these with no-signed-wrap (``nsw``, signed) or no-unsigned-wrap
    (``nuw``, unsigned), so an element whose exact result leaves the type is poison, and with the constant in
    the instruction LLVM folds it to any value (masked). Before that, TVM's simplifier rewrites ``x - MIN`` as
    ``x + MIN`` (``-MIN`` wraps to MIN): an element is poison where ``x + MIN`` leaves the type (x < 0), although
    ``x - MIN`` does not. Every other element is the wrapped sum or difference the spec defines."""
    import numpy as np

    lhs, rhs = np.broadcast_arrays(case.arrays["lhs"], case.arrays["rhs"])
    info = np.iinfo(lhs.dtype)
    subtract = case.op == "stablehlo.subtract"
    negated_min = subtract and info.min < 0 and "rhs" in case.attrs.get("constants", ()) \
        and np.ndim(case.arrays["rhs"]) == 0 and case.arrays["rhs"] == info.min  # the simplifier's x + MIN
    exact = [int(x) + info.min if negated_min else int(x) - int(y) if subtract else int(x) + int(y)
             for x, y in zip(lhs.reshape(-1).tolist(), rhs.reshape(-1).tolist())]
    poisoned = np.array([not info.min <= v <= info.max for v in exact], bool).reshape(lhs.shape)
    with np.errstate(over="ignore"):
        value = (np.subtract if subtract else np.add)(lhs, rhs).astype(lhs.dtype)
    return np.ma.masked_array(value, mask=poisoned)


def folded_zero_constant(case):
    """Declaration model (adapters/deviations/tvm.toml): a float Add, Sub, Mul or Div with one operand a rank-0
    constant zero (either sign), the other an input. TVM's constant folder (``TryConstFold`` in
    src/arith/const_fold.h) takes integer identities to the float immediate: x * 0 and 0 * x give the constant,
    x + 0 and 0 + x give x, x - 0 gives x, 0 / x gives the constant (each zero of either sign); 0 - x is
    computed. The values are exact: NaN, infinities and zero signs are lost where the identity is wrong."""
    import numpy as np

    lhs, rhs = np.broadcast_arrays(case.arrays["lhs"], case.arrays["rhs"])
    zero_lhs = "lhs" in case.attrs.get("constants", ()) and not np.any(case.arrays["lhs"])
    op = case.op.removeprefix("stablehlo.")
    with np.errstate(all="ignore"):
        spec = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.divide}[op](lhs, rhs)
    zero, other = (lhs, rhs) if zero_lhs else (rhs, lhs)
    if op == "multiply" or (op == "divide" and zero_lhs):
        return zero.astype(spec.dtype)
    if op == "add" or (op == "subtract" and not zero_lhs):
        return other.astype(spec.dtype)
    return spec


def poisoned_shift(case):
    """Declaration model (adapters/deviations/tvm.toml): ONNX BitShift where a shift amount of the bit width
    or more is a constant: LLVM folds that shift to poison, so the element holds whatever the register
    held (masked: any value there); every other element is the shift ONNX defines."""
    import numpy as np

    lhs, rhs = np.broadcast_arrays(case.arrays["lhs"], case.arrays["rhs"])
    past = rhs.astype(np.uint64) >= lhs.dtype.itemsize * 8
    shift = np.left_shift if case.op == "stablehlo.shift_left" else np.right_shift
    return np.ma.masked_array(shift(lhs, np.where(past, 0, rhs).astype(lhs.dtype)).astype(lhs.dtype), mask=past)
