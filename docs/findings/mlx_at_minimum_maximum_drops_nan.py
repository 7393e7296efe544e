"""MLX (CPU): `x.at[idx].minimum(y)` and `x.at[idx].maximum(y)` drop a NaN that is already in `x`:
x = [nan, -2.5], x.at[[0]].minimum([-1.0]) gives [-1.0, -2.5], where the docs of `array.at` say it is
`x[idx] = mx.minimum(x[idx], y)` and `mx.minimum(nan, -1.0)` is nan. A NaN in the update does propagate,
so the result depends on which side the NaN is on. float16, bfloat16, float32 and float64 alike. Found by
the conformance suite's `mlx:at[index].minimum` target (stablehlo.scatter with update_computation minimum:
the spec's minimum propagates NaN). Exits 1 while a NaN in x is dropped.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: ml-explore/mlx: CPU backend scatter reduce ops (mlx/backend/cpu/indexing.cpp, struct Min
    `(*y < x) ? *y : x` and Max `(*y > x) ? *y : x`: an ordered compare that is false for a NaN in *y, so
    the update replaces it); located by experiment: the elementwise mx.minimum/maximum and the documented
    equivalent x[idx] = mx.minimum(x[idx], y) keep the NaN, only the scatter primitive drops it
Governing text: MLX docs, mlx.core.array.at (https://ml-explore.github.io/mlx/build/html/python/_autosummary/mlx.core.array.at.html,
    0.32): 'x = x.at[idx].minimum(y)' is listed as 'x[idx] = mx.minimum(x[idx], y)'; mx.minimum propagates
    NaN (mx.minimum(nan, -1) is nan); StableHLO spec scatter and minimum
    (https://github.com/openxla/stablehlo/blob/v1.0.0/docs/spec.md#minimum, v1.0.0): IEEE-754 minimum, NaN
    propagates
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-29: 'mlx scatter minimum maximum NaN dropped
    at[].minimum nan'; 'mlx scatter_min scatter_max nan input ignored cpu scatter reduction'; 'mlx array.at
    maximum minimum NaN not propagated scatter_max cpu indexing.cpp'. Matched: nothing on the scatter
    min/max; the same kind of NaN bug in other MLX ops: ml-explore/mlx#4044 (cummax/cummin, closed),
    #4274 (argmax/argmin, closed), PR #2339 and #2346 (max/min reductions)
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


_print_versions("numpy", "mlx")
import sys

import mlx.core as mx
import numpy as np

mx.set_default_device(mx.cpu)
nan = float("nan")
dropped = False
for dtype in (mx.float16, mx.bfloat16, mx.float32, mx.float64):
    for op, number in (("minimum", -1.0), ("maximum", 1.0)):
        x = mx.array([nan, -2.5], dtype=dtype)
        idx = mx.array([0])
        y = mx.array([number], dtype=dtype)
        scattered = getattr(x.at[idx], op)(y).astype(mx.float32)
        elementwise = getattr(mx, op)(x[idx], y).astype(mx.float32)  # the documented equivalent's value
        reversed_ = getattr(mx.array([number, -2.5], dtype=dtype).at[idx], op)(
            mx.array([nan], dtype=dtype)).astype(mx.float32)  # the NaN in the update instead
        got, want, rev = np.array(scattered)[0], np.array(elementwise)[0], np.array(reversed_)[0]
        print(f"{dtype}: x = [nan, -2.5]; x.at[[0]].{op}([{number}])[0] = {got}; "
              f"mx.{op}(nan, {number}) = {want}; NaN in the update instead: {rev}")
        dropped |= bool(np.isnan(want) and not np.isnan(got))
print("the NaN already in x is dropped" if dropped else "a NaN in x propagates (fixed)")
sys.exit(1 if dropped else 0)
