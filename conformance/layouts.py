"""A public name kept where users import it: ``conformance.layouts`` is ``conformance.core.layouts`` (the
same module object, so its state and its monkeypatchable names are shared)."""
import sys

from conformance.core import layouts as _module

sys.modules[__name__] = _module
