"""docs/findings: every script is standalone (public APIs of its backend, never the suite or a private
module), prints the versions it ran with, and keeps the exit contract (0 conforms, 1 the behaviour is
there, 2 the script could not run)."""
import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

FINDINGS = sorted((Path(__file__).resolve().parent.parent / "docs" / "findings").glob("*.py"))


def _imported(path: Path) -> set[str]:
    """Every module name the script imports, its child-process code included (string constants that parse)."""
    names, sources = set(), [path.read_text()]
    for node in ast.walk(ast.parse(sources[0])):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and "import " in node.value:
            sources.append(node.value)
    for src in sources:
        try:
            tree = ast.parse(src)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module)
    return names


def test_there_are_findings():
    assert len(FINDINGS) >= 30


@pytest.mark.parametrize("path", FINDINGS, ids=lambda p: p.name)
def test_a_finding_script_uses_public_apis_prints_versions_and_has_exit_2(path):
    names = _imported(path)
    assert not [n for n in names if n.split(".")[0] in ("conformance", "adapters", "oracles", "strategies", "reports")]
    private = [n for n in names if any(part.startswith("_") and part != "__future__" for part in n.split("."))]
    assert not private, f"private modules: {private}"
    text = path.read_text()
    assert "__version__" in text or "version(" in text, "prints no versions"
    assert "exit(2)" in text or "2 if" in text, "no exit 2 for a script that could not run"


@pytest.mark.parametrize("script, blocked", [("numpy_maximum_signed_zero.py", "numpy"),
                                             ("torch_int_division_sigfpe.py", "torch")])
def test_a_script_whose_backend_will_not_import_exits_2(tmp_path, script, blocked):
    (tmp_path / blocked).mkdir()
    (tmp_path / blocked / "__init__.py").write_text(f"raise ImportError('{blocked} is broken here (a test)')\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    done = subprocess.run([sys.executable, str(next(p for p in FINDINGS if p.name == script))], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stdout + done.stderr


OPENVINO_EP_SCRIPTS = ["onnxruntime_openvino_gather_elements_smaller_indices_refused.py",
                       "onnxruntime_openvino_where_constant_folding_zero_sign.py",
                       "onnxruntime_openvino_default_bf16_precision_clamps_constants.py"]


@pytest.mark.parametrize("script", OPENVINO_EP_SCRIPTS + ["openvino_gather_nd_out_of_range_reads_outside.py"])
def test_a_script_whose_backend_cannot_run_here_exits_2_and_says_why(tmp_path, script):
    """The OpenVINO EP offers devices on Intel CPUs only; where it cannot be set up (forced here with a plugin
    package whose library does not load) the script says so on a `cannot run here:` line and exits 2: a
    setup failure is never counted as the behaviour it claims (exit 1)."""
    pytest.importorskip("onnxruntime")
    pytest.importorskip("onnx")
    fake = tmp_path / "onnxruntime_ep_openvino"
    fake.mkdir()
    (fake / "__init__.py").write_text("def get_library_path():\n    return '/nonexistent/libonnxruntime_openvino_ep.so'\n")
    if script.startswith("openvino_"):  # its other path: OpenVINO's own API, blocked too
        (tmp_path / "openvino").mkdir()
        (tmp_path / "openvino" / "__init__.py").write_text("raise ImportError('openvino is blocked here (a test)')\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    done = subprocess.run([sys.executable, str(next(p for p in FINDINGS if p.name == script))], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "cannot run here:" in done.stdout, done.stdout
