"""Operands as compile-time constants (#26): the strategy draws them at their documented share, the
edge phase folds every operand, and the built-in adapters hand constants to the compiler as constants."""
import numpy as np
import pytest
from hypothesis import given, settings

from conformance.running.registry import load_backend, missing_requirements
from conformance.strategies.elementwise_values import CONSTANT_SHARE, ValueRegion, edge_runs_of, value_cases


def _draws(strategy, n):
    out = []
    given(strategy)(settings(max_examples=n, database=None, derandomize=True)(lambda case: out.append(case)))()
    return out


def test_each_array_operand_is_a_constant_at_its_share_and_a_language_scalar_never_is():
    cases = _draws(value_cases("divide", ValueRegion(constants=True, forms=("tensor", "rank0", "scalar"))), 300)
    for name in ("lhs", "rhs"):
        arrays = [c for c in cases if not (name == "rhs" and c.attrs["rhs_as_scalar"])]
        share = sum(name in c.attrs["constants"] for c in arrays) / len(arrays)
        assert abs(share - CONSTANT_SHARE[0] / CONSTANT_SHARE[1]) < 0.12, (name, share)
    assert not any("rhs" in c.attrs["constants"] for c in cases if c.attrs["rhs_as_scalar"])


def test_a_target_without_constants_gets_cases_without_the_attribute():
    assert not any("constants" in c.attrs for c in _draws(value_cases("add", ValueRegion()), 30))


def test_the_edge_phase_folds_every_operand_once_per_type():
    target = type("T", (), {"region": {"constants": True, "dtypes": ("int8", "float32")}})()
    folded = [r for r in edge_runs_of("select")(target) if r.get("fold") == "all"]
    assert sorted(r["dtypes"][0] for r in folded) == ["float32", "int8"]
    case = _draws(value_cases("select", ValueRegion(**{k: v for k, v in folded[0].items() if k != "edge_examples"},
                                                    constants=True)), 1)[0]
    assert set(case.attrs["constants"]) == {"pred", "on_true", "on_false"}


def test_the_edge_phase_meets_every_edge_value_with_a_constant_of_zeros_on_either_side():
    target = type("T", (), {"region": {"constants": True, "dtypes": ("int8", "float32")}})()
    runs = [r for r in edge_runs_of("subtract")(target) if r.get("splat")]
    assert sorted((r["splat"], r["dtypes"][0]) for r in runs) == [  # (no int8: the rewrites are exact on integers)
        ("lhs", "float32"), ("lhs=-0", "float32"), ("rhs", "float32"), ("rhs=-0", "float32")]
    for run in runs:
        case = _draws(value_cases("subtract", ValueRegion(**{k: v for k, v in run.items() if k != "edge_examples"},
                                                          constants=True)), 1)[0]
        side = run["splat"].split("=")[0]
        zeros, other = case.arrays[side], case.arrays["rhs" if side == "lhs" else "lhs"]
        assert case.attrs["constants"] == (side,) and not zeros.any()
        assert np.signbit(zeros).all() == run["splat"].endswith("=-0")  # a splat: every element the same zero
        assert len(set(other.tolist())) > 10 or np.isnan(other).any()  # the other operand: the type's edge values
    assert not [r for r in edge_runs_of("select")(target) if r.get("splat")]  # (two operands named lhs, rhs only)


def test_an_onnx_constant_is_an_initializer_and_not_a_graph_input():
    pytest.importorskip("onnx")
    import onnx

    from conformance.adapters.elementwise_values import onnx_model

    a, b = np.arange(3, dtype=np.int32), np.ones(3, np.int32)
    model, feeds = onnx_model("Add", {}, [a, b], a.dtype, [True, False])
    graph = onnx.load_from_string(model).graph
    assert [i.name for i in graph.input] == ["x1"] and [t.name for t in graph.initializer] == ["x0"]
    assert list(feeds) == ["x1"]


@pytest.mark.skipif(bool(missing_requirements("jax")), reason="jax not installed")
def test_a_jax_constant_reaches_xla_as_a_literal_and_gives_the_arguments_result():
    import jax

    from conformance.adapters.elementwise_values import _jax_fold

    seen = []
    real_jit = jax.jit
    lhs, rhs = np.array([7, -7], np.int32), np.array([2, 3], np.int32)

    def spy(fn):
        compiled = real_jit(fn)
        seen.append(compiled)
        return compiled
    try:
        jax.jit = spy
        out = _jax_fold(jax.lax.div, [lhs, rhs], [True, False])
    finally:
        jax.jit = real_jit
    text = seen[0].lower(rhs).as_text()
    assert "stablehlo.constant dense<[7, -7]>" in text and np.array_equal(np.asarray(out), [3, -2])
    (t,) = [t for t in load_backend("jax") if t.name == "jax:lax.div"]
    assert t.region.get("constants") is True


@pytest.mark.skipif(bool(missing_requirements("torch")), reason="torch not installed")
def test_a_repro_script_builds_the_constants_or_says_it_does_not():
    """A target that takes constants builds them in its script (jax: closed over by ``jax.jit``); a
    script of a target that does not (torch) says the suite passed constants and this script does not."""
    from conformance.core.case import Case
    from conformance.running.seeds import make_seed
    from conformance.reports.repro import script

    case = Case("stablehlo.divide", {"lhs": np.array([7.0], np.float32), "rhs": np.array([2.0], np.float32)},
                {"rhs_as_scalar": False, "constants": ("lhs", "rhs")})
    text = script(make_seed("torch", "torch:torch.div", "wrong-value", case))
    assert "lhs, rhs as compile-time constants" in text and "conformance replay SEED" in text
    if not missing_requirements("jax"):
        text = script(make_seed("jax", "jax:lax.div", "wrong-value", case))
        assert "jax.jit(lambda : lax.div(" in text and "conformance replay SEED" not in text


def test_the_edge_phase_puts_each_integer_extreme_as_a_rank0_constant_against_a_value_past_it_on_either_side():
    """An add, subtract or multiply whose rank-0 constant is an immediate a compiler may mark no-wrap (TVM 0.27:
    x + 4294967295 gives 4294967295 for every uint32 x; x - MIN is computed as x + MIN): each integer type's
    extreme, as a constant on each side, meets the value that makes the exact result leave the type."""
    target = type("T", (), {"region": {"constants": True, "dtypes": ("int32", "uint8", "float32")}})()
    runs = [r for r in edge_runs_of("add")(target) if r.get("immediate") and r["dtypes"][0] != "float32"]
    assert sorted((r["immediate"], r["dtypes"][0]) for r in runs) == [
        ("lhs", "int32"), ("lhs", "uint8"), ("rhs", "int32"), ("rhs", "uint8")]
    for run in runs:
        case = _draws(value_cases("add", ValueRegion(**{k: v for k, v in run.items() if k != "edge_examples"},
                                                     constants=True)), 1)[0]
        side, other = run["immediate"], "rhs" if run["immediate"] == "lhs" else "lhs"
        info = np.iinfo(case.arrays[side].dtype)
        assert case.attrs["constants"] == (side,) and case.arrays[side].shape == case.arrays[other].shape == ()
        assert (int(case.arrays[side]), int(case.arrays[other])) == ((info.min, -1) if info.min < 0 else (info.max, 1))
    assert not [r for r in edge_runs_of("divide")(target) if r.get("immediate") and r["dtypes"][0] != "float32"]
    assert not [r for r in edge_runs_of("add")(type("T", (), {"region": {"dtypes": ("int32",)}})()) if r.get("immediate")]


def test_the_edge_phase_puts_a_rank0_constant_zero_of_each_sign_against_negative_zero_on_either_side():
    """A float op whose rank-0 constant zero a folder rewrites with integer identities (TVM 0.27: x * 0.0 gives 0.0
    for NaN and inf, -0.0 + 0.0 gives -0.0, 0.0 / x gives 0.0, x / 0.0 does not compile): each sign of zero, as a
    constant on each side, meets -0.0, where every one of those identities shows."""
    target = type("T", (), {"region": {"constants": True, "dtypes": ("int32", "float16", "float64")}})()
    for op in ("add", "subtract", "multiply", "divide"):
        runs = [r for r in edge_runs_of(op)(target) if r.get("immediate") and r["dtypes"][0] != "int32"]
        assert sorted((r["immediate"], r["dtypes"][0]) for r in runs) == sorted(
            (side + zero, t) for side in ("lhs", "rhs") for zero in ("", "=-0") for t in ("float16", "float64"))
        for run in runs:
            case = _draws(value_cases(op, ValueRegion(**{k: v for k, v in run.items() if k != "edge_examples"},
                                                      constants=True)), 1)[0]
            side = run["immediate"].split("=")[0]
            other = "rhs" if side == "lhs" else "lhs"
            assert case.attrs["constants"] == (side,) and case.arrays[side].shape == case.arrays[other].shape == ()
            assert float(case.arrays[side]) == 0 and np.signbit(case.arrays[side]) == run["immediate"].endswith("=-0")
            assert float(case.arrays[other]) == 0 and np.signbit(case.arrays[other])


@pytest.mark.parametrize("op,profile", [("multiply", "ci"), ("add", "dev"), ("divide", "nightly")])
def test_a_target_that_folds_a_rank0_float_zero_constant_is_caught_in_every_profile(op, profile):
    """A deliberately wrong target: IEEE arithmetic but where one operand is a rank-0 constant zero, it takes the
    integer identity (x * 0 -> 0, x + 0 -> x, 0 / x -> 0), as TVM's constant folder does; caught by the edge phase
    alone, in every profile."""
    from dataclasses import replace

    from conformance.running.engine import Draws, UndeclaredDivergence, run_property

    base = next(t for t in load_backend("numpy") if t.name == f"numpy:np.{op}")
    ieee = {"multiply": np.multiply, "add": np.add, "divide": np.divide}[op]

    def folding(lhs, rhs, rhs_as_scalar=False, constants=()):
        with np.errstate(all="ignore"):
            out = ieee(lhs, rhs)
        for name, a, b in (("lhs", lhs, rhs), ("rhs", rhs, lhs)):
            if tuple(constants) == (name,) and np.ndim(a) == 0 and a.dtype.kind == "f" and a == 0:
                if op == "add":
                    return np.asarray(b)
                if op == "multiply" or name == "lhs":
                    return np.asarray(a)
        return out

    wrong = replace(base, fn=folding, isolated=False, region={**base.region, "constants": True})
    with pytest.raises(UndeclaredDivergence) as found:
        run_property(wrong, "valid", Draws(profile, examples=0))
    assert found.value.verdict.cls == "wrong-value"


@pytest.mark.parametrize("op,profile", [("add", "ci"), ("subtract", "dev"), ("add", "nightly")])
def test_a_target_that_folds_an_overflow_against_a_rank0_constant_is_caught_in_every_profile(op, profile):
    """A deliberately wrong target: correct but where a rank-0 constant meets an input whose exact sum or
    difference with it leaves an int32 or uint32, where it returns the constant (as TVM's folded no-wrap add does).
    Random draws rarely meet that pair; the edge phase alone does (no random examples), in every profile."""
    from dataclasses import replace

    from conformance.running.engine import Draws, UndeclaredDivergence, run_property

    base = next(t for t in load_backend("numpy") if t.name == f"numpy:np.{op}")

    def folding(lhs, rhs, rhs_as_scalar=False, constants=()):
        with np.errstate(over="ignore"):
            out = (np.add if op == "add" else np.subtract)(lhs, rhs)
        for name, a in (("lhs", lhs), ("rhs", rhs)):
            if tuple(constants) == (name,) and np.ndim(a) == 0 and a.dtype.kind in "iu" and a.dtype.itemsize >= 4:
                exact = int(lhs) + int(rhs) if op == "add" else int(lhs) - int(rhs)
                info = np.iinfo(a.dtype)
                if not info.min <= exact <= info.max:
                    return np.asarray(a)
        return out

    wrong = replace(base, fn=folding, isolated=False,
                    region={**base.region, "constants": True})  # every type and form numpy's target takes
    with pytest.raises(UndeclaredDivergence) as found:
        run_property(wrong, "valid", Draws(profile, examples=0))
    assert found.value.verdict.cls == "wrong-value"
