"""``conformance merge`` keeps every shard's verdicts (issue 66, item 1): a merged report folder used as
``--reference`` knows each case every shard judged (conforming ones too), not only the divergences of its log."""
import os
import subprocess
import sys
from pathlib import Path

from conformance.running import reference

HERE = Path(__file__).parent
REPORT = [sys.executable, "-m", "conformance.cli", "report", "--backends", "numpy", "--targets", "numpy:np.abs",
          "numpy:np.add", "--profile", "dev", "--examples", "5", "--jobs", "1"]


def _cli(tmp_path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(HERE.parent)}
    return subprocess.run(list(args), cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)


def _lines(folder: Path) -> list[str]:
    return (folder / reference.VERDICTS).read_text().splitlines()


def test_a_merged_folder_holds_every_shards_verdicts_and_judges_as_a_reference(tmp_path):
    for k in (1, 2):
        run = _cli(tmp_path, *REPORT, "--shard", f"{k}/2", "--out", str(tmp_path / f"s{k}"))
        assert run.returncode == 0, run.stderr[-2000:]
    shards = [_lines(tmp_path / f"s{k}") for k in (1, 2)]
    assert all(len(s) > 1 for s in shards)  # (a releases line and judged cases, each)
    targets = [{line.split("\t")[0] for line in s[1:]} for s in shards]
    assert targets[0] and targets[1] and not targets[0] & targets[1]  # one target a shard
    run = _cli(tmp_path, sys.executable, "-m", "conformance.cli", "merge", str(tmp_path / "s1"), str(tmp_path / "s2"),
               "--out", str(tmp_path / "m"))
    assert run.returncode == 0 and not run.stderr.strip(), run.stderr[-2000:]
    merged = _lines(tmp_path / "m")
    assert merged[0] == shards[0][0] and merged[0].startswith("#versions")
    assert sorted(merged[1:]) == sorted(shards[0][1:] + shards[1][1:])  # every line of both, one releases line
    ref = reference.load(tmp_path / "m")
    for line in merged[1:]:
        target, case_id, cls = line.split("\t")[:3]
        assert ref.cases[(target, case_id)][0] == cls
    assert any(v[0] == "conform" for (t, _), v in ref.cases.items() if t in targets[1])  # the second shard's too


def test_a_shard_without_verdicts_leaves_the_merged_folder_without_them_and_says_so(tmp_path):
    for k in (1, 2):
        run = _cli(tmp_path, *REPORT, "--shard", f"{k}/2", "--out", str(tmp_path / f"s{k}"))
        assert run.returncode == 0, run.stderr[-2000:]
    (tmp_path / "s2" / reference.VERDICTS).unlink()
    (tmp_path / "m").mkdir()
    (tmp_path / "m" / reference.VERDICTS).write_text("#versions\t{}\nstale\tline\tconform\t0\t\n")
    run = _cli(tmp_path, sys.executable, "-m", "conformance.cli", "merge", str(tmp_path / "s1"), str(tmp_path / "s2"),
               "--out", str(tmp_path / "m"))
    assert run.returncode == 0, run.stderr[-2000:]
    said = [line for line in run.stderr.splitlines() if line.strip()]
    assert said == [f"conformance merge: {tmp_path / 's2'} has no verdicts.tsv: the merged folder keeps none "
                    "(as a --reference it is judged by its log)"], run.stderr
    assert not (tmp_path / "m" / reference.VERDICTS).exists()  # (no stale or partial verdicts)
