"""A user GatherND that takes invalid cases but brings every index into range modulo its dim (as a kernel that
wraps instead of checking), so an out-of-range index reads some element instead of being refused."""
import numpy as np

from conformance.oracles.onnx.gather_nd import check, evaluate
from conformance.registry import target


@target("onnx.GatherND", "wrap:GatherND", region={"opset": 13}, invalid=True, layouts=("c",))
def wrapping_gather_nd(data, indices, batch_dims=None, opset=13, **_):
    b = batch_dims or 0
    broken = [v for v in check(data, indices, batch_dims=batch_dims, opset=opset) if v.label != "R5"]
    if broken:
        raise ValueError(f"invalid GatherND: {broken[0].label}")
    dims = np.array(data.shape[b:b + indices.shape[-1]], np.int64)
    return evaluate(data, np.mod(indices, np.maximum(dims, 1)), b)
