"""Issue 65 item 4 beyond torch: the index targets of onnxruntime (a session's ``intra_op_num_threads``),
openvino (the compile's ``INFERENCE_NUM_THREADS``) and xla (one thread: the compile's parallel task assigner off)
take a ``threads`` keyword, so each large index case runs on the backend's default threads and on one. A large
case's seed and script carry the count, and the script sets it with the backend's public API; a user target
built on each backend's plumbing that is wrong only on one thread is caught (``wrong-value`` on its
``[threads: 1]`` case) and right on the default."""
import os
import subprocess
import sys
from dataclasses import replace

import numpy as np
import pytest

from conformance.core.case import Case
from conformance.reports.repro import script
from conformance.running.engine import UndeclaredDivergence, run_property
from conformance.running.large_index import OPS, large_index_cases
from conformance.running.registry import load_backend, missing_requirements
from conformance.running.seeds import make_seed

# backend -> (an index target, the line its script sets one thread with, the user module wrong on one thread)
BACKENDS = {
    "onnxruntime": ("onnxruntime:GatherND-13", "options.intra_op_num_threads = 1", "ort_serial_gather_nd"),
    "openvino": ("openvino:GatherND-13", "'INFERENCE_NUM_THREADS': 1", "ov_serial_gather_nd"),
    "xla": ("xla:scatter", "'cpu-parallel-task-assigner'", "xla_serial_scatter"),
}


@pytest.fixture()
def user_modules(monkeypatch):
    from pathlib import Path

    here = str(Path(__file__).parent / "user_modules")
    monkeypatch.syspath_prepend(here)
    monkeypatch.setenv("PYTHONPATH", here)


def _installed(backend):
    if missing_requirements(backend):
        pytest.skip(f"{backend} not installed")
    return load_backend(backend)


def _run_script(folder, text) -> subprocess.CompletedProcess:
    (folder / "repro.py").write_text(text)
    return subprocess.run([sys.executable, "repro.py"], cwd=folder, capture_output=True, text=True, timeout=600,
                          env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_large_case_runs_on_the_default_and_on_one_thread_and_its_script_sets_the_count(backend, tmp_path):
    targets = _installed(backend)
    index = [t for t in targets if t.op in OPS]
    assert index and all(t.takes_threads for t in index), [t.name for t in index if not t.takes_threads]
    name, line, _ = BACKENDS[backend]
    (t,) = [x for x in targets if x.name == name]
    cases = large_index_cases(t)
    serial, default = [c for c in cases if c.threads == 1], [c for c in cases if not c.threads]
    assert serial and [replace(c, threads=0).id for c in serial] == [c.id for c in default]
    run_property(t, "valid", cases=cases)  # the backend agrees with the spec on both
    case = serial[-1]  # the largest (a scatter's: each update its own place)
    assert "[threads: 1]" in case.describe() and Case.loads(case.dumps()).threads == 1
    text = script(make_seed(backend, t.name, "wrong-value", case))
    assert line in text, f"{backend}: the script does not set one thread"
    done = _run_script(tmp_path, text)
    assert done.returncode == 0, done.stdout + done.stderr  # one thread, as the target ran it: the spec's value
    assert line not in script(make_seed(backend, t.name, "wrong-value", replace(case, threads=0)))


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_user_target_on_the_backend_wrong_only_on_one_thread_is_caught(backend, user_modules):
    _installed(backend)
    (t,) = load_backend(BACKENDS[backend][2])
    assert t.takes_threads
    cases = large_index_cases(t)
    if backend == "xla":  # (its scatter's spread cases: XLA's own skip-window on the others is not this module's)
        cases = [c for c in cases if "own place" in c.meta["large"]]
    assert {c.threads for c in cases} == {0, 1}
    with pytest.raises(UndeclaredDivergence) as e:
        run_property(t, "valid", cases=cases)
    assert e.value.verdict.cls == "wrong-value" and e.value.case.threads == 1, e.value.verdict
    run_property(t, "valid", cases=[c for c in cases if not c.threads])  # right on the backend's default threads


def test_openvino_compiles_once_per_thread_count_and_runs_on_it():
    _installed("openvino")
    from conformance.adapters import openvino_compile
    from conformance.adapters.onnx_gather import build_model

    data = np.arange(12, dtype=np.float32).reshape(4, 3)
    indices = np.array([[3], [0]], np.int64)
    model = build_model("GatherND", 13, data.dtype, indices.dtype, 2, 2, ()).SerializeToString()
    feeds = {"data": data, "indices": indices}
    for threads in (1, None):
        assert openvino_compile.run(model, feeds, "GatherND", False, threads).tolist() == [[9, 10, 11], [0, 1, 2]]
    one, default = (openvino_compile.compiled(model, feeds, "GatherND", False, n) for n in (1, None))
    assert one is not default
    assert int(one.get_property("INFERENCE_NUM_THREADS")) == 1
    assert int(default.get_property("INFERENCE_NUM_THREADS")) != 1 or len(os.sched_getaffinity(0)) == 1


def test_xla_one_thread_splits_no_loop_and_other_counts_are_unsupported():
    _installed("xla")
    from conformance.adapters import xla
    from conformance.core.outcome import Unsupported

    n = 1 << 20
    text = (f"func.func @main(%x: tensor<{n}xf32>) -> tensor<{n}xf32> {{\n"
            f"  %0 = stablehlo.add %x, %x : tensor<{n}xf32>\n  return %0 : tensor<{n}xf32>\n}}")
    split = ["outer_dimension_partitions" in xla.executable(text, "cpu", one).hlo_modules()[0].to_string()
             for one in (False, True)]
    assert split == [len(os.sched_getaffinity(0)) > 1, False]
    assert xla.serial(None) is False and xla.serial(1) is True
    with pytest.raises(Unsupported):
        xla.serial(3)


def test_openvino_gather_elements_on_one_thread_is_declared_by_its_model():
    """OpenVINO's GatherElements on one thread writes its result up to the first index outside [-dim, dim) and
    raises nothing (on its default threads it refuses): declared with a model (openvino.toml, ``one-thread``);
    the large cases of both threads pass, and the declaration is needed (without it the one-thread cases fail)."""
    targets = _installed("openvino")
    (t,) = [x for x in targets if x.name == "openvino:GatherElements-13"]
    cases = [c for c in large_index_cases(t) if c.meta["large"] in ("63 vectors", "1023 vectors")]
    run_property(t, "valid", cases=cases)
    bare = replace(t, deviations={k: [d for d in v if d.when != "one-thread"] for k, v in t.deviations.items()})
    with pytest.raises(UndeclaredDivergence) as e:
        run_property(bare, "valid", cases=cases)
    assert e.value.case.threads == 1
