"""Deliberately wrong scatter targets, as a user's own backend module would define them."""
import numpy as np

from conformance.running.registry import target
from conformance.oracles.stablehlo.scatter import as_list, evaluate_fast, result_positions
from conformance.oracles.stablehlo.scatter_policy import SCATTER_VARIANTS

OP = "stablehlo.scatter"


def _strip(attrs):
    attrs.pop("result_type", None)
    return attrs


@target(OP, "wrong:skips-whole-windows", region={"cut_share": 0.9, "oob_share": 0.0, "max_input_rank": 2,
                                                 "needs": {"window": 2, "sdod": 2}}, isolated=False)
def skips_windows(inputs, scatter_indices, updates, **attrs):
    """Drops a window that is partly out of bounds, as XLA does."""
    return evaluate_fast(inputs, scatter_indices, updates, variant=SCATTER_VARIANTS["skip-window"], **_strip(attrs))[0]


@target(OP, "wrong:applies-duplicates-once", region={"dup_share": 0.9, "computations": ("add",),
                                                     "element_dtypes": ("int32", "float32")}, isolated=False)
def applies_once(inputs, scatter_indices, updates, **attrs):
    """Keeps only the first update of each set of duplicates."""
    attrs = _strip(attrs)
    positions = result_positions(np.shape(inputs), scatter_indices, np.shape(updates), **attrs)
    _, first = np.unique(np.where(positions >= 0, positions, -1 - np.arange(len(positions))), return_index=True)
    keep = np.zeros(len(positions), bool)
    keep[first] = True
    masked = np.where(keep.reshape(np.shape(updates)), updates, 0).astype(updates.dtype)
    return evaluate_fast(inputs, scatter_indices, masked, **attrs)[0]


_CALLS = {"n": 0}


@target(OP, "wrong:nondeterministic", region={"dup_share": 0.9, "computations": ("replace",)}, isolated=False)
def nondeterministic(inputs, scatter_indices, updates, **attrs):
    """Lets a different colliding update win on every call (a correct value each time)."""
    attrs = _strip(attrs)
    _CALLS["n"] += 1
    ins, ups = as_list(inputs), as_list(updates)
    if _CALLS["n"] % 2:
        return evaluate_fast(ins, scatter_indices, ups, **attrs)[0]
    flat = ups[0].reshape(-1)
    positions = result_positions(np.shape(ins[0]), scatter_indices, ups[0].shape, **attrs)
    out = ins[0].copy().reshape(-1)
    for i in reversed(range(len(flat))):  # the reverse schedule: the first colliding update wins
        if positions[i] >= 0:
            out[positions[i]] = flat[i]
    return out.reshape(ins[0].shape)


@target(OP, "wrong:accepts-everything", valid=False, invalid=True, isolated=False)
def accepts(inputs, scatter_indices, updates, **_):
    return np.zeros((1,), as_list(inputs)[0].dtype)
