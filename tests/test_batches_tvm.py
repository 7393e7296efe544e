"""tvm's batch entry point (adapters/tvm.py, ``tvm_compile.run_batch``, issue 64): the models of a batch's cases
imported into one IRModule, one function per case, built once; each case gets the verdict the one-case path
gives it, and a model the importer refuses gives that case its own error."""
from dataclasses import replace

import pytest

from conformance.core.compare import same_array
from conformance.running import batches, engine
from conformance.running.large_index import large_index_cases
from conformance.running.registry import load_backend, missing_requirements

pytestmark = pytest.mark.skipif(bool(missing_requirements("tvm")), reason="needs tvm")


def _target(name: str):
    (t,) = [t for t in load_backend("tvm") if t.name == name]
    return replace(t, isolated=False)


def _judged(t, cases, monkeypatch, on: bool, label: str) -> list:
    monkeypatch.setenv(batches.ENV, "1" if on else "0")
    monkeypatch.setattr(engine, "phases", lambda target, kind, draws: [(label, cases, len(cases), 1)])
    sink = engine.Collect()
    engine.run_property(t, "valid", sink=sink)
    return [(c.id, v.cls, v.classes) for c, v, _ in sink.judgements]


def test_batches_on_and_off_give_the_same_verdicts(monkeypatch):
    from conformance.adapters import tvm_compile

    t = _target("tvm:onnx.GatherND-13")  # (its large cases go in batches: no declared refusal covers them)
    cases = large_index_cases(t)[:6]
    sizes = []
    real = batches.run_batch
    monkeypatch.setattr(batches, "run_batch", lambda t, cs, w: sizes.append(len(cs)) or real(t, cs, w))
    before = tvm_compile.STATS["compiled_graphs"]
    on = _judged(t, cases, monkeypatch, True, "edge:large")
    assert sizes and max(sizes) > 1, "no batch ran: the comparison would be vacuous"
    assert tvm_compile.STATS["compiled_graphs"] - before < len(cases)  # fewer builds than cases
    assert on == _judged(t, cases, monkeypatch, False, "edge:large")


def test_a_model_the_importer_refuses_gives_its_case_the_error_and_the_others_their_results(monkeypatch):
    from conformance.adapters import tvm_compile

    t = _target("tvm:GatherND-13")
    cases = large_index_cases(t)[:4]
    runs = []
    real_run = tvm_compile.run
    monkeypatch.setattr(tvm_compile, "run", lambda m, f: runs.append(f) or real_run(m, f))
    alone = [engine.call(t, c) for c in cases]
    shapes = [tuple((k, v.shape, v.dtype.name) for k, v in f.items()) for f in runs]
    assert len(set(shapes)) > 1, "the cases' inputs have one signature: the refusal would take them all"
    real_import = tvm_compile._imported

    def importer(model, feeds):  # refuses the third case's input signature
        if tuple((k, v.shape, v.dtype.name) for k, v in feeds.items()) == shapes[2]:
            raise ValueError("the importer refuses this model")
        return real_import(model, feeds)
    monkeypatch.setattr(tvm_compile, "_imported", importer)
    monkeypatch.setattr(tvm_compile, "_BATCH_VMS", {})
    monkeypatch.setattr(tvm_compile, "_VMS", {})  # (the one-case runs' executables: the batch would use them)
    got = batches.run_batch(t, cases, "inproc:test")
    assert isinstance(got, list), got
    assert got[2].kind == "rejection" and "refuses this model" in got[2].message
    compared = 0
    for i in (0, 1, 3):
        if shapes[i] == shapes[2]:
            continue  # (the refused signature: refused too)
        assert got[i].kind == alone[i].kind == "value" and same_array(got[i].value, alone[i].value), i
        compared += 1
    assert compared
