"""A sample of the class-accuracy benchmark (``python -m benchmarks.class_accuracy`` runs all of it):
each labelled wrong target gets its one expected class, look-alikes of the named classes included."""
import warnings

import pytest

from benchmarks.class_accuracy import MODULE, classify
from benchmarks.labelled_targets import EXPECTED
from conformance.running.registry import load_backend

SAMPLE = ["bench:gather-resets-out-of-bounds-to-0", "bench:gather-negative-from-end",
          "bench:dynamic-slice-clamps-low-side-only", "bench:multiply-racy-tail",
          "bench:subtract-kernel-cache-keyed-by-equality"]


@pytest.mark.parametrize("name", SAMPLE)
def test_a_labelled_target_gets_its_class(name):
    target = {t.name: t for t in load_backend(MODULE)}[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got, detail = classify(target)
    assert got == EXPECTED[name], detail
    if "resets" in name:  # the model is named, as the bug report needs
        assert "reset to 0" in detail
