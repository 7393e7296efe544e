"""The suite's Hypothesis profiles in a long-lived process."""
from hypothesis import settings

from conformance.running import engine, profiles


def _depth(s) -> int:
    depth = 0
    while getattr(s, "_fallback", None) is not None:
        s, depth = s._fallback, depth + 1
    return depth


def test_many_property_runs_do_not_chain_the_profile():
    """Each property run asks for its settings (registering the profiles); a worker runs thousands. The
    settings must not grow a chain of fallbacks run after run (it did: past 1,000 links a lookup of
    ``database`` raised RecursionError inside an unrelated test)."""
    profiles.register()
    before = settings.get_current_profile_name()
    settings.load_profile("ci")
    try:
        first = _depth(engine.hypothesis_settings("ci"))
        for _ in range(50):
            engine.hypothesis_settings("ci", max_examples=2)
        assert _depth(engine.hypothesis_settings("ci")) == first <= 3
    finally:
        settings.load_profile(before)
