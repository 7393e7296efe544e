"""report.html and report.md: what needs action first, then the backends × spec ops matrix, the trend
over earlier reports, and details per group; report.html checked in a real (headless) browser."""
import re
import shutil
import subprocess

import pytest

from conformance.cli import main
from reports.run import write

ARGS = ["--backends", "numpy", "--ops", "stablehlo.scatter", "stablehlo.add", "--examples", "4", "--seed", "3"]


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
