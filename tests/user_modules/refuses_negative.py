"""A user scatter whose framework refuses negative-stride views (its array constructor raises a clear
ValueError, as some frameworks' do) and is right on everything else. The suite must find the refused
layout by experiment, say so in one line and leave it out, never judge it as a wrong value."""
import numpy as np

from conformance.oracles.stablehlo.scatter import scatter as spec_scatter
from conformance.registry import target


def _framework_array(a):
    if isinstance(a, np.ndarray) and any(s < 0 for s in a.strides):
        raise ValueError("from_numpy: arrays with negative strides are not supported")
    return a


@target("stablehlo.scatter", "refusesneg:scatter", region={"element_dtypes": ("int32", "float32"), "index_dtypes": ("int32",),
                                                         "oob_share": 0.5}, isolated=False)
def scatter(inputs, scatter_indices, updates, result_type=None, **attrs):
    inputs = [_framework_array(a) for a in inputs] if isinstance(inputs, list) else _framework_array(inputs)
    return spec_scatter(inputs, _framework_array(scatter_indices), _framework_array(updates), **attrs)
