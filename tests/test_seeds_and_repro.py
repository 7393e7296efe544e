"""The curated seed corpus (``seeds/``): every seed still diverges the way it says (a backend fix
shows up here as a failure telling you to retire the seed), and ``conformance repro`` turns each
into a standalone script that imports nothing of this project and exits 1."""
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from conformance.interfaces.cli import main
from conformance.running.registry import load_backend, missing_requirements
from conformance.running.engine import check_case
from conformance.reports.repro import NoRepro, script
from conformance.running.seeds import load_seed

REPRO_BACKENDS = ("numpy", "torch", "jax", "xla", "onnxruntime", "onnx_reference")  # every target of the index ops scripted
COMPILING = ("jax", "xla", "iree", "openvino")  # a script compiles its call as the target does: each case a compile
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
    assert set(REPRO_BACKENDS) <= {s.backend for s in seeds}
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


INDEX_OPS = ("stablehlo.gather", "stablehlo.scatter", "onnx.GatherND", "onnx.ScatterND")


def _installed(backend):
    if missing_requirements(backend):
        pytest.skip(f"{backend} not installed")
    return load_backend(backend)


@pytest.mark.parametrize("backend", REPRO_BACKENDS)
def test_every_index_target_of_the_backend_owns_a_repro_snippet(backend):
    ops = INDEX_OPS
    missing = [t.name for t in _installed(backend) if t.op in ops and t.repro is None]
    assert not missing, f"{backend}: index targets without a repro snippet: {missing}"


def test_every_builtin_target_owns_a_repro_snippet():
    from conformance.running.registry import BUILTIN_BACKENDS

    installed = [b for b in BUILTIN_BACKENDS if not missing_requirements(b)]
    missing = {t.name for b in installed for t in load_backend(b) if t.repro is None}
    assert installed and not missing, f"targets without a repro snippet: {sorted(missing)}"


@pytest.mark.parametrize("backend", REPRO_BACKENDS + ("openvino", "iree", "torch_compile", "stablehlo", "dynamic_slice"))
def test_repro_scripts_call_the_api_as_the_target_does(backend):
    """For every target with a snippet, on generated cases its script observes what the target returns
    (same dtype, shape and bits, or both raise): the snippet cannot drift from the adapter."""
    names = REPRO_BACKENDS + ("stablehlo",) if backend == "dynamic_slice" else (_installed(backend) and backend,)
    targets = [t for name in names if not missing_requirements(name) for t in load_backend(name) if t.repro and
               (t.op.startswith("stablehlo.dynamic")) == (backend == "dynamic_slice")]
    if backend == "torch_compile":  # its scripts are torch's with the call compiled (checked there): one
        targets = list({t.op: t for t in targets if t.op in INDEX_OPS}.values())  # index target per op
    assert targets, f"no scripted targets for {backend}"
    compared = {t.name: 0 for t in targets}
    for t in targets:  # (each case is a compile for the compiling backends: fewer cases there; Inductor
        index = t.op in INDEX_OPS or t.op.startswith("stablehlo.dynamic")  # takes 5-20 s, one case each)
        _compare_scripts(t, compared, examples=1 if backend == "torch_compile" else
                         (2 if backend in COMPILING else 6) if index else (1 if backend == "jax" else 2))
    crashing = compared.pop("declared crash", set())
    never = [n for n, k in compared.items() if not k and n not in crashing]
    assert len(never) <= len(compared) // 10, f"no case compared for {never}"


def _first(value) -> np.ndarray:
    return np.asarray(value[0] if isinstance(value, tuple) else value)


def _unordered(case) -> bool:
    from conformance.judging.verdict_scatter import schedule_matters

    return not schedule_matters(case)


def _compare_scripts(t, compared: dict, examples: int = 6) -> None:
    """Derandomized valid cases of ``t`` (``examples`` of them): its script and the target see the same result."""
    from hypothesis import HealthCheck, given, settings

    from conformance.running import isolation, ops
    from conformance.core.compare import same_array
    from conformance.core.outcome import TargetCrashed
    from conformance.running.engine import call
    from conformance.running.seeds import make_seed

    @settings(max_examples=examples, derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck))
    # (a scatter where two updates write one element is left out: two runs may combine them in another order)
    @given(case=ops.valid_cases(t).filter(ops.substantive).filter(_unordered))
    def agrees(case):
        if t.declared(("crash",), case) is not None:  # the script would be the crash itself (for an integer-only
            compared.setdefault("declared crash", set()).add(t.name)  # op of openvino that is every case)
            return
        got = call(t, case)
        try:
            text = script(make_seed(t.backend, t.name, "wrong-value", case))
        except NoRepro:  # torch bfloat16, colliding float updates: refused in one line (tested above)
            return
        if got.kind in ("unsupported", "timeout"):
            return
        try:
            observed = isolation.worker("repro-scripts").call("tests.helpers", "run_script", {"text": text})
        except TargetCrashed:  # openvino can die reading out of bounds, in the target's worker or here
            return
        if got.kind == "value":  # a variadic scatter's script shows its first result, as the expected value
            value = _first(got.value)
            if observed is not None and not same_array(observed, value) and t.backend == "openvino":
                return  # openvino reads memory outside the tensor: any two runs differ there
            assert observed is not None and same_array(observed, value), \
                f"{t.name}: script observed {observed!r}, the target returned {got.brief()} on {case.id}"
        else:
            assert observed is None, f"{t.name}: the target {got.brief()}, the script {observed!r}"
        compared[t.name] += 1

    agrees()


def test_a_history_dependent_seed_replays_its_earlier_calls_first(tmp_path):
    """A seed that keeps earlier calls: its script makes them first, through the same compiled function
    (one per API, as the target calls it), then the case; it runs standalone."""
    from conformance.core.case import Case
    from conformance.running.history import Call
    from conformance.running.seeds import make_seed

    if missing_requirements("torch_compile"):
        pytest.skip("torch not installed")
    lhs = np.array([1.0, -2.0], np.float32)
    make = lambda r: Case("stablehlo.subtract", {"lhs": lhs, "rhs": np.array(r, np.float32)}, {"rhs_as_scalar": True})
    seed = make_seed("torch_compile", "torch_compile:torch.sub", "history-dependent", make(3.0),
                     (Call("torch_compile", "torch_compile:torch.sub", make(1.0)),))
    text = script(seed)
    assert "earlier call 1 of 1" in text and text.count('_compiled.setdefault("torch.sub"') == 2
    done = _run_script(text, tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr  # torch conforms on these values: exit 0


def test_a_crash_seed_gets_a_script_where_the_spec_leaves_elements_open(tmp_path):
    """An integer division by zero has no one expected value (the element is open), so a wrong-value
    seed there gets no script; a crash seed does: any answer but a dead process ends the divergence."""
    from conformance.core.case import Case
    from conformance.running.seeds import make_seed

    case = Case("stablehlo.divide", {"lhs": np.array([7, 1], np.int32), "rhs": np.array([0, 1], np.int32)}, {})
    with pytest.raises(NoRepro):
        script(make_seed("numpy", "numpy:np.floor_divide", "wrong-value", case))
    text = script(make_seed("numpy", "numpy:np.floor_divide", "crash", case))
    assert "any value" in text
    done = _run_script(text, tmp_path)  # numpy gives a value (and a warning): the crash is gone
    assert done.returncode == 0 and "the crash is gone" in done.stdout, done.stdout + done.stderr


def test_a_seed_records_the_release_of_every_installed_backend_package():
    """A seed backs a bug report: it names the release of whatever backend it came from (openvino, iree,
    tvm, ... as well as numpy and torch), so every built-in backend's installed distribution is in it."""
    import importlib.metadata

    from conformance.running.registry import BACKEND_PACKAGES
    from conformance.running.seeds import versions

    recorded = versions()
    for backend, package in BACKEND_PACKAGES.items():
        try:
            release = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            continue
        assert recorded.get(package) == release, (backend, package)
    assert "numpy" in recorded
