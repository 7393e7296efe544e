"""A user's numpy module with no ``LAYOUTS``: its gather records the flags and strides of every operand it
is handed (tests/test_layouts.py reads them), and answers as the spec does."""
from conformance.registry import target
from conformance.oracles.stablehlo.gather import gather

SEEN: list = []  # (c_contiguous, strides, shape) of each operand


@target("stablehlo.gather", "nolayouts:take", region={"style": "take"}, isolated=False)
def take(operand, start_indices, result_type=None, **attrs):
    SEEN.append((operand.flags.c_contiguous, operand.strides, operand.shape))
    return gather(operand, start_indices, **attrs)
