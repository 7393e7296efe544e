"""A user module's declarations are checked whole when it loads (issues 63 and 68): a misspelt class, a
target no loaded target has, a TOML syntax error (file and line), a key the suite does not read, two
targets of one name, a user target with a built-in target's name: each one line, exit 4; and the
table of every class, condition and model (docs/declarations.md) is the one the code generates."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.interfaces.declarations_table import markdown

ROOT = Path(__file__).resolve().parent.parent
SUITE = ["-p", "conformance.interfaces.plugin", "--pyargs", "conformance", "-q", "-p", "no:cacheprovider"]
MODULE = '''import numpy as np
from pathlib import Path
from conformance.registry import target

DEVIATIONS_FILE = str(Path(__file__).with_suffix(".toml"))


@target("stablehlo.add", "mine:add", region={"dtypes": ("int32",)}, isolated=False)
def add(lhs, rhs, **_):
    return np.add(lhs, rhs)
'''
ENTRY = '[[deviation]]\ntarget = "{target}"\nclass = "{cls}"\nreason = "a test"\n'
CASES = {  # name: (module text, deviations text, words of the one line)
    "misspelt_class": (MODULE, ENTRY.format(target="mine:add", cls="wrapp"),
                       ["class: expected one of", "got 'wrapp'", "did you mean 'wrap'?"]),
    "unmatched_target": (MODULE, ENTRY.format(target="mine:addd", cls="wrap"),
                         ["deviation target 'mine:addd' is no target of backend unmatched_target", "did you mean 'mine:add'?"]),
    "bad_toml": (MODULE, ENTRY.format(target="mine:add", cls="wrap") + 'when = "negative-start\n',
                 ["bad_toml.toml: not valid TOML", "line 5"]),
    "unknown_key": (MODULE, ENTRY.format(target="mine:add", cls="wrap") + 'condition = "negative-start"\n',
                    ["key 'condition' is not one of"]),
    "top_level_key": (MODULE, 'version = 1\n' + ENTRY.format(target="mine:add", cls="wrap"),
                      ["top-level key 'version'"]),
    "missing_file": (MODULE.replace('with_suffix(".toml")', 'with_name("nowhere.toml")'), None,
                     ["DEVIATIONS_FILE: no such file", "nowhere.toml"]),
    "two_names": (MODULE + '''

@target("stablehlo.subtract", "mine:add", region={"dtypes": ("int32",)}, isolated=False)
def subtract(lhs, rhs, **_):
    return np.subtract(lhs, rhs)
''', "", ["two targets are named 'mine:add'", "two_names.add (two_names.py:", "two_names.subtract (two_names.py:"]),
    "builtin_name": (MODULE.replace('"mine:add"', '"numpy:np.add"'), "",
                     ["target 'numpy:np.add'", "the name of a target of the built-in backend numpy"]),
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    here = tmp_path_factory.mktemp("declarations")
    for name, (module, toml, _) in CASES.items():
        (here / f"{name}.py").write_text(module)
        if toml is not None:
            (here / f"{name}.toml").write_text(toml)
    return here


@pytest.mark.parametrize("name", CASES)
def test_a_bad_declaration_or_target_name_is_one_line_and_exit_4(folder, name):
    run = subprocess.run([sys.executable, "-m", "pytest", *SUITE, f"--backend={name}"], cwd=folder, capture_output=True,
                         text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(folder)})
    said = [ln for ln in (run.stdout + run.stderr).splitlines() if ln.strip() and not ln.startswith(("no tests ran", "="))]
    assert run.returncode == 4, run.stdout[-2000:] + run.stderr[-2000:]
    assert len(said) == 1 and said[0].startswith("ERROR: "), said
    assert all(w in said[0] for w in CASES[name][2]), said[0]


def test_every_builtin_deviations_file_still_loads():
    from conformance.running.registry import BUILTIN_BACKENDS, load_backend

    assert all(load_backend(b) for b in BUILTIN_BACKENDS)  # (each names only its own targets, known classes)


def test_the_declarations_table_is_current():
    assert (ROOT / "docs" / "declarations.md").read_text().strip() == markdown().strip(), \
        "docs/declarations.md is stale: conformance declarations-table > docs/declarations.md"
    assert "integer-division-trap" in markdown() and "`zero-sign`" in markdown() and "`history-dependent`" in markdown()


def test_one_function_under_two_target_decorators_is_two_targets(tmp_path, monkeypatch):
    """An API for two spec ops (a gather_nd for stablehlo.gather and onnx.GatherND): each decorator makes a
    target; the inner one is not dropped (the MLX trial, issue 63)."""
    from conformance.running.registry import load_backend

    (tmp_path / "two_ops.py").write_text(
        "import numpy as np\nfrom conformance.registry import target\n\n"
        "@target('stablehlo.subtract', 'mine:sub')\n@target('stablehlo.add', 'mine:add')\n"
        "def either(lhs, rhs, **_):\n    return np.add(lhs, rhs)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert {(t.name, t.op) for t in load_backend("two_ops")} == {("mine:add", "stablehlo.add"), ("mine:sub", "stablehlo.subtract")}
