"""Every declared crash or hang on a valid input is a finding (issue 69): each declaration of class `crash` or
`timeout` in a built-in deviations file (adapters/deviations/*.toml) that covers valid cases names its
findings script with a ``finding = "docs/findings/<name>.py"`` key, the script exists, and, where the
packages it prints the versions of are installed here, running it exits 1 (the crash or hang is there).

A declaration covers valid cases unless every ``when`` of it is a ``breaks:<label>`` condition (those hold
only on cases that break a spec constraint: accepts-invalid territory). A script that exits 2 saying
``cannot run here:`` (the machine cannot run its backend, e.g. the OpenVINO EP on a CPU that is not Intel's)
is skipped with that reason, not failed."""
import ast
import importlib.metadata
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEVIATIONS = sorted((ROOT / "adapters" / "deviations").glob("*.toml"))
FINDING = re.compile(r"docs/findings/[A-Za-z0-9_]+\.py")
TIMEOUT = 900  # seconds for one script (the torch.compile ones compile several kernels)


def _names(value) -> list[str]:
    return list(value) if isinstance(value, list) else [value]


def _crash_declarations() -> list[tuple[str, dict]]:
    """(file:first target, entry) for every declaration of class crash or timeout on valid cases."""
    out = []
    for path in DEVIATIONS:
        for entry in tomllib.loads(path.read_text()).get("deviation", []):
            if not {"crash", "timeout"} & set(_names(entry["class"])):
                continue
            whens = [w for w in _names(entry.get("when", "")) if w]
            if whens and all(w.startswith("breaks:") for w in whens):
                continue  # invalid cases only
            out.append((f"{path.name}:{_names(entry['target'])[0]}:{','.join(whens) or '-'}", entry))
    return out


DECLARATIONS = _crash_declarations()
SCRIPTS = sorted({e["finding"] for _, e in DECLARATIONS if FINDING.fullmatch(str(e.get("finding", "")))})


def test_there_are_crash_declarations_in_the_default_backends():
    files = {name.split(":")[0] for name, _ in DECLARATIONS}
    assert {"numpy.toml", "torch.toml", "jax.toml", "onnxruntime.toml", "stablehlo.toml", "xla.toml"} <= files


@pytest.mark.parametrize("name, entry", DECLARATIONS, ids=[n for n, _ in DECLARATIONS])
def test_a_crash_or_timeout_declaration_names_an_existing_findings_script(name, entry):
    finding = entry.get("finding", "")
    assert FINDING.fullmatch(finding), f"{name}: no finding = \"docs/findings/<name>.py\" key (got {finding!r})"
    assert (ROOT / finding).is_file(), f"{name}: {finding} does not exist"
    row = f"`{Path(finding).name}`"
    assert row in (ROOT / "docs" / "findings" / "README.md").read_text(), f"{finding} has no row in the findings table"


def _distributions(script: Path) -> list[str]:
    """The distributions whose versions the script prints (its ``_print_versions(...)`` call)."""
    for node in ast.walk(ast.parse(script.read_text())):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "_print_versions":
            return [a.value for a in node.args if isinstance(a, ast.Constant)]
    return []


def _installed(distribution: str) -> bool:
    try:
        importlib.metadata.version(distribution)
        return True
    except importlib.metadata.PackageNotFoundError:
        return False


@pytest.mark.parametrize("finding", SCRIPTS)
def test_the_findings_script_of_a_crash_exits_1_here(finding):
    script = ROOT / finding
    missing = [d for d in _distributions(script) if not _installed(d)]
    # a script may print optional packages (an alternative path); it needs at least its first one
    needed = _distributions(script)[:2] if "onnxruntime-ep-openvino" in _distributions(script) else _distributions(script)
    if any(d in missing for d in needed):
        pytest.skip(f"not installed here: {', '.join(d for d in needed if d in missing)}")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=TIMEOUT, cwd="/")
    out = done.stdout + done.stderr
    reason = next((line for line in out.splitlines() if line.startswith("cannot run here:")), "")
    if done.returncode == 2 and reason:
        pytest.skip(reason)
    assert done.returncode == 1, f"{finding} exited {done.returncode}:\n{out[-2000:]}"
