"""Issue 49, item 3: every attribute a runtime branches on is run, or left out with a reason. The table
(``conformance.interfaces.attributes_table``) is held to the registered built-in targets: each family of
``family[value]`` targets is listed (or named as not an attribute), each value listed as run has its
target, every target of a family runs a listed value, and every value left out says why."""
from collections import defaultdict

from conformance.interfaces.attributes_table import CASE, FAMILIES, NOT_ATTRIBUTES, family
from conformance.running.registry import BUILTIN_BACKENDS, load_backend, missing_requirements

INSTALLED = [b for b in BUILTIN_BACKENDS if not missing_requirements(b)]


def _families() -> dict:
    out = defaultdict(set)
    for backend in INSTALLED:
        for t in load_backend(backend):
            found = family(t.name)
            if found:
                out[found[0]].add(found[1])
    return out


def test_every_family_of_the_installed_backends_is_listed_and_its_targets_run_the_listed_values():
    registered = _families()
    unlisted = sorted(f for f in registered if f not in FAMILIES and f not in NOT_ATTRIBUTES)
    assert not unlisted, f"target families with no row in attributes_table.FAMILIES: {unlisted}"
    for fam, values in registered.items():
        if fam in NOT_ATTRIBUTES:
            continue
        listed = {v for _, run, _ in FAMILIES[fam] if run != CASE for v in run}
        assert values == listed, (fam, sorted(values ^ listed))


def test_every_value_left_out_says_why_and_the_table_prints():
    from conformance.interfaces.attributes_table import markdown

    for fam, attrs in FAMILIES.items():
        for attribute, run, why in attrs:
            assert run == CASE or run, (fam, attribute)
            assert why == "" or len(why) > 10, (fam, attribute, why)
    assert "| `numpy:take` | mode | `clip`, `raise`, `wrap` | none |" in markdown()
