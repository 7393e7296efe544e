"""Small helpers shared by the suite's own tests."""
from conformance.compare import same_array


def same_results(a, b) -> bool:
    """Two lists of arrays, bitwise equal (NaN equals NaN, -0.0 differs from 0.0)."""
    return len(a) == len(b) and all(same_array(x, y) for x, y in zip(a, b))
