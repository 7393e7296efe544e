"""The same gather as ``no_layouts``, opted out of views with ``LAYOUTS = ("c",)``."""
from conformance.registry import target
from conformance.oracles.stablehlo.gather import gather

LAYOUTS = ("c",)
SEEN: list = []


@target("stablehlo.gather", "conly:take", region={"style": "take"}, isolated=False)
def take(operand, start_indices, result_type=None, **attrs):
    SEEN.append((operand.flags.c_contiguous, operand.strides, operand.shape))
    return gather(operand, start_indices, **attrs)
