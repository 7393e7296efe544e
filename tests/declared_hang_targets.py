"""A target that hangs on every case, declared so: the runner waits for it once per property."""
import time

from conformance.registry import target
from tests.wrong_report_targets import REGION


@target("stablehlo.gather", "declared:hangs", region=REGION, deviations={"timeout": "hangs on every case (declared)"})
def declared_hangs(operand, start_indices, **_):
    time.sleep(3600)
