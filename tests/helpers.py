"""Small helpers shared by the suite's own tests."""
import numpy as np

from conformance.core.compare import same_array


def same_results(a, b) -> bool:
    """Two lists of arrays, bitwise equal (NaN equals NaN, -0.0 differs from 0.0)."""
    return len(a) == len(b) and all(same_array(x, y) for x, y in zip(a, b))


def run_script(text: str):
    """Run a repro script's text in this process (call it through an isolation worker: a backend can
    crash on the case): what it observed, or None where the call raised."""
    namespace = {"__name__": "repro"}
    try:
        exec(compile(text, "repro.py", "exec"), namespace)
    except SystemExit:
        pass
    observed = namespace.get("observed")
    return observed if isinstance(observed, np.ndarray) else None
