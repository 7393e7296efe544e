"""``conformance bisect``: the release of a package that brought a divergence in (or took it out).

Each probed release is installed into a throwaway virtual environment of its own (kept under the
suite's cache folder, so a second bisect reuses it) that sees the current environment's packages
behind its own: only the package under test, the other parts of its backend (``PARTS``: iree's compiler
and runtime at the same release, say) and what that release itself requires are installed there. The
seed's standalone repro script runs in it and its end is judged (``judged``): exit 0 is good (conforms),
1 bad (the divergence is present), and so is a death by a signal after the script's imports (a crash seed's
reproduction) or, for a timeout seed, a hang; a release that did not install, a script that could not run
(exit 2: a failing import, parts of mismatched releases) or died in its imports skips that release, its
reason kept. A binary search over the ordered releases finds the last good and the first bad one (or the
other way round, for a fix), as ``git bisect`` does.
"""
from __future__ import annotations

import json
import os
import re
import signal
import site
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

from packaging.version import InvalidVersion, Version

GOOD, BAD, SKIP = "good", "bad", "skip"
SAME, KEPT = "same", "kept"  # how a bisect installs a backend's other parts: at the release under bisect, or at this environment's
# backend -> the distributions its package comes in. Bisecting one of them installs each other one beside it:
# SAME (built together, one release number: at the release under bisect) or KEPT (versioned apart: pinned at
# the release this environment has, so pip cannot swap it, and left out where this environment has none).
# A user backend's module states its own as ``PARTS`` (the same form). (tensorflow_xla is tensorflow alone.)
PARTS = {"iree": {"iree-base-compiler": SAME, "iree-base-runtime": SAME},
         "litert": {"ai-edge-litert": KEPT, "tensorflow": KEPT, "tensorflow-cpu": KEPT},
         "onnxruntime_openvino": {"onnxruntime": KEPT, "onnxruntime-ep-openvino": KEPT}}
SCRIPT_SECONDS = 600  # a probe's repro script may run this long (a compiler's first call included)
HANG_SECONDS = 120  # a timeout seed's script still running after this long shows the recorded hang


@dataclass
class Bisection:
    package: str
    versions: list[str]  # the ordered releases searched
    results: dict[str, str] = field(default_factory=dict)  # version -> good | bad | skip, in probe order
    reasons: dict[str, str] = field(default_factory=dict)  # version -> why it skipped (or how it was bad: a signal)
    last_good: str | None = None  # for a regression; for a fix: the last bad (see ``direction``)
    first_bad: str | None = None
    direction: str = ""  # "regression" (good, then bad), "fix" (bad, then good), or "" (no change)
    seconds: float = 0.0

    def summary(self) -> str:
        tried = ", ".join(f"{v} {r}" + (f" ({self.reasons[v]})" if v in self.reasons else "")
                          for v, r in self.results.items())
        if not self.direction:
            ends = {self.results.get(self.versions[0]), self.results.get(self.versions[-1])}
            return f"{self.package}: no change across {self.versions[0]}..{self.versions[-1]} ({'/'.join(sorted(e for e in ends if e))}); tried {tried}"
        if self.direction == "regression":
            return f"{self.package}: last good {self.last_good}, first bad {self.first_bad} (tried {tried})"
        return f"{self.package}: last bad {self.last_good}, first good {self.first_bad} (fixed; tried {tried})"


def search(versions: list[str], probe: Callable[[str], str], package: str = "") -> Bisection:
    """Binary search of ``versions`` (oldest first) for where ``probe`` changes its answer. A skipped
    release is stepped over (its neighbours are probed instead); the answer is the closest pair of
    probed releases with different answers and only skipped ones between them."""
    out = Bisection(package, list(versions))
    start = time.monotonic()

    def answer(i: int) -> str:
        v = versions[i]
        if v not in out.results:
            out.results[v] = probe(v)
            why = getattr(probe, "reasons", {}).get(v)
            if why:
                out.reasons[v] = why
        return out.results[v]

    lo, hi = 0, len(versions) - 1
    while lo <= hi and answer(lo) == SKIP:
        lo += 1
    while hi >= lo and answer(hi) == SKIP:
        hi -= 1
    if lo >= hi or answer(lo) == answer(hi):
        out.seconds = time.monotonic() - start
        return out
    low_answer = answer(lo)
    while hi - lo > 1:
        mid = (lo + hi) // 2  # the middle release, else the nearest one to it that ran
        found = next((i for i in sorted(range(lo + 1, hi), key=lambda i: (abs(i - mid), i)) if answer(i) != SKIP), None)
        if found is None:
            break
        if answer(found) == low_answer:
            lo = found
        else:
            hi = found
    out.last_good, out.first_bad = versions[lo], versions[hi]
    out.direction = "regression" if low_answer == GOOD else "fix"
    out.seconds = time.monotonic() - start
    return out


def releases(package: str, index: Callable[[str], list[str]] | None = None) -> list[str]:
    """Every final release of ``package`` on the package index, oldest first (``pip index versions``)."""
    listed = (index or _pip_index)(package)
    final = []
    for v in listed:
        try:
            parsed = Version(v)
        except InvalidVersion:
            continue
        if not parsed.is_prerelease and not parsed.is_devrelease:
            final.append(v)
    return sorted(set(final), key=Version)


def _pip_index(package: str) -> list[str]:
    done = subprocess.run([sys.executable, "-m", "pip", "index", "versions", package], capture_output=True, text=True,
                          timeout=300)
    m = re.search(r"Available versions: (.*)", done.stdout)
    if done.returncode != 0 or not m:
        raise ValueError(f"--package {package}: the package index lists no releases ({(done.stderr or done.stdout).strip()[:200]})")
    return [v.strip() for v in m.group(1).split(",")]


def choose(spec: str, package: str, index: Callable[[str], list[str]] | None = None) -> list[str]:
    """The releases a ``--versions`` argument names: ``all``, ``A..B`` (both ends included, from the
    index), or a comma-separated list (taken as given, ordered)."""
    if spec == "all" or ".." in spec:
        every = releases(package, index)
        if spec == "all":
            return every
        a, _, b = spec.partition("..")
        lo, hi = Version(a), Version(b)
        chosen = [v for v in every if lo <= Version(v) <= hi]
        missing = [x for x in (a, b) if x not in chosen]
        if missing:
            raise ValueError(f"--versions {spec}: {package} has no release {missing[0]} on the index")
        return chosen
    return sorted({v.strip() for v in spec.split(",") if v.strip()}, key=Version)


def borrowed_sites() -> list[str]:
    """The site folders of the running interpreter (its site-packages and the user's), where the suite,
    numpy and the user's other packages are installed, however they were: a regular install, a wheel, or
    an editable one (whose import hook a ``.pth`` file in that folder sets up)."""
    folders = list(site.getsitepackages())
    if site.ENABLE_USER_SITE and os.path.isdir(site.getusersitepackages()):
        folders.append(site.getusersitepackages())
    return folders


def parts_of(backend: str) -> dict[str, str]:
    """The distributions ``backend``'s package comes in, each SAME or KEPT (``PARTS``; a user backend's
    module states its own as ``PARTS``); {} for a backend of one distribution. ValueError, one line, for a
    module's ``PARTS`` of another form."""
    if backend in PARTS:
        return PARTS[backend]
    stated = getattr(sys.modules.get(backend), "PARTS", None)
    if stated is None:
        return {}
    if not isinstance(stated, dict) or not all(isinstance(k, str) and v in (SAME, KEPT) for k, v in stated.items()):
        raise ValueError(f"{backend}.PARTS: expected a dict of distribution name -> {SAME!r} (built with the others, one "
                         f"release number) or {KEPT!r} (versioned apart), got {stated!r}")
    return dict(stated)


def requirements(package: str, version: str, parts: dict[str, str],
                 installed: Callable[[str], str | None] | None = None) -> list[str]:
    """What a probe of ``package`` at ``version`` installs: ``package==version`` and, where it is one of
    ``parts``, every other part: a SAME one at ``version`` too, a KEPT one at the release this environment
    has (``installed``; left out where there is none)."""
    if installed is None:
        from conformance.running.registry import installed_version as installed
    out = [f"{package}=={version}"]
    if package not in parts:
        return out
    for other, how in parts.items():
        release = version if how == SAME else installed(other)
        if other != package and release:
            out.append(f"{other}=={release}")
    return out


def venv_probe(package: str, script: Path, folder: Path, *, seed=None, parts: dict[str, str] | None = None,
               index: tuple[str, ...] = ()) -> Callable[[str], str]:
    """A probe that installs ``package==version`` (with its backend's other ``parts``, by default those of
    ``seed``'s backend: ``parts_of``) into a throwaway environment under ``folder`` (once) and runs ``script``
    there, its end judged by ``judged`` for ``seed``'s class; why a release skipped (or how it was bad) is
    kept in ``probe.reasons[version]``. ``index``: pip options naming where releases come from
    (``--no-index --find-links DIR``)."""
    reasons: dict[str, str] = {}
    cls = getattr(seed, "cls", "")
    if parts is None:
        parts = parts_of(seed.backend) if seed is not None else {}

    def probe(version: str) -> str:
        python, why = release_env(requirements(package, version, parts), folder, index)
        if python is None:
            reasons[version] = why
            return SKIP
        seconds = HANG_SECONDS if cls == "timeout" else SCRIPT_SECONDS
        env = {**{k: v for k, v in os.environ.items() if k != "PYTHONHOME"}, "PYTHONUNBUFFERED": "1"}
        try:  # (unbuffered: a death keeps what the script printed before it)
            run = subprocess.run([str(python), str(script)], capture_output=True, text=True, timeout=seconds, env=env)
            answer, why = judged(run.returncode, run.stdout + run.stderr, cls)
        except subprocess.TimeoutExpired:
            answer, why = (BAD, f"still running after {seconds} s: the recorded hang") if cls == "timeout" else \
                (SKIP, f"the repro script ran past {seconds} s")
        if why:
            reasons[version] = why
        return answer
    probe.reasons = reasons
    return probe


def judged(returncode: int, output: str, cls: str = "") -> tuple[str, str]:
    """(good | bad | skip, why: '' where the exit code says it all) for one end of a seed's repro script
    (its exit contract: 0 conforms, 1 diverges, 2 could not run). A death by a signal (a negative
    return code, or 128+N from a shell) after the script's imports (its ``versions:`` line) is bad: the
    process died in the case's call; one before it, in the backend's import, skips. Any other exit of a
    crash seed's script in the call (its crash note printed, no verdict) is the recorded crash: bad."""
    if returncode in (0, 1):
        return (GOOD, "") if returncode == 0 else (BAD, "")
    if returncode == 2:
        return SKIP, _last_line(output)  # (the script's own "could not run: ..." line)
    imported = "versions:" in output
    number = -returncode if returncode < 0 else returncode - 128 if 128 < returncode < 128 + 65 else 0
    if number:
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = f"signal {number}"
        return (BAD, f"died by {name}") if imported else (SKIP, f"died by {name} importing the backend")
    if cls == "crash" and "this seed recorded a crash" in output and "expected:" not in output:
        return BAD, f"exited {returncode} in the call, as the recorded crash"
    return SKIP, f"the repro script exited {returncode}: {_last_line(output)}"


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1][:200] if lines else "no output"


def install_command(python: Path, requirements: list[str], index: tuple[str, ...] = ()) -> list[str]:
    """The pip command that installs ``requirements`` into the environment of ``python``: this interpreter's
    pip, pointed at it (``--python``), so the environment needs no pip of its own."""
    return [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", *index, *requirements]


def release_env(requirements: list[str], folder: Path, index: tuple[str, ...] = ()) -> tuple[Path | None, str]:
    """(the python of a throwaway virtual environment under ``folder`` with ``requirements`` installed
    (``pkg==version`` each; made once and reused), or None and why not). Behind its own site-packages it
    sees ``borrowed_sites()``, each added as a site folder (``site.addsitedir``: its ``.pth`` files run, so
    an editable install of the suite imports there as it does here). ``index``: pip's options for where
    releases come from."""
    env_dir = folder / "+".join(r.replace("==", "-") for r in requirements)
    python = env_dir / "bin" / "python"
    if (env_dir / "installed").exists():
        return python, ""
    subprocess.run([sys.executable, "-m", "venv", "--clear", "--without-pip", str(env_dir)], check=True,
                   capture_output=True)
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    (Path(purelib) / "_conformance_borrowed.pth").write_text(
        "".join(f"import site; site.addsitedir({d!r})\n" for d in borrowed_sites()))
    done = subprocess.run(install_command(python, requirements, index), capture_output=True, text=True, timeout=1800)
    if done.returncode != 0:
        return None, f"pip install {' '.join(requirements)} failed: {_last_line(done.stderr or done.stdout)}"
    (env_dir / "installed").write_text(" ".join(requirements))
    return python, ""


def save(result: Bisection, seed_path: Path) -> Path:
    """The result as ``<seed>.bisect.json`` beside the seed file."""
    path = seed_path.with_name(seed_path.stem + ".bisect.json")
    path.write_text(json.dumps({**asdict(result), "summary": result.summary()}, indent=1) + "\n")
    return path
