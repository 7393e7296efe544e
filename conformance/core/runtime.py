"""Run-wide settings the pytest plugin and the command line set: the device targets run on, the
number of examples per property (``None``: the Hypothesis profile's) and where a failing property
writes its seed file."""
from __future__ import annotations

DEFAULT_SEED_DIR = ".conformance/seeds"
# what a target raises where a triage stage (reports.stages) cannot run a case; ``conformance replay``
# reads it as "this stage could not run" (exit 2), not as a verdict
STAGE_UNAVAILABLE = "stage unavailable"
_STATE: dict = {"device": "cpu", "examples": None, "seed_dir": ""}


def device() -> str:
    return _STATE["device"]


def set_device(name: str) -> None:
    if name not in ("cpu", "cuda", "gpu"):
        raise ValueError(f"--device: expected cpu or cuda, got {name!r}")
    _STATE["device"] = "cuda" if name == "gpu" else name


def set_examples(n: int | None) -> None:
    _STATE["examples"] = n


def examples() -> int | None:
    return _STATE["examples"]


def set_seed_dir(path: str) -> None:
    """Where failing properties write seed files ('' : nowhere)."""
    _STATE["seed_dir"] = path


def seed_dir() -> str:
    return _STATE["seed_dir"]
