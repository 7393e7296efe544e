"""``conformance report``: same seed, same report; a crashing and a hanging target are recorded while
the run completes; a run killed midway and resumed loses no divergence."""
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conformance.running import engine as runner
from conformance.interfaces.cli import main
from conformance.running.registry import load_backend, missing_requirements
from conformance.reports.run import run

# four of numpy's scatter targets (not put[wrap], whose declared hang, an index near 2**62 looping, costs
# every report a 20 s timeout; the hang's own handling is tested with a test target below): enough for
# three shards and a run killed after two targets, each with divergences (declared and not)
ARGS = ["--backends", "numpy", "--ops", "stablehlo.scatter", "--targets", "numpy:add.at", "numpy:put[clip]",
        "numpy:put_along_axis", "numpy:x[idx]=v", "--examples", "8", "--seed", "3"]


@pytest.fixture(scope="module")
def baseline(tmp_path_factory):
    """One report with ARGS (three jobs), shared read-only by the tests that compare against it."""
    out = tmp_path_factory.mktemp("baseline")
    assert main(["report", *ARGS, "--jobs", "3", "--out", str(out)]) == 0
    return out


def _report(path):
    data = json.loads((path / "report.json").read_text())
    data.pop("created")
    return data


def test_same_seed_gives_the_same_report_whatever_the_number_of_jobs(tmp_path, baseline):
    assert main(["report", *ARGS, "--jobs", "1", "--out", str(tmp_path / "one")]) == 0
    a, b = _report(baseline), _report(tmp_path / "one")  # the baseline ran three jobs
    assert a == b and a["divergences"] and a["targets"]


def test_crash_and_timeout_are_recorded_and_the_run_completes(tmp_path, monkeypatch):
    monkeypatch.setenv("WRONG_REPORT_BUDGET_DIR", str(tmp_path))  # two bad calls each: the first case's two runs
    monkeypatch.setattr(runner, "TARGET_TIMEOUT", 2.0)
    monkeypatch.setattr(runner, "FIRST_CALL_GRACE", 0.0)
    monkeypatch.setattr(runner, "EDGE_EXAMPLES", 1)
    targets = load_backend("tests.wrong_report_targets")
    run(tmp_path, targets, examples=2, seed_value=0, profile="dev")
    report = _report(tmp_path)
    classes = {d["target"]: d["class"] for d in report["divergences"]}
    assert classes == {"wrong:aborts": "crash", "wrong:hangs": "timeout"}
    assert {t["id"] for t in report["targets"]} == {"wrong:aborts", "wrong:hangs"}


def test_a_killed_run_resumes_without_losing_a_divergence(tmp_path, baseline):
    if missing_requirements("numpy"):
        pytest.skip("numpy backend not installed")
    full, cut = baseline, tmp_path / "cut"
    proc = subprocess.Popen([sys.executable, "-m", "conformance.interfaces.cli", "report", *ARGS, "--out", str(cut)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    log = cut / "log.jsonl"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if log.exists() and sum('"kind": "done"' in line for line in log.read_text().splitlines()) >= 2:
            break
        time.sleep(0.05)
    proc.kill()
    assert proc.wait() < 0, "the run finished before it could be killed"
    at_kill = log.read_text()
    time.sleep(1.5)
    assert log.read_text() == at_kill, "a job process outlived the killed run and kept appending"
    before = [line for line in at_kill.splitlines() if '"kind": "divergence"' in line]
    assert before, "the run was killed before it found anything"
    assert main(["report", "--resume", str(cut)]) == 0  # the recorded settings, not the defaults
    after = log.read_text().splitlines()
    assert all(line in after for line in before)  # append-only: nothing found before the kill is lost
    assert _report(cut) == _report(full)


def test_resume_refuses_options_that_contradict_the_recorded_run(tmp_path, baseline, capsys):
    import shutil

    shutil.copytree(baseline, tmp_path / "run")
    recorded = json.loads((tmp_path / "run" / "settings.json").read_text())
    assert recorded["backends"] == ["numpy"] and recorded["seed"] == 3 and recorded["examples"] == 8
    capsys.readouterr()
    assert main(["report", "--resume", str(tmp_path / "run"), "--seed", "4"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--seed 4" in err and "3" in err
    assert main(["report", "--resume", str(tmp_path / "nowhere")]) == 2
    assert "settings.json" in capsys.readouterr().err


def test_each_divergence_group_gets_a_standalone_script_that_exits_1(baseline):
    tmp_path = baseline
    groups = _report(tmp_path)["divergences"]
    scripted = [d for d in groups if d["repro"]]
    assert scripted and all((tmp_path / d["repro"]).is_file() for d in scripted)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    for d in scripted[:3]:
        done = subprocess.run([sys.executable, str(tmp_path / d["repro"])], cwd="/", env=env, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 1, done.stdout + done.stderr


def test_shards_balanced_by_measured_cost_merge_into_the_single_machine_report(tmp_path, baseline):
    for k in (1, 2, 3):
        assert main(["report", *ARGS, "--shard", f"{k}/3", "--shard-costs", str(baseline),
                     "--out", str(tmp_path / f"s{k}")]) == 0
    assert main(["merge", *(str(tmp_path / f"s{k}") for k in (1, 2, 3)), "--out", str(tmp_path / "merged")]) == 0
    assert _report(tmp_path / "merged") == _report(baseline)


def test_cost_balanced_shards_are_disjoint_complete_and_even():
    from conformance.reports.run import shard

    targets = [type("T", (), {"op": "op", "name": f"t{i:02d}"})() for i in range(20)]
    costs = {f"t{i:02d}": 100.0 if i < 2 else 1.0 for i in range(19)}  # two costly ones; t19 unknown: the median
    parts = [shard(targets, k, 4, costs) for k in (1, 2, 3, 4)]
    names = [t.name for part in parts for t in part]
    assert sorted(names) == sorted(t.name for t in targets) and len(set(names)) == len(names)
    by_cost = [sum(costs.get(t.name, 1.0) for t in part) for part in parts]
    by_count = [sum(costs.get(t.name, 1.0) for t in shard(targets, k, 4)) for k in (1, 2, 3, 4)]
    assert max(by_cost) == 100.0 < max(by_count)  # each costly target alone beside the cheap ones
    assert parts == [shard(targets, k, 4, dict(costs)) for k in (1, 2, 3, 4)]  # the same partition again
    plain = [t.name for k in (1, 2, 3, 4) for t in shard(targets, k, 4)]  # without costs: every 4th target
    assert sorted(plain) == sorted(t.name for t in targets) and len(set(plain)) == len(plain)


@pytest.mark.parametrize("argv", [["report", "--backends", "nope"], ["report", "--ops", "onnx.Gather"],
                                  ["report", "--backends", "numpy", "--targets", "numpy:nothing*"],
                                  ["report", "--shard", "3/2"], ["report", "--shard-costs", "x"],
                                  ["report", "--shard", "1/2", "--shard-costs", "/nonexistent"], ["report", "--jobs", "0"], ["merge", "/nonexistent"],
                                  ["report", "--examples", "-3"], ["report", "--seed", "x"],
                                  ["report", "--device", "tpu"], ["check", "--backend", "numpy"]])
def test_bad_report_arguments_are_one_line_and_exit_code_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("conformance") and "\n" not in err and "expected" in err


def test_html_shows_new_fixed_and_persisting_against_a_previous_report(tmp_path, baseline):
    import shutil

    from conformance.reports.run import write

    shutil.copytree(baseline, tmp_path / "old")
    shutil.copytree(baseline, tmp_path / "new")  # the same run, written again against the previous report
    old = json.loads((tmp_path / "old" / "report.json").read_text())
    first = next(d for d in old["divergences"] if d["declared"])
    # the previous report: one more group, undeclared there (fixed since); a declared group missing from it
    # (a declared group is never news)
    old["divergences"] = [d for d in old["divergences"] if d is not first] + \
        [{**first, "id": "gone", "summary": "fixed one", "declared": False}]
    (tmp_path / "old" / "report.json").write_text(json.dumps(old))
    write(tmp_path / "new", "nightly", 3, [tmp_path / "old"], examples=8)
    page = (tmp_path / "new" / "report.html").read_text()
    assert "<b>New (0)</b>" in page and "<b>Fixed (1)</b>" in page
    assert "fixed one" in page and '<section id="matrix">' in page
    md = (tmp_path / "new" / "report.md").read_text()
    assert "## Fixed since the previous report (1)" in md and "fixed one" in md


def test_a_groups_located_stage_is_in_the_report_and_its_script(tmp_path, baseline):
    """Where ``conformance triage --stages`` left a stage beside a group's seed, the report written again
    names it, and so does the group's script."""
    import shutil

    from conformance.reports.run import write
    from conformance.reports.stages import STAGES, save

    shutil.copytree(baseline, tmp_path / "run")
    group = next(d for d in _report(baseline)["divergences"] if d["repro"])
    stage = STAGES["onnxruntime"][0]
    save(tmp_path / "run" / group["seed"], stage, [(stage, 1)])
    write(tmp_path / "run", "nightly", 3, examples=8)
    again = next(d for d in _report(tmp_path / "run")["divergences"] if d["id"] == group["id"])
    assert (again["stage"], again["owner"]) == (stage.name, stage.owner)
    assert f"at: {stage.name} (owner: {stage.owner})" in (tmp_path / "run" / again["repro"]).read_text()
    assert f"stage: {stage.name} (owner: {stage.owner})" in (tmp_path / "run" / "report.html").read_text()


def _group(gid, target, declared, cls="wrong-value"):
    return {"id": gid, "target": target, "declared": declared, "class": cls, "summary": gid, "count": 1,
            "op": "stablehlo.add", "seed": f"seeds/{gid}.json"}


def test_only_undeclared_groups_of_targets_run_twice_are_new_or_fixed():
    """What needs action holds undeclared groups only (a declared crash is listed as known); a group is
    new or fixed only where its target ran in both reports, and a declared (or flickering declared
    nondeterministic) group never is: the same run twice has nothing new and nothing fixed."""
    from conformance.reports.html import changes, known_crashes, needs_action
    from conformance.reports.run import markdown

    targets = [{"id": t, "op": "stablehlo.add", "cases": 1} for t in ("a", "b")]
    before = {"targets": targets, "divergences": [_group("flicker", "a", True, "nondeterministic"),
                                                   _group("old-bug", "a", False), _group("other", "c", False)]}
    now = {"targets": targets, "versions": {}, "divergences": [
        _group("new-bug", "b", False), _group("known", "b", True, "crash"), _group("unrun", "c", False)]}
    new, fixed = changes(now, before)
    assert [d["id"] for d in new] == ["new-bug"] and [d["id"] for d in fixed] == ["old-bug"]
    assert [d["id"] for d in needs_action(now, before)] == ["unrun", "new-bug"] or \
        {d["id"] for d in needs_action(now, before)} == {"new-bug", "unrun"}
    assert [d["id"] for d in known_crashes(now)] == ["known"]
    assert changes(now, now) == ([], [])  # the same run again: nothing new, nothing fixed
    quiet = {"targets": targets, "versions": {}, "profile": "ci", "seed": 0,
             "divergences": [_group("flicker", "a", True, "nondeterministic")]}
    assert changes(quiet, before)[0] == [] and "Nothing needs action" in markdown(quiet, before)


def test_the_header_shows_the_real_example_count_and_the_versions_in_every_format(baseline):
    """ARGS asks for 8 examples under the default (nightly) profile: every format says 8, not 1000."""
    report = json.loads((baseline / "report.json").read_text())
    assert report["examples"] == 8 and report["profile"] == "nightly"
    said = "profile nightly, 8 examples per property (--examples), seed 3"
    md, page = (baseline / "report.md").read_text(), (baseline / "report.html").read_text()
    assert said in md.splitlines()[0] and said in page
    numpy = f"numpy {report['versions']['numpy']}"
    assert numpy in md and numpy in page


def test_fail_on_sets_the_exit_code(tmp_path, capsys):
    from conformance.interfaces.cli import _finish

    group = {"id": "g", "op": "stablehlo.gather", "target": "t:x", "class": "wrong-value", "declared": True}
    cases = {"declared": [group], "undeclared": [{**group, "declared": False}], "none": []}
    expected = {("declared", "never"): 0, ("declared", "undeclared"): 0, ("declared", "any"): 1,
                ("undeclared", "never"): 0, ("undeclared", "undeclared"): 1, ("undeclared", "any"): 1,
                ("none", "never"): 0, ("none", "undeclared"): 0, ("none", "any"): 0}
    for (name, fail_on), code in expected.items():
        path = tmp_path / "report.json"
        path.write_text(json.dumps({"targets": [{"cases": 5}], "divergences": cases[name]}))
        assert _finish(path, fail_on) == code, (name, fail_on)
    out = capsys.readouterr().out
    assert "1 targets, 5 cases: 1 divergence groups, 1 undeclared" in out and str(tmp_path / "report.html") in out


def test_summaries_are_cut_at_a_word_boundary():
    from conformance.reports.html import clip

    text = "first difference at [3]: expected -0.0, observed 0.0 (the sign of a zero)"
    assert clip(text, 200) == text
    cut = clip(text, 30)
    assert cut.endswith("…") and len(cut) <= 30 and text.startswith(cut[:-1]) and text[len(cut) - 1] in " ,;:"


def test_a_compiled_targets_group_says_whether_eager_gave_the_same_verdict():
    from conformance.reports.run import markdown

    group = {"id": "g", "op": "stablehlo.gather", "target": "torch_compile:index_select", "class": "wrap", "count": 1,
             "declared": False, "summary": "s", "seed": "seeds/g.json", "repro": None}
    report = {"seed": 0, "profile": "ci", "targets": [{"id": group["target"], "op": group["op"], "cases": 1}],
              "divergences": [{**group, "eager_class": "error"}, {**group, "id": "h", "class": "error", "eager_class": "error"}]}
    text = markdown(report)
    assert "`torch_compile:index_select` wrap (eager: error, not the same)" in text
    assert "`torch_compile:index_select` error (eager: same)" in text


def test_verdicts_do_not_depend_on_the_order_targets_run_in(tmp_path):
    """One backend's targets, run forwards and backwards (so each runs after different calls in the
    same worker) with one seed: the same verdict on every case."""
    from conformance.running import isolation
    from conformance.reports.run import _records, run_target

    if missing_requirements("numpy"):
        pytest.skip("numpy backend not installed")
    ops = ("stablehlo.gather", "stablehlo.scatter", "stablehlo.add")
    targets = [t for op in ops for t in [t for t in load_backend("numpy") if t.op == op][:2]]  # 6, for CI time
    verdicts = []
    for name, order in (("forward", targets), ("backward", targets[::-1])):
        isolation.close(*list(isolation._WORKERS))  # both orders start from fresh workers
        log = tmp_path / f"{name}.jsonl"
        for t in order:
            run_target(t, log, examples=4, seed_value=5)
        verdicts.append(sorted((r["target"], json.dumps(r["case"], sort_keys=True), r["class"], r["declared"])
                               for r in _records(log) if r["kind"] == "divergence"))
    assert len(targets) >= 4 and verdicts[0] and verdicts[0] == verdicts[1]


def test_three_identical_reports_show_the_same_groups_and_nothing_new_or_fixed(tmp_path, monkeypatch):
    """A module whose declared nondeterministic group comes and goes with the draws of its flicker: three
    reports with the same seed, each against the one before, list the same undeclared groups (none),
    nothing new, nothing fixed, and "Needs action now" holds no declared group."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent))
    outs = [tmp_path / n for n in ("one", "two", "three")]
    for k, out in enumerate(outs):
        previous = ["--previous", str(outs[k - 1])] if k else []
        assert main(["report", "--backends", "tests.user_modules.flicker", "--examples", "6", "--seed", "3",
                     "--jobs", "1", "--out", str(out), *previous]) == 0
    for out in outs[1:]:
        page, md = (out / "report.html").read_text(), (out / "report.md").read_text()
        assert "<b>New (0)</b>" in page and "<b>Fixed (0)</b>" in page
        assert "## Needs action now (0)" in md and "Nothing needs action" in md
        assert "## Fixed since the previous report (0)" in md


def test_a_group_declared_since_is_not_fixed():
    """Fixed means conforming (issue 66): a group that needed action and is still found, now declared, is
    'declared since', never 'fixed'; one whose cases no longer diverge is fixed."""
    from conformance.reports.html import changes, declared_since
    from conformance.reports.run import markdown

    targets = [{"id": "a", "op": "stablehlo.add", "cases": 1}]
    before = {"targets": targets, "divergences": [_group("quirk", "a", False), _group("bug", "a", False)]}
    now = {"targets": targets, "versions": {}, "profile": "ci", "seed": 0, "divergences": [_group("quirk", "a", True)]}
    assert [d["id"] for d in changes(now, before)[1]] == ["bug"]
    assert [d["id"] for d in declared_since(now, before)] == ["quirk"]
    text = markdown(now, before)
    assert "## Fixed since the previous report (1)" in text and "## Declared since the previous report (1)" in text
