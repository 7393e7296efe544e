"""ml_dtypes (not numpy): a bfloat16 array with a Python float gives float32. numpy's weak-scalar rule
(NEP 50) keeps the array's type for its own float16; bfloat16 is ml_dtypes' type, whose registered
promotion with a Python float goes to float32. Exits 1 while the behaviour is there.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: jax-ml/ml_dtypes: bfloat16 ufunc/promotion registration with Python float (weak scalar);
    stage not located by experiment
Governing text: NEP 50 (https://numpy.org/neps/nep-0050-scalar-promotion.html): Python int, float and complex
    are weak, so array + 1.5 keeps the array's dtype
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'ml_dtypes bfloat16 array plus python
    float promotes to float32 weak scalar NEP 50'; 'ml_dtypes bfloat16 python float scalar result float32
    instead of bfloat16'. Matched: ml_dtypes#189 (closed, the Python int case; int now stays bfloat16 here,
    float does not), #235 (open, matmul result type)
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
import importlib.metadata
import sys

import ml_dtypes
import numpy as np

bf16 = np.add(np.array([1.0], ml_dtypes.bfloat16), 2.5).dtype
f16 = np.add(np.array([1.0], np.float16), 2.5).dtype
print(f"bfloat16 array + 2.5 -> {bf16} (expected bfloat16); float16 array + 2.5 -> {f16}")
print(f"versions: ml_dtypes {importlib.metadata.version('ml_dtypes')}, numpy {np.__version__}")
sys.exit(1 if bf16 != np.dtype(ml_dtypes.bfloat16) else 0)
