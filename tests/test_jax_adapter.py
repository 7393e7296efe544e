"""The jax adapter hands 64-bit indices to jax unchanged. (It once placed index arrays on the device
before enabling 64-bit types, so an index 2**63-1 arrived as int32 -1 and wrote row 1: the suite
blamed jax for its own truncation. A standalone repro script, which does not truncate, exposed it.)"""
import json
from pathlib import Path

import numpy as np
import pytest

from conformance.core.case import Case
from conformance.running.registry import load_backend, missing_requirements
from conformance.running.engine import check_case

CASE = Path(__file__).parent / "cases" / "scatter_index_int64_max.json"
pytestmark = pytest.mark.skipif(bool(missing_requirements("jax")), reason="jax backend not installed")


def test_put_keeps_int64_at_its_limit():
    from conformance.adapters.jax_common import put

    placed = np.asarray(put(np.array([2**63 - 1, -(2**63)], np.int64)))
    assert placed.dtype == np.int64 and placed.tolist() == [2**63 - 1, -(2**63)]


@pytest.mark.parametrize("name", ["jax:x.at[idx].set[None]", "jax:x.at[idx].max[drop]"])
def test_scatter_with_an_int64_max_index_conforms(name):
    case = Case.from_json(json.loads(CASE.read_text()))
    assert int(case.arrays["scatter_indices"].max()) == 2**63 - 1
    target = {t.name: t for t in load_backend("jax")}[name]
    assert check_case(target, case).cls == "conform"
