"""A public name kept where users import it: ``conformance.case`` is ``conformance.core.case`` (the
same module object, so its state and its monkeypatchable names are shared)."""
import sys

from conformance.core import case as _module

sys.modules[__name__] = _module
