"""XLA:CPU through the PJRT client with default compile options: stablehlo.maximum(0.0, NaN) is 0.0 and
maximum(-0.0, 0.0) is -0.0 (IEEE-754 maximum: NaN and 0.0); jax's own lax.max gives NaN and 0.0.
Exits 1 while the behaviour is there.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: duplicate of https://github.com/tensorflow/tensorflow/issues/116992
Owner and stage: openxla/xla: XLA:CPU compiler defaults (xla_cpu_enable_fast_min_max and
    minmax_propagate_nan=false, TODO b/209827141 in cpu_compiler.cc) when the caller passes default options;
    stage from the upstream discussion
Governing text: StableHLO spec maximum (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#maximum,
    v1.0.0): 'For floats: maximum from IEEE-754' (NaN propagates, -0.0 < +0.0)
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'xla_cpu_enable_fast_min_max default
    maximum NaN not propagated CPU'. Matched: tensorflow#116992 (open, 'CPU XLA silently drops NaN in
    maximum/minimum' with XLA's default CPU options), openxla/xla PR #22950 (closed, flag help text and
    minmax_propagate_nan), jax#276
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


_print_versions('numpy', 'jax', 'jaxlib')
import sys

import jax
import numpy as np
from jax.extend import backend
from jaxlib.xla_client import DeviceList

text = """func.func public @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %r = stablehlo.maximum %a, %b : tensor<2xf32>
  return %r : tensor<2xf32>
}"""
client = backend.get_backend("cpu")
device = client.local_devices()[0]
executable = client.compile_and_load(text, DeviceList((device,)))
a, b = np.array([0.0, -0.0], np.float32), np.array([np.nan, 0.0], np.float32)
got = np.asarray(executable.execute([jax.device_put(a, device), jax.device_put(b, device)])[0])
print(f"maximum([0.0, -0.0], [nan, 0.0]) = {got} (expected [nan, 0.0])")
sys.exit(1 if not np.isnan(got[0]) or np.signbit(got[1]) else 0)
