"""Hypothesis profiles: ``dev`` (default, quick), ``ci`` (the README's test command) and ``nightly``."""
from __future__ import annotations

from contextlib import contextmanager

from hypothesis import HealthCheck, settings

_COMMON = dict(deadline=None, print_blob=True,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                      HealthCheck.large_base_example])
PROFILES = {"dev": 30, "ci": 20, "nightly": 1000}
MAX_EXAMPLES = 100_000  # --examples above this is a typo, not a run anyone waits for
# The ci profile gives targets of backends that compile every new shape (a jit of each case) fewer random
# examples, after the same full edge phase (where the rare edges are), so that the README's test command
# stays within its budget on a 2-core machine (measured: docs/measurements.md).
CI_STATEFUL_EXAMPLES = 2  # random cases of the stateful property under ci (after its fixed-seed ones)
COMPILED_BACKENDS = ("jax", "xla")
FRESH_DRAWS = False  # set by a caller (benchmarks.class_accuracy --fresh) for new random cases under ci
CI_COMPILED_EXAMPLES = 8
# Backends that build one executable per signature run each random case of an op with value sets
# (``OpSpec.values_ref``) as this many value sets, and draw that many times fewer cases: as many values
# judged, that many times fewer compiles. The ci profile keeps one (its fixed draws hit the compile cache).
VALUE_SET_BACKENDS = ("jax", "xla", "torch_compile", "iree", "openvino")
VALUE_SETS = {"dev": 3, "nightly": 5}
# share of the random valid cases a target that takes ``dynamic_shapes`` runs with dynamic shapes (its
# constructed edge cases run both ways in every profile: ``engine.phases``)
DYNAMIC_SHARE = {"dev": 0.5, "nightly": 0.5}


_REGISTERED: list = []


def register() -> None:
    """Register the suite's profiles with Hypothesis, once a process. (Hypothesis makes a new settings
    object fall back on the profile loaded at the time: registering "ci" again while it is loaded chained
    every new "ci" to the one before, one link per property run, until a long-lived worker's settings
    lookups ran past Python's recursion limit.)"""
    if _REGISTERED:
        return
    for name, examples in PROFILES.items():
        settings.register_profile(name, max_examples=examples, **_COMMON)
    _REGISTERED.append(True)


def unknown(name: str) -> str:
    """'' if ``name`` is a registered Hypothesis profile, else what was expected (one line)."""
    import difflib

    try:
        settings.get_profile(name)
        return ""
    except Exception:  # hypothesis.errors.InvalidArgument
        close = difflib.get_close_matches(name, PROFILES, n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        return f"no such profile; {hint}expected one of {', '.join(PROFILES)} (default dev)"


def fixed_draws(profile: str = "") -> bool:
    """True under the ``ci`` profile: its random phase is seeded per (target, property run) like the
    edge phase and reads no example database, so a fresh run of the README's test command draws the
    same cases on every machine (a gate that passes here passes there; tests run before in the same
    worker can still shift Hypothesis's draws). ``dev`` and ``nightly`` draw new cases each run."""
    return (profile or settings.get_current_profile_name()) == "ci" and not FRESH_DRAWS


def stateful_examples(profile: str = "") -> int | None:
    """The stateful property's random examples under ``profile`` (default: the loaded one; None: the
    property's own)."""
    return CI_STATEFUL_EXAMPLES if (profile or settings.get_current_profile_name()) == "ci" else None


def random_examples(backend: str, op: str = "", profile: str = "") -> int | None:
    """The random-phase example count of a target of ``backend`` (for spec op ``op``) under ``profile``
    (default: the loaded one; None: the profile's own count)."""
    if (profile or settings.get_current_profile_name()) != "ci":
        return None
    from conformance.core.opspec import op_spec

    counts = ([CI_COMPILED_EXAMPLES] if backend in COMPILED_BACKENDS else []) + \
        ([op_spec(op).ci_examples] if op and op_spec(op).ci_examples else [])
    return min(counts) if counts else None


def value_sets(backend: str, profile: str = "", opted: bool = False) -> int:
    """How many value sets each random case of a ``backend`` target runs as under ``profile`` (default:
    the loaded one); ``opted``: the target's module asks for them (``VALUE_SETS = True``)."""
    wanted = backend in VALUE_SET_BACKENDS or opted
    return VALUE_SETS.get(profile or settings.get_current_profile_name(), 1) if wanted else 1


def runs_dynamic(case_id: str, profile: str = "") -> bool:
    """Whether the random case ``case_id`` runs with dynamic shapes under ``profile`` (default: the loaded
    one), where its target takes them: a fixed function of the case, so a replay and a shrink agree."""
    share = DYNAMIC_SHARE.get(profile or settings.get_current_profile_name(), 0.0)
    return int(case_id[:8], 16) / 16**8 < share


@contextmanager
def module_independent_draws():
    """Hypothesis (6.131 on) mixes integer and float constants found in the *loaded* local modules into
    what it draws, so one seed draws different cases in processes that happened to import different
    modules (a report run with --jobs 1 against --jobs 3, an edge phase after another test module).
    Inside this context that pool is empty: seeded and derandomized runs draw the same cases anywhere.
    A no-op where Hypothesis has no such pool."""
    try:
        from hypothesis.internal.conjecture import providers

        original, empty = providers._get_local_constants, providers.Constants()
    except (ImportError, AttributeError):
        yield
        return
    providers._get_local_constants = lambda: empty
    providers.CONSTANTS_CACHE.cache.clear()
    try:
        yield
    finally:
        providers._get_local_constants = original
        providers.CONSTANTS_CACHE.cache.clear()
