"""Issue 65, items 1 and 3: index ops at the sizes where kernels change path, and index values a spec makes an
error. Every index target's edge phase holds large cases (63 to 1,025 index vectors, past 2**15 and 2**16 result
elements) whose telling rows sit at the end and at every thread chunk's end, in every profile; a user kernel wrong
only in its last partial block of 128 vectors, or one that drops updates past 2**15 elements, is caught; every
named index model is told from the spec on a large case; a GatherND/ScatterND target that takes invalid cases
gets the out-of-range values at the int64 and int32 edges, and one that wraps them is ``accepts-invalid``."""
from dataclasses import replace

import numpy as np
import pytest

from conformance.core.case import Case
from conformance.judging.conditions import wrap_loop_index
from conformance.judging.scatter_compare import schedule_mismatch
from conformance.judging.verdict import case_violations
from conformance.running import large_index
from conformance.running.constructed import construction, discriminated, named_models, user_target
from conformance.running.engine import Draws, UndeclaredDivergence, phases, run_property
from conformance.running.invalid_values import edge_values, invalid_value_cases
from conformance.running.large_index import large_index_cases, row_map, run_ends
from conformance.running.registry import load_backend

INDEX = {"stablehlo.gather": "start_indices", "stablehlo.scatter": "scatter_indices"}


@pytest.fixture()
def user_modules(monkeypatch):
    from pathlib import Path

    here = str(Path(__file__).parent / "user_modules")
    monkeypatch.syspath_prepend(here)
    monkeypatch.setenv("PYTHONPATH", here)


@pytest.mark.parametrize("n,k", [(1025, 5), (63, 7), (129, 200), (2**15 + 3, 40)])
def test_telling_rows_end_the_batch_and_every_thread_chunk(n, k):
    rows = row_map(n, k)
    tail = min(n, k)
    assert list(rows[n - tail:]) == list(range(k - tail, k))  # the last partial block of any width
    assert all(rows[e] >= 0 for e in run_ends(n))
    assert all(n * j // t - 1 in run_ends(n) for t in (2, 3, 64) if t < n for j in range(1, t))
    if n > 4 * k + len(run_ends(n)):
        assert (rows < 0).sum() > n // 2  # the rest are fillers


def test_every_index_target_of_a_backend_gets_valid_large_cases_of_every_size():
    for t in load_backend("numpy"):
        cases = large_index_cases(t)
        if t.op not in large_index.OPS:
            assert cases == []
            continue
        labels = [c.meta["large"] for c in cases]
        assert [int(x.split()[0]) for x in labels[:len(large_index.VECTORS)]] == list(large_index.VECTORS), (t.name, labels)
        assert sum("past" in x for x in labels) == len(large_index.PAST_ELEMENTS), (t.name, labels)
        for case in cases:
            assert not case_violations(case), (t.name, case.describe())
            assert max(a.size for a in case.arrays.values()) <= large_index.MAX_ELEMENTS


@pytest.mark.parametrize("profile", ["dev", "ci", "nightly"])
def test_the_large_and_invalid_value_runs_are_in_every_profile(profile):
    (gather,) = [t for t in load_backend("numpy") if t.name == "numpy:take_along_axis"]
    labels = [p[0] for p in phases(gather, "valid", Draws(profile))]
    assert "edge:large" in labels
    (nd,) = [t for t in load_backend("onnxruntime") if t.name == "onnxruntime:onnx.GatherND-13"]
    assert "edge:invalid-values" in [p[0] for p in phases(nd, "invalid", Draws(profile))]


@pytest.mark.parametrize("op", sorted(INDEX))
def test_every_named_index_model_is_told_apart_on_a_large_case(op):
    target = user_target(op)
    cases = large_index_cases(target)
    built = construction(target)
    assert built.first
    missed = []
    for (dt, name) in built.first:
        models = {m for m in named_models(op, np.dtype(dt)) if m.name == name}
        mine = [c for c in cases if c.arrays[INDEX[op]].dtype == np.dtype(dt)]
        if not any(discriminated(c, models) for c in mine):
            missed.append((dt, name))
    assert not missed, missed


@pytest.mark.parametrize("profile", ["ci", "dev"])
def test_a_gather_wrong_only_in_its_last_partial_block_of_128_is_caught(user_modules, profile):
    (t,) = load_backend("tail_block_gather")
    with pytest.raises(UndeclaredDivergence) as e:
        run_property(t, "valid", draws=Draws(profile))
    assert e.value.verdict.cls == "wrong-value"
    assert "vectors" in e.value.case.meta.get("large", ""), e.value.case.describe()


def test_a_scatter_that_drops_updates_past_2_15_elements_is_caught(user_modules):
    (t,) = load_backend("drop_updates_scatter")
    cases = large_index_cases(t)
    small = [c for c in cases if all(a.size <= 2**15 for k, a in c.arrays.items() if k.startswith("updates"))]
    run_property(t, "valid", cases=small)  # right wherever nothing is dropped
    with pytest.raises(UndeclaredDivergence) as e:
        run_property(t, "valid", cases=cases)
    assert e.value.verdict.cls == "wrong-value"
    assert "past" in e.value.case.meta["large"]


def test_an_identity_update_adds_no_rounding_so_a_crowded_place_still_shows_a_wrong_sum():
    # one place written by 5,000 float16 updates of 0 and one of 1.0: the sum is exact, so 1.5 is wrong
    writes = 5001
    inp = np.zeros(2, np.float16)
    upd = np.zeros(writes, np.float16)
    upd[-1] = 1
    positions = np.zeros(writes, np.int64)
    expected = np.array([1, 0], np.float16)
    assert schedule_mismatch(expected, np.array([1.5, 0], np.float16), inp, upd, positions, "add")[0]
    assert not schedule_mismatch(expected, expected.copy(), inp, upd, positions, "add").any()


def test_the_wrap_loop_condition_counts_the_steps_of_the_whole_call():
    def case(values, dim=3):
        idx = np.array(values, np.int64)[:, None]
        return Case("stablehlo.gather", {"operand": np.zeros(dim, np.float32), "start_indices": idx},
                    dict(offset_dims=(), collapsed_slice_dims=(0,), start_index_map=(0,), index_vector_dim=1,
                         slice_sizes=(1,), indices_are_sorted=False))
    assert wrap_loop_index(case([2**62]))
    assert wrap_loop_index(case([2**31] * 300))  # each alone is a fraction of a second; together, minutes
    assert not wrap_loop_index(case([2**31, 5, -7]))


def test_out_of_range_values_reach_the_int64_and_int32_edges():
    values = edge_values(5)
    assert {5, -6, 2**31, 2**32 + 1, 2**32 - 1, np.iinfo(np.int64).max, np.iinfo(np.int64).min} <= set(values)
    assert not [v for v in values if -5 <= v < 5]


def test_a_gather_nd_that_wraps_out_of_range_indices_accepts_invalid(user_modules):
    (ref,) = [t for t in load_backend("onnx_reference") if t.name == "onnx_reference:onnx.GatherND-13"]
    cases = invalid_value_cases(ref)
    assert cases and all([v.label for v in case_violations(c)] == ["R5"] for c in cases)
    run_property(ref, "invalid", cases=cases)  # the reference refuses every one
    (t,) = load_backend("wrapping_gather_nd")
    with pytest.raises(UndeclaredDivergence) as e:
        run_property(t, "invalid", cases=invalid_value_cases(t))
    assert e.value.verdict.cls == "accepts-invalid"


def test_a_target_that_sets_its_threads_runs_each_large_case_on_one_thread_too(user_modules, tmp_path):
    (t,) = load_backend("serial_path_gather")
    assert t.takes_threads
    cases = large_index_cases(t)
    assert [c for c in cases if c.threads == 1] and len(cases) % 2 == 0
    with pytest.raises(UndeclaredDivergence) as e:
        run_property(t, "valid", cases=cases)
    assert e.value.verdict.cls == "wrong-value" and e.value.case.threads == 1
    assert "[threads: 1]" in e.value.case.describe()
    assert Case.loads(e.value.case.dumps()).threads == 1  # the seed keeps it
    import os
    import subprocess
    import sys

    from conformance.reports.repro import script
    from conformance.running.seeds import make_seed

    folder = tmp_path / "elsewhere"  # the module is not importable from here: the script carries it
    folder.mkdir()
    (folder / "repro.py").write_text(script(make_seed("serial_path_gather", t.name, "wrong-value", e.value.case)))
    done = subprocess.run([sys.executable, "repro.py"], cwd=folder, capture_output=True, text=True, timeout=300,
                          env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert done.returncode == 1, done.stdout + done.stderr  # it calls the target on one thread, as the seed says
    default = replace(e.value.case, threads=0)
    (folder / "repro.py").write_text(script(make_seed("serial_path_gather", t.name, "wrong-value", default)))
    done = subprocess.run([sys.executable, "repro.py"], cwd=folder, capture_output=True, text=True, timeout=300,
                          env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert done.returncode == 0, done.stdout + done.stderr  # on its default threads it is right
    run_property(t, "valid", cases=[c for c in cases if not c.threads])  # right on its default threads


def test_the_torch_index_targets_set_their_threads():
    threaded = {t.name for t in load_backend("torch") if t.takes_threads}
    assert {"torch:gather", "torch:scatter_add_", "torch:index_put_[accumulate=True]", "torch:onnx.GatherND[x[idx]]"} <= threaded


@pytest.mark.parametrize("op", ["stablehlo.gather", "onnx.GatherND", "onnx.ScatterND"])
def test_a_grown_case_declares_the_result_type_the_spec_gives_it(op):
    from conformance.core.opspec import op_spec

    case = large_index_cases(user_target(op))[-1]
    base = replace(case, result_type={"shape": [0], "dtype": "float32"})  # a base that declared one
    made = large_index._with_result_type(replace(case, result_type=None), base)
    expected = op_spec(op).part("expected")(case)
    assert made.result_type["shape"] == list(np.shape(expected[0] if isinstance(expected, tuple) else expected))
