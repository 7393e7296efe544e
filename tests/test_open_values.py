"""Values the spec leaves open: recorded per target, side by side in the report, a lone target named,
a change since the previous report named; never a failure."""
import json

import numpy as np

from conformance.running import isolation
from conformance.core.case import Case
from conformance.judging.open_values import changes, lone_values, observed_open, table
from conformance.running.registry import load_backend
from conformance.reports.run import run


def test_open_elements_are_read_from_the_oracle_and_nothing_else():
    case = Case("stablehlo.shift_left", {"lhs": np.array([1, 3, 5], np.uint8), "rhs": np.array([1, 8, 9], np.uint8)},
                {"rhs_as_scalar": False})
    rows = observed_open(case, np.array([2, 7, 0], np.uint8))
    assert [(r["inputs"], r["value"]) for r in rows] == [("lhs=3, rhs=8", "7"), ("lhs=5, rhs=9", "0")]
    assert rows[0]["why"] and rows[0]["dtype"] == "uint8"
    decided = Case("stablehlo.add", {"lhs": np.array([1], np.int8), "rhs": np.array([2], np.int8)}, {"rhs_as_scalar": False})
    assert observed_open(decided, np.array([3], np.int8)) == []


def test_a_lone_value_needs_two_agreeing_targets_of_two_other_backends():
    rec = [{"op": "stablehlo.divide", "dtype": "int8", "why": "w", "inputs": "lhs=1, rhs=0", "target": t, "value": v}
           for t, v in (("a:x", "0"), ("b:x", "0"), ("c:x", "-1"))]
    rows = table(rec)
    backends = {"a:x": "a", "b:x": "b", "c:x": "c"}
    assert [(v["target"], v["others"]) for v in lone_values(rows, backends)] == [("c:x", "0")]
    assert lone_values(rows, {"a:x": "a", "b:x": "a", "c:x": "c"}) == []  # the two agreeing are one backend
    assert lone_values(table(rec[1:]), backends) == []  # one against one: nobody is alone
    before = table([{**r, "value": "0"} for r in rec])
    assert [(c["target"], c["before"], c["now"]) for c in changes(rows, before)] == [("c:x", "0", "-1")]


def test_the_report_names_the_lone_target_then_its_change_without_failing(tmp_path, monkeypatch):
    targets = [t for m in ("", "_b", "_c") for t in load_backend(f"tests.open_value_targets{m}")]
    run(tmp_path / "one", targets, examples=5, seed_value=0, profile="dev")
    first = json.loads((tmp_path / "one" / "report.json").read_text())
    assert first["divergences"] == []  # every value is allowed: nothing diverges
    lone = first["open_values"]["lone"]
    assert lone and {v["target"] for v in lone} == {"unchanged:shift"}
    assert "lone value: `unchanged:shift`" in (tmp_path / "one" / "report.md").read_text()
    assert "lone value" in (tmp_path / "one" / "report.html").read_text()

    monkeypatch.setenv("OPEN_VALUE_FIX", "1")  # the next release, in new worker processes
    isolation.close_all()
    run(tmp_path / "two", targets, examples=5, seed_value=0, profile="dev", previous=[tmp_path / "one"])
    second = json.loads((tmp_path / "two" / "report.json").read_text())
    assert second["open_values"]["lone"] == []
    changed = second["open_values"]["changed"]
    assert changed and {c["target"] for c in changed} == {"unchanged:shift"}
    assert all(c["now"] == "0" for c in changed)
    assert "changed: `unchanged:shift`" in (tmp_path / "two" / "report.md").read_text()
