"""A public name kept where users import it: ``conformance.opspec`` is ``conformance.core.opspec`` (the
same module object, so its state and its monkeypatchable names are shared)."""
import sys

from conformance.core import opspec as _module

sys.modules[__name__] = _module
