"""``conformance triage SEED --stages``: where in a compiled backend's pipeline a seed's divergence comes
in, found by experiment. The seed runs again (``conformance replay``, a fresh process, an empty compile
cache) at successive stages of its backend's pipeline, each switched by the public API's own options;
the first stage that shows the seed's class (else the first whose result leaves the spec) names the
project and component that own the bug.

- ``onnxruntime``: graph optimisation off, basic, extended, all (``SessionOptions.graph_optimization_level``);
- ``torch_compile``: ``backend="eager"`` (Dynamo's graph capture alone), ``"aot_eager"`` (AOTAutograd and
  the decompositions), ``"inductor"`` (as shipped: Inductor's lowering and code);
- ``jax``: the StableHLO jax lowers the call to, run on StableHLO's reference interpreter
  (``CONFORMANCE_JAX_STAGE=interpreter``: jax's lowering, no XLA at all); then as ``xla``;
- ``xla``: the suite's module on the reference interpreter (``CONFORMANCE_XLA_STAGE=interpreter``);
- ``jax`` and ``xla``: the module after XLA's StableHLO-to-HLO conversion (which runs StableHLO's
  legalization and simplification patterns), translated back to StableHLO and run on the reference
  interpreter (``...STAGE=converted``); XLA with every HLO pass off (``--xla_disable_all_hlo_passes``:
  what is left is XLA's runtime and code generation); XLA as shipped (an HLO pass).
- ``iree``: the suite's StableHLO module on the reference interpreter (``CONFORMANCE_IREE_STAGE=interpreter``:
  the module itself), IREE with ``--iree-opt-level=O0 --iree-opt-const-eval=false``, IREE as shipped;
- ``openvino``: the ONNX frontend's model through ``Model.evaluate`` (each op's reference evaluation, no
  CPU plugin; GatherND has none: "could not run"), the CPU plugin with snippets off (``SNIPPETS_MODE=DISABLE``), the CPU plugin as shipped.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass


@dataclass(frozen=True)
class Stage:
    name: str
    env: dict
    owner: str  # who owns a divergence that first shows at this stage


def _xla(front: str, env: str) -> list[Stage]:
    """The stages from the StableHLO-to-HLO conversion on (``front``: what the stages before ruled out;
    ``env``: the backend's stage variable)."""
    return [Stage("the module after XLA's StableHLO-to-HLO conversion, on the reference interpreter",
                  {env: "converted"},
                  f"{front}openxla/stablehlo (the StableHLO-to-HLO conversion and the legalization and "
                  f"simplification patterns it runs), or openxla/xla's translation into HLO"),
            Stage("XLA, every HLO pass off", {"XLA_FLAGS": "--xla_disable_all_hlo_passes=true"},
                  "openxla/xla (its CPU runtime and code generation: not the conversion, not an HLO pass)"),
            Stage("XLA as shipped", {}, "openxla/xla (an HLO pass)")]


STAGES: dict[str, list[Stage]] = {
    "onnxruntime": [Stage(f"graph optimisation {level}", {"CONFORMANCE_ORT_OPT_LEVEL": level}, owner)
                    for level, owner in (("disable_all", "microsoft/onnxruntime (the CPU kernel)"),
                                         ("basic", "microsoft/onnxruntime (a basic graph transformer: constant folding, "
                                                   "redundant node elimination)"),
                                         ("extended", "microsoft/onnxruntime (an extended graph transformer: fusions)"),
                                         ("all", "microsoft/onnxruntime (a layout transformer)"))],
    "torch_compile": [Stage(f"torch.compile backend={b}", {"CONFORMANCE_TORCH_COMPILE_BACKEND": b}, owner)
                      for b, owner in (("eager", "pytorch/pytorch (Dynamo's graph capture, or eager torch itself)"),
                                       ("aot_eager", "pytorch/pytorch (AOTAutograd and the decompositions)"),
                                       ("inductor", "pytorch/pytorch (Inductor's lowering and generated code)"))],
    "jax": [Stage("jax's StableHLO on the reference interpreter", {"CONFORMANCE_JAX_STAGE": "interpreter"},
                  "jax-ml/jax (its lowering to StableHLO), or the reference interpreter itself")]
           + _xla("not jax's lowering (its StableHLO conforms on the interpreter): ", "CONFORMANCE_JAX_STAGE"),
    "xla": [Stage("the module on StableHLO's reference interpreter", {"CONFORMANCE_XLA_STAGE": "interpreter"},
                  "not XLA: the module the suite built, or the reference interpreter")]
           + _xla("", "CONFORMANCE_XLA_STAGE"),
    "iree": [Stage("the module on StableHLO's reference interpreter", {"CONFORMANCE_IREE_STAGE": "interpreter"},
                   "not IREE: the module the suite built, or the reference interpreter"),
             Stage("IREE at -O0, constant evaluation off", {"CONFORMANCE_IREE_STAGE": "O0"},
                   "iree-org/iree (its input conversion, codegen or runtime: not an optimization pass)"),
             Stage("IREE as shipped", {}, "iree-org/iree (an optimization pass or constant evaluation)")],
    "openvino": [Stage("OpenVINO's model through Model.evaluate", {"CONFORMANCE_OPENVINO_STAGE": "evaluate"},
                       "openvinotoolkit/openvino (the ONNX frontend, or an op's reference evaluation)"),
                 Stage("the CPU plugin, snippets off", {"CONFORMANCE_OPENVINO_STAGE": "no-snippets"},
                       "openvinotoolkit/openvino (the CPU plugin: its transformations or kernels)"),
                 Stage("the CPU plugin as shipped", {}, "openvinotoolkit/openvino (the CPU plugin's snippets code generation)")],
}
MEANING = {0: "conforms", 1: "diverges"}
SIDECAR = ".stages.json"  # beside the seed: ``<seed stem>.stages.json``


def sidecar(seed_path) -> "Path":
    """Where ``conformance triage --stages`` leaves its result for ``seed_path`` (the report and
    ``conformance repro`` read it there, as they read bisect's)."""
    from pathlib import Path

    seed_path = Path(seed_path)
    return seed_path.with_name(seed_path.stem + SIDECAR)


def save(seed_path, first: "Stage | None", results: list) -> None:
    """Record the located stage (or none) and every stage's verdict beside the seed."""
    import json

    sidecar(seed_path).write_text(json.dumps({
        "stage": first.name if first else None, "owner": first.owner if first else None,
        "stages": [[stage.name, MEANING.get(code, "could not run")] for stage, code in results]}, indent=1))


def located(seed_path) -> dict:
    """``{"stage": name, "owner": project}`` where triage located ``seed_path``'s divergence, else {}."""
    from conformance.running.seeds import beside

    data = beside(seed_path, SIDECAR)
    return {"stage": data["stage"], "owner": data.get("owner")} if data.get("stage") else {}


def stage_note(where: dict) -> str:
    """One sentence for a script or a report: the stage a triage located, and who owns it."""
    return f"Located by `conformance triage --stages` at: {where['stage']} (owner: {where['owner']})." if where else ""


def _stage(where: dict) -> Stage | None:
    return next((s for stages in STAGES.values() for s in stages if s.name == where.get("stage")), None)


def at_stage(text: str, where: dict) -> tuple[str, bool]:
    """(``text``, a repro script, set to run at the located stage; whether it could be): where the stage is a
    switch of the backend's public API the script calls (XLA's flags, onnxruntime's optimisation level,
    torch.compile's backend), the script sets it; a stage of the suite's own making (a reference-interpreter
    run, IREE's or OpenVINO's stage variables) is left to ``conformance replay``, and the script runs the
    backend as shipped."""
    stage = _stage(where)
    if stage is None or not stage.env:
        return text, stage is not None  # (the last stage of each pipeline is the backend as shipped)
    head = "    import numpy as np\n"
    env = dict(stage.env)
    if "XLA_FLAGS" in env:  # read by XLA when it starts: before jax or jaxlib is imported
        flags = env.pop("XLA_FLAGS")
        text = text.replace(head, head + f"    import os\n    os.environ['XLA_FLAGS'] = {flags!r}  # the located stage\n", 1)
    level = env.pop("CONFORMANCE_ORT_OPT_LEVEL", None)
    if level and "onnxruntime.InferenceSession(" in text:
        from conformance.adapters.ort_session import LEVELS

        text = text.replace("    import onnxruntime\n", "    import onnxruntime\n    STAGE_OPTIONS = onnxruntime.SessionOptions()"
                            f"  # the located stage\n    STAGE_OPTIONS.graph_optimization_level = "
                            f"onnxruntime.GraphOptimizationLevel.{LEVELS[level]}\n", 1)
        text = text.replace(", providers=['CPUExecutionProvider']", ", sess_options=STAGE_OPTIONS, providers=['CPUExecutionProvider']")
        level = None if "STAGE_OPTIONS.graph" in text else level
    backend = env.pop("CONFORMANCE_TORCH_COMPILE_BACKEND", None)
    if backend and "torch.compile(" in text:
        text = text.replace("dynamic=True", f"dynamic=True, backend={backend!r}")
        backend = None
    return text, not env and level is None and backend is None


def run_stages(seed_path: str, backend: str, cls: str = "", say=print) -> tuple[Stage | None, list[tuple[Stage, int]]]:
    """(the first stage that shows the seed's divergence: its class ``cls`` where a stage shows it, else
    the first whose result leaves the spec, or None; every stage with ``replay``'s exit code)."""
    results, classes = [], []
    for stage in STAGES[backend]:
        with tempfile.TemporaryDirectory() as cache:
            env = {**os.environ, **stage.env, "CONFORMANCE_CACHE_DIR": cache}
            done = subprocess.run([sys.executable, "-m", "conformance.interfaces.cli", "replay", seed_path],
                                  capture_output=True, text=True, timeout=1800, env=env)
        results.append((stage, done.returncode))
        said = (done.stdout + done.stderr).strip().splitlines()[-1:] or [""]
        shown = re.search(r"still diverges \(([^)]+)\)", done.stdout)  # (replay's line names the class)
        classes.append(shown.group(1) if shown else "")
        say(f"  {stage.name}: {MEANING.get(done.returncode, 'could not run')}"
            + (f" ({classes[-1]})" if classes[-1] else "")
            + ("" if done.returncode in MEANING else f" ({said[0][:160]})"))
    first = next((s for (s, code), c in zip(results, classes) if code == 1 and c == cls), None) or \
        next((s for s, code in results if code == 1), None)
    return first, results
