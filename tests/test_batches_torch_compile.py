"""torch_compile's batch entry point (adapters/torch_compile_batch.py, issue 64): one compiled function makes the
API call of every case of a batch; each case gets the verdict the one-case path gives it. A case whose graph a
compiler refuses gets its own verdict and every other case its own; a case whose API call raises eagerly is
left to the one-case path (``batches.RunAlone``)."""
from dataclasses import replace

import numpy as np
import pytest

from conformance.core.compare import same_array
from conformance.running import batches, engine
from conformance.running.constructed import constructed_cases
from conformance.running.registry import load_backend, missing_requirements

pytestmark = pytest.mark.skipif(bool(missing_requirements("torch_compile")), reason="needs torch")

REFUSING = "conformance_test_refuses_float64"  # a Dynamo backend that refuses a graph with a float64 input


@pytest.fixture
def compiler(monkeypatch):
    """Fresh compiled wrappers and batch functions, compiled by ``backend`` (the env switch the adapter reads)."""
    from conformance.adapters import torch_compile, torch_compile_batch

    monkeypatch.setattr(torch_compile, "_WRAPPERS", {})
    monkeypatch.setattr(torch_compile_batch, "_CACHE", {})

    def use(backend: str):
        monkeypatch.setenv("CONFORMANCE_TORCH_COMPILE_BACKEND", backend)
    return use


def _target(name: str):
    (t,) = [t for t in load_backend("torch_compile") if t.name == name]
    return replace(t, isolated=False)


def _judged(t, cases, monkeypatch, on: bool, label: str = "edge:constructed") -> list:
    monkeypatch.setenv(batches.ENV, "1" if on else "0")
    monkeypatch.setattr(engine, "phases", lambda target, kind, draws: [(label, cases, len(cases), 1)])
    sink = engine.Collect()
    engine.run_property(t, "valid", sink=sink)
    return [(c.id, v.cls, v.classes) for c, v, _ in sink.judgements]


# (the targets whose edge cases batches hold: the others' are declared refusals, which the engine runs alone)
@pytest.mark.parametrize("name,label", [("torch_compile:x[s:s+k]=u", "edge:constructed"),
                                        ("torch_compile:narrow", "edge:constructed"),
                                        ("torch_compile:onnx.GatherND[x[idx]]", "edge:large"),
                                        ("torch_compile:onnx.ScatterND[index_put_(accumulate=True)]", "edge:large")])
def test_batches_on_and_off_give_the_same_verdicts(name, label, monkeypatch, compiler):
    from conformance.running.large_index import large_index_cases

    compiler("aot_eager")  # (Dynamo and AOTAutograd as with Inductor, no code generation: quick)
    t = _target(name)
    cases = constructed_cases(t) if label == "edge:constructed" else large_index_cases(t)
    calls = []
    real = batches.run_batch
    monkeypatch.setattr(batches, "run_batch", lambda t, cs, w: calls.append(len(cs)) or real(t, cs, w))
    on = _judged(t, cases, monkeypatch, True, label)
    assert calls and max(calls) > 1, "no batch ran: the comparison would be vacuous"
    assert on == _judged(t, cases, monkeypatch, False, label)


def test_inductor_batch_gives_each_case_the_one_case_result(compiler):
    compiler("inductor")
    t = _target("torch_compile:x[s:s+k]=u")  # (an in-place API: the batch's write is replayed into the case's tensor)
    cases = constructed_cases(t)[:8]
    got = batches.run_batch(t, cases, "inproc:test")
    assert isinstance(got, list) and all(g is not None for g in got), got
    for case, batched in zip(cases, got):
        alone = engine.call(t, case)
        assert (batched.kind, batched.error_type) == (alone.kind, alone.error_type), case.id
        assert batched.kind != "value" or same_array(batched.value, alone.value), case.id


def test_a_case_raising_eagerly_is_left_to_the_one_case_path(compiler):
    compiler("aot_eager")
    t = _target("torch_compile:gather")  # (here the batch entry itself: the engine runs a declared refusal alone)
    eager = {u.name: u for u in load_backend("torch")}["torch:gather"]
    cases = constructed_cases(t)
    refused = [engine.call(replace(eager, isolated=False), c).kind == "rejection" for c in cases]
    assert any(refused) and not all(refused)
    got = batches.run_batch(t, cases, "inproc:test")
    assert [g is None for g in got] == refused


def _refusing_backend():
    import torch

    def refuse(gm, example_inputs):
        if any(getattr(x, "dtype", None) == torch.float64 for x in example_inputs):
            raise RuntimeError("this compiler refuses a float64 graph")
        return gm.forward
    torch._dynamo.register_backend(refuse, name=REFUSING)


def test_a_case_whose_graph_the_compiler_refuses_gets_its_verdict_and_the_others_theirs(monkeypatch, compiler):
    _refusing_backend()
    compiler(REFUSING)
    t = _target("torch_compile:x[s:s+k]=u")  # (its constructed cases go in batches)
    every = constructed_cases(t)
    wide = [c for c in every if c.arrays["operand"].dtype == np.float64]
    cases = [c for c in every if c.arrays["operand"].dtype != np.float64][:7]
    assert wide and len(cases) == 7
    marked = 5
    cases.insert(marked, wide[0])  # the one case of the batch whose graph the compiler refuses
    sizes = []
    real = batches.run_batch
    monkeypatch.setattr(batches, "run_batch", lambda t, cs, w: sizes.append(len(cs)) or real(t, cs, w))
    on = _judged(t, cases, monkeypatch, on=True)
    assert sizes and sizes[0] == len(cases) and any(s < len(cases) for s in sizes[1:]), sizes  # the failing batch was split
    assert "rejects-valid" in on[marked][2] or on[marked][1] in ("rejects-valid", "error"), on[marked]
    assert all(cls not in ("rejects-valid", "error") for i, (_, cls, _) in enumerate(on) if i != marked), on
    assert on == _judged(t, cases, monkeypatch, on=False)
