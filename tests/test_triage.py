"""Root causes in the report: groups one declaration excuses are one cause; undeclared groups of one
backend and class showing the same value pattern (a NaN dropped) are one cause across ops; a
declaration's ``known`` URL is its upstream status; undeclared causes come first."""
from conformance.reports.run import markdown
from conformance.reports.triage import pattern, root_causes


def _group(gid, target, op, cls="wrong-value", declared=False, summary="", **extra):
    return {"id": gid, "target": target, "op": op, "class": cls, "backend": target.split(":")[0], "declared": declared,
            "summary": summary, "clause": f"{op}: clause", "seed": f"seeds/{gid}.json", "repro": f"repro/{gid}.py",
            "count": 1, **extra}


NAN = "maximum(lhs=np.float16(0.0), rhs=np.float16(nan)): expected np.float16(nan), got np.float16(0.0) (3 of 8 differ)"
NAN_MIN = "minimum(lhs=np.float32(nan), rhs=np.float32(1.0)): expected np.float32(nan), got np.float32(1.0) (1 of 4 differ)"
ZERO = "maximum(lhs=np.float16(-0.0), rhs=np.float16(0.0)): expected np.float16(0.0), got np.float16(-0.0) (1 of 8 differ)"


def test_patterns_are_read_from_the_first_differing_element():
    assert pattern(NAN) == "a NaN dropped" and pattern(ZERO) == "a zero's sign lost"
    assert pattern("divide(...): expected np.float32(1.0), got np.float32(nan)") == "a NaN made"
    assert pattern("expected np.int8(3), got np.int8(4)") == "" and pattern("raised IndexError") == ""


def test_groups_sharing_a_cause_are_one_root_cause_across_ops():
    groups = [_group("a", "mine:max", "stablehlo.maximum", summary=NAN),
              _group("b", "mine:min", "stablehlo.minimum", summary=NAN_MIN),
              _group("c", "mine:max", "stablehlo.maximum", summary=ZERO),
              _group("d", "mine:take", "stablehlo.gather", cls="clamp", declared=True, reason="clamps (documented)"),
              _group("e", "mine:gather_nd", "onnx.GatherND", cls="clamp", declared=True, reason="clamps (documented)",
                     known="https://github.com/x/y/issues/1"),
              _group("f", "other:max", "stablehlo.maximum", summary=NAN)]
    causes = root_causes(groups)
    assert [sorted(c["groups"]) for c in causes] == [["a", "b"], ["c"], ["f"], ["d", "e"]]
    assert causes[-1]["status"] == "known upstream"  # e's known URL, though d came first
    nan = causes[0]
    assert nan["what"] == "wrong-value: a NaN dropped" and nan["ops"] == ["stablehlo.maximum", "stablehlo.minimum"]
    assert nan["status"] == "new" and causes[-1]["declared"]
    md = markdown({"seed": 0, "profile": "ci", "examples": 20, "versions": {}, "targets": [], "divergences": groups,
                   "root_causes": causes})
    assert "## Root causes (4: 6 groups)" in md and "a NaN dropped — 2 groups, 2 targets, 2 ops — new" in md


def test_a_known_url_on_any_group_of_a_cause_is_its_status():
    groups = [_group("d", "mine:take", "stablehlo.gather", cls="clamp", declared=True, reason="r",
                     known="https://github.com/x/y/issues/1")]
    (cause,) = root_causes(groups)
    assert cause["status"] == "known upstream" and cause["known"].endswith("/issues/1")


def test_triage_stages_locates_an_onnxruntime_seed_at_the_kernel_and_refuses_a_backend_without_stages(tmp_path):
    """``conformance triage SEED --stages`` re-runs the seed at each graph optimisation level: GatherND's
    accepted negative batch_dims is there with every optimisation off, so the kernel owns it (exit 1,
    as replay's convention: the divergence is present), recorded beside the seed, where the repro script
    takes it; a numpy seed has no stages (exit 2, one line)."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    seeds = Path(__file__).resolve().parent.parent / "seeds"
    cli = [sys.executable, "-m", "conformance.interfaces.cli", "triage"]
    seed = shutil.copy(seeds / "onnxruntime-gathernd-13-accepts-negative-batch-dims.json", tmp_path / "seed.json")
    done = subprocess.run(cli + [str(seed), "--stages"], capture_output=True, text=True, timeout=900, cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "graph optimisation disable_all: diverges (accepts-invalid)" in done.stdout
    assert "owner: microsoft/onnxruntime (the CPU kernel)" in done.stdout
    assert (tmp_path / "seed.stages.json").is_file()
    script = subprocess.run([sys.executable, "-m", "conformance.interfaces.cli", "repro", str(seed)],
                            capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert "at: graph optimisation disable_all (owner: microsoft/onnxruntime (the CPU kernel))" in script.stdout, \
        script.stdout[:600] + script.stderr
    numpy_seed = subprocess.run(cli + [str(seeds / "numpy-take-raise-wraps-negative-index.json"), "--stages"],
                                capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert numpy_seed.returncode == 2 and len(numpy_seed.stderr.strip().splitlines()) == 1


def test_the_jax_interpreter_stage_tells_jax_lowering_from_xla(tmp_path):
    """The first jax stage runs the StableHLO jax lowers a call to on StableHLO's reference interpreter
    (no XLA): the clamp of ``scatter_add(mode="clip")`` is jax's own lowering (it clamps the indices
    before the scatter), so it shows there; the int8-overflow gather of ``mode="clip"`` and x + 0 with a
    constant zero conform there and come after jax's lowering; x + 0 diverges from the next stage on, the
    module after the StableHLO-to-HLO conversion."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    seeds = Path(__file__).resolve().parent.parent / "seeds"
    env = {**os.environ, "CONFORMANCE_JAX_STAGE": "interpreter", "CONFORMANCE_CACHE_DIR": str(tmp_path / "cache")}
    replay = [sys.executable, "-m", "conformance.interfaces.cli", "replay"]
    lowering = subprocess.run(replay + [str(seeds / "jax-lax-scatter-add-clip-clamps.json")], capture_output=True,
                              text=True, timeout=600, cwd=tmp_path, env=env)
    assert lowering.returncode == 1 and "still diverges (clamp)" in lowering.stdout, lowering.stdout + lowering.stderr
    xla = subprocess.run(replay + [str(seeds / "jax-lax-gather-clip-int8-index-overflow.json")], capture_output=True,
                         text=True, timeout=600, cwd=tmp_path, env=env)
    assert xla.returncode == 0, xla.stdout + xla.stderr
    # x + 0 with a constant zero loses -0.0's sign after StableHLO-to-HLO (findings/xla_add_zero_constant_...):
    # the module jax lowers, constant and all, adds as IEEE on the interpreter
    add = Path(__file__).resolve().parent / "cases" / "jax_add_zero_constant_seed.json"
    interpreted = subprocess.run(replay + [str(add)], capture_output=True, text=True, timeout=600, cwd=tmp_path, env=env)
    assert interpreted.returncode == 0, interpreted.stdout + interpreted.stderr
    shipped = subprocess.run(replay + [str(add)], capture_output=True, text=True, timeout=600, cwd=tmp_path,
                             env={k: v for k, v in env.items() if k != "CONFORMANCE_JAX_STAGE"})
    assert shipped.returncode == 1 and "still diverges (wrong-value)" in shipped.stdout, shipped.stdout + shipped.stderr
    # the stage between: the module after XLA's StableHLO-to-HLO conversion, back on the interpreter: the add
    # is gone there (x + 0 folded to x), so the conversion owns it, not an HLO pass
    converted = subprocess.run(replay + [str(add)], capture_output=True, text=True, timeout=600, cwd=tmp_path,
                               env={**env, "CONFORMANCE_JAX_STAGE": "converted"})
    assert converted.returncode == 1 and "still diverges (wrong-value)" in converted.stdout, \
        converted.stdout + converted.stderr


def test_iree_stages_tell_the_module_from_the_compiler(tmp_path):
    """An iree seed (an int16 start of dynamic_update_slice read wrong) through ``triage --stages``: the
    suite's module conforms on the reference interpreter, so the module is right and IREE owns it; it
    still diverges at -O0 with constant evaluation off, so it is not an optimization pass."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    # (a copy: triage writes what it located beside the seed, and the checkout stays as it was)
    seed = shutil.copy(Path(__file__).resolve().parent / "cases" / "iree_dynamic_update_slice_seed.json", tmp_path)
    done = subprocess.run([sys.executable, "-m", "conformance.interfaces.cli", "triage", str(seed), "--stages"],
                          capture_output=True, text=True, timeout=900, cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "the module on StableHLO's reference interpreter: conforms" in done.stdout, done.stdout
    assert "first stage that shows it: IREE at -O0, constant evaluation off" in done.stdout, done.stdout


def test_a_repro_script_runs_at_the_located_stage(tmp_path):
    """Where the located stage is a switch of the API the script calls, the script sets it: onnxruntime's
    optimisation level (and still shows the divergence there), XLA's flags before jax is imported,
    torch.compile's backend; a stage of the suite's own making (jax's StableHLO on the interpreter) says the
    script runs the backend as shipped."""
    import subprocess
    import sys
    from pathlib import Path

    from conformance.reports.repro import script
    from conformance.running.seeds import load_seed

    seeds = Path(__file__).resolve().parent.parent / "seeds"
    ort = load_seed(seeds / "onnxruntime-gathernd-13-accepts-negative-batch-dims.json")
    text = script(ort, {"stage": "graph optimisation disable_all", "owner": "microsoft/onnxruntime (the CPU kernel)"})
    assert "GraphOptimizationLevel.ORT_DISABLE_ALL" in text and "sess_options=STAGE_OPTIONS" in text
    assert "This script runs it at that stage." in text
    (tmp_path / "ort.py").write_text(text)
    done = subprocess.run([sys.executable, str(tmp_path / "ort.py")], capture_output=True, text=True, timeout=300)
    assert done.returncode == 1, done.stdout + done.stderr
    xla = load_seed(seeds / "xla-gather-int8-index-overflow.json")
    text = script(xla, {"stage": "XLA, every HLO pass off", "owner": "openxla/xla"})
    assert text.index("os.environ['XLA_FLAGS'] = '--xla_disable_all_hlo_passes=true'") < text.index("import jax")
    gather = load_seed(seeds / "jax-lax-gather-clip-int8-index-overflow.json")
    shipped = script(gather, {"stage": "jax's StableHLO on the reference interpreter", "owner": "jax-ml/jax"})
    assert "This script runs the backend as shipped" in shipped and "XLA_FLAGS" not in shipped
    from conformance.reports.stages import at_stage

    line = "    f = torch.compile(lambda *a: torch.take(*a), dynamic=True)\n"
    staged, set_ = at_stage("    import numpy as np\n" + line, {"stage": "torch.compile backend=aot_eager"})
    assert "torch.compile(lambda *a: torch.take(*a), dynamic=True, backend='aot_eager')" in staged and set_
