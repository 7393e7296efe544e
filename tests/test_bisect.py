"""``conformance bisect``'s search over releases, on a fake package index: the last good and first bad
release of a regression, of a fix, releases that would not install or run stepped over, no change
reported as such, and the --versions forms (A..B from the index, all, a list)."""
import pytest

from conformance.reports.bisect import BAD, GOOD, SKIP, choose, releases, search

INDEX = ["1.16.0", "1.17.0", "1.17.1", "1.18.0rc1", "1.18.0", "1.19.0", "1.20.0", "1.20.1", "1.21.0", "1.22.0",
         "1.23.0.dev4", "1.23.0"]


def fake_index(package):
    return list(reversed(INDEX))  # as pip lists them: newest first


def test_the_index_gives_final_releases_oldest_first_and_ranges_are_taken_from_it():
    assert releases("x", fake_index) == [v for v in INDEX if "rc" not in v and "dev" not in v]
    assert choose("1.17.1..1.20.1", "x", fake_index) == ["1.17.1", "1.18.0", "1.19.0", "1.20.0", "1.20.1"]
    assert choose("all", "x", fake_index)[0] == "1.16.0"
    assert choose("1.20.0, 1.17.0,1.19.0", "x", fake_index) == ["1.17.0", "1.19.0", "1.20.0"]
    with pytest.raises(ValueError, match="no release 1.99.0"):
        choose("1.17.0..1.99.0", "x", fake_index)


@pytest.mark.parametrize("first_bad", range(1, 10))
def test_a_regression_is_found_in_few_probes(first_bad):
    versions = releases("x", fake_index)
    probed = []

    def probe(v):
        probed.append(v)
        return BAD if versions.index(v) >= first_bad else GOOD

    result = search(versions, probe, "x")
    assert (result.last_good, result.first_bad, result.direction) == (versions[first_bad - 1], versions[first_bad], "regression")
    assert len(probed) <= 2 + 4 and len(set(probed)) == len(probed)  # the two ends, then log2(10) steps


def test_a_fix_is_found_the_other_way_round():
    versions = releases("x", fake_index)
    result = search(versions, lambda v: GOOD if v >= "1.21.0" else BAD, "x")
    assert (result.last_good, result.first_bad, result.direction) == ("1.20.1", "1.21.0", "fix")
    assert "first good 1.21.0" in result.summary()


def test_releases_that_do_not_install_are_stepped_over():
    versions = releases("x", fake_index)
    broken = {"1.16.0", "1.19.0", "1.20.0"}  # (the oldest end among them)

    def probe(v):
        return SKIP if v in broken else BAD if v >= "1.20.0" else GOOD

    result = search(versions, probe, "x")
    assert (result.last_good, result.first_bad) == ("1.18.0", "1.20.1")  # the bug came in 1.19.0, 1.20.0 or 1.20.1
    assert all(result.results[v] == SKIP for v in broken if v in result.results)


def test_no_change_across_the_range_says_so():
    result = search(releases("x", fake_index), lambda v: BAD, "x")
    assert result.direction == "" and result.first_bad is None and "no change" in result.summary()


def test_a_bisect_beside_a_groups_seed_is_shown_in_the_report(tmp_path):
    """``conformance bisect out/seeds/<id>.json`` writes ``<id>.bisect.json``; the report written again
    (``--resume``) carries its summary in report.json, report.md's action list and report.html."""
    import json

    from conformance.interfaces.cli import main
    from conformance.reports.bisect import save

    out = tmp_path / "r"
    args = ["report", "--backends", "numpy", "--ops", "stablehlo.gather", "--targets", "numpy:take[raise]",
            "numpy:take_along_axis", "--examples", "2", "--out", str(out)]  # (take[wrap]'s declared hang: 20 s)
    assert main(args) == 0
    group = json.loads((out / "report.json").read_text())["divergences"][0]
    result = search(["1.0.0", "1.1.0", "1.2.0"], lambda v: BAD if v >= "1.1.0" else GOOD, "numpy")
    save(result, out / group["seed"])
    assert main(["report", "--resume", str(out)]) == 0
    again = {d["id"]: d for d in json.loads((out / "report.json").read_text())["divergences"]}[group["id"]]
    assert again["bisect"] == "numpy: last good 1.0.0, first bad 1.1.0 (tried 1.0.0 good, 1.2.0 bad, 1.1.0 bad)"
    assert again["bisect"] in (out / "report.html").read_text()
