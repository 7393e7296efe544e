"""The README is the user's manual: its five sections in order, under 15,000 characters, and every
command it shows works. Each command (a line of a ```bash block, or an inline `conformance ...`,
`pytest ...` or `pip ...` span) is checked here as follows:

- ``pytest ...``: collected with ``--collect-only`` (options, backends and profiles exist; at least one
  test is collected). Running them in full is CI's job: `.ci/run` runs the test command itself, and
  docs/measurements.md records a fresh-clone run of ``pytest -n auto --backend=torch``.
- ``conformance ...``: run for real from a scratch folder, with placeholders (DIR, SEED, shard-2, ...)
  given real values and each ``report`` cut to one spec op and one example (``--ops stablehlo.add
  --examples 1``, ``--backends numpy`` where the line names none), so the whole README runs in seconds.
- ``pip install``: every extra it names exists in pyproject.toml (installing is `.ci/run`'s first step,
  from a fresh clone); ``git clone``, ``cd``, ``python3 -m venv`` and ``.`` are that same fresh-clone setup.
A command the test cannot place fails it, so a new README line needs a rule here.
"""
import json
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
SECTIONS = ("## 1. Install", "## 2. Run it on my backend", "## 3. Understand a failure", "## 4. File a bug",
            "## 5. Add my own backend")
SETUP = ("git clone ", "cd ", "python3 -m venv ", ". .venv/bin/activate")
SMALL = ["--ops", "stablehlo.add", "--examples", "1"]


def commands() -> list[str]:
    """Every command the README shows, in order: fenced bash lines (split at ``&&``, comments cut) and
    inline spans that start with a command word."""
    found = []
    for block in re.findall(r"```bash\n(.*?)```", README, re.S):
        for line in block.splitlines():
            line = re.sub(r"\s+#.*$", "", line).strip()
            found += [part.strip() for part in line.split("&&") if part.strip()]
    prose = re.sub(r"```.*?```", "", README, flags=re.S)
    found += [span for span in re.findall(r"`([^`\n]+)`", prose)
              if re.match(r"(conformance|pytest|pip) ", span)]
    return list(dict.fromkeys(found))


def test_the_five_sections_in_order_and_the_length():
    assert len(README) < 15_000, f"README.md is {len(README)} characters"
    at = [README.index(s) for s in SECTIONS]
    assert at == sorted(at)
    assert len(re.findall(r"^# ", re.sub(r"```.*?```", "", README, flags=re.S), re.M)) == 1  # one title
    first = next(c for c in commands() if c.startswith("pytest"))
    assert first == "pytest -n auto --backend=torch"  # the first command shown to run it


def test_ci_runs_the_readme_test_command_and_gates_runs_every_backend():
    """`.ci/run` runs the README's test command and then `.ci/gates`, as CI must; `.ci/gates` runs the
    conformance properties with no --backend: every installed default backend."""
    shown = re.search(r"The project's test command.*?```bash\n(.*?)\n```", README, re.S).group(1)
    assert (ROOT / ".ci" / "run").read_text().strip().splitlines()[-2:] == [shown, "bash .ci/gates"]
    gates = (ROOT / ".ci" / "gates").read_text().strip().splitlines()[-1]
    assert gates.startswith("pytest -n auto --hypothesis-profile=ci conformance") and "--backend" not in gates


def test_every_command_has_a_rule():
    unplaced = [c for c in commands() if not c.startswith(("pytest ", "conformance ", "pip install ") + SETUP)]
    assert not unplaced


def test_install_lines_name_existing_extras():
    extras = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"])
    lines = [c for c in commands() if c.startswith("pip install ")]
    assert lines
    for line in lines:
        named = re.search(r'\.\[([^\]]+)\]', line).group(1).split(",")
        assert set(named) <= extras, line
    ci = (ROOT / ".ci" / "run").read_text()
    assert 'pip install -q -c .ci/constraints.txt -e ".[all,openvino,iree]"' in ci


@pytest.mark.parametrize("line", [c for c in commands() if c.startswith("pytest ")])
def test_pytest_lines_collect(line, tmp_path):
    args = [a for a in shlex.split(line)[1:]]
    if "--backend=my_pkg.my_targets" in args:  # the README's own-backend example: a module of that name
        pkg = tmp_path / "my_pkg"
        pkg.mkdir()
        (pkg / "__init__.py").write_text("")
        (pkg / "my_targets.py").write_text(
            "import numpy as np\nfrom conformance.running.registry import target\n\n"
            "@target('stablehlo.add', 'mybackend:add', region={'dtypes': ('float32',)})\n"
            "def add(lhs, rhs, **_):\n    return np.asarray(np.add(lhs, rhs))\n")
    if "--pyargs" in args:  # the line for a user's own repository: run there (a folder outside the checkout)
        done = subprocess.run([sys.executable, "-m", "pytest", *args, "--examples", "1", "-p", "no:cacheprovider"],
                              cwd=tmp_path, capture_output=True, text=True, timeout=900,
                              env={**_env(), "PYTHONPATH": str(tmp_path)})
        assert done.returncode == 0 and re.search(r"\d+ passed", done.stdout), done.stdout[-1500:] + done.stderr[-1500:]
        return
    done = subprocess.run([sys.executable, "-m", "pytest", *args, "--collect-only", "-q", "-p", "no:cacheprovider"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env={**_env(), "PYTHONPATH": str(tmp_path)})
    assert done.returncode == 0, done.stdout[-1500:] + done.stderr[-1500:]
    assert re.search(r"(\d+) tests? collected|(\d+)/\d+ tests collected|^\S+::\S+", done.stdout, re.M), done.stdout[-800:]


def _env() -> dict:
    import os

    return {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}


def test_conformance_lines_run(tmp_path):
    """Every ``conformance`` line, in README order, from one scratch folder."""
    seed = tmp_path / "seed.json"
    shutil.copy(ROOT / "seeds" / "numpy-take-raise-wraps-negative-index.json", seed)
    places = {"DIR": "run", "SEED": str(seed)}
    lines = [c for c in commands() if c.startswith("conformance ")]
    assert any(" merge " in f" {c} " for c in lines) and any("--resume" in c for c in lines)
    for line in lines:
        argv = [places.get(a, a) for a in shlex.split(line.split(">")[0])[1:]]
        if argv[0] in ("labels", "repro"):  # the bare command names in prose
            argv += [] if len(argv) > 1 or argv[0] == "labels" else [str(seed)]
        if argv[0] == "report" and "--resume" not in argv:
            argv += SMALL + ([] if "--backends" in argv else ["--backends", "numpy"])
        if argv[0] == "merge":  # the README merges four shards and last night's folder
            for k in (1, 3, 4):
                _run(["report", "--shard", f"{k}/4", "--out", f"shard-{k}", *SMALL, "--backends", "numpy"], tmp_path)
            shutil.copytree(tmp_path / "shard-1", tmp_path / "last-night")
        done = _run(argv, tmp_path)
        if argv[0] == "replay":  # the seed is a divergence that still exists: replay says so (exit 1)
            assert done.returncode == 1 and "still diverges" in done.stdout, done.stdout + done.stderr
        else:
            assert done.returncode == 0, f"{line}: {done.stdout[-800:]}{done.stderr[-800:]}"
    assert (tmp_path / "nightly" / "report.html").exists() and (tmp_path / "run" / "report.json").exists()


def test_the_nightly_workflow_commands_run(tmp_path):
    """The shipped GitHub Actions workflow: each shard's report (cut down as above), then the merge with
    last night's report folder, as its steps would run them."""
    workflow = (ROOT / ".github" / "workflows" / "nightly.yml").read_text()
    shards = int(re.search(r"SHARDS: (\d+)", workflow).group(1))
    assert f"shard: {list(range(1, shards + 1))}" in workflow  # the matrix has every shard
    report = re.search(r"(conformance report .*)", workflow).group(1)
    merge = re.search(r"(conformance merge .*)", workflow).group(1)
    for night, costs in ((1, ""), (2, "--shard-costs costs")):  # the first night, then one balanced by its costs
        for k in range(1, shards + 1):
            line = report.replace("${{ matrix.shard }}", str(k)).replace("${{ env.SHARDS }}", str(shards))
            line = line.replace("${costs:+--shard-costs $costs}", costs).replace(f"shard-{k}", f"n{night}-shard-{k}")
            assert _run(shlex.split(line)[1:] + SMALL + ["--backends", "numpy"], tmp_path).returncode == 0, line
        if night == 1:
            shutil.copytree(tmp_path / "n1-shard-1", tmp_path / "costs")
    ran = [r["target"] for k in range(1, shards + 1)
           for r in map(json.loads, (tmp_path / f"n2-shard-{k}" / "log.jsonl").read_text().splitlines()) if r["kind"] == "done"]
    assert len(ran) == len(set(ran)) and set(ran) == {r["target"] for k in range(1, shards + 1) for r in map(
        json.loads, (tmp_path / f"n1-shard-{k}" / "log.jsonl").read_text().splitlines()) if r["kind"] == "done"}
    for k in range(1, shards + 1):
        (tmp_path / f"n1-shard-{k}").rename(tmp_path / f"shard-{k}")
    shutil.copytree(tmp_path / "shard-1", tmp_path / "previous" / "1")
    argv = []
    for a in shlex.split(merge.replace("${prev:+--previous $prev}", "--previous previous/1/"))[1:]:
        argv += sorted(p.name for p in tmp_path.glob(a)) if "*" in a else [a]  # the shell's glob
    done = _run(argv, tmp_path)
    assert done.returncode == 0, done.stderr
    assert "last 2 reports" in (tmp_path / "nightly" / "report.html").read_text()


def _run(argv: list[str], cwd: Path) -> subprocess.CompletedProcess:
    """``conformance ARGV`` in ``cwd``, in this process (one target at a time: no worker pool to start)."""
    import contextlib
    import io
    import os

    from conformance.interfaces.cli import main

    if argv[0] == "report" and "--resume" not in argv:
        argv = [*argv, "--jobs", "1"]
    out, err, before = io.StringIO(), io.StringIO(), os.getcwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        os.chdir(before)
    return subprocess.CompletedProcess(argv, code, out.getvalue(), err.getvalue())
