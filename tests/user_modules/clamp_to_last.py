"""A user's dynamic_slice with one bug: a start past the end is clamped to ``dim - 1`` instead of the
spec's ``dim - size`` (the window runs past the end and repeats the last element). Issue 48: the report's
example for its group is the case Hypothesis shrank, the one pytest shows, not the smallest of the cases
the run happened to log."""
import numpy as np

from conformance.oracles.stablehlo.dynamic_slice import dynamic_slice
from conformance.registry import target


@target("stablehlo.dynamic_slice", "clamp-to-last:dynamic_slice", isolated=False)
def slice_clamp_to_last(operand, start_indices=(), *, slice_sizes, **_):
    pad = [(0, max(k - 1, 0)) if d else (0, 0) for d, k in zip(operand.shape, slice_sizes)]
    return dynamic_slice(np.pad(operand, pad, mode="edge"), list(start_indices), slice_sizes=slice_sizes)
