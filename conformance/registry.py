"""A public name kept where users import it: ``conformance.registry`` is ``conformance.running.registry`` (the
same module object, so its state and its monkeypatchable names are shared)."""
import sys

from conformance.running import registry as _module

sys.modules[__name__] = _module
