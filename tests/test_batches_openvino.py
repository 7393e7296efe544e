"""openvino's batch entry point (adapters/openvino_batch.py, issue 64): the one-node models of a batch's cases in
one ``ov.Model``, compiled once per thread count; each case gets the verdict the one-case path gives it, a model
OpenVINO does not read gives that case its own refusal, and a joint compile that fails is split until the failing
case is alone."""
from dataclasses import replace

import numpy as np
import pytest

from conformance.core.compare import same_array
from conformance.running import batches, engine
from conformance.running.large_index import large_index_cases
from conformance.running.registry import load_backend, missing_requirements

pytestmark = pytest.mark.skipif(bool(missing_requirements("openvino")), reason="needs openvino")

NAME = "openvino:onnx.GatherND-13"  # (its large cases go in batches: no declared refusal covers them)


def _target(name: str = NAME):
    (t,) = [t for t in load_backend("openvino") if t.name == name]
    return replace(t, isolated=False)


class _Core:
    """A real ``openvino.Core`` that refuses to read a model with an int8 input (``refuse_read``) or to compile a
    model with one (``refuse_compile``), and keeps what it compiled: (inputs' types, config) each."""

    def __init__(self, core, refuse_read=False, refuse_compile=False, compiled=None):
        self.core, self.refuse_read, self.refuse_compile = core, refuse_read, refuse_compile
        self.compiled = compiled if compiled is not None else []

    def read_model(self, model, weights):
        import onnx

        types = [i.type.tensor_type.elem_type for i in onnx.load_from_string(model).graph.input]
        if self.refuse_read and onnx.TensorProto.INT8 in types:
            raise RuntimeError("this frontend refuses an int8 input")
        return self.core.read_model(model, weights)

    def compile_model(self, model, device, config):
        types = [p.get_element_type().get_type_name() for p in model.get_parameters()]
        self.compiled.append((types, dict(config)))
        if self.refuse_compile and "i8" in types:
            raise RuntimeError("this plugin refuses an int8 input")
        return self.core.compile_model(model, device, config)


@pytest.fixture
def core(monkeypatch):
    """Fresh compile caches, and ``use(**refusals)``: the openvino targets' Core wrapped in ``_Core``."""
    from conformance.adapters import openvino_batch, openvino_compile

    monkeypatch.setattr(openvino_compile, "_COMPILED", {})
    monkeypatch.setattr(openvino_batch, "_COMPILED", {})
    monkeypatch.setenv("CONFORMANCE_NO_COMPILE_CACHE", "1")
    compiled: list = []
    real = openvino_compile._core

    def use(**refusals):
        monkeypatch.setattr(openvino_compile, "_core", lambda: _Core(real(), compiled=compiled, **refusals))
        return compiled
    return use


def _mixed(t, n: int) -> list:
    """``n`` of ``t``'s large cases, half on the default thread count and half on one thread."""
    every = large_index_cases(t)
    return [c for c in every if not c.threads][:n // 2] + [c for c in every if c.threads][:n - n // 2]


def _judged(t, cases, monkeypatch, on: bool, label: str = "edge:large") -> list:
    monkeypatch.setenv(batches.ENV, "1" if on else "0")
    monkeypatch.setattr(engine, "phases", lambda target, kind, draws: [(label, cases, len(cases), 1)])
    sink = engine.Collect()
    engine.run_property(t, "valid", sink=sink)
    return [(c.id, v.cls, v.classes) for c, v, _ in sink.judgements]


def _sizes(monkeypatch) -> list:
    sizes: list = []
    real = batches.run_batch
    monkeypatch.setattr(batches, "run_batch", lambda t, cs, w: sizes.append(len(cs)) or real(t, cs, w))
    return sizes


def test_batches_on_and_off_give_the_same_verdicts(monkeypatch, core):
    compiled = core()
    t = _target()
    cases = _mixed(t, 8)
    assert {c.threads for c in cases} == {0, 1}, "one thread count: the split by count would go untested"
    sizes = _sizes(monkeypatch)
    on = _judged(t, cases, monkeypatch, True)
    assert sizes and max(sizes) > 1, "no batch ran: the comparison would be vacuous"
    joint = len(compiled)
    assert joint < len(cases)  # fewer compiles than cases
    assert on == _judged(t, cases, monkeypatch, False)
    assert len(compiled) - joint >= len({(c.threads, c.arrays["data"].dtype) for c in cases})  # (one a signature)


def test_the_batch_path_and_the_one_case_path_give_the_same_values(core):
    core()
    t = _target()
    cases = _mixed(t, 6)
    cases += [replace(c, dynamic=True) for c in cases[:3]]  # (dynamic dims: their own compile)
    got = batches.run_batch(t, cases, "inproc:test")
    assert isinstance(got, list) and all(g is not None for g in got), got
    for case, batched in zip(cases, got):
        alone = engine.call(t, case)
        assert batched.kind == alone.kind == "value", case.id
        assert batched.value.dtype == alone.value.dtype and same_array(batched.value, alone.value), case.id


def test_cases_of_different_thread_counts_never_share_a_compile(core):
    compiled = core()
    t = _target()
    cases = _mixed(t, 8)
    counts = [c.threads for c in cases]
    got = batches.run_batch(t, cases, "inproc:test")
    assert isinstance(got, list) and all(g is not None and g.kind == "value" for g in got), got
    assert len(compiled) == 2, compiled  # one joined model per thread count
    by_count = {config.get("INFERENCE_NUM_THREADS"): len(types) for types, config in compiled}
    assert by_count == {None: 2 * counts.count(0), 1: 2 * counts.count(1)}, by_count  # (data and indices each)


def _with_int8_case(t, marked: int) -> list:
    cases = [c for c in large_index_cases(t) if c.arrays["data"].dtype != np.int8][:7]
    wide = next(c for c in large_index_cases(t) if c.arrays["data"].dtype == np.int8)
    cases.insert(marked, replace(wide, threads=cases[0].threads))
    return cases


def test_a_model_openvino_does_not_read_gives_its_case_its_verdict_and_the_others_theirs(monkeypatch, core):
    core(refuse_read=True)
    t = _target()
    marked = 3
    cases = _with_int8_case(t, marked)
    got = batches.run_batch(t, cases, "inproc:test")
    assert isinstance(got, list) and got[marked] is None, got  # left to the one-case path
    assert all(g is not None and g.kind == "value" for i, g in enumerate(got) if i != marked), got
    on = _judged(t, cases, monkeypatch, on=True)
    assert on[marked][1] in ("rejects-valid", "error") or "rejects-valid" in on[marked][2], on[marked]
    assert all(cls not in ("rejects-valid", "error") for i, (_, cls, _) in enumerate(on) if i != marked), on
    assert on == _judged(t, cases, monkeypatch, on=False)


def test_a_joint_compile_that_fails_is_split_down_to_its_case(monkeypatch, core):
    core(refuse_compile=True)
    t = _target()
    marked = 5
    cases = _with_int8_case(t, marked)
    sizes = _sizes(monkeypatch)
    on = _judged(t, cases, monkeypatch, on=True)
    assert sizes and sizes[0] == len(cases) and any(1 < s < len(cases) for s in sizes[1:]), sizes  # split
    assert on[marked][1] in ("rejects-valid", "error") or "rejects-valid" in on[marked][2], on[marked]
    assert all(cls not in ("rejects-valid", "error") for i, (_, cls, _) in enumerate(on) if i != marked), on
    assert on == _judged(t, cases, monkeypatch, on=False)


def test_a_wrong_joint_result_is_caught(monkeypatch, core):
    """A batch entry that mixes up two cases' results (a cross-case bug) gives those cases a divergence."""
    from conformance.adapters import openvino_batch

    core()
    t = _target()
    cases = [c for c in large_index_cases(t) if c.threads == 1][:4]
    real = openvino_batch.run_batch

    def swapped(items, dynamic=False, threads=None):
        got = real(items, dynamic, threads)
        return [np.zeros_like(g) if i == 1 and isinstance(g, np.ndarray) and g.size else g for i, g in enumerate(got)]
    monkeypatch.setattr(openvino_batch, "run_batch", swapped)
    on = _judged(t, cases, monkeypatch, on=True)
    assert on[1][1] == "wrong-value", on
    assert all(cls == "conform" for i, (_, cls, _) in enumerate(on) if i != 1), on


@pytest.mark.parametrize("name", ["openvino:GatherElements-11", "openvino:GatherElements-13"])
def test_one_thread_gather_elements_cases_run_alone(name):
    """On one thread a GatherElements node that meets an index out of range ends the joined inference silently (the
    declared stop): in a batch the later cases' nodes never run. Its one-thread cases run alone; a Gather target's
    one-thread cases still go in batches."""
    cases = [c for c in large_index_cases(_target(name)) if c.threads == 1]
    assert cases and all(engine.breaks_batch(_target(name), c) for c in cases)
    gather = _target("openvino:Gather-13")
    assert not any(engine.breaks_batch(gather, c) for c in large_index_cases(gather) if c.threads == 1)
