"""Issue 48: an undeclared group's example in ``conformance report`` is the case Hypothesis shrank, the
same one pytest's failure shows (``tests/user_modules/clamp_to_last.py``: one bug, a start past the end
clamped to the wrong bound)."""
import json

import pytest

from conformance.core.case import Case
from conformance.reports.run import run
from conformance.running import engine
from conformance.running.registry import load_backend
from conformance.running.seeds import load_seed


def test_an_undeclared_groups_example_is_the_case_pytest_shows(tmp_path):
    (t,) = load_backend("tests.user_modules.clamp_to_last")
    with pytest.raises(engine.UndeclaredDivergence) as failed:
        engine.run_property(t, "valid", engine.Draws("ci"))  # what pytest runs, and shrinks
    shown = failed.value.case

    run(tmp_path, [t], None, 1, "ci")
    report = json.loads((tmp_path / "report.json").read_text())
    (group,) = [g for g in report["divergences"] if g["class"] == failed.value.verdict.cls]
    assert group["shrunk"] and not group["declared"] and group["count"] >= 1
    example = load_seed(tmp_path / group["seed"]).case
    assert example.to_json() == shown.to_json(), (example.describe(), shown.describe())
    logged = [Case.from_json(r["case"]) for r in map(json.loads, (tmp_path / "log.jsonl").read_text().splitlines())
              if r["kind"] == "divergence" and not r.get("shrunk") and r["class"] == group["class"]]
    smallest = min(logged, key=lambda c: (len(json.dumps(c.to_json(), sort_keys=True)), json.dumps(c.to_json())))
    assert smallest.to_json() != shown.to_json()  # the smallest logged case (the old example) is not pytest's
