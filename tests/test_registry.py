"""Loading a backend checks each target's region against its op's region class, at load time."""
import sys

import pytest

from conformance.running.registry import BackendError, load_backend

MODULE = '''
from conformance.running.registry import target


@target("stablehlo.gather", "mine:gather", region={"styel": "take"})
def gather(operand, start_indices, **_):
    return operand
'''


def test_a_misspelt_region_key_is_one_line_naming_target_and_key(tmp_path, monkeypatch):
    (tmp_path / "my_misspelt_targets.py").write_text(MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(BackendError) as info:
        load_backend("my_misspelt_targets")
    message = str(info.value)
    assert "\n" not in message and "'mine:gather'" in message and "'styel'" in message
    sys.modules.pop("my_misspelt_targets", None)


def test_a_bad_region_value_is_one_line_too(tmp_path, monkeypatch):
    (tmp_path / "my_bad_value_targets.py").write_text(MODULE.replace('"styel": "take"', '"style": "sideways"'))
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(BackendError) as info:
        load_backend("my_bad_value_targets")
    assert "\n" not in str(info.value) and "sideways" in str(info.value)
    sys.modules.pop("my_bad_value_targets", None)




def test_a_module_name_from_before_the_namespace_move_still_works_with_a_warning():
    from conformance.judging.models import resolve

    with pytest.warns(DeprecationWarning, match="conformance.adapters.numpy"):
        targets = load_backend("adapters.numpy")
    assert {t.name for t in targets} == {t.name for t in load_backend("numpy")}
    with pytest.warns(DeprecationWarning, match="conformance.adapters.torch_scatter"):
        assert callable(resolve("adapters.torch_scatter:include_self_false"))


def test_a_projects_own_package_with_a_moved_name_is_left_alone(tmp_path, monkeypatch):
    from conformance.core.moved import current

    (tmp_path / "adapters").mkdir()
    (tmp_path / "adapters" / "__init__.py").write_text("# the user's own adapters\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "adapters", raising=False)
    assert current("adapters.mine") == "adapters.mine"
    assert current("my_pkg.adapters") == "my_pkg.adapters"


def test_a_value_quirk_met_in_a_window_a_declared_skip_window_drops_is_covered_by_both():
    """xla:scatter (dev profile, stateful, 2026-11-28): a minimum scatter of signed zeros whose second window
    runs past the end. XLA drops that window whole (declared ``skip-window``) and keeps the loop order's zero
    under the minimum (declared ``zero-sign``): together they predict every element, so it is declared;
    an element neither predicts is not."""
    import json

    import numpy as np

    from conformance.core.case import Case
    from conformance.running.registry import missing_requirements

    if missing_requirements("xla"):
        pytest.skip("jax not installed")
    (t,) = [t for t in load_backend("xla") if t.name == "xla:scatter"]
    case = Case.from_json(json.loads(
        '{"arrays":{"inputs[0]":{"data":"AAAAgACAAIA=","dtype":"float16","shape":[4,1]},"inputs[1]":{"data":'
        '"AAAAgACAAIA=","dtype":"float16","shape":[4,1]},"scatter_indices":{"data":"AAI=","dtype":"int8","shape":[1,2]},'
        '"updates[0]":{"data":"AIAAgACAAIAAvAC4","dtype":"float16","shape":[2,3,1]},"updates[1]":{"data":'
        '"AIAAgACAAIAAvAC4","dtype":"float16","shape":[2,3,1]}},"attrs":{"index_vector_dim":0,"indices_are_sorted":true,'
        '"input_batching_dims":[],"inserted_window_dims":[],"scatter_dims_to_operand_dims":[0],'
        '"scatter_indices_batching_dims":[],"unique_indices":false,"update_computation":"minimum",'
        '"update_window_dims":[1,2]},"op":"stablehlo.scatter"}'))
    observed = np.array([[0.0], [-0.0], [-0.0], [-0.0]], np.float16)
    assert t.declared(("wrong-value",), case, (observed, observed.copy())) is not None
    wrong = observed.copy()
    wrong[1] = 5.0  # an element neither behaviour predicts
    assert t.declared(("wrong-value",), case, (wrong, wrong.copy())) is None
