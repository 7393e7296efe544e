"""TensorFlow (CPU): an out-of-range index raises InvalidArgumentError in eager mode and in a plain
tf.function, but the same function under tf.function(jit_compile=True) (XLA) returns a result: tf.gather of
[10, 20, 30] at [0, 7] gives [10, 30] (the index clamped), tf.gather_nd of [[0, 1], [2, 3]] at [1, 2] gives 3
(clamped), tf.tensor_scatter_nd_update of [0, 0, 0] at [[0], [3]] with [7, 9] gives [7, 0, 0] (the update
dropped). TF's own API pages say that on CPU an out-of-bound index makes the op return an error (on GPU a 0
is stored / the index ignored); the XLA path does neither. Exits 1 while the jit-compiled function returns
a result for any of the three, 0 once it raises (or otherwise follows the docs).

Triage (2026-11-28; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/tensorflow/tensorflow/issues/115254
Owner and stage: tensorflow/tensorflow: tf2xla lowering of GatherV2/GatherNd/TensorScatterUpdate (indices
    passed to XLA gather/scatter, which clamp and skip as StableHLO defines, with no check); located by
    experiment: eager and a graph tf.function (TF's CPU kernels) raise, the same function with
    jit_compile=True returns the clamped/dropped result
Governing text: TF API docs, tf.gather (https://www.tensorflow.org/api_docs/python/tf/gather, 2.21) and
    tf.gather_nd: 'on CPU, if an out of bound index is found, an error is returned' (on GPU 'a 0 is stored');
    tf.raw_ops.TensorScatterUpdate
    (https://www.tensorflow.org/api_docs/python/tf/raw_ops/TensorScatterUpdate): on CPU an out-of-bound index
    returns an error. The StableHLO spec clamps (gather) and skips (scatter), which is what XLA does
Upstream search: docs corpus, 2026-11-28: 'tf.gather out of bound index CPU error returned GPU 0 stored' (the
    note above, on the tf.gather pages of several releases), 'tf.tensor_scatter_nd_update duplicate indices
    order updates applied' (the TensorScatterUpdate page); issues corpus, 2026-11-28: 'tf.gather out of bounds
    index jit_compile XLA no error clamps eager raises'; 'tf.tensor_scatter_nd_update out of bounds index XLA
    jit_compile silently dropped eager error'. Matched: tensorflow#115254 (open, tf.gather under jit_compile
    returns a value, TF 2.21), #112068 (open, tf.gather_nd), #117658 (open, tensor_scatter_nd_update), #118076
    (open, negative indices with batch_dims), #61865 and #57999 (closed, older), PR #115255 (closed unmerged,
    bounds check in tf2xla's gather)
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


_print_versions('numpy', 'tensorflow-cpu', 'tensorflow')
import os
import re
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import numpy as np
import tensorflow as tf

tf.config.set_visible_devices([], "GPU")  # CPU: the device whose behaviour TF's docs promise (an error)
cases = [
    ("tf.gather(params=[10, 20, 30], indices=[0, 7])", tf.gather,
     (tf.constant([10, 20, 30], tf.int32), tf.constant([0, 7], tf.int32))),
    ("tf.gather_nd(params=[[0, 1], [2, 3]], indices=[[0, 0], [1, 2]])", tf.gather_nd,
     (tf.constant([[0, 1], [2, 3]], tf.float32), tf.constant([[0, 0], [1, 2]], tf.int32))),
    ("tf.tensor_scatter_nd_update(tensor=[0, 0, 0], indices=[[0], [3]], updates=[7, 9])", tf.tensor_scatter_nd_update,
     (tf.constant([0, 0, 0], tf.int32), tf.constant([[0], [3]], tf.int32), tf.constant([7, 9], tf.int32))),
]
silent = False
for what, op, args in cases:
    print(what, "- out of range")
    for mode, f in (("eager", op), ("tf.function(jit_compile=True)", tf.function(op, jit_compile=True)),
                    ("tf.function (graph, no XLA)", tf.function(op, jit_compile=False))):
        try:
            out = f(*args).numpy()
            print(f"  {mode}: returned {out.tolist()}")
            silent = silent or "jit" in mode  # eager and the plain graph are expected to raise; XLA returning is the finding
        except tf.errors.InvalidArgumentError as e:
            found = re.search(r"indices[^\n]*", e.message)
            print(f"  {mode}: raised InvalidArgumentError: {found.group(0) if found else e.message.splitlines()[-1]}")
print("TF's API docs (tf.gather, tf.gather_nd): on CPU an out-of-bound index makes the op return an error")
sys.exit(1 if silent else 0)
