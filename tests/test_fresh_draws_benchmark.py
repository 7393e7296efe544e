"""benchmarks/fresh_draws.py lists a run's undeclared groups from its seed files and pytest's text: target,
class and case from each seed, the failure's detail and values from the text, and a FAILED property that
left no seed from its summary line."""
from types import SimpleNamespace

import numpy as np

from benchmarks.fresh_draws import failure_texts, groups_of
from conformance.core.case import Case
from conformance.running import batches
from conformance.running.seeds import make_seed, seed_path
OUTPUT = """\
F.....                                                                   [100%]
=================================== FAILURES ===================================
___ test_valid[stablehlo.divide/mine:divide] ___
mine:divide diverges from stablehlo.divide: class 'wrong-value'
case 1a2b: stablehlo.divide(lhs: float32[2], rhs: float32[]; rhs_as_scalar=True)
spec clause: (the op) — https://openxla.org/stablehlo/spec#divide
expected: float32[2] [3.0e-36 1.0]
observed: float32[2] [0.0 1.0]
reproduce: conformance repro ...
(Hypothesis's own report of the example: pytest -v)
___ test_valid[stablehlo.add/mine:add] ___
    def f():
>       raise KeyError("lhs")
E       KeyError: 'lhs'
=========================== short test summary info ============================
FAILED conformance/properties.py::test_valid[stablehlo.divide/mine:divide] - mine:divide diverges from stablehlo.divide: class 'wrong-value'
FAILED conformance/properties.py::test_valid[stablehlo.add/mine:add] - ADAPTER ERROR mine:add raised KeyError
2 failed, 4 passed in 3.21s
"""


def test_a_group_per_seed_with_its_failure_text_and_one_per_failure_without_a_seed(tmp_path):
    case = Case("stablehlo.divide", {"lhs": np.array([1024, 1], np.float32), "rhs": np.array(3.4e38, np.float32)},
                {"rhs_as_scalar": True})
    make_seed("mine", "mine:divide", "wrong-value", case).save(seed_path(tmp_path, "mine:divide", "wrong-value", case))
    batches.save_batch(SimpleNamespace(backend="mine", name="mine:divide"), case, [case, case], tmp_path)  # (a repro)
    groups = groups_of(tmp_path, OUTPUT)
    assert [(g.target, g.cls) for g in groups] == [("mine:divide", "wrong-value"),
                                                    ("conformance/properties.py::test_valid[stablehlo.add/mine:add]",
                                                     "(no seed)")]
    first = groups[0]
    assert first.case == case.describe() and first.seed.endswith(".json")
    assert first.detail == ["class 'wrong-value'", "expected: float32[2] [3.0e-36 1.0]", "observed: float32[2] [0.0 1.0]"]
    assert "ADAPTER ERROR" in groups[1].case and groups[1].detail == ["KeyError: 'lhs'"]


def test_a_run_without_failures_has_no_group(tmp_path):
    assert groups_of(tmp_path / "none", "......  [100%]\n6 passed in 1.00s\n") == []
    assert failure_texts("6 passed\n") == {}
