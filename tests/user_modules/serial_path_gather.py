"""A user gather that sets its thread count (a ``threads`` keyword) and whose serial path is wrong: on one
thread, a batch of more than 1,024 index vectors loses its last row (it is left zero). Right on its default
(threaded) path, and on any batch of 1,024 vectors or fewer."""
import numpy as np

from conformance.oracles.stablehlo.gather import gather
from conformance.registry import target


@target("stablehlo.gather", "serial:gather", region={"element_dtypes": ("float32",), "index_dtypes": ("int32",)},
        layouts=("c",))
def serial_gather(operand, start_indices, result_type=None, threads=None, **attrs):
    out = gather(operand, start_indices, **attrs)
    batch = [d for d in range(out.ndim) if d not in attrs["offset_dims"]]
    if threads == 1 and batch and out.shape[batch[0]] > 1024:
        np.moveaxis(out, batch[0], 0)[-1] = 0
    return out
