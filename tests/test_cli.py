"""The command line: probe and labels for scatter, and one-line errors with exit code 2 on bad input."""
from pathlib import Path

import pytest

from conformance.interfaces.cli import main
from conformance.running.registry import missing_requirements

CASES = Path(__file__).parent / "cases"


def test_probe_names_each_targets_variant_on_a_partial_window(capsys):
    if missing_requirements("stablehlo") or missing_requirements("xla"):
        pytest.skip("stablehlo/xla backends not installed")
    assert main(["probe", "--case", f"@{CASES / 'partial_window_general_add.json'}", "--backend", "stablehlo",
                 "--backend", "xla"]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert lines["stablehlo:scatter-interpreter"].split()[1] == "conform"
    assert lines["xla:scatter"].split()[1].startswith("skip-window") and "'skip-window'" in lines["xla:scatter"]


@pytest.mark.parametrize("argv", [["probe", "--case", "{not json"], ["check", "--backend", "numpy", "--target", "x",
                                                                      "--case", "[]"],
                                  ["labels", "--op", "onnx.GatherND"]])
def test_bad_input_is_one_line_and_exit_code_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("conformance") and "\n" not in err and "expected" in err


def test_a_missing_case_file_is_one_line(capsys):
    assert main(["check", "--backend", "numpy", "--target", "x", "--case", "@/nonexistent/case.json"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "cannot read '/nonexistent/case.json'" in err


def test_check_takes_a_seed_file(tmp_path, capsys):
    """A seed file (what a run keeps; ``conformance replay`` takes it) holds its case under ``case``:
    ``check --case @seed.json`` runs that case on the target it is told."""
    import json

    import numpy as np

    from conformance.core.case import Case

    case = Case("stablehlo.maximum", {"lhs": np.array([0.0, 1.0], np.float32), "rhs": np.array([-0.0, 2.0], np.float32)},
                {"rhs_as_scalar": False})
    seed = tmp_path / "seed.json"
    seed.write_text(json.dumps({"backend": "numpy", "case": case.to_json(), "class": "wrong-value"}))
    check = ["check", "--backend", "numpy", "--target", "numpy:np.maximum", "--case"]
    code = main([*check, f"@{seed}"])
    out = capsys.readouterr().out
    assert main([*check, case.dumps()]) == code and code != 2
    assert out == capsys.readouterr().out and "wrong-value" in out  # np.maximum(0.0, -0.0) is -0.0


def test_mlir_table_shows_the_reading_the_verifier_follows(capsys):
    if missing_requirements("stablehlo"):
        pytest.skip("stablehlo backend not installed")
    assert main(["mlir-table", "--backend", "stablehlo"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ? | 4 |")]
    assert rows and "spec-inconsistency" in rows[0]


def test_edge_table_judges_where_the_spec_decides(capsys):
    assert main(["edge-table", "--backend", "numpy"]) == 0
    out = capsys.readouterr().out
    assert "| `maximum(0.0, -0.0) float32` | 0.0 | numpy:np.maximum: -0.0 |" in out  # contradicts the spec
    assert "| `abs(-128) int8` | -128 or 127 | numpy:np.abs: -128 |" in out  # an implementation-defined pick
    assert "`add(True, True) bool`" not in out  # numpy agrees with the spec there: left out


def test_versions_names_the_package_of_every_installed_builtin_backend(capsys):
    """``conformance versions`` lists each built-in backend's package where it is installed (opt-in ones
    too: they were left out while the list was written by hand)."""
    from conformance.running.registry import BACKEND_PACKAGES, installed_version

    assert main(["versions"]) == 0
    shown = dict(line.split(" ", 1) for line in capsys.readouterr().out.splitlines())
    for package in set(BACKEND_PACKAGES.values()):
        if installed_version(package):
            assert shown.get(package) == installed_version(package), package
