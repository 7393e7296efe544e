"""A user's compiled gather that takes ``dynamic_shapes``: the kernel compiled for static shapes is right;
the one compiled with dynamic dims clamps a start to ``dim - 1`` (a bound read from the runtime size
without the window's width), so a window past the end repeats the last element. Issue 47: a target
wrong only for dynamically compiled shapes is caught in every profile, and its seed replays it."""
import numpy as np

from conformance.oracles.stablehlo.gather import gather
from conformance.registry import target

REGION = {"max_operand_rank": 3, "max_batch_rank": 2}


def _padded(operand, start_index_map, slice_sizes):
    pad = [(0, max(slice_sizes[d] - 1, 0)) if d in start_index_map and operand.shape[d] else (0, 0)
           for d in range(operand.ndim)]
    return np.pad(operand, pad, mode="edge")


@target("stablehlo.gather", "dynamic-only:gather", region=REGION)
def gather_dynamic_clamp(operand, start_indices, *, start_index_map, slice_sizes, dynamic_shapes=False,
                         result_type=None, **attrs):
    if dynamic_shapes:
        operand = _padded(operand, start_index_map, slice_sizes)
    return gather(operand, start_indices, start_index_map=start_index_map, slice_sizes=slice_sizes, **attrs)
