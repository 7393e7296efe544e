"""The suite is not vacuous: deliberately wrong targets are caught, each under its class (not shrunk: the
seed test below shrinks its failing case, as every pytest run does)."""
import pytest

from conformance.running.registry import load_backend
from conformance.running.engine import UndeclaredDivergence, run_property
from tests import wrong_targets


def _target(name, module="tests.wrong_targets"):
    return {t.name: t for t in load_backend(module)}[name]


GATHER, SCATTER = "tests.wrong_targets", "tests.wrong_scatter_targets"


@pytest.mark.parametrize("module,name,cls", [
    (GATHER, "wrong:wraps-instead-of-clamps", "wrap"),
    (GATHER, "wrong:drops-batching-dim", "wrong-value"),
    (GATHER, "wrong:accepts-everything", "accepts-invalid"),
    (SCATTER, "wrong:skips-whole-windows", "skip-window"),
    (SCATTER, "wrong:applies-duplicates-once", "wrong-value"),
    (SCATTER, "wrong:nondeterministic", "nondeterministic"),
    (SCATTER, "wrong:accepts-everything", "accepts-invalid"),
])
def test_wrong_target_is_caught(module, name, cls, found_is_enough):
    target = _target(name, module)
    kind = "invalid" if cls == "accepts-invalid" else "valid"
    with pytest.raises(UndeclaredDivergence) as info:
        run_property(target, kind)
    _assert_named(str(info.value), cls)


def _assert_named(text: str, cls: str) -> None:
    """The divergence is reported under ``cls`` (or ``cls`` is among the classes that explain it)."""
    head = text.splitlines()[0]
    named = f"class '{cls}'" in head or ("also explained as" in head and cls in head.split("also explained as")[1])
    assert named and "reproduce: conformance check" in text, head


def test_a_declared_deviation_is_not_a_failure():
    target = _target("wrong:wraps-instead-of-clamps")
    target.deviations = {"wrap": [wrong_targets.WRAP_DECLARED]}
    seen = run_property(target, "valid")  # raises if any divergence is not covered by the "wrap" entry
    assert seen["wrap"] > 0


def test_a_failing_property_writes_a_seed_that_replays_and_repros(tmp_path):
    from conformance.core import runtime
    from conformance.interfaces.cli import main
    from conformance.running.seeds import load_seed

    target = _target("wrong:wraps-instead-of-clamps")
    with pytest.raises(UndeclaredDivergence) as info:
        run_property(target, "valid")
    (path,) = (tmp_path / "seeds").glob("*.json")
    assert f"seed file: {path}" in "\n".join(getattr(info.value, "__notes__", []))
    seed = load_seed(path)
    assert (seed.target, seed.cls, seed.case) == (target.name, info.value.verdict.cls, info.value.case)
    assert runtime.seed_dir() == str(tmp_path / "seeds")
    assert main(["replay", str(path)]) == 1  # still diverges


# A case where a window partly past the end meets another window (a constructed edge case of the default
# scatter region): dropping the partial window whole and adding only the last of two updates give the
# same result on it. Probes with one window partly past the end and every other index in bounds tell them
# apart (before them, the last-write-wins add was named `skip-window`).
_PARTIAL_AND_DUPLICATE = (
    '{"arrays":{"inputs":{"data":"AACAPwAAAAAAAABAAAAAAA==","dtype":"complex64","shape":[1,1,2,1,1,1]},'
    '"scatter_indices":{"data":"AAEAAAAA","dtype":"int8","shape":[1,1,1,2,3]},"updates":{"data":'
    '"AABAQAAAAAAAAIBAAAAAAAAAoEAAAAAAAADAQAAAAAA=","dtype":"complex64","shape":[2,1,1,1,2,1]}},"attrs":'
    '{"index_vector_dim":4,"indices_are_sorted":false,"input_batching_dims":[0,1],"inserted_window_dims":[4,5],'
    '"scatter_dims_to_operand_dims":[5,2,3],"scatter_indices_batching_dims":[2,1],"unique_indices":false,'
    '"update_computation":"add","update_window_dims":[0,5]},"meta":{},"op":"stablehlo.scatter"}')


@pytest.mark.parametrize("module,name,cls", [
    ("benchmarks.fresh_mutants", "fresh:scatter-add-duplicates-last-wins", "wrong-value"),
    (SCATTER, "wrong:skips-whole-windows", "skip-window"),
])
def test_probes_tell_a_partial_window_rule_from_a_coinciding_bug(module, name, cls):
    import json

    from conformance.core.case import Case
    from conformance.running.engine import check_case

    case = Case.from_json(json.loads(_PARTIAL_AND_DUPLICATE))
    verdict = check_case(_target(name, module), case)
    assert verdict.diverges and verdict.cls == cls, (verdict.cls, verdict.detail)
