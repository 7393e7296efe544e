"""A user gather whose bug shows only on a probe: negative indices count from the end (documented and
declared, with its model), but an index past -dim (far negative) makes every element 42, which no index
model predicts. A drawn case with index -1 shows only the declared behaviour; the suite's probes of it
(far-negative indices) show the bug, so the seed must hold such a probe."""
from pathlib import Path

import numpy as np

from conformance.oracles.stablehlo.gather import gather
from conformance.registry import target

DEVIATIONS_FILE = str(Path(__file__).with_suffix(".toml"))


@target("stablehlo.gather", "probeonly:take", region={"style": "take", "index_dtypes": ("int32",),
                                                      "element_dtypes": ("int32",)}, isolated=False, layouts=("c",))
def take(operand, start_indices, result_type=None, **attrs):
    (axis,) = attrs["start_index_map"]
    n = operand.shape[axis]
    if np.any(start_indices < -n):
        return np.full_like(gather(operand, start_indices, **attrs), 42)
    return gather(operand, np.where(start_indices < 0, start_indices + n, start_indices), **attrs)
