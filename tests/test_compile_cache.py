"""The compile cache (``conformance.running.compile_cache``): a run with a cold cache, the same run with it warm
and one with the caches off give the same report, and the warm run really read the cache; its keys
hold everything the compiler sees; a damaged entry is compiled afresh; a full disk costs nothing.

The three report runs use xla (4 s a run); iree's cache is the same module (``compile_cache``) under its
own folder, checked here through its adapter (stored, read, a damaged entry compiled afresh): its report
runs took 34 s each, most of this file's 128 s."""
import json
import os
import subprocess
import sys

import pytest

from conformance.running import compile_cache
from conformance.running.compile_stats import ENV as STATS_ENV, summed
from conformance.running.registry import missing_requirements

COMPILED = [b for b in ("xla",) if not missing_requirements(b)]
ADD = """func.func @main(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.add %a, %b : tensor<3xf32>
  return %0 : tensor<3xf32>
}"""


def _report(out, cache_args, stats):
    """report.json (without its date) and the divergence records of one ``conformance report`` run,
    in a process of its own (the cache options are passed on through its environment)."""
    env = {**os.environ, STATS_ENV: str(stats)}
    env.pop(compile_cache.ENV_DIR, None), env.pop(compile_cache.ENV_OFF, None)
    run = subprocess.run([sys.executable, "-m", "conformance.interfaces.cli", "report", "--backends", *COMPILED, "--ops",
                          "stablehlo.gather", "--examples", "6", "--seed", "1", "--jobs", "1", "--out", str(out),
                          *cache_args], env=env, capture_output=True, text=True, timeout=1800)
    assert run.returncode == 0, run.stderr[-2000:]
    report = json.loads((out / "report.json").read_text())
    report.pop("created")
    records = sorted((r["target"], r["class"], json.dumps(r["case"], sort_keys=True), r["observed"])
                     for r in map(json.loads, (out / "log.jsonl").read_text().splitlines())
                     if r["kind"] == "divergence")
    return report, records


@pytest.mark.skipif(not COMPILED, reason="xla (jaxlib) is not installed")
def test_cold_warm_and_no_cache_runs_give_the_same_verdicts(tmp_path):
    cache = tmp_path / "cache"
    cold = _report(tmp_path / "cold", ["--cache-dir", str(cache)], tmp_path / "s-cold")
    warm = _report(tmp_path / "warm", ["--cache-dir", str(cache)], tmp_path / "s-warm")
    off = _report(tmp_path / "off", ["--no-compile-cache"], tmp_path / "s-off")
    assert cold == warm == off
    assert cold[0]["targets"] and cold[1], "the run judged nothing: the comparison would be vacuous"
    for backend in COMPILED:
        first, second = summed(tmp_path / "s-cold", backend), summed(tmp_path / "s-warm", backend)
        none = summed(tmp_path / "s-off", backend)
        assert first["compiled_graphs"] > 0 and second["cache_hits"] > 0, (backend, first, second)
        # the warm run compiles only what the compiler refused (nothing stored for it): fewer
        assert second["compiled_graphs"] < first["compiled_graphs"], (backend, first, second)
        # without a cache every graph compiles: those the cold run compiled, and those it found in the cache it
        # had filled itself earlier in the run (two targets that build the same program)
        assert none["cache_hits"] == 0 and none["compiled_graphs"] == first["compiled_graphs"] + first["cache_hits"], \
            (backend, first, none)
        assert any((cache / backend).iterdir())


def test_keys_hold_the_text_the_versions_and_the_host(monkeypatch):
    k = compile_cache.key(ADD, "1.0", "--flag")
    assert k == compile_cache.key(ADD, "1.0", "--flag")
    assert len({k, compile_cache.key(ADD + " ", "1.0", "--flag"), compile_cache.key(ADD, "1.1", "--flag"),
                compile_cache.key(ADD, "1.0", "--other")}) == 4
    assert compile_cache.key("ab", "c") != compile_cache.key("a", "bc")  # parts are delimited
    monkeypatch.setattr(compile_cache, "host", lambda: "another cpu")
    assert compile_cache.key(ADD, "1.0", "--flag") != k


def test_off_means_no_folder_and_nothing_stored(tmp_path, monkeypatch):
    monkeypatch.setenv(compile_cache.ENV_DIR, str(tmp_path))
    monkeypatch.setenv(compile_cache.ENV_OFF, "1")
    assert compile_cache.folder("xla") is None
    compile_cache.store("xla", "k", b"blob")
    assert compile_cache.load("xla", "k") is None and not any(tmp_path.iterdir())
    monkeypatch.setenv(compile_cache.ENV_OFF, "")
    compile_cache.store("xla", "k", b"blob")
    assert compile_cache.load("xla", "k") == b"blob" and [p.name for p in (tmp_path / "xla").iterdir()] == ["k"]


def test_an_unwritable_folder_costs_the_cache_not_the_run(tmp_path, monkeypatch):
    monkeypatch.setenv(compile_cache.ENV_DIR, str(tmp_path))
    monkeypatch.delenv(compile_cache.ENV_OFF, raising=False)
    (tmp_path / "xla").mkdir()
    (tmp_path / "xla" / "k").mkdir()  # a folder where the file should go: the rename fails
    compile_cache.store("xla", "k", b"blob")
    assert [p.name for p in (tmp_path / "xla").iterdir()] == ["k"]


@pytest.mark.parametrize("backend, extra", [("xla", ', "cpu"'), ("iree", "")])
def test_a_damaged_entry_is_compiled_afresh_and_replaced(tmp_path, backend, extra):
    if missing_requirements(backend):
        pytest.skip(f"{backend} not installed")
    code = f"""
import numpy as np
from conformance.adapters import {backend} as b
a = np.ones(3, np.float32)
print(b.run_text({ADD!r}, [a, a]{extra})[0].tolist(), b.STATS["compiled_graphs"], b.STATS["cache_hits"])
"""
    env = {**os.environ, compile_cache.ENV_DIR: str(tmp_path)}
    env.pop(compile_cache.ENV_OFF, None)

    def run():
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout.split()

    assert run()[-2:] == ["1", "0"]  # cold: compiled
    assert run()[-2:] == ["0", "1"]  # warm: read
    (entry,) = (tmp_path / backend).iterdir()
    entry.write_bytes(b"not an executable")
    out = run()
    assert out[:3] == ["[2.0,", "2.0,", "2.0]"] and out[-2:] == ["1", "0"]  # damaged: compiled afresh
    assert entry.read_bytes() != b"not an executable" and run()[-2:] == ["0", "1"]


def test_over_its_limit_the_cache_loses_whole_backend_folders_oldest_first(tmp_path, monkeypatch):
    monkeypatch.setenv(compile_cache.ENV_DIR, str(tmp_path))
    monkeypatch.delenv(compile_cache.ENV_OFF, raising=False)
    for age, (name, size) in enumerate((("iree", 3000), ("jax", 2000), ("torch_compile", 4000))):
        (tmp_path / name / "sub").mkdir(parents=True)
        for i in range(2):
            entry = tmp_path / name / "sub" / f"e{i}"
            entry.write_bytes(b"x" * (size // 2))
            os.utime(entry, (1_000_000 + age * 1000, 1_000_000 + age * 1000))  # iree oldest, torch_compile newest
    assert compile_cache.prune(limit=9000) == []  # within the limit: nothing goes
    assert compile_cache.prune(limit=6500) == ["iree"]  # 9000 -> 6000: the least recently written folder
    assert sorted(p.name for p in tmp_path.iterdir()) == ["jax", "torch_compile"]
    os.utime(tmp_path / "torch_compile" / "sub" / "e0")  # written just now: another run may be using it
    assert compile_cache.prune(limit=100) == ["jax"]
    assert [p.name for p in tmp_path.iterdir()] == ["torch_compile"]
    monkeypatch.setenv(compile_cache.ENV_MAX, "lots")
    with pytest.raises(ValueError, match="CONFORMANCE_CACHE_MAX_MB"):
        compile_cache.max_bytes()
    monkeypatch.setenv(compile_cache.ENV_MAX, "0")
    assert compile_cache.max_bytes() == 0 and compile_cache.prune() == []  # 0: no limit
