"""A layout the backend refuses is found by experiment (issue 68): a target whose framework refuses
negative-stride views with a clear error, right on everything else, gets one line naming the layout and
the error, that layout left out, and a passing property: never a wrong value or a probe mixture, also on
out-of-bounds cases where a refusal looks like the `error` class."""
import warnings

import pytest

from conformance.running import engine
from conformance.running.engine import run_property
from conformance.running.registry import load_backend


def test_a_refused_negative_stride_layout_is_one_line_and_left_out(monkeypatch):
    from pathlib import Path

    monkeypatch.syspath_prepend(str(Path(__file__).parent / "user_modules"))
    (t,) = load_backend("refuses_negative")
    assert "negative" in t.layouts
    monkeypatch.setattr(engine, "REFUSED", {})
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        run_property(t, "valid")  # raises on any undeclared divergence (a wrong value, a probe mixture)
    lines = [str(w.message) for w in said if "refuses" in str(w.message)]
    assert len(lines) == 1 and "negative" in lines[0] and "negative strides are not supported" in lines[0], lines
    assert engine.REFUSED[t.name] == {"negative"}


def test_an_out_of_bounds_case_in_a_refused_layout_is_no_verdict(monkeypatch):
    """Where the view's case also has an out-of-bounds index, the refusal looks like the `error` class
    (the spec skips the update; the target raised): still a layout refused, not a divergence."""
    from pathlib import Path

    import numpy as np

    from conformance.core.case import Case

    monkeypatch.syspath_prepend(str(Path(__file__).parent / "user_modules"))
    (t,) = load_backend("refuses_negative")
    monkeypatch.setattr(engine, "REFUSED", {})
    case = Case("stablehlo.scatter", {"inputs": np.arange(4, dtype=np.int32), "scatter_indices": np.array([[1], [9]], np.int32),
                                      "updates": np.array([5, 6], np.int32)},
                {"update_window_dims": [], "inserted_window_dims": [0], "input_batching_dims": [],
                 "scatter_indices_batching_dims": [], "scatter_dims_to_operand_dims": [0], "index_vector_dim": 1,
                 "indices_are_sorted": False, "unique_indices": False, "update_computation": "add"},
                layouts={"updates": "negative"})
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        run_property(t, "valid", cases=[case])  # an undeclared divergence would raise here
    assert engine.REFUSED[t.name] == {"negative"}
