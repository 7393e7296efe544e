"""report.html and report.md: what needs action first, then the backends × spec ops matrix, the trend
over earlier reports, and details per group; report.html checked in a real (headless) browser."""
import re
import shutil
import subprocess

import pytest

from conformance.interfaces.cli import main
from conformance.reports.run import write

ARGS = ["--backends", "numpy", "--ops", "stablehlo.scatter", "stablehlo.add", "--examples", "4", "--seed", "3",
        "--targets", "numpy:*.at", "numpy:put[clip]", "numpy:put_along_axis", "numpy:x[idx]=v", "numpy:np.add"]
# (not put[wrap]: its declared hang, an index near 2**62 looping, costs each report a 20 s timeout)


@pytest.fixture(scope="module")
def report_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("report")
    assert main(["report", *ARGS, "--out", str(out)]) == 0
    return out


def test_page_order_links_and_details(report_dir):
    page = (report_dir / "report.html").read_text()
    assert page.index('id="action"') < page.index('id="matrix"') < page.index('id="details"')
    assert "<script src" not in page and "http://" not in page.split('id="details"')[0]  # self-contained
    for anchor in set(re.findall(r'href="#([^"]+)"', page)):  # every link lands on an element of the page
        assert f'id="{anchor}"' in page, anchor
    assert re.search(r'<tr><th>numpy</th>.*?</tr>', page, re.S)  # the backend's row in the matrix
    groups = re.findall(r'<details class="group" id="g-([0-9a-f]+)"', page)
    assert groups and all(f"seeds/{g}.json" in page for g in groups)  # each group: its seed, its case
    assert "stablehlo.scatter\n  inputs" in page or "stablehlo.add\n  lhs" in page  # the case, pretty-printed


def test_markdown_puts_action_first(report_dir):
    md = (report_dir / "report.md").read_text()
    assert md.index("## Needs action now") < md.index("## Backends × spec ops")
    assert "| numpy |" in md


def test_trend_and_changes_over_earlier_reports(report_dir, tmp_path):
    for name in ("a", "b"):
        shutil.copytree(report_dir, tmp_path / name)
    write(tmp_path / "b", "dev", 3, previous=[tmp_path / "a"])
    page = (tmp_path / "b" / "report.html").read_text()
    assert '<section id="trend">' in page and "<svg" in page and "<polyline" in page
    assert "<b>New (0)</b>" in page and "<b>Fixed (0)</b>" in page


def test_each_report_carries_its_history_so_last_nights_folder_is_enough(report_dir, tmp_path):
    import json

    shutil.copytree(report_dir, tmp_path / "a")
    for name, previous in (("b", "a"), ("c", "b")):
        shutil.copytree(report_dir, tmp_path / name)
        write(tmp_path / name, "dev", 3, previous=[tmp_path / previous])
    nights = (tmp_path / "c" / "history.jsonl").read_text().splitlines()
    assert len(nights) == 3 and all(json.loads(n)["divergences"] for n in nights)
    assert "last 3 reports" in (tmp_path / "c" / "report.html").read_text()  # a, b and c, from b's folder alone
    shutil.copytree(report_dir, tmp_path / "d")  # a history file works as well as a folder
    assert main(["merge", str(tmp_path / "d"), "--out", str(tmp_path / "e"),
                 "--previous", str(tmp_path / "c" / "history.jsonl")]) == 0
    assert "last 4 reports" in (tmp_path / "e" / "report.html").read_text()


def test_a_bad_previous_is_one_line(tmp_path, capsys):
    (tmp_path / "h.jsonl").write_text("not json\n")
    for bad in (tmp_path / "h.jsonl", tmp_path / "missing", tmp_path):
        assert main(["report", *ARGS, "--out", str(tmp_path / "o"), "--previous", str(bad)]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("conformance report: --previous: expected") and "\n" not in err


def test_action_list_and_matrix_are_in_the_first_screen(report_dir):
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("no chromium (apt-get install -y chromium) to render report.html in")
    done = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000",
                           "--dump-dom", f"file://{report_dir / 'report.html'}"], capture_output=True, text=True,
                          timeout=120)
    head = done.stdout[:600]
    assert 'data-action-in-first-screen="yes"' in head, head
    assert 'data-matrix-in-first-screen="yes"' in head, head
