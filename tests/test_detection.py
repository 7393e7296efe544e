"""Detection power: the edge phase is deterministic and finds a bug on an edge with one random example,
classes are confirmed by probes, inputs are protected, each target has its own database key, and a
sample of the mutant backends (benchmarks.mutants) is killed."""
import numpy as np
import pytest

from conformance.core import runtime
from conformance.running.profiles import module_independent_draws
from conformance.core.case import Case
from conformance.running.registry import load_backend, target
from conformance.running.engine import UndeclaredDivergence, check_case, database_key, edge_runs, edge_seed, run_property
from conformance.oracles.stablehlo.gather import evaluate_fast, normalize
from conformance.oracles.stablehlo.policy import GATHER_VARIANTS

MUTANTS = {t.name: t for t in load_backend("benchmarks.mutants")}


@pytest.fixture
def one_example():
    before = runtime.examples()
    runtime.set_examples(1)
    yield
    runtime.set_examples(before)


def _class_of(error: UndeclaredDivergence) -> str:
    return str(error).splitlines()[0].split("class '")[1].split("'")[0]


@pytest.mark.parametrize("name", [
    "mutant:gather-int64-indices-narrowed", "mutant:gather-unsigned-read-as-signed",
    "mutant:scatter-max-drops-nan", "mutant:scatter-bool-add-is-xor", "mutant:scatter-minmax-first-zero-wins",
    "mutant:broadcast-zero-treated-as-one", "mutant:elementwise-maximum-tensor-drops-nan",
    "mutant:scatternd-min-drops-nan", "mutant:value-add-drops-zero-constant",
])
def test_edge_bug_found_with_one_random_example(name, one_example, found_is_enough):
    """A bug on a known edge is found by the edge phase alone (one random example after it)."""
    with pytest.raises(UndeclaredDivergence):
        run_property(MUTANTS[name], "valid")


@pytest.mark.parametrize("module,name", [
    ("benchmarks.fresh_mutants", "fresh:compare-ne-as-less-or-greater"),
    ("benchmarks.fresh_mutants", "fresh:negate-unsigned-unchanged"),
    ("benchmarks.third_mutants", "third:add-bfloat16-rounds-by-truncation"),
    ("benchmarks.third_mutants", "third:elementwise-verifier-expands-ranks"),
    ("benchmarks.third_mutants", "third:select-scalar-pred-branches-swapped"),
    ("benchmarks.fourth_mutants", "fourth:scatternd-18-max-int64-compared-as-double"),
    ("benchmarks.fourth_mutants", "fourth:scatternd-updates-broadcast"),
    ("benchmarks.fourth_mutants", "fourth:broadcast-verifier-dynamic-result-vs-static-refused"),
])
def test_a_user_backends_bug_is_found_by_the_edge_phase(module, name, one_example, found_is_enough):
    """Bugs of single-bug user backends with default regions, written after the edge phase, that it met only by
    luck of the draw or not at all, now found without a random case:
    - ``fresh``: NE as ``<`` or ``>`` (each type met its edge pairs under one drawn direction: now every one);
    - ``third``: a bfloat16 add truncating (no edge pair's sum lay past a half-way point: now 1 + 0.75 eps), a
      verifier padding ranks with leading 1s (no ``4`` beside ``1x4``: now each near-miss shape in each slot), a
      rank-0 select pred (never drawn: now true and false, with tensor branches);
    - ``fourth``: a ScatterND max comparing int64 through double (max - 1 never met max at one write: now every
      meeting pair, the wide ones once per wide type), updates of a shape that broadcasts to R3's (never drawn:
      now a corner run), a verifier refusing a result ``?`` where the inferred dim is static (now each result
      mode on compatible operands)."""
    t = {t.name: t for t in load_backend(module)}[name]
    with pytest.raises(UndeclaredDivergence):
        run_property(t, "valid")
        if t.invalid:
            run_property(t, "invalid")


def _edge_cases(t) -> list[str]:
    seen = []

    @target(t.op, "recorder", region=t.region, isolated=False)
    def record(**kwargs):
        return None

    rec = record.__conformance_target__
    from hypothesis import given, seed, settings

    for label, strategy, n in edge_runs(rec, "valid"):
        @seed(edge_seed(rec, label))
        @settings(max_examples=n, database=None)
        @given(case=strategy)
        def collect(case):
            seen.append(case.id)

        with module_independent_draws():
            collect()
    return seen


def test_edge_phase_is_the_same_on_every_run():
    t = MUTANTS["mutant:scatter-bool-add-is-xor"]
    first, second = _edge_cases(t), _edge_cases(t)
    assert first == second and len(set(first)) > 20


def test_database_key_differs_per_target_and_property():
    a, b = MUTANTS["mutant:gather-fills-out-of-bounds"], MUTANTS["mutant:gather-wraps-negative"]
    assert database_key(a, "valid") != database_key(b, "valid") != database_key(b, "invalid")


@target("stablehlo.gather", "wrong:reversed-start-index-map", region={"style": "general"}, isolated=False)
def reversed_map(operand, start_indices, *, start_index_map, **attrs):
    attrs.pop("result_type", None)
    return evaluate_fast(operand, start_indices, start_index_map=tuple(reversed(start_index_map)),
                         **normalize(attrs))[0]


def test_reversed_start_index_map_declaring_wrap_is_named_wrong_value():
    """The classification test: coincidental fits to a variant are not covered by its declaration."""
    from conformance.running.registry import Deviation

    t = reversed_map.__conformance_target__
    t.deviations = {"wrap": [Deviation("wrap", "declared on purpose")], "fill": [Deviation("fill", "declared")]}
    operand = np.arange(12, dtype=np.float32).reshape(3, 4)
    case = Case("stablehlo.gather", {"operand": operand, "start_indices": np.array([[-1, -1]], np.int64)},
                dict(offset_dims=(), collapsed_slice_dims=(0, 1), operand_batching_dims=(),
                     start_indices_batching_dims=(), start_index_map=(0, 1), index_vector_dim=1, slice_sizes=(1, 1),
                     indices_are_sorted=False))
    assert check_case(t, case).cls == "conform"  # equal components hide the bug: the property must still find it
    with pytest.raises(UndeclaredDivergence) as info:
        run_property(t, "valid")
    assert _class_of(info.value) == "wrong-value"


@target("stablehlo.gather", "wrong:bool-reads-outside", region={"style": "take"}, isolated=False)
def bool_reads_outside(operand, start_indices, **attrs):
    """A take-style gather whose out-of-bounds reads return memory that happens to hold the alternating
    pattern True, False, True, ... (by position mod the dim): what the probes' own bool values look like."""
    attrs.pop("result_type", None)
    result = evaluate_fast(operand, start_indices, variant=GATHER_VARIANTS["clamp"], **normalize(attrs))[0].copy()
    dim = operand.shape[0]
    for row, i in enumerate(np.asarray(start_indices).reshape(-1).astype(np.int64)):
        if not 0 <= i < dim:
            result[row] = (i % dim) % 2 == 0
    return result


def test_a_bool_gather_reading_outside_is_not_confirmed_as_wrap():
    """Two values make coincidences likely: what a bool gather reads past the end can equal what
    wrap-modulo predicts on the probes' alternating values; the inverted probes tell them apart."""
    from conformance.running.registry import Deviation

    t = bool_reads_outside.__conformance_target__
    t.deviations = {"wrap": [Deviation("wrap", "declared on purpose")]}
    case = Case("stablehlo.gather", {"operand": np.array([True, False, True]),
                                     "start_indices": np.array([[4], [3], [5]], np.int64)},
                dict(offset_dims=(), collapsed_slice_dims=(0,), operand_batching_dims=(), start_indices_batching_dims=(),
                     start_index_map=(0,), index_vector_dim=1, slice_sizes=(1,), indices_are_sorted=False))
    verdict = check_case(t, case)
    assert verdict.diverges and verdict.cls == "wrong-value" and t.declared(verdict.classes, case) is None, verdict


@target("stablehlo.gather", "wrong:fills-out-of-bounds", isolated=False)
def fills(operand, start_indices, **attrs):
    """jax's FILL_OR_DROP gather: an out-of-bounds window is filled (NaN for floats)."""
    attrs.pop("result_type", None)
    return evaluate_fast(operand, start_indices, variant=GATHER_VARIANTS["fill"], **normalize(attrs))[0]


def test_a_fill_on_a_scalar_result_is_confirmed_as_fill():
    """A gather whose result is a single element (0-d): the fill model is proven on the probes (CI of
    2026-11-27 named it wrong-value: every prediction of a 0-d result was a numpy scalar, so no model
    was the same function as fill and the unnamed 'low side clamped' one stood beside it)."""
    from conformance.running.registry import Deviation

    t = fills.__conformance_target__
    t.deviations = {"fill": [Deviation("fill", "declared on purpose")]}
    case = Case("stablehlo.gather", {"operand": np.arange(18.0).reshape(3, 3, 1, 2),
                                     "start_indices": np.array([3], np.int16)},
                dict(offset_dims=(), collapsed_slice_dims=(0, 1, 2, 3), operand_batching_dims=(),
                     start_indices_batching_dims=(), start_index_map=(1,), index_vector_dim=0,
                     slice_sizes=(1, 1, 1, 1), indices_are_sorted=False))
    verdict = check_case(t, case)
    assert verdict.cls == "fill" and t.declared(verdict.classes, case) is not None, verdict


@target("stablehlo.gather", "wrong:counts-negatives-from-end", isolated=False)
def from_end(operand, start_indices, **attrs):
    """A gather that counts a negative start from the end of its dim (past the end it clamps, as the spec)."""
    attrs.pop("result_type", None)
    return evaluate_fast(operand, start_indices, variant=GATHER_VARIANTS["wrap"], **normalize(attrs))[0]


@pytest.mark.parametrize("fn, expected", [(from_end, ("wrap",)), (fills, ("fill",))])
def test_a_one_element_bool_window_names_one_class(fn, expected):
    """bool [True, False] at index -1: counted from the end gives False, and so does a filled window. A
    one-element bool window fits a fill of either constant, so each probe alone fits fill; a backend
    fills with one constant, so the probes together rule fill out for the wrapping target (benchmarks'
    gather-along-axis-wraps-negative was named 'fill, also wrap') and keep it for the filling one."""
    case = Case("stablehlo.gather", {"operand": np.array([True, False]), "start_indices": np.array([-1], np.int64)},
                dict(offset_dims=(), collapsed_slice_dims=(0,), operand_batching_dims=(), start_indices_batching_dims=(),
                     start_index_map=(0,), index_vector_dim=1, slice_sizes=(1,), indices_are_sorted=False))
    verdict = check_case(fn.__conformance_target__, case)
    assert verdict.classes == expected, verdict


@target("stablehlo.gather", "wrong:writes-into-operand", region={"style": "take"}, isolated=False)
def mutating(operand, start_indices, **attrs):
    attrs.pop("result_type", None)
    result = evaluate_fast(operand, start_indices, variant=GATHER_VARIANTS["clamp"], **normalize(attrs))[0]
    operand[...] = 0
    return result


def test_a_target_that_writes_into_its_input_is_caught():
    with pytest.raises(UndeclaredDivergence) as info:
        run_property(mutating.__conformance_target__, "valid")
    assert _class_of(info.value) == "mutates-input"


@pytest.mark.parametrize("name", ["mutant:scatter-dims-map-reversed", "mutant:gather-start-index-map-reversed",
                                  "mutant:scatter-skips-whole-window", "mutant:gathernd-index-tuple-reversed"])
def test_mutant_sample_is_killed(name, found_is_enough):
    with pytest.raises(UndeclaredDivergence):
        run_property(MUTANTS[name], "valid")


RECORDED_RUN = """
import hashlib, sys
from hypothesis import settings
from conformance.running import profiles
from conformance.running.registry import target
from conformance.running.engine import run_property
from conformance.oracles.stablehlo.gather import evaluate_fast, normalize

calls = hashlib.sha256()


@target("stablehlo.gather", "recorder:correct-gather", region={"style": "general"}, isolated=False)
def correct(operand, start_indices, **attrs):
    attrs.pop("result_type", None)
    calls.update(operand.tobytes() + start_indices.tobytes() + repr(sorted(attrs.items())).encode())
    return evaluate_fast(operand, start_indices, **normalize(attrs))[0]


profiles.register()
settings.load_profile("ci")
profiles.FRESH_DRAWS = sys.argv[1] == "fresh"
run_property(correct.__conformance_target__, "valid")
print(calls.hexdigest())
"""


def _cases_drawn_by_a_run(draws: str) -> str:
    """A digest of every call a correct gather target gets in one ci run of its valid property, in a
    fresh process (a run, as the README's test command makes one)."""
    import subprocess
    import sys
    from pathlib import Path

    done = subprocess.run([sys.executable, "-c", RECORDED_RUN, draws], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parent.parent, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip().splitlines()[-1]


def test_ci_draws_the_same_random_cases_on_every_run_and_fresh_draws_new_ones():
    assert _cases_drawn_by_a_run("fixed") == _cases_drawn_by_a_run("fixed")
    assert _cases_drawn_by_a_run("fresh") != _cases_drawn_by_a_run("fresh")


@pytest.mark.parametrize("backend, name, quarantined", [("numpy", "numpy:x[idx]=v", True),
                                                        ("numpy", "numpy:take[raise]", False)])
def test_a_case_a_declared_crash_covers_runs_in_quarantine_only_where_the_op_writes_by_index(
        backend, name, quarantined, monkeypatch):
    from hypothesis import HealthCheck, given, seed, settings

    from conformance.running import history, isolation, ops, engine as runner
    from conformance.running.registry import loaded_target

    t, closed, cases = loaded_target(backend, name), [], []

    @seed(0)
    @settings(max_examples=1, database=None, suppress_health_check=list(HealthCheck))
    @given(case=ops.valid_cases(t).filter(ops.substantive))
    def draw(case):
        cases.append(case)

    draw()
    monkeypatch.setattr(type(t), "declared", lambda self, classes, case, value=None: "crash" in classes or None)
    monkeypatch.setattr(isolation, "close", lambda *names: closed.extend(names))
    assert runner.call(t, cases[-1]).kind != "crash"  # survived (a value or a rejection)
    # a writing op's covered case ran in a worker of its own: the target's main worker needs no restart
    assert runner.worker_name(t, cases[-1]).endswith(":quarantine") == quarantined and not closed
    assert history.log(runner.worker_name(t, cases[-1]))[-1].case is cases[-1]


def test_cases_are_judged_in_a_process_no_out_of_bounds_write_touched(monkeypatch):
    from conformance.running import isolation, engine as runner
    from conformance.running.registry import load_backend

    monkeypatch.setattr(runner, "_DECLARED_HANGS", {})
    (t,) = load_backend("tests.declared_crash_targets")
    seen = runner.run_property(t, "valid")  # raises on an undeclared divergence: none may be seen
    assert seen["conform"] > 10
    main, quarantine = isolation.worker(runner.worker_name(t)), isolation.worker(f"{runner.worker_name(t)}:quarantine")
    assert main.starts == 1  # in-bounds cases never shared a process with an out-of-bounds write
    assert quarantine.starts > 1  # a covered case after another one ran again in a fresh quarantine process
