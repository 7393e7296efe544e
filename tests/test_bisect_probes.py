"""``conformance bisect`` following crashes and paired packages (issue 66 item 3), on releases of tiny user
frameworks built here as wheels and installed from a local folder (no network): a crash seed's script
that dies by a signal is "bad", so the bisect names the release that fixed the crash; a release that does
not install, or whose backend does not import, is "skip" with its reason in the result; a backend of two
distributions gets both at the release under bisect, and a mismatch of the two is "could not run" (skip),
never the divergence."""
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest

from conformance.core.case import Case
from conformance.reports.bisect import (BAD, GOOD, KEPT, PARTS, SAME, SKIP, install_command, judged, parts_of,
                                        release_env, requirements, save, search, venv_probe)
from conformance.reports.repro import script
from conformance.running.seeds import make_seed

REGION = '{"dtypes": ("int32",), "forms": ("tensor",)}'


def wheel(folder: Path, name: str, version: str, files: dict[str, str]) -> Path:
    """A pure-Python wheel of distribution ``name`` at ``version`` holding ``files`` (path -> text)."""
    dist = name.replace("-", "_")
    info = f"{dist}-{version}.dist-info"
    entries = {**files, f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
               f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n"}
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{dist}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as z:
        for entry, text in entries.items():
            z.writestr(entry, text)
        z.writestr(f"{info}/RECORD", "".join(f"{e},,\n" for e in [*entries, f"{info}/RECORD"]))
    return path


def _case():
    lhs = np.arange(6, dtype=np.int32).reshape(2, 3)
    return Case("stablehlo.add", {"lhs": lhs, "rhs": lhs - 3}, {"rhs_as_scalar": False})  # (negative rhs elements)


def _backend(tmp_path, monkeypatch, name: str, body: str) -> None:
    """A user backend module ``name`` (one target, ``name:add``) importable in this process only."""
    (tmp_path / "modules").mkdir(exist_ok=True)
    (tmp_path / "modules" / f"{name}.py").write_text(
        f"from conformance.registry import target\n{body}\n\n"
        f"@target('stablehlo.add', '{name}:add', region={REGION}, isolated=False, layouts=('c',))\n"
        f"def add(lhs, rhs, **_):\n    import {name}_fw\n    return {name}_fw.add(lhs, rhs)\n")
    monkeypatch.syspath_prepend(str(tmp_path / "modules"))


def _script(tmp_path, seed) -> Path:
    path = tmp_path / "repro.py"
    path.write_text(script(seed))
    return path


def test_a_crash_seed_bisects_to_the_release_that_fixed_the_crash(tmp_path, monkeypatch):
    """Release 1.0 aborts the process on the case, 1.5 has no wheel (does not install), 1.7 does not import
    (a missing shared library, say), 2.0 conforms: last bad 1.0, first good 2.0, the two skips with their
    reasons in the result and its summary."""
    wheels = tmp_path / "wheels"
    aborting = "import os\n\ndef add(a, b):\n    if (b < 0).any():\n        os.abort()\n    return a + b\n"
    wheel(wheels, "crashfw-fw", "1.0", {"crashfw_fw/__init__.py": aborting})
    wheel(wheels, "crashfw-fw", "1.7", {"crashfw_fw/__init__.py": "raise ImportError('libcrashfw.so: cannot open')\n"})
    wheel(wheels, "crashfw-fw", "2.0", {"crashfw_fw/__init__.py": "def add(a, b):\n    return a + b\n"})
    _backend(tmp_path, monkeypatch, "crashfw", "")
    seed = make_seed("crashfw", "crashfw:add", "crash", _case())
    probe = venv_probe("crashfw-fw", _script(tmp_path, seed), tmp_path / "envs", seed=seed,
                       index=("--no-index", "--find-links", str(wheels)))
    result = search(["1.0", "1.5", "1.7", "2.0"], probe, "crashfw-fw")
    assert (result.direction, result.last_good, result.first_bad) == ("fix", "1.0", "2.0"), result.summary()
    assert result.results == {"1.0": BAD, "2.0": GOOD, "1.5": SKIP, "1.7": SKIP}, result.summary()
    assert result.reasons["1.0"] == "died by SIGABRT"
    assert "pip install crashfw-fw==1.5 failed" in result.reasons["1.5"]
    assert "could not run: ImportError: libcrashfw.so: cannot open" in result.reasons["1.7"]
    summary = result.summary()
    assert "last bad 1.0, first good 2.0" in summary and "1.7 skip (could not run: ImportError" in summary, summary
    saved = json.loads(save(result, tmp_path / "seed.json").read_text())
    assert saved["reasons"]["1.5"] == result.reasons["1.5"] and saved["summary"] == summary
    print(f"crash bisect: {len(result.results)} probes in {result.seconds:.1f} s")


def test_two_distributions_install_together_and_a_mismatch_is_could_not_run(tmp_path, monkeypatch):
    """``pairfw-fw`` checks on import that ``pairfw-fw-runtime`` has its own release. The backend module says
    both are built together (``PARTS``): each probe installs both at the release under bisect and runs
    (1.0 bad, 2.0 good). Installed apart (2.0 with the runtime of 1.0, as a probe that borrowed the caller's
    runtime was), the script could not run: skip, never bad; so also where the module names no parts and the
    mismatch shows only as the import's raise."""
    wheels = tmp_path / "wheels"
    for version, off in (("1.0", 1), ("2.0", 0)):
        checked = (f"from importlib.metadata import version\nRELEASE = {version!r}\n"
                   "if version('pairfw-fw-runtime') != RELEASE:\n"
                   "    raise RuntimeError(f\"pairfw-fw {RELEASE} needs pairfw-fw-runtime {RELEASE}, found "
                   "{version('pairfw-fw-runtime')}\")\n\n"
                   f"def add(a, b):\n    return a + b + {off}\n")
        wheel(wheels, "pairfw-fw", version, {"pairfw_fw/__init__.py": checked})
        wheel(wheels, "pairfw-fw-runtime", version, {"pairfw_fw_runtime/__init__.py": ""})
    _backend(tmp_path, monkeypatch, "pairfw", "PARTS = {'pairfw-fw': 'same', 'pairfw-fw-runtime': 'same'}")
    seed = make_seed("pairfw", "pairfw:add", "wrong-value", _case())
    path = _script(tmp_path, seed)
    assert parts_of("pairfw") == {"pairfw-fw": SAME, "pairfw-fw-runtime": SAME}
    assert requirements("pairfw-fw", "1.0", parts_of("pairfw")) == ["pairfw-fw==1.0", "pairfw-fw-runtime==1.0"]
    index = ("--no-index", "--find-links", str(wheels))
    result = search(["1.0", "2.0"], venv_probe("pairfw-fw", path, tmp_path / "envs", seed=seed, index=index), "pairfw-fw")
    assert result.results == {"1.0": BAD, "2.0": GOOD} and result.direction == "fix", result.summary()

    python, why = release_env(["pairfw-fw==2.0", "pairfw-fw-runtime==1.0"], tmp_path / "envs", index)
    assert python is not None, why
    env = {"PYTHONUNBUFFERED": "1", "PATH": "/usr/bin:/bin"}
    parts_check = subprocess.run([str(python), str(path)], capture_output=True, text=True, timeout=300, env=env)
    answer, reason = judged(parts_check.returncode, parts_check.stdout + parts_check.stderr, seed.cls)
    assert (answer, parts_check.returncode) == (SKIP, 2), parts_check.stdout + parts_check.stderr
    assert "different releases: pairfw-fw 2.0, pairfw-fw-runtime 1.0" in reason, reason
    monkeypatch.delattr(sys.modules["pairfw"], "PARTS")  # no parts named: the import's raise says it
    (tmp_path / "bare").mkdir()
    bare = _script(tmp_path / "bare", seed)
    raised = subprocess.run([str(python), str(bare)], capture_output=True, text=True, timeout=300, env=env)
    answer, reason = judged(raised.returncode, raised.stdout + raised.stderr, seed.cls)
    assert (answer, raised.returncode) == (SKIP, 2), raised.stdout + raised.stderr
    assert "could not run: RuntimeError importing a module: pairfw-fw 2.0 needs pairfw-fw-runtime 2.0" in reason, reason


def test_the_install_command_pairs_the_parts_of_a_built_in_backend(tmp_path):
    """iree's compiler and runtime at one release; onnxruntime's OpenVINO EP with the onnxruntime this
    environment has (versioned apart: pinned, never swapped); a package that is no part installs alone."""
    have = {"onnxruntime": "1.23.2", "tensorflow-cpu": "2.21.0"}.get
    assert requirements("iree-base-runtime", "3.11.0", PARTS["iree"]) == ["iree-base-runtime==3.11.0",
                                                                          "iree-base-compiler==3.11.0"]
    assert requirements("onnxruntime-ep-openvino", "2025.2.0", PARTS["onnxruntime_openvino"], have) == [
        "onnxruntime-ep-openvino==2025.2.0", "onnxruntime==1.23.2"]
    assert requirements("ai-edge-litert", "2.1.0", PARTS["litert"], have) == ["ai-edge-litert==2.1.0",
                                                                              "tensorflow-cpu==2.21.0"]
    assert requirements("numpy", "2.0.0", PARTS["iree"]) == ["numpy==2.0.0"]
    assert all(how in (SAME, KEPT) for parts in PARTS.values() for how in parts.values())
    command = install_command(tmp_path / "bin" / "python", requirements("iree-base-compiler", "3.11.0", PARTS["iree"]))
    assert command[command.index("install"):] == ["install", "-q", "iree-base-compiler==3.11.0",
                                                  "iree-base-runtime==3.11.0"]
    assert command[:3] == [sys.executable, "-m", "pip"] and str(tmp_path / "bin" / "python") in command


def test_a_modules_parts_of_another_form_are_one_line(monkeypatch):
    import types

    module = types.ModuleType("oddparts")
    module.PARTS = ["a", "b"]
    monkeypatch.setitem(sys.modules, "oddparts", module)
    with pytest.raises(ValueError, match="oddparts.PARTS: expected a dict") as e:
        parts_of("oddparts")
    assert "\n" not in str(e.value)
    assert parts_of("numpy") == {}


@pytest.mark.parametrize("code, output, cls, answer, words", [
    (0, "versions: x", "wrong-value", GOOD, ""),
    (1, "versions: x\nexpected: 1\nobserved: 2", "wrong-value", BAD, ""),
    (2, "could not run: ImportError: no module named x", "crash", SKIP, "could not run: ImportError"),
    (-6, "versions: x\nthis seed recorded a crash", "crash", BAD, "died by SIGABRT"),
    (128 + 8, "versions: x", "crash", BAD, "died by SIGFPE"),  # (from a shell)
    (-11, "versions: x", "wrong-value", BAD, "died by SIGSEGV"),  # (the process died in the call: no conforming)
    (-11, "", "crash", SKIP, "died by SIGSEGV importing the backend"),  # (never got to the call)
    (3, "versions: x\nthis seed recorded a crash: if the process dies", "crash", BAD, "exited 3 in the call"),
    (3, "versions: x\nFatal Python error: something", "wrong-value", SKIP, "exited 3: Fatal Python error"),
])
def test_a_scripts_end_is_judged_by_its_contract_and_the_seeds_class(code, output, cls, answer, words):
    got, why = judged(code, output, cls)
    assert got == answer and words in why, (got, why)


def test_a_hang_is_bad_for_a_timeout_seed_only(tmp_path, monkeypatch):
    import conformance.reports.bisect as bisect

    hang = tmp_path / "hang.py"
    hang.write_text("import time\nprint('versions: x', flush=True)\ntime.sleep(60)\n")
    monkeypatch.setattr(bisect, "release_env", lambda requirements, folder, index=(): (Path(sys.executable), ""))
    monkeypatch.setattr(bisect, "HANG_SECONDS", 1)
    monkeypatch.setattr(bisect, "SCRIPT_SECONDS", 1)
    for cls, expected in (("timeout", BAD), ("wrong-value", SKIP)):
        seed = make_seed("numpy", "numpy:take", cls, _case())
        probe = venv_probe("numpy", hang, tmp_path, seed=seed)
        assert probe("1.0") == expected, probe.reasons
        assert ("the recorded hang" if cls == "timeout" else "ran past 1 s") in probe.reasons["1.0"]


def test_the_command_line_bisects_a_crash_seed_from_a_local_folder_of_releases(tmp_path, monkeypatch, capsys):
    """``conformance bisect SEED --package P --versions 1.0,2.0`` with pip pointed at a folder of wheels
    (``PIP_NO_INDEX``, ``PIP_FIND_LINKS``: pip's own settings): each probe's answer and reason printed,
    the fix named, the result beside the seed."""
    from conformance.interfaces.cli import main

    wheels = tmp_path / "wheels"
    wheel(wheels, "clifw-fw", "1.0", {"clifw_fw/__init__.py": "import os\n\ndef add(a, b):\n    os.abort()\n"})
    wheel(wheels, "clifw-fw", "2.0", {"clifw_fw/__init__.py": "def add(a, b):\n    return a + b\n"})
    _backend(tmp_path, monkeypatch, "clifw", "")
    seed = make_seed("clifw", "clifw:add", "crash", _case()).save(tmp_path / "seed.json")
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(wheels))
    assert main(["bisect", str(seed), "--package", "clifw-fw", "--versions", "1.0,2.0", "--env-dir",
                 str(tmp_path / "envs")]) == 0
    out = capsys.readouterr().out
    assert "clifw-fw 1.0: bad (died by SIGABRT)" in out and "clifw-fw 2.0: good" in out, out
    assert "last bad 1.0, first good 2.0" in json.loads((tmp_path / "seed.bisect.json").read_text())["summary"]
