"""Run-wide settings the pytest plugin and the command line set: the device targets run on."""
from __future__ import annotations

_STATE = {"device": "cpu"}


def device() -> str:
    return _STATE["device"]


def set_device(name: str) -> None:
    if name not in ("cpu", "cuda", "gpu"):
        raise ValueError(f"--device: expected cpu or cuda, got {name!r}")
    _STATE["device"] = "cuda" if name == "gpu" else name
