"""The spec's worked gather example, through the oracle and the jax, stablehlo, xla and iree targets."""
import numpy as np
import pytest

from conformance.core.case import Case
from conformance.running.engine import call
from conformance.oracles.stablehlo import gather

OPERAND = np.arange(1, 49, dtype=np.int32).reshape(2, 3, 4, 2)
START_INDICES = np.array([[[[0, 0], [1, 0], [2, 1]], [[0, 1], [1, 1], [0, 9]]],
                          [[[0, 0], [2, 1], [2, 2]], [[1, 2], [0, 1], [1, 0]]]], dtype=np.int64)
ATTRS = dict(offset_dims=(3, 4), collapsed_slice_dims=(1,), operand_batching_dims=(0,),
             start_indices_batching_dims=(1,), start_index_map=(2, 1), index_vector_dim=3,
             slice_sizes=(1, 1, 2, 2), indices_are_sorted=False)
# %result as the spec prints it
RESULT = np.array([
    [[[[1, 2], [3, 4]], [[3, 4], [5, 6]], [[13, 14], [15, 16]]],
     [[[33, 34], [35, 36]], [[35, 36], [37, 38]], [[41, 42], [43, 44]]]],
    [[[[1, 2], [3, 4]], [[13, 14], [15, 16]], [[21, 22], [23, 24]]],
     [[[43, 44], [45, 46]], [[33, 34], [35, 36]], [[27, 28], [29, 30]]]],
], dtype=np.int32)


def test_oracle_reproduces_the_spec_example():
    np.testing.assert_array_equal(gather(OPERAND, START_INDICES, **ATTRS), RESULT)


@pytest.mark.parametrize("backend,name", [("jax", "jax:lax.gather[clip]"), ("jax", "jax:lax.gather[None]"),
                                          ("stablehlo", "stablehlo:interpreter"), ("xla", "xla:gather"),
                                          ("iree", "iree:gather")])
def test_targets_reproduce_the_spec_example(builtin_target, backend, name):
    target = builtin_target(backend, name)
    outcome = call(target, Case("stablehlo.gather", {"operand": OPERAND, "start_indices": START_INDICES}, ATTRS))
    assert outcome.kind == "value", outcome.brief()
    np.testing.assert_array_equal(outcome.value, RESULT)
