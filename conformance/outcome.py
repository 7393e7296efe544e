"""A public name kept where users import it: ``conformance.outcome`` is ``conformance.core.outcome`` (the
same module object, so its state and its monkeypatchable names are shared)."""
import sys

from conformance.core import outcome as _module

sys.modules[__name__] = _module
