"""Targets whose own code is broken (a user's backend module with an adapter bug), beside one whose
backend library refuses some inputs with a ``TypeError`` of its own (a real answer, not an adapter bug)."""
import numpy as np

from conformance.running.registry import target


@target("stablehlo.add", "broken:wrong-signature")
def wrong_signature(lhs, other):  # the op passes lhs=, rhs=, rhs_as_scalar=
    return np.add(lhs, other)


@target("stablehlo.subtract", "broken:misspelt-function")
def misspelt(lhs, rhs, **_):
    return np.subtrct(lhs, rhs)


@target("stablehlo.shift_left", "library:refuses-some-dtypes")
def refuses(lhs, rhs, **_):
    return np.left_shift(lhs, rhs.astype(np.float64))  # numpy's own TypeError (ufunc casting) for every dtype
