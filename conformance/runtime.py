"""Run-wide settings the pytest plugin and the command line set: the device targets run on and
the number of examples per property (``None``: the Hypothesis profile's)."""
from __future__ import annotations

_STATE: dict = {"device": "cpu", "examples": None}


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
