"""A user's scatter-add that sums colliding float updates in an order that changes from call to call (as
a threaded kernel does): every order the spec allows, but not the same one twice. Declared
``nondeterministic`` in its own deviations file: it needs no action in any report (issue 48: such a
group came and went between identical report runs, and sat in "Needs action now")."""
from pathlib import Path

import numpy as np

from conformance.oracles.stablehlo.scatter import normalize, result_positions
from conformance.registry import target

DEVIATIONS_FILE = str(Path(__file__).with_name("flicker.toml"))
LAYOUTS = ("c",)
_RNG = np.random.default_rng()


@target("stablehlo.scatter", "flicker:add", region={"computations": ("add",), "element_dtypes": ("float32",),
                                                     "max_inputs": 1, "dup_share": 1.0}, isolated=False)
def scatter_add(inputs, scatter_indices, updates, **attrs):
    listed = isinstance(inputs, (list, tuple))
    ins, ups = (inputs[0], updates[0]) if listed else (inputs, updates)
    out = ins.copy().reshape(-1)
    where = result_positions(ins.shape, scatter_indices, ups.shape, **normalize(attrs)).reshape(-1)
    values = ups.reshape(-1)
    with np.errstate(all="ignore"):
        for k in _RNG.permutation(where.size):  # a new order on every call
            if where[k] >= 0:
                out[where[k]] += values[k]
    return (out.reshape(ins.shape),) if listed else out.reshape(ins.shape)
