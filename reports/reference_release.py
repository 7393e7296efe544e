"""``--reference-release REQ``: the reference of ``--reference DIR`` made here. The requirements (``pkg==version``,
a backend of several distributions completed with its other parts as bisect does) are installed in a throwaway
environment by ``bisect.release_env``, the same run (pytest's selection, or ``conformance report``'s targets, with
the same seed and profile) is made there into a fresh folder with its verdicts recorded, and that folder is the
reference. Anything that goes wrong (the install, an import there, a run that ends in an error, a release other
than the one asked for) is a ValueError of one line.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from packaging.requirements import InvalidRequirement, Requirement

OPTION = "--reference-release"
# options of this run the reference run leaves out (name -> whether it takes a value): it records, never judges
DROPPED = {OPTION: True, "--reference": True, "--fail-on": True, "--record-verdicts": False, "--seed-dir": True,
           "--out": True, "--resume": True, "--previous": True, "--remeasure": False}


def requirements(given: list[str], backends: list[str] = ()) -> list[str]:
    """The requirements ``given`` (each one or several, space-separated), each ``pkg==version``, completed with
    the other parts of ``backends`` (``bisect.parts_of``: iree's runtime beside its compiler, at one release);
    ValueError, one line, for anything else."""
    from conformance.reports.bisect import parts_of, requirements as with_parts

    out = [r for text in given for r in text.split()]
    for r in out:
        try:
            req = Requirement(r)
            ok = len(req.specifier) == 1 and next(iter(req.specifier)).operator == "=="
        except InvalidRequirement:
            ok = False
        if not ok:
            raise ValueError(f"{OPTION} {r}: expected PACKAGE==VERSION (several for a backend in parts: "
                             f"'iree-base-compiler==3.11.0 iree-base-runtime==3.11.0')")
    if not out:
        raise ValueError(f"{OPTION}: expected PACKAGE==VERSION, got nothing")
    named = {_name(r) for r in out}
    for backend in backends:
        parts = parts_of(backend)
        for r in list(out):
            package, version = _name(r), r.split("==", 1)[1]
            for extra in with_parts(package, version, parts)[1:]:
                if _name(extra) not in named:
                    out.append(extra)
                    named.add(_name(extra))
    return out


def _name(requirement: str) -> str:
    return Requirement(requirement).name.lower().replace("_", "-")


def envs_folder() -> Path:
    """Where the environments are kept: bisect's (``<cache folder>/bisect``), so either reuses the other's."""
    from conformance.running.compile_cache import ENV_DIR, default_folder

    return Path(os.environ.get(ENV_DIR) or default_folder()) / "bisect"


def rest_of(args: list[str], many: tuple[str, ...] = ()) -> list[str]:
    """``args`` without the options ``DROPPED`` names (``--opt value`` or ``--opt=value``; those in ``many``
    take every value up to the next option, as ``nargs="+"`` does)."""
    out, values, several = [], 0, False
    for a in args:
        if values and not (several and a.startswith("-")):
            values -= not several
            continue
        values = 0
        name = a.split("=", 1)[0]
        if name in DROPPED:
            values, several = int(DROPPED[name] and "=" not in a), name in many
            continue
        out.append(a)
    return out


def record(given: list[str], backends: list[str], command: list[str], cwd: str | Path, folder: Path,
           say=print) -> Path:
    """Install ``given`` (``requirements``) in a throwaway environment, run ``command`` (its arguments after the
    interpreter: ``-m pytest ...``, writing into ``folder``) there in ``cwd``, and return ``folder`` once it holds
    the run's verdicts on the releases asked for; ValueError, one line, where it does not."""
    from conformance.reports.bisect import release_env
    from conformance.running import reference

    reqs = requirements(given, backends)
    envs = envs_folder()
    envs.mkdir(parents=True, exist_ok=True)
    python, why = release_env(reqs, envs)
    if python is None:
        raise ValueError(f"{OPTION}: {why}")
    say(f"{OPTION}: {' '.join(reqs)} in {python.parent.parent}; recording the same run there into {folder}")
    start = time.monotonic()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONHOME", reference.ENV, reference.FAIL_ENV)}
    done = subprocess.run([str(python), *command], cwd=cwd, env=env, capture_output=True, text=True)
    (folder / "reference-run.log").write_text(done.stdout + done.stderr)
    if done.returncode not in (0, 1):  # (1: the reference's own divergences; they are what it is for)
        raise ValueError(f"{OPTION}: the run on {' '.join(reqs)} ended with exit {done.returncode}: "
                         f"{_why(done.stdout + done.stderr)} (its output: {folder / 'reference-run.log'})")
    seen = _releases(folder / reference.VERDICTS)
    for r in reqs:
        package, version = _name(r), r.split("==", 1)[1]
        if package in seen and not _same(seen[package], version):
            raise ValueError(f"{OPTION}: asked for {r}, the run there imported {package} {seen[package]}")
    tail = [line for line in done.stdout.splitlines() if line.strip()]
    say(f"{OPTION}: recorded in {time.monotonic() - start:.0f} s ({tail[-1].strip('= ') if tail else 'no output'})")
    return folder


def fresh_folder() -> Path:
    return Path(tempfile.mkdtemp(prefix="conformance-reference-"))


def _why(output: str) -> str:
    """The line of a failed run that says why: its first ``ERROR:``/``error:`` line, else its last line."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    errors = [line for line in lines if line.lower().startswith(("error:", "conformance"))]
    return (errors or lines or ["no output"])[0 if errors else -1][:300]


def _releases(verdicts: Path) -> dict[str, str]:
    import json

    if not verdicts.is_file():
        raise ValueError(f"{OPTION}: the run there wrote no {verdicts.name} in {verdicts.parent}")
    first = verdicts.read_text().split("\n", 1)[0].split("\t")
    return {k.lower().replace("_", "-"): v for k, v in json.loads(first[1]).items()} if len(first) > 1 else {}


def _same(a: str, b: str) -> bool:
    from packaging.version import InvalidVersion, Version

    try:
        return Version(a) == Version(b)
    except InvalidVersion:
        return a == b
