import pytest

from conformance.running.registry import load_backend, missing_requirements


@pytest.fixture(scope="session")
def builtin_target():
    """Look up a built-in target by backend and name; skip cleanly when the backend is not installed."""
    def get(backend: str, name: str):
        missing = missing_requirements(backend)
        if missing:
            pytest.skip(f"{backend} not installed ({', '.join(missing)})")
        return {t.name: t for t in load_backend(backend)}[name]
    return get


@pytest.fixture(autouse=True)
def _seeds_to_tmp(tmp_path, monkeypatch):
    """Failing properties in the self-tests write their seed files under the test's tmp_path."""
    from conformance.core import runtime

    monkeypatch.setitem(runtime._STATE, "seed_dir", str(tmp_path / "seeds"))


@pytest.fixture
def found_is_enough(monkeypatch):
    """For a test that asks only whether a divergence is found: no shrinking of the failing case (the
    shrink is most of such a run's time: 23 of 23.4 s for the bool-add mutant)."""
    from hypothesis import Phase

    from conformance.running import engine as runner

    real = runner.hypothesis_settings
    monkeypatch.setattr(runner, "hypothesis_settings",
                        lambda profile, **kw: real(profile, phases=[p for p in Phase if p != Phase.shrink], **kw))
