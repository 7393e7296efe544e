"""Targets that abort their process or hang, for the report's crash/timeout handling. Each aborts (or
hangs) on its first two calls only where ``WRONG_REPORT_BUDGET_DIR`` names a folder (the first call and
the fresh-process recheck of the same case: enough for a ``crash`` or ``timeout`` verdict), then answers
as the spec does, so a report over them costs two timeouts, not two per case."""
import os
from pathlib import Path

from conformance.oracles.stablehlo.gather import gather
from conformance.running.registry import target

# few edge scenarios apply (no special values, in-bounds int32 indices): each hang costs a full timeout
REGION = {"style": "take", "max_operand_rank": 1, "max_batch_rank": 1, "specials": False, "oob_share": 0.0,
          "index_dtypes": ("int32",)}


def _misbehaves(kind: str) -> bool:
    folder = os.environ.get("WRONG_REPORT_BUDGET_DIR")
    if not folder:
        return True
    count = Path(folder) / kind
    done = int(count.read_text()) if count.exists() else 0
    if done >= 2:
        return False
    count.write_text(str(done + 1))
    return True


@target("stablehlo.gather", "wrong:aborts", region=REGION)
def aborts(operand, start_indices, **attrs):
    if _misbehaves("aborts"):
        os.abort()
    return gather(operand, start_indices, **{k: v for k, v in attrs.items() if k != "result_type"})


@target("stablehlo.gather", "wrong:hangs", region=REGION)
def hangs(operand, start_indices, **attrs):
    if _misbehaves("hangs"):
        while True:  # a hang that computes (numpy's wrap loop does): its CPU time runs out
            pass
    return gather(operand, start_indices, **{k: v for k, v in attrs.items() if k != "result_type"})
