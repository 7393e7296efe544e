"""Every measured declaration names the releases it was measured on (issue 66, item 5).

A reason that says the behaviour was measured (``MEASURED:``, ``MEASURED (iree-base-compiler 3.13.0 ...)``,
``MEASURED on CPU``, ``Measured:``, ``(measured on jax 0.10.2)``) states a fact about one release. Without
``versions`` the declaration would excuse the same divergence on every other release, an old release's
since-fixed bug among them. This reads every file in adapters/deviations, not only the backends that
are installed here.
"""
import importlib.resources
import re
import tomllib

import pytest
from packaging.specifiers import InvalidSpecifier, SpecifierSet

from conformance.running.registry import BACKEND_PACKAGES

MEASURED = re.compile(r"\bmeasured\b", re.IGNORECASE)


def _files():
    folder = importlib.resources.files("conformance.adapters") / "deviations"
    return sorted((p for p in folder.iterdir() if p.name.endswith(".toml")), key=lambda p: p.name)


def unversioned(backend: str, entries: list[dict]) -> list[str]:
    """The measured entries of one deviations file that carry no well-formed ``versions``, or whose
    ``versions`` leaves out the backend package's release that their reason names."""
    bad = []
    for entry in entries:
        reason = entry.get("reason", "")
        if not MEASURED.search(reason):
            continue
        where = f"{backend}.toml: {entry['target']} / {entry['class']}: {reason[:60]!r}"
        spec = entry.get("versions")
        if not spec:
            bad.append(f"{where}: measured, no versions")
            continue
        try:
            specifier = SpecifierSet(spec)
        except InvalidSpecifier:
            bad.append(f"{where}: versions {spec!r} is not a PEP 440 specifier")
            continue
        package = entry.get("package") or BACKEND_PACKAGES.get(backend, "")
        named = re.search(rf"(?<![\w/-]){re.escape(package)}(?:-cpu)? (\d+(?:\.\d+)+)", reason) if package else None
        if named and not specifier.contains(named.group(1), prereleases=True):
            bad.append(f"{where}: measured on {package} {named.group(1)}, versions {spec!r} leaves it out")
    return bad


def test_every_deviations_file_is_read():
    names = {p.name for p in _files()}
    assert {f"{b}.toml" for b in BACKEND_PACKAGES} <= names


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_every_measured_declaration_is_versioned(path):
    entries = tomllib.loads(path.read_text()).get("deviation", [])
    assert unversioned(path.name.removesuffix(".toml"), entries) == []


def test_the_count_of_measured_declarations_without_versions_is_zero():
    count = sum(len(unversioned(p.name.removesuffix(".toml"), tomllib.loads(p.read_text()).get("deviation", [])))
                for p in _files())
    assert count == 0


@pytest.mark.parametrize("reason", [
    "MEASURED: int8 Add saturates.",
    "MEASURED (ci run, 2026-11-23): subnormals are flushed.",
    "MEASURED on CPU: subnormals are flushed.",
    "MEASURED, undocumented: indices are taken modulo the dim size.",
    "Measured: a window partly out of bounds is dropped whole.",
    "lax.gather (measured on jax 0.10.2) raises TypeError.",
])
def test_a_measured_entry_without_versions_is_caught_whatever_its_wording(reason):
    entry = {"target": "jax:lax.gather[None]", "class": "wrong-value", "reason": reason}
    assert len(unversioned("jax", [entry])) == 1
    assert unversioned("jax", [{**entry, "versions": ">=0.10.2"}]) == []


def test_versions_that_leave_out_the_release_named_are_caught():
    entry = {"target": "jax:lax.div", "class": "crash", "versions": ">=0.11",
             "reason": "MEASURED on jax 0.10.2, CPU: a constant integer division by zero kills the process."}
    (line,) = unversioned("jax", [entry])
    assert line.startswith("jax.toml: jax:lax.div / crash: ") and line.endswith(
        "measured on jax 0.10.2, versions '>=0.11' leaves it out")
    assert "not a PEP 440" in unversioned("jax", [{**entry, "versions": "0.10.2+"}])[0]


def test_a_documented_entry_needs_no_versions():
    entry = {"target": "jax:jnp.take[None]", "class": "fill",
             "reason": "The default mode is 'fill': out-of-bounds indices return the fill value."}
    assert unversioned("jax", [entry]) == []
