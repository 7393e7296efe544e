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


def imported_on_load(modules: str, packages: tuple[str, ...]) -> list[str]:
    """Which of ``packages`` a fresh interpreter has imported after importing ``modules`` (comma-separated
    adapter modules): an opt-in backend's module must import none of its runtime until a target runs."""
    import subprocess
    import sys

    code = f"import sys; import {modules}; print(*[p for p in {packages!r} if p in sys.modules])"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.split()


def rows_gather(index: int, index_dtype=np.int32):
    """stablehlo.gather of rows 2 and ``index`` of a [3, 2] float32 operand (the take shape every backend's
    gather API has): row 7 is past the end, where the spec clamps the start to row 2."""
    from conformance.core.case import Case

    return Case("stablehlo.gather", {"operand": np.arange(6, dtype=np.float32).reshape(3, 2),
                                     "start_indices": np.array([2, index], index_dtype)},
                {"offset_dims": (1,), "collapsed_slice_dims": (0,), "operand_batching_dims": (),
                 "start_indices_batching_dims": (), "start_index_map": (0,), "index_vector_dim": 1,
                 "slice_sizes": (1, 2), "indices_are_sorted": False})
