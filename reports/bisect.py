"""``conformance bisect``: the release of a package that brought a divergence in (or took it out).

Each probed release is installed into a throwaway virtual environment of its own (kept under the
suite's cache folder, so a second bisect reuses it) that sees the current environment's packages
behind its own: only the package under test (and what that release itself requires) is installed
there. The seed's standalone repro script runs in it; by the script's exit-code contract 0 is good
(conforms), 1 is bad (the divergence is present), anything else skips that release (it did not
install, or the script could not run there). A binary search over the ordered releases finds the
last good and the first bad one (or the other way round, for a fix), as ``git bisect`` does.
"""
from __future__ import annotations

import json
import os
import re
import site
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

from packaging.version import InvalidVersion, Version

GOOD, BAD, SKIP = "good", "bad", "skip"


@dataclass
class Bisection:
    package: str
    versions: list[str]  # the ordered releases searched
    results: dict[str, str] = field(default_factory=dict)  # version -> good | bad | skip, in probe order
    last_good: str | None = None  # for a regression; for a fix: the last bad (see ``direction``)
    first_bad: str | None = None
    direction: str = ""  # "regression" (good, then bad), "fix" (bad, then good), or "" (no change)
    seconds: float = 0.0

    def summary(self) -> str:
        tried = ", ".join(f"{v} {r}" for v, r in self.results.items())
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


def venv_probe(package: str, script: Path, folder: Path) -> Callable[[str], str]:
    """A probe that installs ``package==version`` into ``folder/<package>-<version>`` (once) and runs
    ``script`` there: good on exit 0, bad on exit 1, skip otherwise (it did not install, or could not run),
    with the reason kept in ``probe.reasons[version]``. Behind its own site-packages the environment sees
    ``borrowed_sites()``, each added as a site folder (``site.addsitedir``: its ``.pth`` files run, so an
    editable install of the suite imports there as it does here)."""
    reasons: dict[str, str] = {}

    def probe(version: str) -> str:
        python, why = release_env([f"{package}=={version}"], folder)
        if python is None:
            reasons[version] = why
            return SKIP
        run = subprocess.run([str(python), str(script)], capture_output=True, text=True, timeout=600,
                             env={k: v for k, v in os.environ.items() if k != "PYTHONHOME"})
        if run.returncode not in (0, 1):
            reasons[version] = f"the repro script exited {run.returncode}: {_last_line(run.stderr or run.stdout)}"
        return {0: GOOD, 1: BAD}.get(run.returncode, SKIP)
    probe.reasons = reasons
    return probe


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1][:200] if lines else "no output"


def release_env(requirements: list[str], folder: Path) -> tuple[Path | None, str]:
    """(the python of a throwaway virtual environment under ``folder`` with ``requirements`` installed
    (``pkg==version`` each; made once and reused), or None and why not). Behind its own site-packages it
    sees ``borrowed_sites()``, each added as a site folder (``site.addsitedir``: its ``.pth`` files run, so
    an editable install of the suite imports there as it does here)."""
    env_dir = folder / "+".join(r.replace("==", "-") for r in requirements)
    python = env_dir / "bin" / "python"
    if (env_dir / "installed").exists():
        return python, ""
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(env_dir)], check=True, capture_output=True)
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    (Path(purelib) / "_conformance_borrowed.pth").write_text(
        "".join(f"import site; site.addsitedir({d!r})\n" for d in borrowed_sites()))
    done = subprocess.run([str(python), "-m", "pip", "install", "-q", *requirements],
                          capture_output=True, text=True, timeout=1800)
    if done.returncode != 0:
        return None, f"pip install {' '.join(requirements)} failed: {_last_line(done.stderr or done.stdout)}"
    (env_dir / "installed").write_text(" ".join(requirements))
    return python, ""


def save(result: Bisection, seed_path: Path) -> Path:
    """The result as ``<seed>.bisect.json`` beside the seed file."""
    path = seed_path.with_name(seed_path.stem + ".bisect.json")
    path.write_text(json.dumps({**asdict(result), "summary": result.summary()}, indent=1) + "\n")
    return path
