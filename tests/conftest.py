import pytest

from conformance.registry import load_backend, missing_requirements


@pytest.fixture(scope="session")
def builtin_target():
    """Look up a built-in target by backend and name; skip cleanly when the backend is not installed."""
    def get(backend: str, name: str):
        missing = missing_requirements(backend)
        if missing:
            pytest.skip(f"{backend} not installed ({', '.join(missing)})")
        return {t.name: t for t in load_backend(backend)}[name]
    return get
