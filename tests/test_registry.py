"""Loading a backend checks each target's region against its op's region class, at load time."""
import sys

import pytest

from conformance.registry import BackendError, load_backend

MODULE = '''
from conformance.registry import target


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


def test_a_foreign_package_with_a_card_name_is_named_in_one_line(tmp_path, monkeypatch):
    from conformance.packages import foreign_packages

    assert foreign_packages() == ""  # this checkout's own packages
    (tmp_path / "adapters").mkdir()
    (tmp_path / "adapters" / "__init__.py").write_text("# another distribution's adapters\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "adapters", raising=False)
    line = foreign_packages()
    assert "\n" not in line and "'adapters'" in line and str(tmp_path) in line
