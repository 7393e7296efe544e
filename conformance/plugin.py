"""A public name kept where users import it: ``conformance.plugin`` is ``conformance.interfaces.plugin`` (the
same module object, so its state and its monkeypatchable names are shared)."""
import sys

from conformance.interfaces import plugin as _module

sys.modules[__name__] = _module
