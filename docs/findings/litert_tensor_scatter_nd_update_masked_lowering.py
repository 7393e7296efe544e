"""LiteRT (TF model converted to TFLite builtins by tensorflow 2.21's converter, run by ai-edge-litert
on CPU): tf.tensor_scatter_nd_update is lowered to arithmetic, tensor * (1 - SCATTER_ND(indices, ones)) +
SCATTER_ND(indices, updates) (the converted model's operators: SCATTER_ND, SUB, MUL, SCATTER_ND, ADD).
SCATTER_ND sums duplicates, so a repeated index writes -tensor + u1 + u2: [1, 2, 3, 4] with indices
[[1], [1]] and updates [7, 8] gives 13 at [1] (TF eager: 8, its docs: the last update). And an inf or NaN
in the tensor at an updated position survives as NaN (inf * 0): [1, inf, 3, 4] with index [[1]] and update
[7] gives NaN at [1] (TF eager: 7). The duplicate-index half is printed but not claimed: TF's maintainers require
unique indices for this op (tensorflow#56961). Exits 1 while the inf case gives anything but 7 at [1].
To be filed at google-ai-edge/LiteRT (the converter's home; its sibling LiteRT#9021 is there).

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: google-ai-edge/LiteRT: the TFLite converter's legalization of TensorScatterUpdate to builtins
    (MUL/SUB/ADD around two SCATTER_ND; the converter ships in tensorflow 2.21's tf.lite and is maintained
    with LiteRT, where its sibling LiteRT#9021 is filed); located by experiment: TF eager gives [1, 7, 3, 4],
    the converted model holds SCATTER_ND, SUB, MUL, SCATTER_ND, ADD, and its values are what that arithmetic
    gives (the LiteRT kernels compute it as written)
Governing text: TF API docs, tf.raw_ops.TensorScatterUpdate
    (https://www.tensorflow.org/api_docs/python/tf/raw_ops/TensorScatterUpdate, 2.21): a copy of tensor with
    updates written at indices, so an updated element is the update whatever it held. On duplicate indices a
    TF maintainer states that the indices are required to be unique (tensorflow#56961), which this finding
    does not contradict
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-28: 'TFLite converter tensor_scatter_nd_update
    duplicate indices wrong result sum of updates'; 'TFLite tensor_scatter_nd_update converted model inf NaN
    updated position multiply by zero mask'. Matched: nothing on the lowering; tensorflow#43529 and #48590
    (conversion failures, 'neither a custom op nor a flex op'), #56961 (gradient with duplicates),
    tensorflow/tfjs#4222 (a user proposing the same mask rewrite for TF.js); the declaration's earlier query
    'TFLite converter TensorScatterUpdate lowered to scatter_nd mul sub inf NaN wrong result' found no match
    either; 2026-11-29: 'tensor_scatter_nd_update duplicate indices gradient undefined order maintainer'.
    Matched: tensorflow#56961 (closed stale: a maintainer concludes that TensorScatterUpdate requires unique
    indices), #8102 (closed, scatter_nd sums duplicates)
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


def convert(indices_shape, updates_shape):
    @tf.function(input_signature=[tf.TensorSpec([4], tf.float32), tf.TensorSpec(indices_shape, tf.int32),
                                  tf.TensorSpec(updates_shape, tf.float32)])
    def update(tensor, indices, updates):
        return tf.tensor_scatter_nd_update(tensor, indices, updates)

    converter = tf.lite.TFLiteConverter.from_concrete_functions([update.get_concrete_function()], update)
    converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS]  # builtin ops only, as the litert target
    return converter.convert()


def run(model, tensor, indices, updates):
    interpreter = Interpreter(model_content=model)
    interpreter.allocate_tensors()
    for detail, value in zip(sorted(interpreter.get_input_details(), key=lambda d: d["index"]), (tensor, indices, updates)):
        interpreter.set_tensor(detail["index"], value)
    interpreter.invoke()
    return interpreter.get_tensor(interpreter.get_output_details()[0]["index"])


wrong = False
cases = (("duplicate index", np.array([1, 2, 3, 4], np.float32), np.array([[1], [1]], np.int32), np.array([7, 8], np.float32), {7.0, 8.0}),
         ("inf at the updated position", np.array([1, np.inf, 3, 4], np.float32), np.array([[1]], np.int32), np.array([7], np.float32), {7.0}))
for what, tensor, indices, updates, allowed in cases:
    model = convert(list(indices.shape), list(updates.shape))
    got = run(model, tensor, indices, updates)
    eager = tf.tensor_scatter_nd_update(tensor, indices, updates).numpy()
    print(f"tf.tensor_scatter_nd_update(tensor={tensor.tolist()}, indices={indices.tolist()}, updates={updates.tolist()}) [{what}]:")
    print(f"  TF eager: {eager.tolist()}; converted to TFLite (builtins) and run by LiteRT: {got.tolist()}"
          f" (element 1 must be {' or '.join(str(a) for a in sorted(allowed))})")
    if what == "duplicate index":
        print("  (not counted: TF's maintainers require unique indices here, tensorflow#56961; printed to show the lowering)")
    else:
        wrong |= float(got[1]) not in allowed
# which builtins the converter chose: tensor * (1 - SCATTER_ND(indices, ones)) + SCATTER_ND(indices, updates)
listing = io.StringIO()
with contextlib.redirect_stdout(listing):
    tf.lite.experimental.Analyzer.analyze(model_content=model)
print("  the converted model's operators:", ", ".join(re.findall(r"Op#\d+ (\w+)", listing.getvalue())))
sys.exit(1 if wrong else 0)
