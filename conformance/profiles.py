"""Hypothesis profiles: ``dev`` (default, quick), ``ci`` (the README's test command) and ``nightly``."""
from __future__ import annotations

from hypothesis import HealthCheck, settings

_COMMON = dict(deadline=None, print_blob=True,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                      HealthCheck.large_base_example])
PROFILES = {"dev": 30, "ci": 60, "nightly": 1000}


def register() -> None:
    for name, examples in PROFILES.items():
        settings.register_profile(name, max_examples=examples, **_COMMON)
