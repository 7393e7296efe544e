"""Targets that abort their process or hang, for the report's crash/timeout handling."""
import os
import time

from conformance.running.registry import target

# few edge scenarios apply (no special values, in-bounds int32 indices): each hang costs a full timeout
REGION = {"style": "take", "max_operand_rank": 1, "max_batch_rank": 1, "specials": False, "oob_share": 0.0,
          "index_dtypes": ("int32",)}


@target("stablehlo.gather", "wrong:aborts", region=REGION)
def aborts(operand, start_indices, **_):
    os.abort()


@target("stablehlo.gather", "wrong:hangs", region=REGION)
def hangs(operand, start_indices, **_):
    time.sleep(3600)

