"""Every declared deviation names a real target, a known verdict class and a known condition."""
import pytest

from conformance.judging.conditions import is_condition
import importlib.resources

from conformance.running.registry import BUILTIN_BACKENDS, _deviation_file, load_backend, missing_requirements
from conformance.judging.verdict import CLASSES


@pytest.mark.parametrize("backend", sorted(BUILTIN_BACKENDS))
def test_deviation_file_matches_the_backend(backend):
    if missing_requirements(backend):
        pytest.skip(f"{backend} not installed")
    names = {t.name for t in load_backend(backend)}
    declared = _deviation_file(backend, None)
    assert (importlib.resources.files("conformance.adapters") / "deviations" / f"{backend}.toml").is_file() == bool(declared)
    for name, deviations in declared.items():
        assert name in names, f"{backend}.toml declares unknown target {name!r}"
        for dev in deviations:
            assert dev.cls in CLASSES and dev.cls != "conform", f"{name}: unknown class {dev.cls!r}"
            assert not dev.when or is_condition(dev.when), f"{name}: unknown condition {dev.when!r}"
            assert dev.reason and dev.link.startswith("https://"), f"{name}/{dev.cls}: needs a reason and a link"


def _entries():
    import tomllib

    for backend in sorted(BUILTIN_BACKENDS):
        path = importlib.resources.files("conformance.adapters") / "deviations" / f"{backend}.toml"
        if path.is_file():
            for entry in tomllib.loads(path.read_text()).get("deviation", []):
                yield backend, entry


def test_every_value_declaration_has_a_model_or_says_why_not():
    """A wrong-value or history-dependent declaration excuses only what its model predicts; one with
    ``unmodelled`` is a blind spot, and at most 10 % of all declarations may be blind."""
    from conformance.running.registry import MODEL_REQUIRED, _names

    entries = list(_entries())
    blind = 0
    for backend, entry in entries:
        if set(_names(entry["class"])) & set(MODEL_REQUIRED):
            assert entry.get("model") or entry.get("unmodelled"), f"{backend}.toml: {entry['target']}: no model"
            blind += not entry.get("model")
    assert entries and blind <= 0.10 * len(entries), f"{blind} of {len(entries)} declarations are unmodelled"


def test_every_measured_declaration_names_the_releases_it_was_measured_on():
    """A ``MEASURED:`` declaration is a fact about the release it was measured on: it carries ``versions``
    (``>=`` that release), so on an older release the divergence is judged undeclared, not excused."""
    from packaging.specifiers import SpecifierSet

    entries = [(b, e) for b, e in _entries() if e["reason"].startswith("MEASURED:")]
    assert entries
    for backend, entry in entries:
        assert entry.get("versions"), f"{backend}.toml: {entry['target']}: MEASURED without versions"
        SpecifierSet(entry["versions"])  # well formed
