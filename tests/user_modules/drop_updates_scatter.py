"""A user scatter-add right but for its updates past the first 2**15 elements, which it drops (a kernel that
sizes its work list in a 16-bit count). Right on every call of up to 2**15 update elements."""
import numpy as np

from conformance.oracles.stablehlo.scatter import as_list, evaluate_fast, normalize
from conformance.registry import target

LIMIT = 2**15


@target("stablehlo.scatter", "drop:scatter_add", region={"computations": ("add",), "element_dtypes": ("float32", "int32"),
                                                        "index_dtypes": ("int32", "int64")}, layouts=("c",))
def drop_scatter(inputs, scatter_indices, updates, result_type=None, **attrs):
    ups = [np.array(u, copy=True) for u in as_list(updates)]
    for u in ups:
        if u.size > LIMIT:
            u.reshape(-1)[LIMIT:] = 0  # dropped: adding nothing
    out = evaluate_fast(as_list(inputs), scatter_indices, ups, **normalize(attrs))
    return out[0] if len(out) == 1 else tuple(out)
