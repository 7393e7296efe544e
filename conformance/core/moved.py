"""Module names from before the suite had one import namespace (0.2: ``adapters.iree``; now
``conformance.adapters.iree``). A deviations file or ``--backend`` that still names one keeps working,
with a ``DeprecationWarning`` naming the new module; a package of the user's own that happens to carry
one of these names is left alone."""
from __future__ import annotations

import importlib.util
import warnings
from pathlib import Path

MOVED = ("adapters", "oracles", "strategies", "reports")


def current(module: str) -> str:
    """The importable name of ``module``: ``conformance.<module>`` for a moved name, else unchanged."""
    head = module.partition(".")[0]
    if head not in MOVED:
        return module
    spec = importlib.util.find_spec(head)
    ours = (Path(__file__).resolve().parent.parent / head).resolve()  # conformance/<head>
    if spec is not None and spec.origin and Path(spec.origin).resolve().parent != ours:
        return module  # another project's own package of that name
    warnings.warn(f"{module!r} is now 'conformance.{module}' (the suite has one import namespace since 0.3); "
                  f"the old name will stop working in a later release", DeprecationWarning, stacklevel=3)
    return f"conformance.{module}"
