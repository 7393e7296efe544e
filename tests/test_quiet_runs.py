"""A run says what it is in its header (backend, profile, examples per property, how cases are drawn,
versions) and stays quiet otherwise: declared deviations no case met are one summary line (listed with
--show-unmatched), also when xdist workers ran the properties; an op a backend has no target for is
skipped in words."""
import subprocess
import sys

import pytest

SUITE = [sys.executable, "-m", "pytest", "-p", "conformance.interfaces.plugin", "--pyargs", "conformance", "-p", "no:cacheprovider",
         "--backend", "numpy", "-k", "clip or add.at", "--examples", "2", "-n", "2", "--hypothesis-profile=ci"]  # fixed draws


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    here = tmp_path_factory.mktemp("quiet")
    out = {}
    for name, extra in (("plain", []), ("listed", ["--show-unmatched"])):
        run = subprocess.run(SUITE + extra, cwd=here, capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
        out[name] = run.stdout + run.stderr
    return out


def test_the_header_names_backend_profile_examples_draws_and_versions(runs):
    header = runs["plain"].split("collected")[0] if "collected" in runs["plain"] else runs["plain"][:2000]
    assert "conformance: backend numpy; profile ci: 2 examples per property (--examples)" in header
    assert "fixed seeds" in header
    assert "conformance versions: numpy " in header


def test_unmatched_declarations_are_one_summary_line(runs):
    plain = runs["plain"]
    assert "never matched" not in plain and "warnings summary" not in plain.lower()
    summary = [line for line in plain.splitlines() if "not seen in this run" in line]
    assert summary == ["1 declared deviation not seen in this run: see --show-unmatched"], plain[-2000:]
    listed = runs["listed"].split("declared deviations no case met")[1].splitlines()
    assert "numpy:add.at: clamp" in listed  # no ci draw of 2 examples makes add.at clamp


def test_a_property_with_no_target_is_skipped_in_words(tmp_path):
    import os
    from pathlib import Path

    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "conformance.interfaces.plugin", "--pyargs", "conformance",
                          "-p", "no:cacheprovider", "--backend", "broken_targets", "-k", "test_invalid", "-rs"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(Path(__file__).parent)})
    assert "got empty parameter set" not in run.stdout
    assert "backend broken_targets has no target that takes invalid cases" in run.stdout, run.stdout[-2000:]
