"""A target whose own code is broken (a user's backend module with an adapter bug), beside one whose
backend library refuses some inputs with a ``TypeError`` of its own (a real answer, not an adapter bug).
(A signature that does not take the op's arguments stops the load: tests/test_bad_input.py.)"""
import numpy as np

from conformance.running.registry import target


@target("stablehlo.subtract", "broken:misspelt-function")
def misspelt(lhs, rhs, **_):
    return np.subtrct(lhs, rhs)


@target("stablehlo.shift_left", "library:refuses-some-dtypes")
def refuses(lhs, rhs, **_):
    return np.left_shift(lhs, rhs.astype(np.float64))  # numpy's own TypeError (ufunc casting) for every dtype
