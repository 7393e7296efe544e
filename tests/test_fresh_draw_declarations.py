"""The two groups fresh draws found in the opt-in runtimes' gates (issue 67) are declared by mechanism:
a case of another dtype or rank of the same mechanism is covered, a case outside it is not.

The observed values below were measured on tensorflow-cpu 2.21.0 (tensorflow_xla) and ai-edge-litert 2.3.0
with tensorflow-cpu 2.21.0 converting (litert); the tests judge them with ``Target.declared`` and run no
backend, so they also hold the declarations to those values on a machine without these runtimes' CPUs.
"""
import ml_dtypes
import numpy as np
import pytest

from conformance.core.case import Case
from conformance.running.registry import load_backend, missing_requirements

BF16 = ml_dtypes.bfloat16
FLT_MAX = np.finfo(np.float32).max


def _target(backend: str, name: str):
    if missing_requirements(backend):
        pytest.skip(f"{backend} not installed")
    return {t.name: t for t in load_backend(backend)}[name]


# ---- tensorflow_xla: x / c with c a Python number is x * (1 / c), flushed (model reciprocal-ftz) --------

def _divide(lhs, rhs, scalar=True):
    return Case("stablehlo.divide", {"lhs": lhs, "rhs": np.asarray(rhs, lhs.dtype)}, {"rhs_as_scalar": scalar})


def _truediv():
    return _target("tensorflow_xla", "tensorflow_xla:tf.math.truediv")


@pytest.mark.parametrize("lhs, rhs, observed", [
    # the group fresh draws found: bfloat16, the float32 reciprocal of 3.38953e38 is subnormal and flushed
    (np.full((1, 1, 1, 1, 1, 1), 1, BF16), 3.38953e38, np.zeros((1,) * 6, BF16)),
    (np.full((3,), 1024, BF16), 3.38953e38, np.zeros(3, BF16)),  # a normal quotient (3.03e-36) flushed too
    # the same mechanism in other types and ranks
    (np.full((2, 1, 1, 1, 1), 1024, np.float32), 3.4028235e38, np.zeros((2, 1, 1, 1, 1), np.float32)),
    (np.full((1, 2, 1), 1024, np.float64), 1.7976931348623157e308, np.zeros((1, 2, 1), np.float64)),
    (np.array(1024, np.float64), 1.7976931348623157e308, np.array(0.0)),  # rank 0
    (np.array([65504, 3], np.float16), 2.5, np.array([26192, 1.199], np.float16)),  # float16: reciprocal in float16
])
def test_a_divide_by_a_python_number_is_covered_in_every_float_type_and_rank(lhs, rhs, observed):
    from conformance.judging.models import covers

    case = _divide(lhs, rhs)
    assert _truediv().declared(("wrong-value",), case, observed) is not None
    assert covers("reciprocal-ftz", case, observed)  # (1 / 3.38953e38, a subnormal quotient, is the ftz entry's too)


def test_a_tensor_divisor_is_not_the_rewrite():
    """With the divisor a tensor (rank 0 or not) XLA divides: 1024 / [3.38953e38] is 3.03e-36, not 0."""
    t = _truediv()
    for rhs in (np.full((3,), 3.38953e38, BF16), np.asarray(3.38953e38, BF16)):
        case = Case("stablehlo.divide", {"lhs": np.full((3,) if rhs.ndim else (), 1024, BF16), "rhs": rhs},
                    {"rhs_as_scalar": False})
        assert t.declared(("wrong-value",), case, np.zeros(case.arrays["lhs"].shape, BF16)) is None


def test_a_bfloat16_reciprocal_is_not_what_xla_computes():
    """bfloat16 100 / 3: XLA widens the divide to float32 and keeps the float32 reciprocal (33.25, the spec's
    value too); a reciprocal rounded to bfloat16 would give 33.5, which nothing declares."""
    case = _divide(np.full((1, 1, 1), 100, BF16), 3.0)
    assert _truediv().declared(("wrong-value",), case, np.full((1, 1, 1), 33.5, BF16)) is None


def test_a_value_the_rewrite_does_not_give_is_not_covered():
    case = _divide(np.full((3,), 1024, BF16), 3.38953e38)
    assert _truediv().declared(("wrong-value",), case, np.full(3, 5, BF16)) is None


def test_a_divisor_of_one_keeps_a_subnormal():
    """x / 1.0 with a Python 1.0 is x (measured: float32 1e-45 / 1.0 gives 1e-45): predicted; a flushed 0 is
    too, by the ftz entry (what a tensor divisor gives)."""
    t = _truediv()
    case = _divide(np.array([1e-45, 1.0], np.float32), 1.0)
    assert t.declared(("wrong-value",), case, np.array([0.0, 1.0], np.float32)) is not None  # (ftz)
    assert t.declared(("wrong-value",), case, np.array([5e-45, 1.0], np.float32)) is None


# ---- litert: tensor_scatter_nd_* ops clamp to +-FLT_MAX where a rank above 6 keeps them off XNNPACK ----

def _scatter(tensor, indices, updates, computation="add"):
    b = indices.ndim - 1
    r, k = tensor.ndim, indices.shape[-1]
    attrs = {"update_window_dims": list(range(b, b + r - k)), "inserted_window_dims": list(range(k)),
             "input_batching_dims": [], "scatter_indices_batching_dims": [],
             "scatter_dims_to_operand_dims": list(range(k)), "index_vector_dim": b,
             "indices_are_sorted": False, "unique_indices": False, "update_computation": computation}
    return Case("stablehlo.scatter", {"inputs": tensor, "scatter_indices": indices, "updates": updates}, attrs)


def _scatter_nd(data, indices, updates, reduction="add"):
    return Case("onnx.ScatterND", {"data": data, "indices": indices, "updates": updates},
                {"reduction": reduction, "opset": 18})


def _big(rank, updates_rank, k=1):
    """float32 3e38 everywhere, one index row (all zeros) of ``k`` per batch position."""
    tensor = np.full((1,) * rank, 3e38, np.float32)
    batch = updates_rank - (rank - k)
    return tensor, np.zeros((1,) * batch + (k,), np.int64), np.full((1,) * updates_rank, 3e38, np.float32)


@pytest.mark.parametrize("name, make, rank, updates_rank, k", [
    ("litert:tf.tensor_scatter_nd_add", _scatter, 6, 7, 1),  # the group fresh draws found: a rank-6 input
    ("litert:tf.tensor_scatter_nd_add", _scatter, 3, 8, 1),
    ("litert:tf.tensor_scatter_nd_add", _scatter, 7, 1, 7),  # the input's rank alone
    ("litert:onnx.ScatterND[tf.tensor_scatter_nd_add]", _scatter_nd, 2, 7, 1),
    ("litert:onnx.ScatterND[tf.tensor_scatter_nd_add]", _scatter_nd, 8, 1, 8),
])
def test_an_infinite_sum_clamped_to_flt_max_is_covered_where_a_rank_is_above_6(name, make, rank, updates_rank, k):
    tensor, indices, updates = _big(rank, updates_rank, k)
    case = make(tensor, indices, updates)
    observed = np.full(tensor.shape, FLT_MAX, np.float32)  # the spec: inf
    dev = _target("litert", name).declared(("wrong-value",), case, observed)
    assert dev is not None and dev.model.endswith(":clamped_masked_scatter")


def test_an_infinite_update_written_at_rank_8_comes_back_as_flt_max():
    tensor = np.zeros((1,) * 8, np.float32)
    case = _scatter(tensor, np.zeros((1, 8), np.int64), np.array([np.inf], np.float32), "replace")
    t = _target("litert", "litert:tf.tensor_scatter_nd_update")
    assert t.declared(("wrong-value",), case, np.full(tensor.shape, FLT_MAX, np.float32)) is not None


@pytest.mark.parametrize("rank, updates_rank, k", [(6, 6, 1), (6, 1, 6), (1, 6, 1)])
def test_flt_max_where_every_rank_is_6_or_less_is_not_covered(rank, updates_rank, k):
    """Both ADDs run on XNNPACK there (measured: inf, the spec's value)."""
    tensor, indices, updates = _big(rank, updates_rank, k)
    case = _scatter(tensor, indices, updates)
    t = _target("litert", "litert:tf.tensor_scatter_nd_add")
    assert t.declared(("wrong-value",), case, np.full(tensor.shape, FLT_MAX, np.float32)) is None


def test_indices_of_rank_7_do_not_clamp():
    """rank-above-6 holds (the indices have rank 7) but no ADD has a rank above 6: the model predicts inf."""
    tensor, indices, updates = _big(1, 6, 1)
    assert indices.ndim == 7
    case = _scatter(tensor, indices, updates)
    t = _target("litert", "litert:tf.tensor_scatter_nd_add")
    assert t.declared(("wrong-value",), case, np.full(tensor.shape, FLT_MAX, np.float32)) is None


def test_integers_are_not_clamped():
    tensor = np.full((1,) * 7, 2**31 - 1, np.int32)
    case = _scatter(tensor, np.zeros((1, 7), np.int64), np.array([1], np.int32))
    t = _target("litert", "litert:tf.tensor_scatter_nd_add")
    assert t.declared(("wrong-value",), case, np.full(tensor.shape, 2**31 - 1, np.int32)) is None


# ---- litert, found by benchmarks/fresh_draws.py (2026-11-29): min/max above rank 6, Python-number constants ----

def _binary(op, lhs, rhs, scalar):
    return Case(f"stablehlo.{op}", {"lhs": lhs, "rhs": np.asarray(rhs, np.float32)}, {"rhs_as_scalar": scalar})


def test_minimum_above_rank_6_is_the_builtin_kernel():
    """minimum(NaN, 1.0) gives 1.0, minimum(1.0, NaN) NaN and minimum(NaN, 1e-45) 1e-45 at rank 7 (the builtin
    lhs < rhs ? lhs : rhs, subnormals kept). At rank 6 XNNPACK runs it and flushes: 1e-45 there is covered by
    nothing (its entry predicts 0)."""
    t = _target("litert", "litert:tf.math.minimum")
    lhs = np.array([np.nan, 1.0, np.nan], np.float32)
    rhs = np.array([1.0, np.nan, 1e-45], np.float32)
    builtin = np.array([1.0, np.nan, 1e-45], np.float32)
    seven = _binary("minimum", lhs.reshape(3, 1, 1, 1, 1, 1, 1), rhs.reshape(3, 1, 1, 1, 1, 1, 1), False)
    dev = t.declared(("wrong-value",), seven, builtin.reshape(3, 1, 1, 1, 1, 1, 1))
    assert dev is not None and dev.model.endswith(":builtin_min_max")
    six = _binary("minimum", lhs.reshape(3, 1, 1, 1, 1, 1), rhs.reshape(3, 1, 1, 1, 1, 1), False)
    assert t.declared(("wrong-value",), six, builtin.reshape(3, 1, 1, 1, 1, 1)) is None
    assert t.declared(("wrong-value",), six, np.array([1.0, 1.0, 0.0], np.float32).reshape(3, 1, 1, 1, 1, 1)) is not None


@pytest.mark.parametrize("op, rank, number, observed", [
    ("subtract", 1, np.inf, -FLT_MAX),  # the group fresh draws found: inf is stored as FLT_MAX
    ("add", 4, -np.inf, -FLT_MAX),
    ("multiply", 0, 0.0, 0.0),  # NaN * 0 folded to zeros at rank 0
    ("minimum", 6, -np.inf, 1.0),  # folded to x at rank 6: minimum(1.0, -inf) gives 1.0
])
def test_a_python_number_as_the_converter_stores_it_is_covered(op, rank, number, observed):
    lhs = np.full((1,) * rank, {"multiply": np.nan, "minimum": 1.0}.get(op, 0.0), np.float32)
    case = _binary(op, lhs, number, True)
    t = _target("litert", f"litert:tf.math.{op}")
    dev = t.declared(("wrong-value",), case, np.full(lhs.shape, observed, np.float32))
    assert dev is not None and dev.model.endswith(":scalar_as_converted")


def test_a_fold_outside_its_ranks_is_not_covered():
    """minimum(x, -inf) is folded to x at rank 0 and from rank 6 only; at rank 3 a MINIMUM with -FLT_MAX runs
    (measured: 1.0 gives -3.4028235e38), so 1.0 there is covered by nothing."""
    t = _target("litert", "litert:tf.math.minimum")
    case = _binary("minimum", np.ones((1, 1, 1), np.float32), -np.inf, True)
    assert t.declared(("wrong-value",), case, np.ones((1, 1, 1), np.float32)) is None
    assert t.declared(("wrong-value",), case, np.full((1, 1, 1), -FLT_MAX, np.float32)) is not None


def test_the_negate_model_takes_a_rank_0_operand():
    """The gate's third group was the suite's: the flushed-negate model raised on a 0-d operand."""
    from conformance.adapters.litert import flushed_negate

    case = Case("stablehlo.negate", {"operand": np.array(2.5, np.float32)}, {})
    assert flushed_negate(case) == np.float32(-2.5)
    assert flushed_negate(Case("stablehlo.negate", {"operand": np.array(1e-45, np.float32)}, {})) == 0


# ---- onnxruntime_openvino, found by benchmarks/fresh_draws.py (2026-11-29): constants as the EP hands them over ----
# (observed values measured with onnxruntime 1.32.0, onnxruntime-ep-openvino 1.8.1, openvino 2026.4.1)

BF16_MAX = np.float32(3.3895314e38)


def _constant_case(op, arrays, constants, **attrs):
    if op != "select":
        attrs.setdefault("rhs_as_scalar", False)
    return Case(f"stablehlo.{op}", arrays, {"constants": list(constants), **attrs})


def _ep(name):
    return _target("onnxruntime_openvino", f"onnxruntime_openvino:{name}")


@pytest.mark.parametrize("name, case, observed", [
    # the group fresh draws found: Where's constant on_false holding FLT_MAX
    ("Where-18", _constant_case("select", {"pred": np.zeros(3, bool), "on_true": np.zeros(3, np.float32),
                                           "on_false": np.array([FLT_MAX, 1.0, 3e38], np.float32)}, ["on_false"]),
     np.array([BF16_MAX, 1.0, 3e38], np.float32)),
    # another dtype and rank: a float64 rank-7 constant lhs of Add (inf held as FLT_MAX, then clamped)
    ("Add-18", _constant_case("add", {"lhs": np.array([np.inf, -1.7976931348623157e308]).reshape((1,) * 6 + (2,)),
                                      "rhs": np.zeros((1,) * 6 + (2,))}, ["lhs"]),
     np.array([BF16_MAX, -BF16_MAX], np.float64).reshape((1,) * 6 + (2,))),
    # a float64 divisor: 3e38 / [FLT_MAX, 2.0] reads FLT_MAX as 3.3895314e38
    ("Div-18", _constant_case("divide", {"lhs": np.array([3e38, 1.0]), "rhs": np.array([float(FLT_MAX), 2.0])}, ["rhs"]),
     np.array([0.8850780725479126, 0.5])),
    # rank 8, Max with a constant rhs beyond bfloat16's largest (3.4e38): the constant's 3.3895314e38 wins
    ("Max-18", _constant_case("maximum", {"lhs": np.zeros((1,) * 7 + (3,), np.float32),
                                          "rhs": np.full((1,) * 7 + (3,), 3.4e38, np.float32)}, ["rhs"]),
     np.full((1,) * 7 + (3,), BF16_MAX, np.float32)),
])
def test_a_constant_beyond_bfloat16s_largest_is_covered_in_every_float_type_and_rank(name, case, observed):
    dev = _ep(name).declared(("wrong-value",), case, observed)
    assert dev is not None and "clamped_constant" in dev.model


@pytest.mark.parametrize("shape, constants", [((1,), ["lhs"]), ((), ["lhs"]), ((2,), [])])
def test_a_one_element_constant_or_a_graph_input_is_not_clamped(shape, constants):
    """A one-element constant keeps FLT_MAX (measured at shapes [], [1], [1, 1]), and so does an input."""
    case = _constant_case("add", {"lhs": np.full(shape, FLT_MAX, np.float32), "rhs": np.zeros(shape, np.float32)},
                          constants)
    assert _ep("Add-18").declared(("wrong-value",), case, np.full(shape, BF16_MAX, np.float32)) is None


def test_a_value_below_bfloat16s_largest_is_not_clamped():
    """3.3e38 stays 3.3e38 in a constant (measured); coming back as 3.3895314e38 is covered by nothing."""
    case = _constant_case("add", {"lhs": np.full(3, 3.3e38, np.float32), "rhs": np.zeros(3, np.float32)}, ["lhs"])
    assert _ep("Add-18").declared(("wrong-value",), case, np.full(3, BF16_MAX, np.float32)) is None


@pytest.mark.parametrize("backend", ["openvino", "onnxruntime_openvino"])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_a_constant_subtrahend_is_negated_then_flushed(backend, dtype):
    """x - C runs as x + (-C), -C stored as the constant is (flushed where it holds a subnormal): -0.0 - [1e-40,
    0.0, 1.0] gives [0.0, 0.0, -1.0] on both backends, float32 and float64 (measured 2026-11-29)."""
    t = _target(backend, f"{backend}:Sub-18")
    case = _constant_case("subtract", {"lhs": np.full(3, -0.0, dtype), "rhs": np.array([1e-40, 0.0, 1.0], dtype)},
                          ["rhs"])
    assert t.declared(("wrong-value",), case, np.array([0.0, 0.0, -1.0], dtype)) is not None
    # with no subnormal in C nothing is flushed: -0.0 - [0.0, 1.0] is [-0.0, -1.0] there, +0.0 is covered by nothing
    plain = _constant_case("subtract", {"lhs": np.full(2, -0.0, dtype), "rhs": np.array([0.0, 1.0], dtype)}, ["rhs"])
    assert t.declared(("wrong-value",), plain, np.array([0.0, -1.0], dtype)) is None


# ---- openvino and onnxruntime_openvino: float64 ScatterND reduced in float32, in index order (2026-11-29) ----

def _nd(data, indices, updates, reduction, opset=16):
    return Case("onnx.ScatterND", {"data": np.asarray(data, np.float64), "indices": np.asarray(indices, np.int64),
                                   "updates": np.asarray(updates, np.float64)}, {"reduction": reduction, "opset": opset})


@pytest.mark.parametrize("backend", ["openvino", "onnxruntime_openvino"])
@pytest.mark.parametrize("case, observed", [
    # rank 5: 2.5 * -FLT_MAX overflows float32 before * 1e-40; the -inf is written back as -FLT_MAX
    (_nd(np.array([1.0, 2.5]).reshape(2, 1, 1, 1, 1), [[1], [1]], np.array([-float(FLT_MAX), 1e-40]).reshape(2, 1, 1, 1, 1),
         "mul"), np.array([1.0, -float(FLT_MAX)]).reshape(2, 1, 1, 1, 1)),
    # rank 2: inf held as FLT_MAX, FLT_MAX * 1e-40 * FLT_MAX * 1e-40 (the spec: inf)
    (_nd([[np.inf, 1.0], [2.0, 3.0]], [[0], [0], [0]], [[1e-40, 1.0], [np.inf, 1.0], [1e-40, 1.0]], "mul"),
     np.array([[0.0011579081183299422, 1.0], [2.0, 3.0]])),
])
def test_a_float64_scatter_reduced_in_float32_in_index_order_is_covered(backend, case, observed):
    t = _target(backend, f"{backend}:onnx.ScatterND-16[mul]")
    dev = t.declared(("wrong-value",), case, observed)
    assert dev is not None and dev.model.endswith(":float32_in_order_scatter")


@pytest.mark.parametrize("backend", ["openvino", "onnxruntime_openvino"])
def test_the_other_update_order_is_not_covered(backend):
    """1e-40 first: 2.5 * 1e-40 * -FLT_MAX stays finite in float32 (-0.085); -FLT_MAX there is covered by nothing."""
    t = _target(backend, f"{backend}:onnx.ScatterND-16[mul]")
    case = _nd(np.array([1.0, 2.5]).reshape(2, 1, 1, 1, 1), [[1], [1]],
               np.array([1e-40, -float(FLT_MAX)]).reshape(2, 1, 1, 1, 1), "mul")
    assert t.declared(("wrong-value",), case, np.array([1.0, -float(FLT_MAX)]).reshape(2, 1, 1, 1, 1)) is None


# ---- openvino and onnxruntime_openvino Div: x * (1 / y), a subnormal divisor not flushed (2026-11-29) ----

@pytest.mark.parametrize("backend", ["openvino", "onnxruntime_openvino"])
@pytest.mark.parametrize("shape", [(), (7,), (2, 1, 3)])
def test_a_subnormal_divisor_whose_reciprocal_is_finite_is_used(backend, shape):
    """The group fresh draws found (float32[2, 513]): 0.0016346 / -8.673e-39 gives -1.8847001e35, x times the
    rounded reciprocal -1.153e38 (the spec: -1.8846999e35); measured at ranks 0 to 2, 1 to 513 elements."""
    t = _target(backend, f"{backend}:Div-18")
    x = np.resize(np.array([0.0016346460906788707, 1.0, -2.5], np.float32), shape).reshape(shape)
    y = np.resize(np.array([-8.673242957941345e-39, 3e-39, 5e-39], np.float32), shape).reshape(shape)
    case = Case("stablehlo.divide", {"lhs": x, "rhs": y}, {"rhs_as_scalar": False})
    with np.errstate(all="ignore"):
        observed = (x * (np.float32(1) / y)).astype(np.float32)
    dev = t.declared(("wrong-value",), case, observed)
    assert dev is not None and dev.model.endswith(":reciprocal_divide")
    # one ulp further from the spec than x * (1 / y) (neither the spec, the reciprocal nor a flush): covered by nothing
    # (the divisor read as zero, +-inf, is the ftz entry's: that reading stays excused)
    further = np.nextafter(observed, np.copysign(np.float32(np.inf), observed)).astype(np.float32)
    assert t.declared(("wrong-value",), case, further) is None


def test_a_float64_node_of_constants_is_folded_without_the_flush():
    """openvino: Max of float64 constants [-0.0, 1e-40] and [NaN, 0.0] gives [-0.0, 9.99995e-41] (std::max on
    the values held in float32, not flushed); the same values flushed ([0.0, 0.0]) are covered by nothing."""
    t = _target("openvino", "openvino:Max-18")
    case = _constant_case("maximum", {"lhs": np.array([-0.0, 1e-40]), "rhs": np.array([np.nan, 0.0])}, ["lhs", "rhs"])
    assert t.declared(("wrong-value",), case, np.array([-0.0, float(np.float32(1e-40))])) is not None
    assert t.declared(("wrong-value",), case, np.array([0.0, 0.0])) is None


# ---- openvino Max/Min: float64 in float32 meets a signed-zero tie, the second operand returned (2026-12-07) ----

@pytest.mark.parametrize("name, lhs, rhs, observed", [
    # the group fresh draws found: rank 0, both values round to opposite zeros in float32
    ("Max-18", np.array(2.2250738585072014e-308), np.array(-5e-324), np.array(-0.0)),
    # the same mechanism: Min, another rank, broadcast, values a float32 subnormal would not hold either
    ("Min-18", np.array([-1e-300, 1e-46, 2.5]).reshape(1, 3, 1), np.array([5e-324]), np.zeros((1, 3, 1))),
    ("Max-18", np.array([[1e-300, -1.0], [0.0, -2.2250738585072014e-308]]), np.array([[-1e-300, -2.0], [-1e-46, 0.0]]),
     np.array([[-0.0, -1.0], [-0.0, 0.0]])),
])
def test_a_float64_tie_of_signed_zeros_in_float32_gives_the_second_operand(name, lhs, rhs, observed):
    from conformance.adapters.openvino import select_max_min

    case = _constant_case(name[:3].lower() + "imum", {"lhs": lhs, "rhs": rhs}, [])
    modelled = np.broadcast_to(select_max_min(case), observed.shape)
    assert np.array_equal(modelled, observed) and np.array_equal(np.signbit(modelled), np.signbit(observed))
    dev = _target("openvino", f"openvino:{name}").declared(("wrong-value",), case, observed)
    assert dev is not None and dev.when == "float32-opposite-zeros"


def test_a_value_the_float32_tie_does_not_give_is_not_covered():
    """The second operand unrounded (-5e-324 where float32 holds -0.0), and a tie float32 does not make
    (1e-30 and -1e-30 are normal float32 numbers): covered by nothing."""
    t = _target("openvino", "openvino:Max-18")
    case = _constant_case("maximum", {"lhs": np.array(2.2250738585072014e-308), "rhs": np.array(-5e-324)}, [])
    assert t.declared(("wrong-value",), case, np.array(-5e-324)) is None
    case = _constant_case("maximum", {"lhs": np.array([1e-30]), "rhs": np.array([-1e-30])}, [])
    assert t.declared(("wrong-value",), case, np.array([-1e-30])) is None
