"""The case conditions that scope the compiler backends' declared deviations hold exactly where
their docstrings say (each checked on a case where it holds and one where it does not)."""
import warnings

import numpy as np
import pytest

from conformance.core.case import Case
from conformance.judging.conditions import holds
from tests import test_scatter_worked_example as scatter_example

TAKE = dict(offset_dims=(), collapsed_slice_dims=(0,), operand_batching_dims=(), start_indices_batching_dims=(),
            start_index_map=(0,), index_vector_dim=1, slice_sizes=(1,), indices_are_sorted=False)


def gather(indices, operand=np.arange(4, dtype=np.int8), **attrs):
    return Case("stablehlo.gather", {"operand": operand, "start_indices": np.asarray(indices)}, {**TAKE, **attrs})


def elementwise(op, x0, x1, dtype=np.float32):
    return Case("mlir.scalarization", {"x0": np.array(x0, dtype), "x1": np.array(x1, dtype)}, {"op": op})


@pytest.mark.parametrize("name,yes,no", [
    ("index-out-of-range", gather(np.array([4], np.int64)), gather(np.array([3], np.int64))),
    ("index-out-of-range", gather(np.array([-1], np.int8)), gather(np.array([0], np.int8))),
    ("leading-index-vector-dim", gather(np.array([[1]]), index_vector_dim=0), gather(np.array([[1]]))),
    ("one-element-operand", gather(np.array([0]), operand=np.zeros(1, np.int8)), gather(np.array([0]))),
    ("rank0-operand", Case("stablehlo.gather", {"operand": np.int8(1), "start_indices": np.zeros((0,), np.int64)}, TAKE),
     gather(np.array([0]))),
    ("infinite-divisor", elementwise("remainder", [1.0], [np.inf]), elementwise("remainder", [np.inf], [1.0])),
    ("integer-zero-divisor", elementwise("remainder", [7, 3], [0, 2], np.uint8), elementwise("divide", [0], [3], np.int8)),
    ("integer-zero-divisor", elementwise("divide", [7], [0], np.int64), elementwise("divide", [7.0], [0.0])),
    ("idiv-overflow", elementwise("divide", [-2 ** 31, 4], [-1, 2], np.int32),
     elementwise("divide", [-128], [-1], np.int8)),  # int8 is widened by C++: no trap on onnxruntime 1.32.0
    ("idiv-overflow", elementwise("remainder", [-2 ** 63], [-1], np.int64), elementwise("divide", [7], [0], np.int64)),
    ("int16-elements", elementwise("maximum", [1], [2], np.uint16), elementwise("maximum", [1], [2], np.int8)),
    ("uint64-elements", elementwise("maximum", [1], [2], np.uint64), elementwise("maximum", [1], [2], np.uint32)),
    ("negative-zero-dividend", elementwise("remainder", [-0.0], [1.0]), elementwise("remainder", [0.0], [1.0])),
    ("large-quotient", elementwise("remainder", [2.0 ** 30], [1.0]), elementwise("remainder", [2.0 ** 20], [1.0])),
    ("large-quotient", elementwise("remainder", [1.0], [5e-324], np.float64),  # x/y overflows: 1 - inf*y = -inf
     elementwise("remainder", [1.0], [0.0], np.float64)),
    ("zero-constant-operand", Case("stablehlo.add", {"lhs": np.array([-0.0, 1.0]), "rhs": np.array([0.0, -0.0])},
                                   {"constants": ("rhs",)}),
     Case("stablehlo.add", {"lhs": np.array([-0.0, 1.0]), "rhs": np.array([0.0, 1.0])}, {"constants": ("rhs",)})),
    ("min-rank0-constant-factor", Case("stablehlo.multiply", {"lhs": np.array([3, 4], np.int32), "rhs": np.int32(-2 ** 31)},
                                       {"constants": ("rhs",)}),
     Case("stablehlo.multiply", {"lhs": np.array([3, 4], np.int32), "rhs": np.array([-2 ** 31], np.int32)},
          {"constants": ("rhs",)})),  # rank 1: a buffer, not an immediate
    ("min-rank0-constant-factor", Case("stablehlo.multiply", {"lhs": np.array(-2 ** 63, np.int64), "rhs": np.array(5, np.int64)},
                                       {"constants": ("lhs",)}),
     Case("stablehlo.multiply", {"lhs": np.array(-2 ** 63, np.int64), "rhs": np.array(5, np.int64)},
          {"constants": ("rhs",)})),  # the minimum is an input, the constant 5
    ("min-rank0-constant-factor", Case("stablehlo.multiply", {"lhs": np.array(1, np.int32), "rhs": np.array(-2 ** 31, np.int32)},
                                       {"constants": ("rhs",)}),
     Case("stablehlo.multiply", {"lhs": np.array(1, np.int16), "rhs": np.array(-2 ** 15, np.int16)},
          {"constants": ("rhs",)})),  # int16 is computed wider (tvm 0.27: compiles)
    ("wide-integer-rank0-constant", Case("stablehlo.add", {"lhs": np.array([1, 2], np.uint32), "rhs": np.uint32(2 ** 32 - 1)},
                                         {"constants": ("rhs",)}),
     Case("stablehlo.add", {"lhs": np.array([1, 2], np.uint32), "rhs": np.array([2 ** 32 - 1], np.uint32)},
          {"constants": ("rhs",)})),  # rank 1: a buffer, not an immediate
    ("wide-integer-rank0-constant", Case("stablehlo.subtract", {"lhs": np.array(-2 ** 63, np.int64), "rhs": np.array([1, 2], np.int64)},
                                         {"constants": ("lhs",)}),
     Case("stablehlo.subtract", {"lhs": np.array(-2 ** 15, np.int16), "rhs": np.array([1, 2], np.int16)},
          {"constants": ("lhs",)})),  # 16 bits: computed without the no-wrap mark
    ("wide-integer-rank0-constant", Case("stablehlo.add", {"lhs": np.array(1, np.int32), "rhs": np.array(5, np.int32)},
                                         {"constants": ("rhs",)}),
     Case("stablehlo.multiply", {"lhs": np.array(1, np.int32), "rhs": np.array(5, np.int32)},
          {"constants": ("rhs",)})),  # Mul: measured right
    ("rank0-zero-float-constant", Case("stablehlo.multiply", {"lhs": np.array(-1.0, np.float16), "rhs": np.array(-0.0, np.float16)},
                                       {"constants": ("rhs",)}),
     Case("stablehlo.multiply", {"lhs": np.array([-1.0], np.float16), "rhs": np.array([0.0], np.float16)},
          {"constants": ("rhs",)})),  # rank 1: a buffer, not an immediate
    ("rank0-zero-float-constant", Case("stablehlo.divide", {"lhs": np.array(0.0), "rhs": np.array(2.0)}, {"constants": ("lhs",)}),
     Case("stablehlo.divide", {"lhs": np.array(0.0), "rhs": np.array(2.0)}, {"constants": ("lhs", "rhs")})),  # both: folded whole
    ("rank0-zero-float-divisor", Case("stablehlo.divide", {"lhs": np.array(1.0, np.float32), "rhs": np.array(-0.0, np.float32)},
                                      {"constants": ("rhs",)}),
     Case("stablehlo.divide", {"lhs": np.array(0.0, np.float32), "rhs": np.array(1.0, np.float32)},
          {"constants": ("lhs",)})),  # a zero dividend compiles
    ("all-constant-operands", Case("stablehlo.select", {"pred": np.array(True), "on_true": np.array(-0.0),
                                                        "on_false": np.array(0.0)},
                                   {"constants": ("pred", "on_true", "on_false")}),
     Case("stablehlo.select", {"pred": np.array(True), "on_true": np.array(-0.0), "on_false": np.array(0.0)},
          {"constants": ("pred", "on_true")})),
    ("zero-size-slice", Case("stablehlo.dynamic_slice", {"operand": np.zeros((2, 3)), "start_indices[0]": np.int32(0),
                                                         "start_indices[1]": np.int32(1)}, {"slice_sizes": (2, 0)}),
     Case("stablehlo.dynamic_slice", {"operand": np.zeros((2, 3)), "start_indices[0]": np.int32(0),
                                      "start_indices[1]": np.int32(1)}, {"slice_sizes": (2, 1)})),
    ("float64-elements", gather(np.array([0]), operand=np.zeros(2)), gather(np.array([0]))),
    ("int-beyond-int32", gather(np.array([0]), operand=np.array([2 ** 31], np.int64)),
     gather(np.array([0]), operand=np.array([2 ** 31 - 1], np.int64))),
    ("empty-array", gather(np.array([0]), operand=np.zeros((2, 0), np.int8), slice_sizes=(1, 0)), gather(np.array([0]))),
    ("empty-array", gather(np.zeros((0, 1), np.int64)), gather(np.array([[0]]))),
    ("negative-zero-scalar", Case("stablehlo.divide", {"lhs": np.ones(2, np.float32), "rhs": np.float32(-0.0)},
                                  {"rhs_as_scalar": True}),
     Case("stablehlo.divide", {"lhs": np.ones(2, np.float32), "rhs": np.array(-0.0, np.float32)}, {})),
])
def test_condition_holds_where_it_says(name, yes, no):
    assert holds(name, yes) and not holds(name, no)


def test_batching_and_window_conditions_on_the_worked_scatter_example():
    assert holds("batching-dims", scatter_example.CASE)
    assert not holds("window-dims-not-trailing", scatter_example.CASE)  # update_window_dims (3, 4) of rank 5
    assert not holds("variadic-scatter", scatter_example.CASE)
    assert not holds("unindexed-inserted-dim", scatter_example.CASE)  # inserted dim 1 is mapped
    assert holds("unindexed-inserted-dim", gather(np.array([0]), operand=np.zeros((4, 1)), collapsed_slice_dims=(0, 1),
                                                  slice_sizes=(1, 1)))


def test_permuted_destination_and_infinite_imaginary_scalar_conditions():
    from conformance.core.case import Case
    from conformance.judging.conditions import holds

    scatter = Case("stablehlo.scatter", {"inputs": np.zeros((2, 2), np.int8), "scatter_indices": np.zeros((1, 1), np.int64),
                                         "updates": np.zeros((1, 2), np.int8)}, {}, layouts={"inputs": "fortran"})
    assert holds("inputs-permuted-layout", scatter)
    assert not holds("inputs-permuted-layout", Case(scatter.op, scatter.arrays, {}, layouts={"inputs": "strided"}))

    def sub(rhs, as_scalar=True):
        return Case("stablehlo.subtract", {"lhs": np.zeros(1, np.complex64), "rhs": np.array(rhs, np.complex64)},
                    {"rhs_as_scalar": as_scalar})

    assert holds("infinite-imaginary-scalar", sub(complex(0, np.inf)))
    assert not holds("infinite-imaginary-scalar", sub(complex(np.inf, 0)))
    assert not holds("infinite-imaginary-scalar", sub(complex(0, np.inf), as_scalar=False))


def take_add(shape, dim, n, layouts=None):
    """``x.index_add_(dim, zeros(n), source)`` as the stablehlo.scatter case of target ``index_add_``."""
    source = tuple(n if d == dim else m for d, m in enumerate(shape))
    attrs = dict(update_window_dims=tuple(d for d in range(len(shape)) if d != dim), inserted_window_dims=(dim,),
                 scatter_dims_to_operand_dims=(dim,), index_vector_dim=1, input_batching_dims=(),
                 scatter_indices_batching_dims=(), indices_are_sorted=False, unique_indices=False,
                 update_computation="add")
    return Case("stablehlo.scatter", {"inputs": np.zeros(shape, np.int8), "scatter_indices": np.zeros(n, np.int64),
                                      "updates": np.ones(source, np.int8)}, attrs, layouts=layouts or {})


def test_inductor_scalar_store_follows_the_index_loop_and_the_source_layout():
    """The measured shapes of the index_add_ compile failure (benchmarks.inductor_loop_order): a size-1
    indexed dim whose index loop runs innermost, as the source's strides decide."""
    assert holds("inductor-scalar-store", take_add((1, 1, 1, 2, 1, 1), 5, 2))  # the gate's seed
    assert holds("inductor-scalar-store", take_add((2, 1), 1, 2))
    assert not holds("inductor-scalar-store", take_add((2, 1), 1, 1))  # one index position
    assert not holds("inductor-scalar-store", take_add((1, 2), 0, 2))  # the window dim runs innermost
    assert holds("inductor-scalar-store", take_add((1, 2), 0, 2, {"updates": "transposed"}))  # now the index loop does
    assert not holds("inductor-scalar-store", take_add((2, 2), 1, 2))  # the indexed dim has size 2
    nd = Case("onnx.ScatterND", {"data": np.zeros((1, 3), np.float32), "indices": np.zeros((2, 1), np.int64),
                                 "updates": np.ones((2, 3), np.float32)}, {"reduction": "add"})
    assert not holds("inductor-scalar-store", nd)
    assert holds("inductor-scalar-store", Case(nd.op, nd.arrays, nd.attrs, layouts={"updates": "transposed"}))
    assert not holds("inductor-scalar-store", Case(nd.op, nd.arrays, {"reduction": "none"}, layouts={"updates": "transposed"}))


def test_the_dropped_zero_constant_model_predicts_only_the_rewrite():
    from conformance.adapters.xla import zero_constant_dropped

    x = np.array([-0.0, 1.0, complex(1.0, -0.0)], np.complex64)
    zeros = np.zeros(3, np.complex64)
    kept = zero_constant_dropped(Case("stablehlo.add", {"lhs": zeros, "rhs": x}, {"constants": ("lhs",)}))
    assert np.array_equal(kept.view(np.uint32), x.view(np.uint32))  # 0 + x is x, signs of zero and all
    sub = Case("stablehlo.subtract", {"lhs": zeros, "rhs": x}, {"constants": ("lhs",)})  # 0 - x is not rewritten
    assert np.array_equal(zero_constant_dropped(sub), zeros - x)


def test_subnormal_values_holds_for_an_elementwise_op_and_excuses_its_flush():
    """Issue 45: the condition read only arrays named inputs/updates/data/operand, so a declaration on an
    elementwise target (lhs, rhs) never matched; now it holds for every op's value arrays."""
    import numpy as np

    from conformance.core.case import Case
    from conformance.judging.conditions import CONDITIONS
    from conformance.running.engine import judge_given
    from conformance.running.registry import load_backend

    tiny = np.float32(1e-40)
    case = Case("stablehlo.multiply", {"lhs": np.array([tiny, 2.0], np.float32), "rhs": np.array([1.0, 3.0], np.float32)},
                {"rhs_as_scalar": False})
    assert CONDITIONS["subnormal-values"](case)
    (t,) = load_backend("tests.user_modules.ftz_multiply")
    verdict, dev = judge_given(t, case)
    assert verdict.diverges and dev is not None and dev.when == "subnormal-values"


def test_a_declaration_whose_condition_never_holds_for_its_op_is_refused_in_one_line():
    from conformance.running.registry import BackendError, load_backend

    with pytest.raises(BackendError) as info:
        load_backend("tests.user_modules.never_when")
    said = str(info.value)
    assert "\n" not in said and "'never:add'" in said and "when = 'negative-start' never holds for stablehlo.add" in said
    assert "stablehlo.gather" in said  # where it does hold


def _ops_drawn():
    from conformance.core.opspec import spec_ops

    return [op for op in spec_ops() if op != "mlir.scalarization"]  # (its region has no default: no user region)


@pytest.mark.parametrize("op", _ops_drawn())
def test_every_condition_that_holds_on_a_drawn_case_is_claimed_for_its_op(op):
    """``can_hold`` is never too narrow (that would refuse a declaration that can apply): every condition
    that holds on a case the op's strategies draw (valid, invalid, each edge scenario) claims the op."""
    from hypothesis import HealthCheck, Phase, given, settings

    from conformance.core.opspec import op_spec
    from conformance.judging.conditions import CONDITIONS, can_hold
    from conformance.running import ops
    from conformance.running.constructed import user_target

    t = user_target(op)
    runs = [(ops.valid_cases(t), 40)] + ([(ops.invalid_cases(t), 40)] if op_spec(op).invalid_ref else [])
    runs += [(ops.valid_cases(t, **ops.strategy_fields(f)), 3)
             for f in map(dict, ops.edge_scenarios(t))]
    held = set()
    for strategy, n in runs:
        @settings(database=None, max_examples=n, phases=[Phase.generate], derandomize=True, deadline=None,
                  suppress_health_check=list(HealthCheck))
        @given(strategy)
        def sweep(case):
            held.update(name for name in CONDITIONS if name not in held and holds(name, case))
        sweep()
    assert held, op
    assert not [name for name in held if not can_hold(name, op)]


def test_a_condition_reading_an_invalid_scatter_does_not_raise():
    """A scatter breaking C2 (one update window dim where the input leaves two): reading its index
    components raised StopIteration inside ``holds`` (CI, ci profile, 2026-11-27); such a case is one the
    condition cannot read, so it does not hold."""
    case = Case("stablehlo.scatter", {"inputs": np.arange(18, dtype=np.int32).reshape(3, 2, 1, 3, 1) + 98,
                                      "scatter_indices": np.array([1], np.int32),
                                      "updates": np.array([89], np.int32)},
                {"update_window_dims": (0,), "inserted_window_dims": (0, 1, 3), "input_batching_dims": (),
                 "scatter_indices_batching_dims": (), "scatter_dims_to_operand_dims": (1,), "index_vector_dim": 0,
                 "indices_are_sorted": False, "unique_indices": False, "update_computation": "add"})
    assert holds("wrap-loop-index", case) is False


def test_a_condition_on_a_signalling_nan_warns_of_nothing():
    """A float32 signalling NaN raises numpy's invalid flag as a condition widens it to float64: a
    RuntimeWarning in a user's run (tvm fresh draws, minimum, 2026-12-07). The condition still reads it."""
    snan = np.array([0x7FA00000, 0], np.uint32).view(np.float32)
    case = Case("stablehlo.minimum", {"lhs": snan, "rhs": np.ones(2, np.float32)}, {})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert holds("nan-operand", case) is True
