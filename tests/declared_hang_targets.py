"""A target that hangs on every case with a negative start index, declared so (``when = "negative-start"``):
the runner waits for it once per property. In-bounds cases get the spec's result."""
from pathlib import Path

import numpy as np

from conformance.running.registry import target
from conformance.oracles.stablehlo.gather import gather

DEVIATIONS_FILE = str(Path(__file__).with_name("declared_hang_targets.toml"))
REGION = {"style": "take", "max_operand_rank": 1, "max_batch_rank": 1, "specials": False, "oob_share": 0.5,
          "index_dtypes": ("int32",)}


@target("stablehlo.gather", "declared:hangs-on-negative", region=REGION)
def hangs_on_negative(operand, start_indices, *, result_type=None, **attrs):
    if (np.asarray(start_indices) < 0).any():
        while True:  # a hang that computes (numpy's wrap loop does): its CPU time runs out
            pass
    return gather(operand, start_indices, **attrs)
