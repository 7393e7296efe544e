"""The curated seed corpus (``seeds/``): every seed still diverges the way it says (a backend fix
shows up here as a failure telling you to retire the seed), and ``conformance repro`` turns each
into a standalone script that imports nothing of this project and exits 1."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.cli import main
from conformance.registry import load_backend, missing_requirements
from conformance.runner import check_case
from reports.repro import script
from reports.repro_families import BUILDERS
from conformance.seeds import load_seed

SEEDS = sorted((Path(__file__).parent.parent / "seeds").glob("*.json"))
PROJECT = ("conformance", "oracles", "adapters", "strategies", "reports")


def _seed(path):
    seed = load_seed(path)
    if missing_requirements(seed.backend):
        pytest.skip(f"{seed.backend} not installed")
    return seed


def test_the_corpus_has_seeds_of_several_backends():
    assert len({load_seed(p).backend for p in SEEDS}) >= 3


@pytest.mark.parametrize("path", SEEDS, ids=[p.stem for p in SEEDS])
def test_seed_still_diverges(path):
    seed = _seed(path)
    target = {t.name: t for t in load_backend(seed.backend)}[seed.target]
    verdict = check_case(target, seed.case)
    assert verdict.diverges, f"{path.name}: {seed.target} now conforms (fixed upstream?): retire this seed"
    assert seed.cls in verdict.classes


def test_the_corpus_has_a_seed_for_every_repro_builder_and_spec_op():
    seeds = [load_seed(p) for p in SEEDS]
    assert set(BUILDERS) <= {s.target.split(":")[0] for s in seeds}
    assert {"stablehlo.gather", "stablehlo.scatter", "onnx.GatherND"} <= {s.case.op for s in seeds}


def _run_script(text, tmp_path):
    assert not any(f"import {p}" in text or f"from {p}" in text for p in PROJECT)
    (tmp_path / "repro.py").write_text(text)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([sys.executable, "repro.py"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("path", SEEDS, ids=[p.stem for p in SEEDS])
def test_repro_script_runs_standalone_and_exits_1(path, tmp_path):
    done = _run_script(script(_seed(path)), tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "expected:" in done.stdout and "observed:" in done.stdout and "spec:" in done.stdout


@pytest.mark.parametrize("stem, target", [("numpy-take-raise-wraps-negative-index", "numpy:take[clip]"),
                                          ("numpy-take-raise-wraps-negative-index", "jax:jnp.take[clip]"),
                                          ("numpy-add-at-raises-out-of-bounds", "xla:scatter")])
def test_repro_script_on_a_target_that_conforms_exits_0(stem, target, tmp_path):
    seed = _seed(SEEDS[[p.stem for p in SEEDS].index(stem)])
    seed.target, seed.backend = target, target.split(":")[0]
    if missing_requirements(seed.backend):
        pytest.skip(f"{seed.backend} not installed")
    done = _run_script(script(seed), tmp_path)
    assert done.returncode == 0 and "agrees" in done.stdout, done.stdout + done.stderr


def test_bad_seed_is_one_line_and_exit_code_2(tmp_path, capsys):
    assert main(["repro", str(tmp_path / "missing.json")]) == 2
    (tmp_path / "bad.json").write_text("{}")
    assert main(["replay", str(tmp_path / "bad.json")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(line.startswith("conformance") and "seed" in line for line in err)
