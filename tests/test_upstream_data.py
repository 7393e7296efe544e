"""The oracles against another project's test data: StableHLO's own interpreter tests
(``stablehlo/tests/interpret/<op>.mlir`` of openxla/stablehlo, the commit in the file), turned into cases
with upstream's expected results by ``tools/import_stablehlo_tests.py``. Every upstream result the suite
judges must conform; the same result with one element changed must not (else the check says nothing)."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from conformance.core.case import Case, array_from_json
from conformance.core.outcome import Outcome
from conformance.interfaces.cli import admits
from conformance.judging.verdict import judge
from conformance.running.engine import judge_given
from conformance.running.registry import load_backend, missing_requirements

DATA = Path(__file__).parent / "cases" / "upstream" / "stablehlo_interpret.json"
# stablehlo/testdata (generated from jax's tests): the files whose @main is one gather or scatter on constants
TESTDATA = Path(__file__).parent / "cases" / "upstream" / "stablehlo_testdata.json"
# element types upstream tests and the suite's elementwise oracle does not judge (complex abs, divide,
# maximum, minimum, multiply): the oracle says so in one line instead of judging
NOT_JUDGED = "is judged for"


def _records(path: Path = DATA) -> list[dict]:
    return json.loads(path.read_text())["records"]


def _changed(a: np.ndarray) -> np.ndarray:
    """``a`` with its first element replaced by another value of its type (a NaN by a number)."""
    out = a.copy().reshape(-1)
    x = out[0]
    if a.dtype.kind == "b":
        out[0] = not x
    elif a.dtype.kind in "iu":
        out[0] = x ^ 1
    elif a.dtype.kind == "c":
        out[0] = 0 if x != 0 else 1 + 1j
    else:
        out[0] = 0.0 if np.isnan(x) or np.isinf(x) else (x * 2 + 1 if x != 0 else 1.0)
    return out.reshape(a.shape)


def test_the_data_names_its_source_and_covers_every_index_op():
    d = json.loads(DATA.read_text())
    assert d["source"] == "openxla/stablehlo" and len(d["commit"]) == 40
    ops = {r["case"]["op"] for r in d["records"]}
    assert {"stablehlo.gather", "stablehlo.scatter", "stablehlo.dynamic_slice",
            "stablehlo.dynamic_update_slice", "stablehlo.compare"} <= ops
    assert all(r["file"].startswith(f"https://github.com/openxla/stablehlo/blob/{d['commit']}/") for r in d["records"])
    assert len(d["records"]) >= 150  # 173 at the commit imported, 20 more in types numpy lacks (i2, i4)


@pytest.mark.parametrize("record", _records(), ids=lambda r: r["function"] + "/" + r["case"]["op"].split(".")[1])
def test_upstream_results_conform_and_a_changed_one_does_not(record):
    case, expected = Case.from_json(record["case"]), array_from_json(record["expected"])
    try:
        verdict = judge(case, Outcome("value", expected))
    except ValueError as e:
        assert NOT_JUDGED in str(e) and any(a.dtype.kind == "c" for a in case.arrays.values()), str(e)
        return
    assert not verdict.diverges, f"{record['function']} ({record['file']}): {verdict.cls}: {verdict.detail}"
    other = judge(case, Outcome("value", _changed(expected)))
    assert other.diverges, f"{record['function']}: a changed result conforms too: {other.detail}"


def test_stablehlo_testdata_results_conform_and_changed_ones_do_not():
    """The 1,033 gather and scatter tests of stablehlo/testdata (dtypes, update computations, NaN, unique
    indices), judged as one test: each upstream result conforms, the same result changed in one element not."""
    records = _records(TESTDATA)
    assert len(records) >= 1000 and {r["case"]["op"] for r in records} == {"stablehlo.gather", "stablehlo.scatter"}
    wrong, blind = [], []
    for r in records:
        case, expected = Case.from_json(r["case"]), array_from_json(r["expected"])
        verdict = judge(case, Outcome("value", expected))
        if verdict.diverges:
            wrong.append(f"{r['file']}: {verdict.cls}: {verdict.detail[:200]}")
        elif expected.size and not judge(case, Outcome("value", _changed(expected))).diverges:
            blind.append(r["file"])
    assert not wrong, "\n".join(wrong[:20])
    assert not blind, f"{len(blind)} changed results conform too, e.g. {blind[:3]}"


@pytest.mark.parametrize("backend", ["numpy", "torch", "jax", "xla", "onnxruntime"])
def test_upstream_cases_on_every_target_that_takes_them(backend):
    """Each upstream case on each target of ``backend`` whose region takes it (as ``conformance probe``
    runs a case): it conforms, or a declaration of the target excuses what it does."""
    if missing_requirements(backend):
        pytest.skip(f"{backend} not installed")
    judged, undeclared = 0, []
    records = [r for r in _records() if all(a["dtype"][:7] != "complex" for a in r["case"]["arrays"].values())]
    if backend == "xla":  # and one testdata case per op, update computation, element type and unique_indices
        kinds = {}
        for r in _records(TESTDATA):
            c = r["case"]
            kinds.setdefault((c["op"], c["attrs"].get("update_computation"), str(c["attrs"].get("unique_indices")),
                              next(iter(c["arrays"].values()))["dtype"]), r)
        records += list(kinds.values())
    for t in load_backend(backend):
        for r in records:
            case = Case.from_json(r["case"])
            if not admits(t, case):
                continue
            verdict, dev = judge_given(t, case)
            judged += 1
            if verdict.diverges and dev is None:
                undeclared.append(f"{t.name} on {r['function']} ({r['file']}): {verdict.cls}: {verdict.detail[:200]}")
    assert judged >= 20, f"only {judged} upstream cases reached {backend}'s targets"
    print(f"{backend}: {judged} upstream case-target pairs judged")
    assert not undeclared, "\n".join(undeclared)
