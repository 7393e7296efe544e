"""docs/findings: the triage record. Every script has exactly one row in docs/findings/README.md and every row
a script; each row carries a kind (crashes and hangs apart from wrong values, listed first), what it needs to
run, a relation from the allowed set, an owning project and stage, an https URL where it points upstream, and
the same relation as the script's header docstring; the counts at the top of the README match the table, and
the list of scripts run here has every script once. Reads files only (no backend needed)."""
import ast
import collections
import re
from pathlib import Path

import pytest

FINDINGS = Path(__file__).resolve().parent.parent / "docs" / "findings"
README = FINDINGS / "README.md"
SCRIPTS = sorted(p.name for p in FINDINGS.glob("*.py"))
HEADER = ["script", "backend", "kind", "needs", "what", "governing text", "upstream search", "relation", "owner: stage"]
KINDS = ("new", "duplicate of", "follow-up of", "fixed in", "documented", "spec-silent")
# what a script shows; the first three are triaged before wrong values (issue 69)
SHOWS = ("crash", "hang", "memory", "value", "refusal")
DRAFTED = ("new", "follow-up of")  # a new upstream report: a draft in upstream-drafts.md


def _tables(text):
    """Every markdown table in the text, as (header cells, rows of cells)."""
    tables, current = [], None
    for line in text.splitlines():
        if line.startswith("|") and line.rstrip().endswith("|"):
            cells = [c.strip() for c in line.strip()[1:-1].split("|")]
            if current is None:
                current = (cells, [])
                tables.append(current)
            elif not all(re.fullmatch(r":?-+:?", c) for c in cells):
                current[1].append(cells)
        else:
            current = None
    return tables


def _table(header0):
    found = [t for t in _tables(README.read_text()) if t[0][0] == header0]
    assert len(found) == 1, f"expected one table headed {header0!r}, found {len(found)}"
    return found[0]


def _rows():
    header, rows = _table("script")
    assert header == HEADER
    assert all(len(r) == len(HEADER) for r in rows), [r[0] for r in rows if len(r) != len(HEADER)]
    return [dict(zip(HEADER, r)) for r in rows]


def _script(row):
    m = re.fullmatch(r"`([^`]+\.py)`", row["script"])
    assert m, row["script"]
    return m.group(1)


def _kind(relation):
    for kind in KINDS:
        if relation == kind or relation.startswith(kind + " "):
            return kind
    return None


def test_every_script_has_exactly_one_row_and_every_row_a_script():
    names = [_script(r) for r in _rows()]
    duplicates = [n for n, c in collections.Counter(names).items() if c > 1]
    assert not duplicates
    assert sorted(names) == SCRIPTS


@pytest.mark.parametrize("row", _rows(), ids=lambda r: r["script"].strip("`"))
def test_a_row_is_a_complete_triage_record(row):
    kind = _kind(row["relation"])
    assert kind in KINDS, row["relation"]
    if kind in ("new", "documented", "spec-silent"):
        assert row["relation"] == kind
    else:
        assert re.search(r"https://\S+", row["relation"]), row["relation"]
    assert kind != "fixed in" or re.match(r"fixed in \S.* \(https://\S+\)$", row["relation"]), row["relation"]
    owner, _, stage = row["owner: stage"].partition(":")
    assert re.fullmatch(r"[\w.-]+/[\w.-]+", owner.strip()), owner
    assert stage.strip()
    assert "located by experiment" in stage or "not located by experiment" in stage or "upstream" in stage \
        or kind in ("documented",), stage
    assert row["governing text"] and row["what"] and row["backend"]
    assert row["kind"] in SHOWS, row["kind"]
    assert row["needs"], "needs: '-' when the script needs nothing beyond its packages"
    assert "2026-" in row["upstream search"] and "'" in row["upstream search"], "no queries or date"


def _docstring_relation(name):
    doc = ast.get_docstring(ast.parse((FINDINGS / name).read_text())) or ""
    found = re.findall(r"^Relation: (.+)$", doc, re.M)
    assert len(found) == 1, f"{name}: {len(found)} 'Relation:' lines in the header docstring"
    return found[0].strip()


@pytest.mark.parametrize("row", _rows(), ids=lambda r: r["script"].strip("`"))
def test_the_script_docstring_carries_the_rows_relation(row):
    assert _docstring_relation(_script(row)) == row["relation"]


def test_the_counts_at_the_top_match_the_table():
    rows = _rows()
    header, counts = _table("relation")
    assert header == ["relation", "rows"]
    stated = {r[0]: int(r[1]) for r in counts}
    actual = collections.Counter(_kind(r["relation"]) for r in rows)
    assert stated == {k: actual.get(k, 0) for k in KINDS}
    assert sum(stated.values()) == len(SCRIPTS)
    header, counts = _table("owning project")
    stated = {r[0]: int(r[1]) for r in counts}
    assert stated == dict(collections.Counter(r["owner: stage"].split(":")[0].strip() for r in rows))
    header, counts = _table("old label")
    assert sum(int(r[1]) for r in counts) == len(SCRIPTS)
    changed = re.search(r"Rows whose relation changed: (\d+) of (\d+)", README.read_text())
    assert changed and int(changed.group(2)) == len(SCRIPTS) and int(changed.group(1)) <= len(SCRIPTS)
    assert re.search(r"last upstream search: \d{4}-\d{2}-\d{2}", README.read_text())


def test_drafts_are_kept_for_new_and_follow_up_findings_only():
    drafts = (FINDINGS / "upstream-drafts.md").read_text()
    drafted = set(re.findall(r"^Script: \[([^\]]+\.py)\]", drafts, re.M))
    new = {_script(r) for r in _rows() if _kind(r["relation"]) in DRAFTED}
    assert drafted == new


def test_every_draft_states_the_hardware_and_releases_it_needs():
    drafts = (FINDINGS / "upstream-drafts.md").read_text()
    sections = re.split(r"^## ", drafts, flags=re.M)[1:]
    for section in sections:
        if "Script: [" not in section:
            continue
        assert "**Needs.**" in section, section.splitlines()[0]
        needs = section.split("**Needs.**", 1)[1].split("\n\n", 1)[0]
        assert re.search(r"\d+\.\d+", needs), f"no release in the Needs line of {section.splitlines()[0]}"
        assert re.search(r"CPU|x86|hardware", needs), f"no hardware in the Needs line of {section.splitlines()[0]}"


def test_crashes_and_hangs_are_counted_apart_and_listed_first():
    rows = _rows()
    header, counts = _table("kind")
    assert header[:3] == ["kind", "rows", "new"]
    stated = {r[0]: (int(r[1]), int(r[2])) for r in counts}
    actual = collections.Counter(r["kind"] for r in rows)
    new = collections.Counter(r["kind"] for r in rows if r["relation"] == "new")
    assert stated == {k: (actual.get(k, 0), new.get(k, 0)) for k in SHOWS}
    ranks = [SHOWS.index(r["kind"]) < 3 for r in rows]
    assert ranks == sorted(ranks, reverse=True), "crash, hang and memory rows come before the others"


def test_every_script_is_in_the_list_run_here_with_its_exit_code():
    header, runs = _table("run")
    assert header[:3] == ["run", "exit", "reason"]
    names = [re.fullmatch(r"`([^`]+\.py)`", r[0]).group(1) for r in runs]
    assert sorted(names) == SCRIPTS
    assert all(r[1] in ("0", "1", "2") and r[2] for r in runs)
    text = README.read_text()
    assert re.search(r"CPU: .*(Intel|AMD|ARM|GenuineIntel|AuthenticAMD)", text), "the machine the list ran on"
