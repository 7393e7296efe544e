"""LiteRT (TF function converted to TFLite builtins by tensorflow 2.21's converter, run by ai-edge-litert
on CPU): tf.math.truediv(x, 0.0) with the divisor a Python number converts to a single MUL by the divisor's
reciprocal, and 1 / 0.0 is stored as FLT_MAX: [0, 1, -1, 2] / 0.0 gives [0, 3.4028235e38, -3.4028235e38, inf]
(TF eager and IEEE-754: [nan, inf, -inf, inf]). With the divisor an input array of zeros the model holds DIV
and gives the IEEE values. Exits 1 while the number-divisor result differs from IEEE division.

Triage (2026-11-28; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/google-ai-edge/LiteRT/issues/9021
Owner and stage: google-ai-edge/LiteRT: the TFLite converter's rewrite of a division by a constant into MUL by
    the reciprocal, 1 / 0.0 stored as FLT_MAX (the converter ships in tensorflow 2.21's tf.lite; the open
    report is at LiteRT#9021); located by experiment: the number-divisor model holds one MUL, the
    array-divisor model holds DIV and gives IEEE values
Governing text: TF API docs, tf.math.truediv (https://www.tensorflow.org/api_docs/python/tf/math/truediv,
    2.21): divides x / y elementwise (TF eager gives IEEE-754 division: 1 / 0.0 is inf, 0 / 0.0 is NaN);
    StableHLO spec divide (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#divide, v1.0.0): 'For
    floats: division from IEEE-754'
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-28: 'tflite converter div by constant zero
    reciprocal FLT_MAX'. Matched: google-ai-edge/LiteRT#9021 (open, 'Division by a constant zero returns
    FLT_MAX instead of infinity', ai-edge-litert 2.1.6), tensorflow#124150 (closed, the same on TF
    2.20/nightly), tensorflow#45312 (closed stale, 2020, the same symptom), TFLite division-by-zero hardening
    PRs (#49073 and cherry-picks, integer DIV)
"""
import os as _os
import sys as _sys


def _could_not_run(kind, value, tb):  # the contract: exit 2 where the script itself could not run
    import traceback

    traceback.print_exception(kind, value, tb)
    print(f"could not run: {kind.__name__}: {value}", flush=True)
    _sys.stderr.flush()
    _os._exit(2)


_sys.excepthook = _could_not_run


def _print_versions(*names):
    import importlib.metadata
    import platform

    found = []
    for name in names:
        try:
            found.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            found.append(f"{name} not installed")
    print(", ".join(found + [f"Python {platform.python_version()}", platform.platform()]), flush=True)


_print_versions('numpy', 'tensorflow-cpu', 'ai-edge-litert')
import contextlib
import io
import os
import re
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import numpy as np
import tensorflow as tf
from ai_edge_litert.interpreter import Interpreter

x = np.array([0.0, 1.0, -1.0, 2.0], np.float32)


def convert(f, signature):
    fn = tf.function(f, input_signature=signature)
    converter = tf.lite.TFLiteConverter.from_concrete_functions([fn.get_concrete_function()], fn)
    converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS]  # builtin ops only, as the litert target
    model = converter.convert()
    listing = io.StringIO()
    with contextlib.redirect_stdout(listing):
        tf.lite.experimental.Analyzer.analyze(model_content=model)
    return model, re.findall(r"Op#\d+ (\w+)", listing.getvalue())


def run(model, *arrays):
    interpreter = Interpreter(model_content=model)
    interpreter.allocate_tensors()
    for detail, value in zip(sorted(interpreter.get_input_details(), key=lambda d: d["index"]), arrays):
        interpreter.set_tensor(detail["index"], value)
    interpreter.invoke()
    return interpreter.get_tensor(interpreter.get_output_details()[0]["index"])


spec = tf.TensorSpec([4], tf.float32)
with np.errstate(divide="ignore", invalid="ignore"):
    ieee = x / np.float32(0.0)
number, number_ops = convert(lambda a: tf.math.truediv(a, 0.0), [spec])
array, array_ops = convert(lambda a, b: tf.math.truediv(a, b), [spec, spec])
got = run(number, x)
control = run(array, x, np.zeros(4, np.float32))
print(f"tf.math.truediv({x.tolist()}, 0.0) with 0.0 a Python number, converted to TFLite (ops: {', '.join(number_ops)}):")
print(f"  LiteRT: {got.tolist()}; TF eager: {tf.math.truediv(x, 0.0).numpy().tolist()} (IEEE-754: {ieee.tolist()})")
print(f"the divisor an input array of zeros instead (ops: {', '.join(array_ops)}): LiteRT {control.tolist()}")
same = np.array_equal(got, ieee, equal_nan=True)
sys.exit(0 if same else 1)
