"""A user gather that takes invalid cases (it refuses them) and keeps state it should not: the first
valid call after a refused one returns the result of the call before the refusal (where the shapes
agree), as a runtime that reuses a failed request's buffers would. Right on every call otherwise."""
import numpy as np

from conformance.core.case import Case
from conformance.judging.verdict import case_violations
from conformance.oracles.stablehlo.gather import gather
from conformance.registry import target

_STATE = {"last": None, "after_error": False}


@target("stablehlo.gather", "stale:gather", region={"style": "take", "element_dtypes": ("int32",),
                                                   "index_dtypes": ("int32",)}, invalid=True, layouts=("c",))
def stale_gather(operand, start_indices, result_type=None, **attrs):
    broken = case_violations(Case("stablehlo.gather", {"operand": operand, "start_indices": start_indices}, attrs))
    if broken:
        _STATE["after_error"] = True
        raise ValueError(f"invalid gather: {broken[0].label}")
    out = gather(operand, start_indices, **attrs)
    last, _STATE["last"] = _STATE["last"], out.copy()
    if _STATE["after_error"] and last is not None and last.shape == out.shape and last.dtype == out.dtype:
        out = last  # the stale result
    _STATE["after_error"] = False
    return out
