"""Batches (issue 64): the edge phase's fixed cases through a target's batch entry point, each case still judged
alone. A case that makes the batch fail to compile gets its own verdict, and so does every other case; a case
that kills the batch's process is the only ``crash``; a divergence that shows only in a batch is reported with
the batch as its repro; batches on and off give the same verdicts."""
from dataclasses import replace

import numpy as np
import pytest

from conformance.core import runtime
from conformance.running import batches, engine, isolation
from conformance.running.constructed import constructed_cases
from conformance.running.registry import load_backend
from tests import test_batches_targets as fake

N = 8  # cases per test: one batch of the fake target (``batch_size=8``)


@pytest.fixture
def gather():
    (t,) = load_backend("tests.test_batches_targets")
    yield t
    isolation.close_all()


def _marked(t, at: int, mark: int) -> list:
    """The first ``N`` constructed cases of ``t`` whose result is not empty, case ``at`` marked ``mark``."""
    cases = [c for c in constructed_cases(t) if fake.gather(**c.kwargs()).size][:N]
    operand = cases[at].arrays["operand"].copy()
    operand.reshape(-1)[0] = mark
    cases[at] = replace(cases[at], arrays={**cases[at].arrays, "operand": operand})
    return cases


def _judged(t, cases, monkeypatch, on: bool = True) -> list:
    """(case, verdict, declaration) of each of ``cases`` run as the edge phase's constructed cases."""
    monkeypatch.setenv(batches.ENV, "1" if on else "0")
    monkeypatch.setattr(engine, "phases", lambda target, kind, draws: [("edge:constructed", cases, len(cases), 1)])
    sink = engine.Collect()
    engine.run_property(t, "valid", sink=sink)
    return sink.judgements


@pytest.fixture
def counted(monkeypatch):
    """The batch calls made, as lists of the cases in each."""
    calls, real = [], batches.run_batch
    monkeypatch.setattr(batches, "run_batch", lambda t, cases, worker: calls.append(list(cases)) or real(t, cases, worker))
    return calls


def test_a_clean_batch_is_one_call_per_run_and_every_case_conforms(gather, monkeypatch, counted):
    judged = _judged(gather, _marked(gather, 0, 1), monkeypatch)
    assert [v.cls for _, v, _ in judged] == ["conform"] * N
    assert [len(c) for c in counted] == [N] * batches.RUNS  # one batch, called twice (nondeterminism)


def test_a_case_that_fails_to_compile_gets_its_verdict_and_the_others_theirs(gather, monkeypatch, counted):
    cases = _marked(gather, 5, fake.COMPILE_ERROR)
    judged = _judged(gather, cases, monkeypatch)
    classes = [v.cls for _, v, _ in judged]
    alone = _judged(gather, cases[5:6], monkeypatch, on=False)[0][1]  # the verdict of the one-case path
    assert judged[5][1] == alone and "rejects-valid" in alone.classes, judged[5][1]  # (out-of-bounds: may be error)
    assert "refuses this case" in judged[5][1].observed
    assert classes[:5] + classes[6:] == ["conform"] * (N - 1)
    assert all(len(c) < N for c in counted[1:]), "the failing batch was split"


def test_a_case_that_crashes_the_batch_is_the_only_crash(gather, monkeypatch):
    monkeypatch.setattr(engine, "_NARROWED", {})
    monkeypatch.setattr(engine, "NARROWINGS", {"crash": 0, "timeout": 0})  # (narrowing the element: not this test's)
    judged = _judged(gather, _marked(gather, 2, fake.ABORT), monkeypatch)
    classes = [v.cls for _, v, _ in judged]
    assert classes[2] == "crash" and "SIGABRT" in judged[2][1].detail, judged[2][1]
    assert classes[:2] + classes[3:] == ["conform"] * (N - 1)


def test_a_divergence_only_in_a_batch_is_reported_with_the_batch_as_its_repro(gather, monkeypatch, tmp_path):
    monkeypatch.setattr(runtime, "_STATE", {**runtime._STATE, "seed_dir": str(tmp_path)})
    cases = _marked(gather, 3, fake.FUSED)
    judged = _judged(gather, cases, monkeypatch)
    case, verdict, dev = judged[3]
    assert verdict.cls == "wrong-value" and dev is None
    assert verdict.detail.startswith("batch-only:") and "alone, in the one-case path, the case conforms" in verdict.detail
    (saved,) = tmp_path.glob("batch-*.json")
    assert str(saved) in verdict.detail
    backend, name, diverging, held = batches.load_batch(saved)
    assert (backend, name, diverging) == (gather.backend, gather.name, case.id)
    assert [c.id for c in held] == [c.id for c in cases]
    assert [v.cls for _, v, _ in judged[:3] + judged[4:]] == ["conform"] * (N - 1)


def test_a_batch_only_divergence_fails_pytest_with_its_batch_named(gather, monkeypatch):
    monkeypatch.setenv(batches.ENV, "1")
    cases = _marked(gather, 0, fake.FUSED)
    monkeypatch.setattr(engine, "phases", lambda target, kind, draws: [("edge:constructed", cases, len(cases), 1)])
    with pytest.raises(engine.UndeclaredDivergence, match="batch-only") as e:
        engine.run_property(gather, "valid")
    assert e.value.case.id == cases[0].id and e.value.verdict.cls == "wrong-value"


def _with_batch(t):
    """``t`` (a numpy target) in this process with a batch entry point that runs its one-case function per case."""
    def batch(calls):
        out = []
        for kw in calls:
            try:
                out.append(t.fn(**kw))
            except Exception as e:  # noqa: BLE001 - the case's own refusal
                out.append(e)
        return out
    return replace(t, isolated=False, batch=batch)


@pytest.mark.parametrize("name", ["numpy:take_along_axis", "numpy:advanced-indexing"])
def test_batches_on_and_off_give_the_same_verdicts_on_a_numpy_targets_constructed_cases(name, monkeypatch):
    t = _with_batch(next(t for t in load_backend("numpy") if t.name == name))
    cases = constructed_cases(t)
    assert cases
    on = [(c.id, v.cls, v.detail) for c, v, _ in _judged(t, cases, monkeypatch, on=True)]
    off = [(c.id, v.cls, v.detail) for c, v, _ in _judged(t, cases, monkeypatch, on=False)]
    assert on == off
    assert len(set(cls for _, cls, _ in on)) >= 1


def test_batches_off_by_the_variable(monkeypatch, gather):
    monkeypatch.setenv(batches.ENV, "0")
    assert not batches.batchable(gather, "edge:constructed")
    monkeypatch.setenv(batches.ENV, "1")
    assert batches.batchable(gather, "edge:constructed") and not batches.batchable(gather, "edge:sequence")


def test_chunks_keep_order_and_caps():
    from conformance.core.case import Case

    small = [Case("stablehlo.add", {"lhs": np.zeros(4, np.int32), "rhs": np.zeros(4, np.int32)}, {}) for _ in range(5)]
    assert [len(c) for c in batches.chunks(small, 2)] == [2, 2, 1]
    assert [len(c) for c in batches.chunks(small, 16, max_bytes=64)] == [2, 2, 1]  # 32 bytes a case


def test_a_module_batch_holds_each_cases_function_and_gives_each_its_results():
    from conformance.adapters.stablehlo_text import batch_module, text_batch

    def build(kw):
        if kw["n"] < 0:
            raise TypeError("no element type")
        text = (f"func.func public @main(%x: tensor<{kw['n']}xf32>) -> (tensor<{kw['n']}xf32>, tensor<i32>) {{\n"
                f"  return %x, %x : tensor<{kw['n']}xf32>, tensor<i32>\n}}")
        return text, [np.zeros(kw["n"], np.float32)], lambda outs: (kw["n"], [o.shape for o in outs])

    module, counts = batch_module([build({"n": 2})[0], build({"n": 3})[0]])
    assert counts == [2, 2] and module.count("func.func private @case") == 2
    assert "%r1:2 = func.call @case1(%c1_a0) : (tensor<3xf32>) -> (tensor<3xf32>, tensor<i32>)" in module
    assert "return %r0#0, %r0#1, %r1#0, %r1#1" in module
    ran = []
    batch = text_batch(build, lambda text, arrays: ran.append(text) or [a for a in arrays for _ in (0, 1)])
    out = batch([{"n": 2}, {"n": -1}, {"n": 3}])
    assert out[0] == (2, [(2,), (2,)]) and isinstance(out[1], TypeError) and out[2] == (3, [(3,), (3,)])
    assert len(ran) == 1  # one module for the cases that built


@pytest.mark.skipif(bool(__import__("conformance.running.registry", fromlist=["x"]).missing_requirements("xla")),
                    reason="needs jax")
def test_xla_batches_give_each_constructed_case_the_one_case_paths_result():
    from conformance.core import outcome
    from conformance.core.compare import same_array

    for t in load_backend("xla"):
        if t.batch is None:
            continue
        cases = constructed_cases(t)[:24]
        got = batches.run_batch(t, cases, engine.worker_name(t, cases[0]))
        assert isinstance(got, list), got
        for case, batched in zip(cases, got):
            alone = engine.call(t, case)
            assert (batched.kind, batched.error_type) == (alone.kind, alone.error_type), case.id
            values = (batched.value, alone.value) if isinstance(alone.value, tuple) else ((batched.value,), (alone.value,))
            assert batched.kind != "value" or all(same_array(a, b) for a, b in zip(*values)), case.id
    isolation.close_all()


def test_a_case_said_to_run_alone_as_its_batch_starts_is_left_out_of_it(gather, counted):
    t = replace(gather, isolated=False)
    cases = _marked(gather, 0, 1)
    held = batches.Batched(t, cases, lambda c: "inproc:test", alone=lambda c: c is cases[3])
    assert held.outcomes(cases[3]) is None and held.outcomes(cases[0])[0].kind == "value"
    assert [len(c) for c in counted] == [N - 1] * batches.RUNS and all(c is not cases[3] for c in counted[0])


def _with(t, cls: str, when: str = ""):
    """``t`` with one more declaration of class ``cls`` (condition ``when``)."""
    from conformance.running.registry import Deviation

    dev = Deviation(cls, "test declaration", when=when)
    return replace(t, deviations={**t.deviations, cls: [*t.deviations.get(cls, []), dev]})


def test_a_declared_refusal_of_out_of_bounds_indices_keeps_in_bounds_cases_in_batches(gather):
    """An ``error`` declared for every case (a documented refusal of out-of-bounds indices) leaves out only the
    cases that have one: a refusal of any other case is ``rejects-valid``, which no declaration covers."""
    from conformance.judging.verdict import judge
    from conformance.core import outcome

    t = _with(gather, "error")
    cases = constructed_cases(t)
    oob = [judge(c, outcome.Outcome("rejection", error_type="E")).cls == "error" for c in cases]
    assert any(oob) and not all(oob)
    assert [engine.breaks_batch(t, c) for c in cases] == oob
    held = engine.batched_run(t, "edge:constructed", cases)
    assert len(held.cases) == oob.count(False)
    assert not any(engine.breaks_batch(gather, c) for c in cases)  # (undeclared: every case batched)


def test_a_target_that_answers_refusals_per_case_names_its_own_breakers(gather):
    t = _with(gather, "rejects-valid")
    cases = constructed_cases(t)
    assert any(engine.breaks_batch(t, c) for c in cases)
    assert not any(engine.breaks_batch(replace(t, batch_breakers=("timeout",)), c) for c in cases)
    hangs = _with(replace(t, batch_breakers=("timeout",)), "timeout")
    assert all(engine.breaks_batch(hangs, c) for c in cases)  # (a declared hang still runs alone)


def _property(t, monkeypatch, on: bool, sink) -> list:
    monkeypatch.setenv(batches.ENV, "1" if on else "0")
    engine.run_property(t, "valid", engine.Draws("dev", seed=5), sink)
    return [(c.id, v.cls) for c, v, _ in sink.judgements]


def test_drawn_runs_go_in_batches_across_runs_with_the_verdicts_of_one_case_at_a_time(gather, monkeypatch, counted):
    """The valid property's drawn runs (boundary scenarios of four cases each, the random run) are drawn once to
    collect their cases, which then fill batches across runs: far fewer batch calls than cases, and every case
    judged as the one-case path judges it."""
    on = _property(gather, monkeypatch, True, engine.Collect())
    made = list(counted)
    off = _property(gather, monkeypatch, False, engine.Collect())
    assert on == off and len(on) > 100
    assert len(counted) == len(made)  # (off: no batch call)
    listed = len(constructed_cases(gather)) + len(engine.large_index_cases(gather))  # (batched before drawn runs)
    batched = {c.id for b in made for c in b}
    assert len(batched) > listed + 50 and len(made) <= len(on) // 3, (len(batched), listed, len(made), len(on))


def test_a_case_drawn_only_by_the_judging_pass_runs_alone(gather, monkeypatch):
    """A drawn case the collecting pass did not draw (as a case Hypothesis shrinks to) is not in any batch: the
    one-case path answers it."""
    real = engine.drawn_batches
    dropped, kept = [], []

    def fewer(target, kind, draws, sink, planned):
        held = real(target, kind, draws, sink, planned)
        if held is None:  # (batches off)
            return None
        dropped.extend(held.cases[1::2])  # every other collected case forgotten, as if never drawn there
        kept.extend(held.cases[::2])
        return batches.Batched(target, held.cases[::2], held.worker, key=held.key)

    monkeypatch.setattr(engine, "drawn_batches", fewer)
    alone = []
    real_check = engine.check_case
    monkeypatch.setattr(engine, "check_case", lambda t, c, runs=2: alone.append(c.id) or real_check(t, c, runs))
    on = _property(gather, monkeypatch, True, engine.Collect())
    alone_on = set(alone)  # (the cases the one-case path judged with batches on)
    assert on == _property(gather, monkeypatch, False, engine.Collect())
    assert dropped and {c.id for c in dropped} <= alone_on
    assert {c.id for c in kept} - alone_on, "the other cases were answered in batches"


def test_a_batch_that_dies_runs_the_cases_a_declared_crash_names_alone_and_the_rest_together(gather, counted):
    """Each split of a dead batch restarts its worker (seconds where a compiler is imported): where a declared
    crash or hang covers some of its cases, those run alone and the rest once more as one batch."""
    cases = _marked(gather, 2, fake.ABORT)
    held = batches.Batched(gather, cases, lambda c: "target:tests.test_batches_targets",
                           suspect=lambda c: c is cases[2])
    assert held.outcomes(cases[2]) is None
    assert all(held.outcomes(c)[0].kind == "value" for c in cases if c is not cases[2])
    assert [len(c) for c in counted] == [N] + [N - 1] * batches.RUNS


def test_a_batch_repro_replays_through_the_batch_entry(gather, monkeypatch, tmp_path, capsys):
    """``conformance replay batch-*.json``: the saved batch through the target's batch entry says the case still
    diverges there (exit 1); the same batch without the mark that makes it diverge says fixed (exit 0)."""
    from conformance.interfaces.cli import main

    monkeypatch.setattr(runtime, "_STATE", {**runtime._STATE, "seed_dir": str(tmp_path)})
    cases = _marked(gather, 3, fake.FUSED)
    _judged(gather, cases, monkeypatch)
    (saved,) = tmp_path.glob("batch-*.json")
    assert main(["replay", str(saved)]) == 1
    assert f"still diverges in its batch of {N} cases (wrong-value)" in capsys.readouterr().out
    clean = _marked(gather, 3, 1)
    assert clean[3].id != cases[3].id
    fixed = batches.save_batch(gather, clean[3], clean, tmp_path / "fixed")
    assert main(["replay", str(fixed)]) == 0
    assert "fixed (case" in capsys.readouterr().out
    assert main(["replay", str(tmp_path / "batch-missing.json")]) == 2
    assert "expected a batch repro" in capsys.readouterr().err
