"""Issue 43's guarantee for value ops, as data: the edge-phase cases of an elementwise target (drawn by
the engine as every run draws them), and per value model (``judging.value_variants``) and element type,
the first of those cases on which the model gives another result than the spec's.
``tests/test_value_guarantee.py`` requires one for every model in every type where it changes anything;
``conformance guarantee-table`` prints them."""
from __future__ import annotations

import os
import tempfile
from dataclasses import replace
from pathlib import Path

import numpy as np

from conformance.core.outcome import Outcome
from conformance.judging.value_variants import VARIANTS, applies, variant
from conformance.judging.verdict import judge
from conformance.oracles.stablehlo.elementwise import OPS, evaluate, operand_names
from conformance.running.engine import CASE_LOG, Draws, run_property

SMALL = 50_000  # elements of a case the models are evaluated on (a large case repeats its type's grid)
ELEMENTWISE = tuple(f"stablehlo.{op}" for op in OPS)


class _Recorded:
    """A sink that keeps every judged case (the target is the oracle: nothing diverges)."""

    def __init__(self):
        self.cases = []

    def judged(self, target, case, verdict, dev, before):
        self.cases.append(case)

    def skipped(self, target, case, cls):
        pass


def oracle_target(target):
    """``target`` (an elementwise op's) with the spec's oracle as its function: a backend without a bug."""
    short = target.op.split(".", 1)[1]

    def call(**kwargs):
        names = operand_names(short)
        first = np.asarray(kwargs[names[0]])
        arrays = {k: np.asarray(kwargs[k], first.dtype if k != "pred" and np.ndim(kwargs[k]) == 0
                                and not isinstance(kwargs[k], np.ndarray) else None) for k in names}
        return evaluate(short, arrays, {k: v for k, v in kwargs.items() if k not in names}).value

    return replace(target, fn=call, layouts=("c",), isolated=False, deviations={})


def edge_cases(target) -> list:
    """The cases the edge phase of ``target``'s valid property judges (every profile draws the same)."""
    sink = _Recorded()
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "cases.log"
        before = os.environ.get(CASE_LOG)
        os.environ[CASE_LOG] = str(log)
        try:
            run_property(oracle_target(target), "valid", Draws("ci", examples=1), sink)
        finally:
            if before is None:
                del os.environ[CASE_LOG]
            else:
                os.environ[CASE_LOG] = before
        labels = [line.split("\t")[2] for line in log.read_text().splitlines()]
    return [c for c, label in zip(sink.cases, labels) if label.startswith("edge:")]


def told_apart(cases: list, dtypes, forms=("tensor", "rank0")) -> dict:
    """(model, dtype) -> the first case of ``cases`` that tells the model from the spec (None: none
    does), for every model and dtype where the model changes any result (``value_variants.applies``)."""
    out = {}
    for name in VARIANTS:
        for dtype in dtypes:
            if not applies(name, cases[0].op, dtype, forms):
                continue
            mine = (c for c in cases if any(a.dtype.name == dtype for a in c.arrays.values())
                    and sum(a.size for a in c.arrays.values()) <= SMALL)
            out[(name, dtype)] = next((c for c in mine for v in [variant(name, c)]
                                       if v is not None and judge(c, Outcome("value", v)).diverges), None)
    return out


def region_of(target):
    """(element types, forms) of ``target``'s region."""
    from conformance.core.opspec import op_spec

    region = op_spec(target.op).region(dict(target.region))
    return region.dtypes or OPS[target.op.split(".", 1)[1]][1], region.forms
