"""The spec's worked gather and scatter examples through torch.compile (Inductor), and the
``torch_compile`` backend's targets through the runner."""
import numpy as np
import pytest

from conformance.core.case import Case
from conformance.running.engine import call
from conformance.oracles.stablehlo import gather
from tests import test_scatter_worked_example as scatter_example
from tests import test_worked_example as gather_example

torch = pytest.importorskip("torch")


def spec_gather(operand, indices):
    """The worked gather example's dimension numbers written out in torch: result[i0, i1, i2, o0, o1] =
    operand[i1, clamp(idx[..., 1], 0, 2), clamp(idx[..., 0], 0, 2) + o0, o1] (batching pair (0, 1),
    start_index_map (2, 1), slice sizes (1, 1, 2, 2): starts clamp to dim - slice)."""
    i1 = torch.arange(2).view(1, 2, 1, 1, 1)
    d1 = indices[..., 1].clamp(0, 2)[..., None, None]
    d2 = indices[..., 0].clamp(0, 2)[..., None, None] + torch.arange(2).view(1, 1, 1, 2, 1)
    return operand[i1, d1, d2, torch.arange(2).view(1, 1, 1, 1, 2)]


def spec_scatter_add(inputs, indices, updates):
    """The worked scatter example written out in torch: update [u0, u1, u2, w0, w1] adds into
    input[u1, idx[..., 1], idx[..., 0] + w0, w1] where that index is in bounds, and is skipped where
    it is not (an out-of-bounds update adds 0 at a clamped place)."""
    shape = (2, 2, 3, 2, 2)
    d0 = torch.arange(2).view(1, 2, 1, 1, 1).expand(shape)
    d1 = indices[..., 1][..., None, None].expand(shape)
    d2 = (indices[..., 0][..., None, None] + torch.arange(2).view(1, 1, 1, 2, 1)).expand(shape)
    d3 = torch.arange(2).view(1, 1, 1, 1, 2).expand(shape)
    inside = (d1 >= 0) & (d1 < 3) & (d2 >= 0) & (d2 < 4)
    out = inputs.clone()
    index = (d0, d1.clamp(0, 2), d2.clamp(0, 3), d3)
    return out.index_put_(index, torch.where(inside, updates, torch.zeros_like(updates)), accumulate=True)


@pytest.mark.parametrize("compiled", [False, True], ids=["eager", "torch.compile"])
def test_worked_gather_example(compiled):
    fn = torch.compile(spec_gather, dynamic=True) if compiled else spec_gather
    out = fn(torch.from_numpy(gather_example.OPERAND), torch.from_numpy(gather_example.START_INDICES))
    np.testing.assert_array_equal(out.numpy(), gather_example.RESULT)


@pytest.mark.parametrize("compiled", [False, True], ids=["eager", "torch.compile"])
def test_worked_scatter_example(compiled):
    fn = torch.compile(spec_scatter_add, dynamic=True) if compiled else spec_scatter_add
    out = fn(*(torch.from_numpy(a) for a in (scatter_example.INPUT, scatter_example.SCATTER_INDICES,
                                              scatter_example.UPDATES)))
    np.testing.assert_array_equal(out.numpy(), scatter_example.RESULT)


def test_compiled_targets_match_the_oracle_and_eager(builtin_target):
    """``torch_compile:gather`` on a case with distinct index components: the oracle's result, as
    eager ``torch:gather`` gives; an out-of-range index is refused by the compiled kernel too."""
    operand = np.arange(12, dtype=np.float32).reshape(3, 4)
    attrs = dict(offset_dims=(), collapsed_slice_dims=(1,), operand_batching_dims=(0,),
                 start_indices_batching_dims=(0,), start_index_map=(1,), index_vector_dim=2,
                 slice_sizes=(1, 1), indices_are_sorted=False)
    indices = np.array([[0, 2], [1, 3], [3, 0]], np.int64)  # implicit index vector (dim 2)
    case = Case("stablehlo.gather", {"operand": operand, "start_indices": indices}, attrs)
    expected = gather(operand, indices, **attrs)
    for name in ("torch_compile:gather", "torch:gather"):
        backend = name.split(":")[0]
        outcome = call(builtin_target(backend, name), case)
        assert outcome.kind == "value", (name, outcome.brief())
        np.testing.assert_array_equal(outcome.value, expected)
    bad = Case("stablehlo.gather", {"operand": operand, "start_indices": indices + 5}, attrs)
    assert call(builtin_target("torch_compile", "torch_compile:gather"), bad).kind == "rejection"
