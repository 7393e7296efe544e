"""One engine: for one profile, pytest and ``conformance report`` judge the same cases, per target and
property and run (each path logs every judged case's id to ``CONFORMANCE_CASE_LOG``). One target per
installed default backend (a gather where the backend has one: edges, layouts and value sets all apply)."""
import os
import subprocess
import sys
from collections import Counter

import pytest

from conformance.running import ops
from conformance.running.engine import CASE_LOG
from conformance.running.registry import installed_backends, load_backend

PREFERRED_OPS = ("stablehlo.gather", "onnx.GatherND", "stablehlo.negate")


def _pick(backend: str):
    targets = sorted(load_backend(backend), key=lambda t: t.name)
    for op in PREFERRED_OPS:
        found = [t for t in targets if t.op == op and t.valid]
        if found:
            return found[0]
    return targets[0]


def _judged(path) -> Counter:
    return Counter(tuple(line.split("\t")) for line in path.read_text().splitlines()) if path.exists() else Counter()


@pytest.mark.parametrize("backend", installed_backends())
def test_pytest_and_report_judge_the_same_cases(backend, tmp_path):
    target = _pick(backend)
    kinds = ops.kinds(target)
    env = {**os.environ, CASE_LOG: str(tmp_path / "pytest.log")}
    nodes = [f"conformance/interfaces/test_spec_ops.py::test_{'deterministic' if k == 'duplicates' else k}"
             f"[{target.op}/{target.name}]" for k in kinds]
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
                          "--hypothesis-profile=ci", f"--backend={backend}", "--seed-dir=", *nodes],
                         capture_output=True, text=True, env=env, timeout=1200)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    env[CASE_LOG] = str(tmp_path / "report.log")
    report = subprocess.run([sys.executable, "-m", "conformance.cli", "report", "--backends", backend,
                             "--targets", target.name, "--ops", target.op, "--profile", "ci", "--jobs", "1",
                             "--out", str(tmp_path / "out")], capture_output=True, text=True, env=env, timeout=1200)
    assert report.returncode == 0, report.stderr[-2000:]
    by_pytest, by_report = _judged(tmp_path / "pytest.log"), _judged(tmp_path / "report.log")
    assert by_pytest and {k for (_, k, _, _) in by_pytest} == set(kinds)
    assert by_pytest == by_report, (f"only pytest: {list(by_pytest - by_report)[:5]}; "
                                    f"only report: {list(by_report - by_pytest)[:5]}")
