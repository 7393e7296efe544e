"""Deliberately wrong targets, as a user's own backend module would define them."""
import numpy as np

from conformance.running.registry import Deviation, target
from conformance.oracles.stablehlo.gather import evaluate_fast
from conformance.oracles.stablehlo.policy import GATHER_VARIANTS

WRAP_DECLARED = Deviation("wrap", "test: declared on purpose")


@target("stablehlo.gather", "wrong:wraps-instead-of-clamps", region={"style": "take", "oob_share": 0.5},
        isolated=False)
def wraps(operand, start_indices, **attrs):
    attrs.pop("result_type", None)
    return evaluate_fast(operand, start_indices, variant=GATHER_VARIANTS["wrap-modulo"], **attrs)[0]  # every out-of-bounds index wraps


@target("stablehlo.gather", "wrong:drops-batching-dim", region={"style": "along_axis", "oob_share": 0.0},
        isolated=False)
def drops_batching(operand, start_indices, *, operand_batching_dims, start_indices_batching_dims, **attrs):
    """Treats batching dims as if they were absent: always reads batch 0."""
    attrs.pop("result_type", None)
    op = np.take(operand, [0] * operand.shape[operand_batching_dims[0]], axis=operand_batching_dims[0]) \
        if operand_batching_dims and operand.shape[operand_batching_dims[0]] else operand
    return evaluate_fast(op, start_indices, operand_batching_dims=operand_batching_dims,
                         start_indices_batching_dims=start_indices_batching_dims, **attrs)[0]


@target("stablehlo.gather", "wrong:accepts-everything", valid=False, invalid=True, isolated=False)
def accepts(operand, start_indices, **_):
    return np.zeros((1,), operand.dtype)
