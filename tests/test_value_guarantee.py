"""Issue 43's guarantee for value ops: every value model the suite names (``judging.models``: zero-sign,
ftz, nan-either, floor-divide, narrow-int32-values, float32-compute, ...), run as a backend
(``judging.value_variants``), is told from the spec by the edge phase of every elementwise StableHLO op,
in every element type where the model changes any result, for the default user region and every
built-in target's region. The edge phase draws the same cases in every profile, so this holds for
pytest, the report and the benchmarks alike. A model added later fails here until the edge phase
tells it apart."""
import numpy as np
import pytest

from conformance.core.outcome import Outcome
from conformance.judging.value_variants import VARIANTS, applies, variant
from conformance.judging.verdict import judge
from conformance.oracles.stablehlo.elementwise import OPS
from conformance.running.constructed import user_target
from conformance.running.engine import CASE_LOG, Draws, run_property
from conformance.running.registry import BUILTIN_BACKENDS, load_backend, missing_requirements

SMALL = 50_000  # elements of a case the models are evaluated on
ELEMENTWISE = tuple(f"stablehlo.{op}" for op in OPS)


class _Recorded:
    """A sink that keeps every judged case (the target is the oracle, so nothing diverges)."""
    stops = False

    def __init__(self):
        self.cases = []

    def judged(self, target, case, verdict, dev, before):
        self.cases.append(case)

    def skipped(self, target, case, cls):
        pass


def _oracle_target(op: str, region: dict | None = None):
    from dataclasses import replace

    from conformance.oracles.stablehlo.elementwise import evaluate, operand_names

    short = op.split(".", 1)[1]

    def call(**kwargs):
        names = operand_names(short)
        first = np.asarray(kwargs[names[0]])
        arrays = {k: np.asarray(kwargs[k], first.dtype if k != "pred" and np.ndim(kwargs[k]) == 0
                                and not isinstance(kwargs[k], np.ndarray) else None) for k in names}
        attrs = {k: v for k, v in kwargs.items() if k not in names}
        return evaluate(short, arrays, attrs).value

    return replace(user_target(op), fn=call, region=dict(region or {}), layouts=("c",), isolated=False)


def edge_cases(op: str, region: dict | None, tmp_path) -> list:
    """The cases the edge phase of ``op``'s valid property judges for a target of ``region``."""
    log = tmp_path / f"{op}.log"
    sink = _Recorded()
    import os

    os.environ[CASE_LOG] = str(log)
    try:
        run_property(_oracle_target(op, region), "valid", Draws("ci", examples=1), sink)
    finally:
        del os.environ[CASE_LOG]
    labels = [line.split("\t")[2] for line in log.read_text().splitlines()]
    return [c for c, label in zip(sink.cases, labels) if label.startswith("edge:")]


def _missed(cases: list, dtypes, forms=("tensor", "rank0")) -> dict:
    out = {}
    for name in VARIANTS:
        for dtype in dtypes:
            if not applies(name, cases[0].op, dtype, forms):
                continue
            # (a large case repeats the type's grid: the small ones hold the same meetings)
            mine = [c for c in cases if any(a.dtype.name == dtype for a in c.arrays.values())
                    and sum(a.size for a in c.arrays.values()) <= SMALL]
            if not any(v is not None and judge(c, Outcome("value", v)).diverges
                       for c in mine for v in [variant(name, c)]):
                out.setdefault(name, []).append(dtype)
    return out


@pytest.mark.parametrize("op", ELEMENTWISE)
def test_the_edge_phase_tells_every_value_model_apart_in_every_dtype(op, tmp_path):
    cases = edge_cases(op, None, tmp_path)
    missed = _missed(cases, OPS[op.split(".", 1)[1]][1])
    assert not missed, f"{op}: the edge phase does not tell these models from the spec (model: dtypes): {missed}"


def _regions() -> dict:
    """One target per distinct (op, region) of the installed built-in backends' elementwise targets."""
    out = {}
    for backend in BUILTIN_BACKENDS:
        if missing_requirements(backend):
            continue
        for t in load_backend(backend):
            if t.op in ELEMENTWISE and t.valid:
                out.setdefault((t.op, repr(sorted(t.region.items()))), t)
    return out


REGIONS = _regions()


@pytest.mark.parametrize("key", sorted(REGIONS), ids=lambda k: REGIONS[k].name)
def test_every_builtin_region_tells_every_value_model_apart(key, tmp_path):
    t = REGIONS[key]
    from conformance.core.opspec import op_spec

    region = op_spec(t.op).region(dict(t.region))
    cases = edge_cases(t.op, t.region, tmp_path)
    missed = _missed(cases, region.dtypes or OPS[t.op.split(".", 1)[1]][1], region.forms)
    assert not missed, f"{t.name}: the edge phase does not tell these models from the spec (model: dtypes): {missed}"


def test_an_edge_phase_without_subnormals_is_caught(monkeypatch, tmp_path):
    """Not vacuous: with the subnormals taken out of the edge values the strategies draw, flush-to-zero
    is no longer told apart, and the guarantee says so."""
    from conformance.strategies import elementwise_values

    listed = elementwise_values.edge_list
    tiny = {"float16": np.finfo(np.float16).tiny, "float64": np.finfo(np.float64).tiny}

    def normal_only(name):
        smallest = float(tiny.get(name, np.finfo(np.float32).tiny))
        return [v for v in listed(name) if not (isinstance(v, float) and 0 < abs(v) < smallest)]

    monkeypatch.setattr(elementwise_values, "edge_list", normal_only)
    cases = edge_cases("stablehlo.multiply", None, tmp_path)
    assert "ftz" in _missed(cases, ("float32",))
