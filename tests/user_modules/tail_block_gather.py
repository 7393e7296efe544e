"""A user gather right on every index vector but those of its last partial block of 128: there it returns the
row of the vector before (a tail loop that reads its vector one step late), as a kernel that runs full blocks of
128 vectors and a scalar tail can. Right on any batch of 128 vectors or fewer, and on any multiple of 128."""
import numpy as np

from conformance.oracles.stablehlo.gather import gather
from conformance.registry import target

BLOCK = 128


@target("stablehlo.gather", "tail:gather", region={"element_dtypes": ("float32", "int32"),
                                                  "index_dtypes": ("int32", "int64")}, layouts=("c",))
def tail_gather(operand, start_indices, result_type=None, **attrs):
    out = gather(operand, start_indices, **attrs)
    ivd = attrs["index_vector_dim"]
    free = [d for d in range(start_indices.ndim) if d != ivd and d not in attrs.get("start_indices_batching_dims", ())]
    if not free:
        return out
    n = start_indices.shape[free[0]]
    batch = [d for d in range(out.ndim) if d not in attrs["offset_dims"]]
    axis = batch[[d for d in range(start_indices.ndim) if d != ivd].index(free[0])]
    full = n // BLOCK * BLOCK
    if n > BLOCK and full < n:
        rows = np.moveaxis(out, axis, 0)
        rows[full:] = rows[full - 1:n - 1].copy()  # the tail's vector i reads vector i - 1's row
    return out
