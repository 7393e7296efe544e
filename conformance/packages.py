"""The suite's top-level packages keep the card's generic names (``adapters``, ``oracles``,
``strategies``, ``reports``). Another distribution may install a package of the same name; this
module finds out, without importing anything, and says so in one line."""
from __future__ import annotations

import importlib.util
from pathlib import Path

PACKAGES = ("adapters", "oracles", "strategies", "reports")
TOKEN = 'SUITE = "tensor-index-conformance"'


def foreign_packages() -> str:
    """'' when each package is the suite's own (beside ``conformance``, carrying the suite's token in
    its ``__init__.py``); else one line naming the first that is not and where it was found."""
    home = Path(__file__).resolve().parent.parent
    for name in PACKAGES:
        spec = importlib.util.find_spec(name)
        origin = Path(spec.origin).resolve() if spec and spec.origin else None
        if origin is None or origin.parent.parent != home or TOKEN not in origin.read_text(errors="replace"):
            where = origin.parent if origin else "nowhere"
            return (f"tensor-index-conformance: the import name {name!r} resolves to {where}, not to the suite's own "
                    f"package in {home}: another distribution installs a package of that name; "
                    f"use a separate virtualenv for the suite")
    return ""
