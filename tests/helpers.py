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


def builtin_regions(ops) -> dict:
    """One valid target per distinct (op, region) of the installed built-in backends, for ops in ``ops``."""
    from conformance.running.registry import BUILTIN_BACKENDS, load_backend, missing_requirements

    out = {}
    for backend in BUILTIN_BACKENDS:
        if missing_requirements(backend):
            continue
        for t in load_backend(backend):
            if t.op in ops and t.valid:
                out.setdefault((t.op, repr(sorted(t.region.items()))), t)
    return out
