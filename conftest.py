# A checkout runs the suite with its plugin: `pytest -n auto --backend=torch`. (An installed suite
# opts in with `pytest -p conformance.plugin --pyargs conformance`; installing it loads nothing.)
import sys

# Not again where `-p conformance.plugin` already registered it (a run from another folder against this
# checkout's editable install loads this file too): one module under two names is a pytest error.
pytest_plugins = [] if {"conformance.plugin", "conformance.interfaces.plugin"} & set(sys.modules) else \
    ["conformance.interfaces.plugin"]


def pytest_ignore_collect(collection_path, config):
    """`pytest -n auto --backend=torch` in a checkout runs the conformance properties of that backend,
    not the suite's own tests (name `tests` or a path to run those too)."""
    if config.getoption("backend", default=None) and not config.option.file_or_dir:
        parts = collection_path.parts[len(config.rootpath.parts):] if collection_path.is_relative_to(config.rootpath) else ()
        return True if parts[:1] == ("tests",) else None
    return None
