"""A public name kept where users run it: the ``conformance`` command and ``python -m conformance.cli`` are
``conformance.interfaces.cli`` (the same module object)."""
import sys

from conformance.interfaces import cli as _module

if __name__ == "__main__":
    sys.exit(_module.main())
sys.modules[__name__] = _module
