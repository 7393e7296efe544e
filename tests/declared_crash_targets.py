"""A scatter target that, like an unchecked kernel, "writes out of bounds" on an out-of-range index:
that call still returns the spec's result, but every later call in the same process returns a wrong
one (a corrupted process). Declared as a crash where an index is out of range, as a backend whose
out-of-bounds writes sometimes kill the process would be. The runner must judge every case in a
process no such write has touched."""
from pathlib import Path

import numpy as np

from conformance.running.registry import target
from conformance.oracles.stablehlo.scatter import out_of_bounds, scatter

DEVIATIONS_FILE = str(Path(__file__).with_name("declared_crash_targets.toml"))
REGION = {"style": "general", "max_input_rank": 2, "max_scatter_rank": 2, "max_batching_dims": 0, "max_dim": 3,
          "oob_share": 0.5, "dup_share": 0.0, "specials": False, "large_cases": False, "element_dtypes": ("int32",),
          "index_dtypes": ("int32",), "computations": ("replace",)}
_CORRUPTED: list[bool] = []


@target("stablehlo.scatter", "declared:corrupts-after-out-of-bounds", region=REGION)
def corrupts(inputs, scatter_indices, updates, *, result_type=None, **attrs):
    result = scatter(inputs, scatter_indices, updates, **attrs)
    if _CORRUPTED:
        return np.asarray(result) + 1  # what a corrupted process computes
    if out_of_bounds(inputs, scatter_indices, updates, **attrs):
        _CORRUPTED.append(True)
    return result
