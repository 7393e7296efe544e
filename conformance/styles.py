"""A public name kept where users import it: ``conformance.styles`` is ``conformance.adapters.styles`` (the
same module object): the arguments of common API styles from a case, for a new framework's targets."""
import sys

from conformance.adapters import styles as _module

sys.modules[__name__] = _module
