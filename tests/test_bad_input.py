"""Bad input gets one line, naming the argument and what was expected: on pytest (a usage error, exit
code 4, once even with xdist) and on the command line (exit code 2). A target whose own code is broken
is one "adapter error", not a run of backend divergences; a library's own TypeError stays an answer."""
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from conformance.interfaces.cli import main
from conformance.core.outcome import AdapterError, adapter_fault, guarded_call

HERE = Path(__file__).parent
SUITE = ["-p", "conformance.interfaces.plugin", "--pyargs", "conformance", "-q", "-p", "no:cacheprovider"]
BAD_MODULES = {  # module files a user's backend folder could hold
    "fails_to_import.py": "import a_module_nobody_installed\n",
    "misspelt_region.py": ("from conformance.running.registry import target\n\n"
                           "@target('stablehlo.gather', 'mine:take', region={'stlye': 'take'})\n"
                           "def take(operand, start_indices, **kw):\n    return operand\n"),
    "wrong_signature.py": ("from conformance.running.registry import target\n\n"
                           "@target('stablehlo.add', 'mine:add')\n"
                           "def add(lhs, other):\n    return lhs + other\n"),
    "no_kwargs.py": ("from conformance.running.registry import target\n\n"
                     "@target('stablehlo.gather', 'mine:gather')\n"
                     "def gather(operand, start_indices):\n    return operand\n"),
}

PYTEST_CASES = [  # (arguments, words the one line must hold)
    (["--backend=torchh"], ["--backend torchh", "did you mean 'torch'"]),
    (["--backend=my_pkg.nothere"], ["--backend my_pkg.nothere", "No module named 'my_pkg'"]),
    (["--backend=fails_to_import"], ["fails_to_import", "No module named 'a_module_nobody_installed'"]),
    (["--backend=misspelt_region"], ["region key 'stlye'", "did you mean 'style'"]),
    (["--backend=wrong_signature"], ["target 'mine:add'", "add(lhs, other)", "passes no 'other'", "it passes lhs, result_type, rhs"]),
    (["--backend=no_kwargs"], ["target 'mine:gather'", "does not take", "def f(..., **attrs)"]),
    (["--hypothesis-profile=nightlly"], ["--hypothesis-profile nightlly", "did you mean 'nightly'"]),
    (["--backend=numpy", "-k", "stablehlo.gathr"], ["-k 'stablehlo.gathr'", "selects none"]),
    (["--examples=0"], ["--examples", "expected a whole number from 1"]),
    (["--examples=1000001"], ["--examples", "expected a whole number from 1"]),
    (["--device=tpu"], ["--device", "expected cpu or cuda"]),
    (["-n", "2", "--backend=torchh"], ["--backend torchh", "did you mean 'torch'"]),  # once, not per worker
]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    here = tmp_path_factory.mktemp("bad_input")
    for name, text in BAD_MODULES.items():
        (here / name).write_text(text)
    return here


@pytest.mark.parametrize("args,words", PYTEST_CASES, ids=[" ".join(a) for a, _ in PYTEST_CASES])
def test_pytest_bad_input_is_one_line_and_a_usage_error(folder, args, words):
    run = subprocess.run([sys.executable, "-m", "pytest", *SUITE, *args], cwd=folder, capture_output=True, text=True,
                         timeout=300, env={**__import__("os").environ, "PYTHONPATH": str(folder)})
    said = [line for line in (run.stdout + run.stderr).splitlines()
            if line.strip() and not line.startswith(("no tests ran", "=")) and "deselected" not in line]
    assert run.returncode == 4, run.stdout[-2000:] + run.stderr[-2000:]
    assert len(said) == 1 and said[0].startswith("ERROR: "), said
    assert all(w in said[0] for w in words), said[0]


CLI_CASES = [
    (["report", "--backends", "torchh"], "did you mean 'torch'"),
    (["report", "--ops", "stablehlo.gathr"], "--ops: expected one of stablehlo.gather"),
    (["report", "--ops", "stablehlo.gathr"], "did you mean 'stablehlo.gather'?"),
    (["report", "--profile", "nightlly"], "--profile: expected one of dev, ci, nightly, got 'nightlly'; did you mean"),
    (["report", "--backends", "numpyy"], "--backends numpyy"),
    (["repro", "--case", "@tests/cases/partial_window_general_add.json", "--target", "numpy:take"],
     "did you mean 'numpy:take["),
    (["report", "--examples", "0"], "--examples"),
    (["replay", "tests/cases/seed_of_another_op.json"], "the seed's case is of stablehlo.gather"),
    (["on-release", "onnxruntime", "--", "--backends", "onnxruntime"], "expected PACKAGE==VERSION requirements, got 'onnxruntime'"),
    (["report", "--fail-on", "sometimes"], "--fail-on"),
    (["list", "--backend", "torchh"], "did you mean 'torch'"),
    (["check", "--backend", "my_pkg.nothere", "--target", "x", "--case", "{}"], "No module named 'my_pkg'"),
]


@pytest.mark.parametrize("argv,words", CLI_CASES, ids=[" ".join(a) for a, _ in CLI_CASES])
def test_command_line_bad_input_is_one_line_and_exit_code_2(argv, words, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and err.startswith("conformance") and words in err, err


def test_a_signature_that_does_not_take_the_ops_arguments_is_an_adapter_fault():
    def target(lhs, other):
        return lhs

    with pytest.raises(AdapterError, match="does not take the op's arguments"):
        guarded_call(target, {"lhs": np.zeros(2), "rhs": np.zeros(2)})


def test_a_name_the_targets_own_code_gets_wrong_is_an_adapter_fault():
    def target(lhs, rhs):
        return np.subtrct(lhs, rhs)

    with pytest.raises(AdapterError, match=r"no attribute 'subtrct' \(test_bad_input.py:\d+"):
        guarded_call(target, {"lhs": np.zeros(2), "rhs": np.zeros(2)})


def test_a_missing_module_is_an_adapter_fault_not_a_refusal():
    """Measured on jax 0.4.31: jax.export imports absl, which that release does not require; a target
    reaching it raised ModuleNotFoundError, which was judged rejects-valid (a verdict about the op)."""
    def target(lhs, rhs):
        import conformance_no_such_module  # noqa: F401 - deep inside a backend in real life

    with pytest.raises(AdapterError, match=r"ModuleNotFoundError: .*an import failed"):
        guarded_call(target, {"lhs": np.zeros(2), "rhs": np.zeros(2)})


def test_a_librarys_own_type_error_is_its_answer_not_an_adapter_fault():
    def target(lhs, rhs):
        return np.left_shift(lhs, rhs)  # numpy refuses float shifts: a TypeError from inside numpy

    with pytest.raises(TypeError) as info:
        guarded_call(target, {"lhs": np.zeros(2), "rhs": np.zeros(2)})
    assert adapter_fault(info.value, target) == "" and not isinstance(info.value, AdapterError)

    def deeper(lhs, rhs):
        return json.loads(lhs)  # a library function (Python code) raising TypeError below the target

    with pytest.raises(TypeError) as info:
        guarded_call(deeper, {"lhs": np.zeros(2), "rhs": np.zeros(2)})
    assert adapter_fault(info.value, deeper) == ""


def test_a_broken_target_is_one_adapter_error_in_pytest_and_in_the_report(tmp_path, monkeypatch):
    run = subprocess.run([sys.executable, "-m", "pytest", *SUITE, "--backend", "broken_targets", "--examples", "3",
                          "-rs"], cwd=tmp_path, capture_output=True, text=True, timeout=600,
                         env={**__import__("os").environ, "PYTHONPATH": str(HERE)})
    out = run.stdout
    said = [ln for ln in out.splitlines() if ln.startswith("ADAPTER ERROR broken:misspelt-function")]
    assert len(said) == 1, out[-3000:]  # (the live line at its end names it too: conformance.interfaces.watch)
    assert "broken:misspelt-function diverges" not in out  # the broken target got no backend verdict
    assert "library:refuses-some-dtypes diverges" in out and "class 'rejects-valid'" in out  # numpy's answer
    monkeypatch.syspath_prepend(str(HERE))
    monkeypatch.setenv("PYTHONPATH", str(HERE))  # the worker processes import the module too
    assert main(["report", "--backends", "broken_targets", "--examples", "3", "--jobs", "1",
                 "--out", str(tmp_path / "r"), "--fail-on", "undeclared"]) == 1
    report = json.loads((tmp_path / "r" / "report.json").read_text())
    assert [a["target"] for a in report["adapter_errors"]] == ["broken:misspelt-function"]
    assert {d["target"] for d in report["divergences"]} == {"library:refuses-some-dtypes"}
    assert "Adapter errors (1)" in (tmp_path / "r" / "report.md").read_text()
