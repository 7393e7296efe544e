"""IREE 3.13 refuses a dynamic-shape stablehlo.scatter whose index vector dim is written ``?`` (and any dynamic
scatter with unsigned indices): fresh draws found it (2026-12-07, iree gate run 1: a dynamic int8[255] scatter-add
with uint8 indices [1, 1]). The declaration covers that refusal on another dtype and rank of the same mechanism;
the same cases with static shapes, which compile, and a dynamic case of another target are not covered.

Judging only (``Target.declared``): the refusals were measured with iree-base-compiler 3.13.0 on 2026-12-07.
"""
import numpy as np
import pytest

from conformance.core.case import Case
from conformance.running.registry import load_backend, missing_requirements


def _targets():
    if missing_requirements("iree"):
        pytest.skip("iree not installed")
    return {t.name: t for t in load_backend("iree")}


def _scatter(data, indices, updates, *, dynamic, window=(), inserted=(0,), to_operand=(0,)):
    attrs = {"index_vector_dim": 1, "indices_are_sorted": False, "input_batching_dims": [],
             "inserted_window_dims": list(inserted), "scatter_dims_to_operand_dims": list(to_operand),
             "scatter_indices_batching_dims": [], "unique_indices": False, "update_computation": "add",
             "update_window_dims": list(window)}
    return Case("stablehlo.scatter", {"inputs[0]": data, "scatter_indices": indices, "updates[0]": updates}, attrs,
                dynamic=dynamic)


SEEN = dict(data=np.arange(255).astype(np.int8), indices=np.array([[128]], np.uint8), updates=np.zeros(1, np.int8))
# float32 rank 2 with a window and int32 indices [2, 1]: refused when dynamic (measured), compiled when static
OTHER = dict(data=np.zeros((3, 4), np.float32), indices=np.array([[1], [2]], np.int32),
             updates=np.ones((2, 4), np.float32), window=(1,))
# float64 rank 2, an index vector of 2 (indices int64 [2, 2]), no window: refused when dynamic (measured)
POINTS = dict(data=np.zeros((3, 4), np.float64), indices=np.array([[1, 0], [2, 3]], np.int64),
              updates=np.ones(2, np.float64), inserted=(0, 1), to_operand=(0, 1))


@pytest.mark.parametrize("form", [SEEN, OTHER, POINTS], ids=["seen", "float32-rank2-window", "float64-rank2-points"])
def test_a_dynamic_scatter_refusal_is_covered(form):
    scatter = _targets()["iree:scatter"]
    assert scatter.declared(("rejects-valid",), _scatter(**form, dynamic=True)) is not None


@pytest.mark.parametrize("form", [SEEN, OTHER, POINTS], ids=["seen", "float32-rank2-window", "float64-rank2-points"])
def test_the_same_scatter_refused_with_static_shapes_is_not_covered(form):
    """Static, each of these compiles (measured): a refusal there is nothing the declaration states."""
    scatter = _targets()["iree:scatter"]
    assert scatter.declared(("rejects-valid",), _scatter(**form, dynamic=False)) is None


def test_a_dynamic_gather_refusal_is_not_covered():
    """The declaration is the scatter conversion's: a dynamic gather of the same indices is not excused."""
    gather = _targets()["iree:gather"]
    case = Case("stablehlo.gather", {"operand": np.arange(5).astype(np.int8), "start_indices": np.array([[1]], np.int32)},
                {"offset_dims": [], "collapsed_slice_dims": [0], "operand_batching_dims": [],
                 "start_indices_batching_dims": [], "start_index_map": [0], "index_vector_dim": 1,
                 "slice_sizes": [1], "indices_are_sorted": False}, dynamic=True)
    assert gather.declared(("rejects-valid",), case) is None


def test_a_dynamic_scatter_of_implicit_depth_and_signed_indices_is_not_covered():
    """Dynamic, index_vector_dim the rank of the indices and signed indices: IREE compiles it (measured), so a
    refusal of it is not excused; the same case with unsigned indices is."""
    scatter = _targets()["iree:scatter"]
    implicit = dict(data=np.zeros(5, np.int32), indices=np.array([1, 3], np.int32), updates=np.ones(2, np.int32))
    case = _scatter(**implicit, dynamic=True)
    case = Case(case.op, case.arrays, {**case.attrs, "index_vector_dim": 1}, dynamic=True)  # indices rank 1: implicit
    assert scatter.declared(("rejects-valid",), case) is None
    unsigned = Case(case.op, {**case.arrays, "scatter_indices": np.array([1, 3], np.uint32)}, case.attrs, dynamic=True)
    assert scatter.declared(("rejects-valid",), unsigned) is not None
