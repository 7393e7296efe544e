"""A declaration excuses what its model predicts, element by element, and nothing else: a second wrong
value in the same case fails; an ``unmodelled`` declaration is the blind spot it says it is; a
declaration measured on other releases does not excuse; bad fields are one-line errors."""
import sys

import numpy as np
import pytest

from conformance.running.registry import BackendError, load_backend
from conformance.running.engine import UndeclaredDivergence, run_property

MODULE = '''
import numpy as np

from conformance.running.registry import target

DEVIATIONS_FILE = {toml!r}
PACKAGE = "numpy"


def _max(lhs, rhs):
    out = np.where(lhs >= rhs, lhs, rhs)  # ties keep lhs: max(-0.0, +0.0) is -0.0 (the modelled quirk)
    out = np.where(np.isnan(lhs) | np.isnan(rhs), np.float32("nan"), out)  # a NaN meeting a number: NaN
    {second}
    return out


@target("stablehlo.maximum", "mine:maximum", region={{"dtypes": ("float32",), "forms": ("tensor",)}},
        isolated=False)
def maximum(lhs, rhs, **_):
    return np.asarray(_max(np.asarray(lhs), np.asarray(rhs)))
'''
NAN_DROPPED = "out = np.where(np.isnan(lhs), rhs, np.where(np.isnan(rhs), lhs, out))  # and NaN is dropped"
# a second bug only where the declaration's condition holds (a -0.0 operand): the last element is 7
IN_SCOPE = "out = np.array(out); out.flat[-1:] = 7 if (np.signbit(lhs) & (lhs == 0)).any() else out.flat[-1:]"

DECLARATION = '''
[[deviation]]
target = "mine:maximum"
class = "wrong-value"
when = "negative-zero-operand"
reason = "test: ties keep the left operand, so max(-0.0, +0.0) is -0.0"
link = "https://openxla.org/stablehlo/spec#maximum"
{extra}
'''


def _load(tmp_path, monkeypatch, name: str, second: str = "", extra: str = 'model = "zero-sign"'):
    toml = tmp_path / f"{name}.toml"
    toml.write_text(DECLARATION.format(extra=extra))
    (tmp_path / f"{name}.py").write_text(MODULE.format(toml=str(toml), second=second or "pass"))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, name, raising=False)
    return load_backend(name)[0]


def test_a_modelled_quirk_is_excused(tmp_path, monkeypatch):
    t = _load(tmp_path, monkeypatch, "my_zero_sign_max")
    seen = run_property(t, "valid")
    assert seen["wrong-value"] > 0  # the quirk showed, and the model covered it


def test_a_second_wrong_value_in_the_declared_scope_fails(tmp_path, monkeypatch):
    t = _load(tmp_path, monkeypatch, "my_nan_dropping_max", second=NAN_DROPPED)
    with pytest.raises(UndeclaredDivergence) as info:
        run_property(t, "valid")
    assert "wrong-value" in str(info.value).splitlines()[0]
    case = info.value.case
    assert any(np.isnan(a.astype(np.float64)).any() for a in case.arrays.values())  # the NaN bug, not the zeros


@pytest.mark.parametrize("extra,excused", [('unmodelled = "test: no model written"', True),
                                           ('model = "zero-sign"', False)])
def test_an_unmodelled_declaration_is_blind_and_says_so(tmp_path, monkeypatch, extra, excused):
    t = _load(tmp_path, monkeypatch, f"my_scoped_bug_max_{excused}", second=IN_SCOPE, extra=extra)
    assert all(d.blind() for d in t.deviations["wrong-value"]) == excused
    if excused:
        run_property(t, "valid")  # the second bug inside the scope is excused: the blind spot it declares
    else:
        with pytest.raises(UndeclaredDivergence):
            run_property(t, "valid")


def test_a_declaration_for_other_releases_does_not_excuse(tmp_path, monkeypatch):
    t = _load(tmp_path, monkeypatch, "my_old_release_max", extra='model = "zero-sign"\nversions = "<1.0"')
    with pytest.raises(UndeclaredDivergence) as info:
        run_property(t, "valid")
    notes = "\n".join(getattr(info.value, "__notes__", []))  # shown under the failure
    assert "declared for numpy <1.0" in notes and f"seen on numpy {np.__version__}: not excused" in notes


@pytest.mark.parametrize("extra,words", [('model = "zero-sgn"', "zero-sgn"),
                                         ('modle = "zero-sign"', "'modle'"),
                                         ('model = "zero-sign"\nversions = "new"', "PEP 440")])
def test_a_bad_declaration_is_one_line(tmp_path, monkeypatch, extra, words):
    with pytest.raises(BackendError) as info:
        _load(tmp_path, monkeypatch, f"my_bad_decl_{abs(hash(extra))}", extra=extra)
    assert "\n" not in str(info.value) and words in str(info.value)


def test_the_ftz_model_follows_any_update_order_and_excuses_nothing_else():
    import ml_dtypes

    from conformance.core.case import Case
    from conformance.judging.models import covers

    bf16 = ml_dtypes.bfloat16
    # 0.1 * 2**-126 * -max: multiplied in this order the first product is subnormal and a flushing
    # backend gives -0.0; in the other order it is about -0.4. Either is a flushing backend's result.
    case = Case("onnx.ScatterND", {"data": np.array([0.1], bf16), "indices": np.zeros((2, 1), np.int64),
                                   "updates": np.array([2.0 ** -126, -float(ml_dtypes.finfo(bf16).max)], bf16)},
                {"opset": 18, "reduction": "mul"})
    other_order = np.float32(np.float32(0.1) * np.float32(-ml_dtypes.finfo(bf16).max)) * np.float32(2.0 ** -126)
    for value in (-0.0, float(other_order)):
        assert covers("ftz", case, np.array([value], bf16)), value
    assert not covers("ftz", case, np.array([-0.2], bf16))


def _ov_model(name):
    return f"conformance.adapters.openvino:{name}"


def test_openvino_constant_models_predict_the_measured_values_and_nothing_else():
    """The measurements behind openvino.toml's constants declaration (openvino 2026.4.1): a float32
    constant holding a subnormal loses every -0.0 with it; without one it keeps them; a folded Max is
    std::max; a constant float16 divisor is its reciprocal rounded to float16."""
    from conformance.core.case import Case
    from conformance.judging.models import covers

    both = _ov_model("constant_runtime") + "+" + _ov_model("constant_folded")
    f32 = np.float32

    def add(lhs, rhs, constants):
        return Case("stablehlo.add", {"lhs": np.array(lhs, f32), "rhs": np.array(rhs, f32)},
                    {"rhs_as_scalar": False, "constants": constants})

    flushing = add([-0.0, 1e-45, 1.0], [-0.0, -0.0, -0.0], ["lhs"])
    assert covers(both, flushing, np.array([0.0, 0.0, 1.0], f32))
    assert not covers(both, flushing, np.array([0.0, 0.0, 2.0], f32))  # a second wrong value
    keeping = add([-0.0, 2.0, 1.0], [-0.0, -0.0, -0.0], ["lhs"])  # no subnormal: -0.0 stays
    assert not covers(both, keeping, np.array([0.0, 2.0, 1.0], f32))
    folded = Case("stablehlo.maximum", {"lhs": np.array([0.0, np.nan], np.float16), "rhs": np.array([np.nan, 0.0], np.float16)},
                  {"rhs_as_scalar": False, "constants": ["lhs", "rhs"]})
    assert covers(both, folded, np.array([0.0, np.nan], np.float16))
    assert not covers(both, replace_constants(folded, []), np.array([0.0, np.nan], np.float16))
    divide = Case("stablehlo.divide", {"lhs": np.array([6e-08, 1.0], np.float16), "rhs": np.array([6e-08, 2.0], np.float16)},
                  {"rhs_as_scalar": False, "constants": ["rhs"]})
    assert covers(both, divide, np.array([np.inf, 0.5], np.float16))
    assert not covers(both, divide, np.array([np.inf, 0.25], np.float16))


def replace_constants(case, constants):
    from dataclasses import replace

    return replace(case, attrs={**case.attrs, "constants": constants})


def test_openvino_float64_fmod_saturates_its_result():
    """Measured (openvino 2026.4.1, 2026-11-28 ci report): Mod(fmod=1) on float64 runs the float32 formula
    on operands clamped to float32's finite range and clamps an infinite result back into it."""
    from conformance.core.case import Case
    from conformance.judging.models import covers

    top, tiny_q = float(np.finfo(np.float32).max), 1.6653345369377348e-16
    case = Case("stablehlo.remainder", {"lhs": np.array([-np.inf, -np.inf, np.finfo(np.float64).max, np.inf]),
                                        "rhs": np.array([tiny_q, 1.0000000000000002, tiny_q, tiny_q])},
                {"rhs_as_scalar": False, "constants": []})
    measured = np.array([top, 0.0, -top, -top])
    kernels = _ov_model("flushed_fmod") + "+" + _ov_model("fmod_formula")
    assert not covers(kernels, case, measured)  # the result's clamp is what they lacked
    assert covers(kernels + "+" + _ov_model("saturated_fmod"), case, measured)
    assert not covers(_ov_model("saturated_fmod"), case, np.array([np.inf, 0.0, -top, -top]))


def test_openvino_high_rank_and_unsigned_models():
    from conformance.core.case import Case
    from conformance.judging.models import covers

    shape = (2,) * 7
    sub = Case("stablehlo.subtract", {"lhs": np.full(shape, -0.0, np.float32), "rhs": np.zeros(shape, np.float32)},
               {"rhs_as_scalar": False, "constants": []})
    assert covers(_ov_model("high_rank_negation"), sub, np.zeros(shape, np.float32))
    assert not covers(_ov_model("high_rank_negation"), sub, np.ones(shape, np.float32))
    # ScatterND max on uint64, measured: 64-bit values narrowed to their low 32 bits, signed
    scatter = Case("onnx.ScatterND", {"data": np.array([[1, 2**64 - 2, 2**63 + 1], [2**63, 4, 5]], np.uint64),
                                      "indices": np.array([-2], np.int64),
                                      "updates": np.array([0, 0, 2**64 - 1], np.uint64)},
                   {"opset": 18, "reduction": "max"})
    model = _ov_model("unsigned_read_signed")
    assert covers(model + "+narrow-int32-values", scatter, np.array([[1, 0, 1], [0, 4, 5]], np.uint64))
    assert not covers(model + "+narrow-int32-values", scatter, np.array([[1, 0, 2], [0, 4, 5]], np.uint64))


def test_iree_unchecked_scatter_model_and_condition():
    """The measurements behind iree.toml's out-of-range scatter declarations (iree-base-compiler 3.13.0):
    an index out of range in an inserted dim writes at its unchecked flat position; outside the buffer
    (where the process may die) the ``write-outside-buffer`` condition holds, inside it does not."""
    from conformance.core.case import Case
    from conformance.judging.conditions import holds
    from conformance.judging.models import covers

    def scatter(shape, index):
        n = len(index)
        return Case("stablehlo.scatter", {"inputs": np.zeros(shape, np.int8), "scatter_indices": np.array(index, np.int64),
                                          "updates": np.array(7, np.int8)},
                    {"update_window_dims": [], "inserted_window_dims": list(range(n)),
                     "scatter_dims_to_operand_dims": list(range(n)), "index_vector_dim": 0,
                     "update_computation": "add"})

    model = "conformance.adapters.iree:unchecked_scatter"
    for index, observed in (([0, 2], [[0, 0], [7, 0]]), ([1, -1], [[0, 7], [0, 0]])):
        case = scatter((2, 2), index)
        assert covers(model, case, np.array(observed, np.int8))
        assert not covers(model, case, np.array([[7, 0], [0, 0]], np.int8))  # another wrong value
        assert not holds("write-outside-buffer", case)
    assert holds("write-outside-buffer", scatter((2,), [2147483647]))
    assert holds("write-outside-buffer", scatter((2, 2), [2, 0]))  # flat position 4: past the end
    assert not holds("write-outside-buffer", scatter((2, 2), [1, 1]))  # in range


def test_iree_batching_gather_bool_scatter_and_daz_select_models():
    """iree.toml's measured values: a gather with a leading empty index vector reads its batching
    coordinates two indices dims further on; a boolean scatter-add is XOR;
    daz-select explains a tie only where a subnormal made it (a signed-zero tie of exact zeros is a bug)."""
    from conformance.core.case import Case
    from conformance.judging.models import covers

    x = np.arange(1, 7, dtype=np.int8).reshape(2, 3)
    gather = Case("stablehlo.gather", {"operand": x, "start_indices": np.zeros((0, 2, 3, 2, 3), np.int8)},
                  {"offset_dims": [], "collapsed_slice_dims": [], "operand_batching_dims": [0, 1],
                   "start_indices_batching_dims": [1, 2], "start_index_map": [], "index_vector_dim": 0,
                   "slice_sizes": [1, 1], "indices_are_sorted": False})
    model = "conformance.adapters.iree:batching_dims_shifted"
    assert covers(model, gather, np.broadcast_to(x, (2, 3, 2, 3)))  # measured: result[i, j, k, l] = x[k, l]
    assert not covers(model, gather, np.ones((2, 3, 2, 3), np.int8))
    scatter = Case("stablehlo.scatter", {"inputs[0]": np.array([True, False, True]), "scatter_indices": np.array([[0], [2]], np.int64),
                                         "updates[0]": np.array([True, True])},
                   {"update_window_dims": [], "inserted_window_dims": [0], "input_batching_dims": [],
                    "scatter_indices_batching_dims": [], "scatter_dims_to_operand_dims": [0], "index_vector_dim": 1,
                    "update_computation": "add"})
    xor = "conformance.adapters.iree:bool_add_is_xor_scatter"
    assert covers(xor, scatter, np.array([False, False, False]))
    assert not covers(xor, scatter, np.array([False, True, False]))

    def maximum(lhs, rhs):
        return Case("stablehlo.maximum", {"lhs": np.array(lhs, np.float32), "rhs": np.array(rhs, np.float32)},
                    {"rhs_as_scalar": False, "constants": ["lhs"]})

    assert covers("ftz+daz-select", maximum([-1e-40, 0.0], [0.0, -1e-40]), np.array([-0.0, 0.0], np.float32))
    assert not covers("ftz+daz-select", maximum([-0.0, 1.0], [0.0, 1e-40]), np.array([-0.0, 1.0], np.float32))


def test_a_masked_model_element_covers_only_itself():
    """A user model's masked element (numpy.ma) is open: any value there is covered, nowhere else."""
    from conformance.core.case import Case
    from conformance.judging.models import covers

    x = np.array([[0, 1]], np.int8)
    gather = Case("stablehlo.gather", {"operand": x, "start_indices": np.zeros((0, 1, 2, 2, 2), np.int8)},
                  {"offset_dims": [], "collapsed_slice_dims": [], "operand_batching_dims": [0, 1],
                   "start_indices_batching_dims": [1, 2], "start_index_map": [], "index_vector_dim": 0,
                   "slice_sizes": [0, 0], "indices_are_sorted": False})
    model = "conformance.adapters.iree:batching_dims_shifted"
    seen = np.array([[[[0, 1], [0, 1]], [[0, 1], [0, 1]]]], np.int8)  # measured: row 1 of dim 0 is past the end
    assert covers(model, gather, seen)
    other = seen.copy()
    other[0, 0, 1] = [5, 6]  # past the end: open
    assert covers(model, gather, other)
    other[0, 0, 0] = [1, 1]  # in range: the model's [0, 1]
    assert not covers(model, gather, other)


def test_the_remainder_formula_model_takes_either_quotient_and_nothing_else():
    """torch 2.13's vectorized compiled remainder (Inductor, CPU) is ``x - q * y`` with ``q`` the floor
    division of ``fmod`` (div_floor_floating_vec) and the product rounded: measured values, float64."""
    from conformance.core.case import Case
    from conformance.judging.models import covers

    x = np.array([1.0, 1.0000000000000002, 7.0, 1.7976931348623157e308])
    y = np.array([0.1, 1.6653345369377348e-16, 0.7, 2.5])
    case = Case("stablehlo.remainder", {"lhs": x, "rhs": y}, {})  # the spec's remainder is fmod's, exact
    compiled = np.array([0.09999999999999998, 2.220446049250313e-16, 0.0, 0.0])  # measured
    assert covers("remainder-formula", case, compiled)
    assert covers("remainder-formula", case, np.fmod(x, y))  # the spec's value (eager torch's here)
    for i in range(4):  # one element a step away from both: not explained
        assert not covers("remainder-formula", case, np.where(np.arange(4) == i, np.nextafter(compiled, 1.0), compiled))


def test_an_out_of_bounds_window_may_hold_anything_and_nothing_else_may():
    """``index:<reading>/any``: a gather window whose start is out of bounds (after the reading) holds any
    value (a read from outside the buffer); every other element must be the spec's, and a scatter, whose
    stray write may land anywhere, is explained by no such rule. An unknown rule stops the load."""
    from conformance.core.case import Case
    from conformance.judging.models import ModelError, covers, resolve

    x = np.arange(10, 16, dtype=np.uint32)  # take(x, [1, 9, -2]): 9 is past the end, -2 counts back
    gather = Case("stablehlo.gather", {"operand": x, "start_indices": np.array([[1], [9], [-2]], np.int64)},
                  {"offset_dims": [], "collapsed_slice_dims": [0], "operand_batching_dims": [],
                   "start_indices_batching_dims": [], "start_index_map": [0], "index_vector_dim": 1,
                   "slice_sizes": [1], "indices_are_sorted": False})
    for garbage in (0, 96, 2**31):
        assert covers("index:from-end/any", gather, np.array([11, garbage, 14], np.uint32))
    assert not covers("index:from-end/any", gather, np.array([11, 0, 15], np.uint32))  # -2 read wrong
    assert not covers("index:from-end/any", gather, np.array([12, 0, 14], np.uint32))  # in range, wrong
    assert not covers("index:keep/any", gather, np.array([12, 0, 14], np.uint32))
    assert covers("index:keep/any", gather, np.array([11, 7, 8], np.uint32))  # -2 outside too, kept as is
    scatter = Case("stablehlo.scatter", {"inputs[0]": np.zeros(3, np.int8), "scatter_indices": np.array([[5]], np.int64),
                                         "updates[0]": np.array([1], np.int8)},
                   {"update_window_dims": [], "inserted_window_dims": [0], "input_batching_dims": [],
                    "scatter_indices_batching_dims": [], "scatter_dims_to_operand_dims": [0], "index_vector_dim": 1,
                    "update_computation": "assign"})
    assert not covers("index:keep/any", scatter, np.array([0, 1, 0], np.int8))
    with pytest.raises(ModelError, match="rules"):
        resolve("index:from-end/anything")
    # composed with a value quirk, as a backend's declarations are (registry._together): a zero of the other
    # sign read through a negative index, garbage in the window past the end
    zeros = Case("stablehlo.gather", {"operand": np.array([1.0, -0.0, 2.0], np.float32), "start_indices": gather.arrays["start_indices"]},
                 dict(gather.attrs))
    both = "index:from-end/any+zero-sign@from-end/any"
    assert covers(both, zeros, np.array([0.0, 7.5, 0.0], np.float32))  # indices 1, past the end, -2 -> 1
    assert not covers(both, zeros, np.array([0.0, 7.5, 2.0], np.float32))


def test_tvm_poisoned_shift_leaves_only_the_over_wide_amounts_open():
    """tvm.toml: a constant shift by the bit width or more is LLVM poison (any value); a shift below the
    width must still be ONNX's."""
    from conformance.core.case import Case
    from conformance.judging.models import covers

    model = "conformance.adapters.tvm:poisoned_shift"
    u8 = np.uint8
    right = Case("stablehlo.shift_right_logical", {"lhs": np.array([0, 255, 8], u8), "rhs": np.array([8, 9, 2], u8)}, {})
    assert covers(model, right, np.array([189, 20, 2], u8))  # measured: 0 >> 8 gave 189, then 20
    assert not covers(model, right, np.array([189, 20, 3], u8))  # 8 >> 2 is 2
    left = Case("stablehlo.shift_left", {"lhs": np.array([3, 1], u8), "rhs": np.array([7, 200], u8)}, {})
    assert covers(model, left, np.array([128, 64], u8))  # 3 << 7 keeps the low bits: 128
    assert not covers(model, left, np.array([0, 64], u8))


def test_a_user_model_widening_a_signalling_nan_warns_of_nothing(tmp_path, monkeypatch):
    """A user's model that widens a float32 signalling NaN to float64 raises numpy's invalid flag: the
    same RuntimeWarning the conditions once printed in a user's run. ``unexplained`` runs every model under
    ``np.errstate``, so the model's value is judged and nothing is printed."""
    import warnings

    from conformance.core.case import Case
    from conformance.judging.models import unexplained

    (tmp_path / "widening_model.py").write_text(
        "import numpy as np\n\n\ndef wide_max(case):\n"
        "    lhs, rhs = (case.arrays[k].astype(np.float64) for k in ('lhs', 'rhs'))\n"
        "    return np.where(lhs >= rhs, lhs, rhs).astype(np.float32)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "widening_model", raising=False)
    snan = np.array([0x7FA00000, 0, 0], np.uint32).view(np.float32)
    case = Case("stablehlo.maximum", {"lhs": snan, "rhs": np.array([1.0, 2.0, -0.0], np.float32)}, {})
    observed = np.array([1.0, 2.0, 0.0], np.float32)  # NaN dropped: the model's >= picks rhs; 0.0 >= -0.0 keeps lhs
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        left = unexplained("widening_model:wide_max", case, observed)
    assert left is not None and not left[0].any()
    assert unexplained("widening_model:wide_max", case, np.array([1.0, 3.0, 0.0], np.float32))[0].tolist() == \
        [False, True, False]
