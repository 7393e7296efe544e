"""The pytest plugin: ``--backend`` (repeatable), ``--device``, ``--examples``, ``--seed-dir``, the
Hypothesis profiles and the parametrization of the spec-op properties.

Opt-in: installing the package registers nothing with pytest. A checkout loads the plugin from its
root ``conftest.py``; an installed suite runs as ``pytest -p conformance.interfaces.plugin --pyargs conformance``.
So no other project's pytest session gains options or loses its Hypothesis profile.
"""
from __future__ import annotations

import sys

import pytest
from hypothesis import settings

from conformance.running import compile_cache, profiles

from conformance.core import runtime
from conformance.running.registry import (BackendError, BUILTIN_BACKENDS, cannot_run, cannot_run_line, installed_backends,
                                          load_backend, missing_requirements)

MARKER = "conformance_property"  # @pytest.mark.conformance_property("valid" | "invalid" | "duplicates" | "stateful")


def pytest_addoption(parser):
    group = parser.getgroup("conformance")
    group.addoption("--backend", action="append", default=[], metavar="NAME",
                    help=f"backend to test: {', '.join(BUILTIN_BACKENDS)}, all (default: every installed one), "
                         "or an importable module of targets; repeatable")
    group.addoption("--device", default="cpu", help="device the targets run on: cpu (default) or cuda")
    group.addoption("--examples", type=int, default=None, metavar="N",
                    help="examples per property, overriding the Hypothesis profile's count")
    group.addoption("--cache-dir", default=None, metavar="DIR",
                    help="folder of the compiled backends' caches (not pytest's own cache; default "
                         "$CONFORMANCE_CACHE_DIR, else ~/.cache/tensor-index-conformance)")
    group.addoption("--no-compile-cache", action="store_true",
                    help="compile everything afresh: no compiled backend reads or writes a cache")
    group.addoption("--no-batches", action="store_true",
                    help="every case through the one-case path: no compiled backend gets a batch of edge cases "
                         "(as CONFORMANCE_BATCHES=0; the verdicts are the same, compiling is slower)")
    group.addoption("--show-unmatched", action="store_true",
                    help="list each declared deviation no case met in this run (default: one summary line)")
    group.addoption("--no-watch", action="store_true",
                    help="no live lines: a line per property as it ends, a status line of what runs, each failure "
                         "when it is found, a summary with the seeds on Ctrl-C (conformance.interfaces.watch)")
    group.addoption("--reference", default=None, metavar="DIR",
                    help="judge each undeclared divergence against another release's run: a seed folder (with the "
                         "verdicts.tsv of --record-verdicts, where kept) or a conformance report folder; each is "
                         "regression, fixed-since or still-present (docs/usage.md)")
    group.addoption("--reference-release", action="append", default=[], metavar="REQ",
                    help="as --reference, the reference made here: PACKAGE==VERSION (repeatable, or several "
                         "space-separated for a backend in parts) installed in a throwaway environment as "
                         "`conformance bisect` does, this selection run there with the same seed, its verdicts kept")
    group.addoption("--fail-on", default="any", choices=("regression", "fixed-since", "still-present", "any"),
                    help="with --reference: the kind of undeclared divergence that fails a property (the others are "
                         "warnings, with their seeds); default any (every undeclared one)")
    group.addoption("--record-verdicts", action="store_true",
                    help="write every judged case's verdict to verdicts.tsv in the seed folder (started afresh), so "
                         "that the folder can be a --reference for runs on other releases")
    group.addoption("--seed-dir", default=runtime.DEFAULT_SEED_DIR, metavar="DIR",
                    help=f"where a failing property writes its seed file (default {runtime.DEFAULT_SEED_DIR}; "
                         "'' writes none)")


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    config.addinivalue_line("markers", f"{MARKER}(kind): a spec-op property of kind valid, invalid or duplicates")
    profiles.register()
    profile = config.getoption("hypothesis_profile", None)
    if not profile:
        settings.load_profile("dev")
    elif (problem := profiles.unknown(profile)):
        raise pytest.UsageError(f"--hypothesis-profile {profile}: {problem}")
    examples = config.getoption("examples")
    if examples is not None:
        if not 1 <= examples <= profiles.MAX_EXAMPLES:
            raise pytest.UsageError(f"--examples: expected a whole number from 1 to {profiles.MAX_EXAMPLES}, got {examples}")
        runtime.set_examples(examples)
    try:
        runtime.set_device(config.getoption("device"))
    except ValueError as e:
        raise pytest.UsageError(str(e)) from None
    runtime.set_seed_dir(config.getoption("seed_dir"))
    compile_cache.configure(config.getoption("cache_dir"), config.getoption("no_compile_cache"))
    if config.getoption("no_batches"):
        from conformance.running import batches

        batches.configure(True)
    if not hasattr(config, "workerinput"):  # once per run, in the main process, before any worker compiles
        try:
            compile_cache.prune()
        except ValueError as e:
            raise pytest.UsageError(str(e)) from None
    config._conformance_targets = None
    if not hasattr(config, "workerinput") and not config.getoption("no_watch"):
        from conformance.interfaces.watch import Watch

        config.pluginmanager.register(Watch(config), "conformance-watch")
    if config.getoption("backend"):  # a bad --backend is one usage line now, not a collection error later
        selected_targets(config)
    _configure_reference(config)  # (after the backends load: a user module's release is known)


def _configure_reference(config) -> None:
    """``--reference``, ``--fail-on`` and ``--record-verdicts`` (conformance.running.reference), or one usage line."""
    from pathlib import Path

    from conformance.running import reference

    fail_on, where = config.getoption("fail_on"), config.getoption("reference")
    released = config.getoption("reference_release")
    if fail_on != "any" and not (where or released):
        raise pytest.UsageError(f"--fail-on {fail_on}: expected with --reference DIR (the other release's run)")
    if released and where:
        raise pytest.UsageError("--reference-release: expected it or --reference DIR, not both")
    if released:
        where = _reference_release(config, released)
    record = ""
    if config.getoption("record_verdicts"):
        if not runtime.seed_dir():
            raise pytest.UsageError("--record-verdicts: expected a --seed-dir to write verdicts.tsv into")
        record = str(Path(runtime.seed_dir()) / reference.VERDICTS)
        if not hasattr(config, "workerinput"):
            reference.start_record(record)
    try:
        reference.configure(where, fail_on, record)
    except ValueError as e:
        raise pytest.UsageError(str(e)) from None


def _reference_release(config, released: list[str]) -> str:
    """``--reference-release``: the folder of the reference run (made here, in the controller; a worker is told
    it), this run's Hypothesis seed made the reference run's (one drawn where none was given)."""
    import random

    from conformance.reports import reference_release

    worker = getattr(config, "workerinput", None)
    if worker is not None:
        config.option.hypothesis_seed = worker.get("conformance_hypothesis_seed")
        return worker["conformance_reference"]
    if config.getoption("hypothesis_seed", None) is None:  # (a derandomized profile ignores it: the same draws)
        config.option.hypothesis_seed = random.randrange(2 ** 31)
    args = reference_release.rest_of([str(a) for a in config.invocation_params.args])
    args = [a for i, a in enumerate(args) if not (a.startswith("--hypothesis-seed") or
                                                  (i and args[i - 1] == "--hypothesis-seed"))]
    folder = reference_release.fresh_folder()
    command = ["-m", "pytest", *args, "--hypothesis-seed", str(config.option.hypothesis_seed), "--record-verdicts",
               "--seed-dir", str(folder), "--no-watch"]
    try:
        reference_release.record(released, config.getoption("backend"), command, config.invocation_params.dir,
                                 folder, lambda line: sys.stderr.write(line + "\n"))
    except ValueError as e:
        raise pytest.UsageError(str(e)) from None
    config._conformance_reference = str(folder)
    return str(folder)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    """xdist: a worker judges against the controller's ``--reference-release`` run, with its seed."""
    if getattr(node.config, "_conformance_reference", None):
        node.workerinput["conformance_reference"] = node.config._conformance_reference
        node.workerinput["conformance_hypothesis_seed"] = node.config.option.hypothesis_seed


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A target whose own code is broken (``outcome.TargetBroken``) fails in one line, without the
    traceback through the suite."""
    report = (yield).get_result()
    if call.excinfo is None or not report.failed:
        return
    from conformance.core.outcome import TargetBroken
    from conformance.running.engine import UndeclaredDivergence

    if call.excinfo.errisinstance(TargetBroken):
        report.longrepr = f"ADAPTER ERROR {call.excinfo.value}"
    elif item.config.getoption("verbose") < 1 and call.excinfo.errisinstance(UndeclaredDivergence):
        e = call.excinfo.value  # the divergence, the case, expected/observed, clause and URL, repro; our notes
        ours = [n for n in getattr(e, "__notes__", []) if n.startswith(OUR_NOTES)]
        report.longrepr = "\n".join([str(e), *ours, "(Hypothesis's own report of the example: pytest -v)"])


OUR_NOTES = ("seed file:", "declared for ", "groups:", "group ", "reference:")  # the notes the runner adds to a failure (the rest are Hypothesis's)


def pytest_sessionfinish(session, exitstatus):
    """A ``-k`` expression that selects no property of the chosen backends is a usage error, said in one
    line (pytest alone exits 5 with "no tests ran", which a script can mistake for a quiet pass)."""
    from conformance.running import engine as runner

    if hasattr(session.config, "workeroutput"):
        from conformance.running import reference

        session.config.workeroutput["conformance_unmatched"] = list(runner.UNMATCHED)
        session.config.workeroutput["conformance_reference"] = list(reference.FOUND)
    keyword = session.config.getoption("keyword", "")
    if exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED and keyword:
        backends = ", ".join(session.config.getoption("backend") or ["all installed"])
        sys.stderr.write(
            f"ERROR: -k {keyword!r} selects none of the properties of --backend {backends}: property ids look like "
            f"test_valid[stablehlo.gather/numpy:take[clip]] (`conformance list --backend NAME` names the targets)\n")
        session.exitstatus = pytest.ExitCode.USAGE_ERROR


EXTRAS = {"onnxruntime": "onnx", "onnx_reference": "onnx", "stablehlo": "jax", "xla": "jax", "tensorflow_xla": "tensorflow",
          "onnxruntime_openvino": "onnxruntime-openvino"}


def selected_targets(config):
    if config._conformance_targets is None:
        names = config.getoption("backend") or ["all"]
        expanded, named = [], [n for n in names if n != "all"]
        for name in names:
            expanded += installed_backends() if name == "all" else [name]
        targets, skipped = [], []
        for name in dict.fromkeys(expanded):
            missing = missing_requirements(name) if name in BUILTIN_BACKENDS else []
            if missing:
                raise pytest.UsageError(f"--backend {name}: not installed (missing {', '.join(missing)}); "
                                        f"pip install 'tensor-index-conformance[{EXTRAS.get(name, name)}]'")
            try:
                loaded = load_backend(name)
                reason = cannot_run(name)
            except BackendError as e:
                raise pytest.UsageError(str(e)) from None
            if reason and name in named:  # asked for by name: what is missing, in one line (exit 4)
                raise pytest.UsageError(cannot_run_line(name, reason))
            if reason:  # within `all`: left out, said once
                skipped.append(cannot_run_line(name, reason))
                continue
            targets += loaded
        if skipped and not hasattr(config, "workerinput"):
            sys.stderr.write("".join(f"conformance: skipped {line}\n" for line in skipped))
        config._conformance_skipped = skipped
        config._conformance_targets = targets
    return config._conformance_targets


def pytest_generate_tests(metafunc):
    marker = metafunc.definition.get_closest_marker(MARKER)
    if marker is None or "conformance_target" not in metafunc.fixturenames:
        return
    from conformance.running.ops import kinds

    (kind,) = marker.args
    targets = [t for t in selected_targets(metafunc.config) if kind in kinds(t)]
    if not targets:  # said in words, not as pytest's "got empty parameter set"
        backends = ", ".join(metafunc.config.getoption("backend") or ["all installed"])
        reason = f"backend {backends} has no target that takes {KIND_CASES[kind]}"
        metafunc.parametrize("conformance_target", [pytest.param(None, marks=pytest.mark.skip(reason=reason))],
                             ids=["no-target"])
        return
    metafunc.parametrize("conformance_target", targets, ids=[f"{t.op}/{t.name}" for t in targets])


KIND_CASES = {"valid": "valid cases", "invalid": "invalid cases (it declares no checks of its own)",
              "duplicates": "duplicate-heavy scatter cases (no scatter target)",
              "stateful": "cases run after a sibling of the same signature"}


def pytest_report_header(config):
    """What this run is: backends, profile, examples per property, seed, versions of their packages."""
    from hypothesis import settings as current

    from conformance.running.registry import BACKEND_PACKAGES, USER_PACKAGES
    from conformance.running.seeds import versions

    names = config.getoption("backend") or installed_backends()
    profile = current.get_current_profile_name()
    examples = config.getoption("examples")
    count = f"{examples} examples per property (--examples)" if examples else \
        f"{current.default.max_examples} examples per property"
    seed = config.getoption("hypothesis_seed", None)
    drawn = f"seed {seed}" if seed is not None else \
        "fixed seeds (the same cases every run)" if profiles.fixed_draws() else "new random draws each run"
    installed = versions()
    package = lambda n: BACKEND_PACKAGES.get(n) or USER_PACKAGES.get(n, "")  # noqa: E731  (tensorflow may be installed as tensorflow-cpu)
    shown = sorted({p for n in names for p in (package(n), package(n) + "-cpu", "hypothesis") if p in installed})
    return [f"conformance: backend {', '.join(names)}; profile {profile}: {count} after the edge phase; {drawn}",
            "conformance versions: " + ", ".join(f"{p} {installed[p]}" for p in shown),
            *(f"conformance: skipped {line}" for line in getattr(config, "_conformance_skipped", None) or ())]


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """xdist: a worker's unmatched declarations join the controller's."""
    from conformance.running import engine as runner

    from conformance.running import reference

    runner.UNMATCHED.extend(getattr(node, "workeroutput", {}).get("conformance_unmatched", []))
    reference.FOUND.extend(getattr(node, "workeroutput", {}).get("conformance_reference", []))


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    from conformance.running import engine as runner, reference

    if not hasattr(config, "workeroutput") and reference.current() is not None:
        terminalreporter.line(f"against the reference ({reference.current().path}): undeclared groups "
                              f"{reference.summary()} (--fail-on {reference.fail_on()})")
    if hasattr(config, "workeroutput") or not runner.UNMATCHED:
        return
    unmatched = sorted(set(runner.UNMATCHED))
    if config.getoption("show_unmatched"):
        terminalreporter.section("declared deviations no case met")
        for line in unmatched:
            terminalreporter.line(line)
    else:
        many = "s" if len(unmatched) != 1 else ""
        terminalreporter.line(f"{len(unmatched)} declared deviation{many} not seen in this run: see --show-unmatched")
