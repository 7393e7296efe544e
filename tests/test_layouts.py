"""Memory layouts: every layout holds the case's values in a view of its own buffer, reaches the target as
a view (numpy: Fortran order, negative strides, ...; torch: the same strides), and catches a kernel
that reads a view wrongly, which C-contiguous inputs never show."""
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from benchmarks import mutants
from conformance.core import layouts
from conformance.core.case import Case
from conformance.running.registry import load_backend, missing_requirements, target
from conformance.running.engine import UndeclaredDivergence, check_case, run_property
from conformance.oracles.dtypes import dtype
from conformance.strategies.layouts import laid_out, options, with_layouts

DTYPES = ("bool", "int8", "uint64", "float16", "bfloat16", "float64", "complex64")


@settings(max_examples=200, deadline=None)
@given(shape=st.lists(st.integers(0, 4), max_size=6).map(tuple), name=st.sampled_from(DTYPES),
       kind=st.sampled_from(layouts.KINDS), data=st.data())
def test_a_layout_keeps_the_values_and_leaves_its_buffer_filled_around_them(shape, name, kind, data):
    raw = data.draw(st.binary(min_size=int(np.prod(shape)) * dtype(name).itemsize,
                              max_size=int(np.prod(shape)) * dtype(name).itemsize))
    a = np.frombuffer(raw, np.uint8).view(dtype(name)).reshape(shape) if name != "bool" else \
        (np.frombuffer(raw, np.uint8) % 2).astype(bool).reshape(shape)
    a = layouts.made_constant(a, kind)
    view = layouts.lay_out(a, kind)
    assert view.shape == a.shape and view.dtype == a.dtype and view.tobytes() == a.tobytes()
    assert set(layouts.outside(view)) <= {layouts.FILL}
    if layouts.applies(kind, shape) and kind not in ("c", "offset") and view.size > 1:
        assert not view.flags.c_contiguous, (kind, shape, view.strides)
    if kind == "negative" and layouts.applies(kind, shape):
        assert all(s < 0 for s in view.strides)
    if kind == "fortran" and layouts.applies(kind, shape):
        assert view.flags.f_contiguous


def test_a_numpy_target_receives_fortran_order_negative_and_zero_stride_views():
    """The property run hands numpy:take[clip] its arrays as views (never a C copy): Fortran order,
    negative strides and a broadcast stride 0 all arrive at the API, and its values still conform."""
    seen = []
    builtin = next(t for t in load_backend("numpy") if t.name == "numpy:take[clip]")

    def recording(operand, start_indices, **attrs):
        seen.append((operand.flags.f_contiguous and not operand.flags.c_contiguous, min(operand.strides, default=0) < 0,
                     0 in operand.strides))
        return builtin.fn(operand, start_indices, **attrs)

    run_property(replace(builtin, fn=recording, isolated=False), "valid")
    assert any(f for f, _, _ in seen) and any(n for _, n, _ in seen) and any(z for _, _, z in seen)


@pytest.mark.skipif(bool(missing_requirements("torch")), reason="torch not installed")
def test_torch_tensors_keep_the_view_strides():
    import torch

    from conformance.adapters.torch_common import to_torch

    a = np.arange(2 * 3 * 4 * 5, dtype=np.float32).reshape(2, 3, 4, 5)
    for kind in layouts.TORCH:
        view = layouts.lay_out(layouts.made_constant(a, kind), kind)
        t = to_torch(view)
        assert t.stride() == tuple(s // 4 for s in view.strides), kind
        assert np.array_equal(t.numpy(), view)
        if kind != "broadcast":  # (torch refuses to write into a stride-0 tensor)
            t.add_(1)  # a tensor of its own: the view the target was handed stays as it was
            assert np.array_equal(view, layouts.made_constant(a, kind))
    assert to_torch(layouts.lay_out(a, "channels_last")).is_contiguous(memory_format=torch.channels_last)


def _case(kind: str) -> Case:
    operand = np.arange(24, dtype=np.float32).reshape(4, 6)
    case = Case("stablehlo.gather", {"operand": operand, "start_indices": np.array([[1], [3]], np.int64)},
                {"offset_dims": (1,), "collapsed_slice_dims": (0,), "start_index_map": (0,), "index_vector_dim": 1,
                 "slice_sizes": (1, 6), "operand_batching_dims": (), "start_indices_batching_dims": ()})
    return laid_out(case, {"operand": kind})


@pytest.mark.parametrize("bug", sorted(mutants.LAYOUT_BUGS))
def test_a_kernel_that_reads_a_view_wrongly_is_caught_only_in_some_layout(bug, found_is_enough):
    t = replace(mutants.MUTANTS[f"layout-gather-{bug}"].__conformance_target__, backend="mutants")
    assert not check_case(t, _case("c")).diverges  # C-contiguous input: the bug cannot show
    caught = [k for k in layouts.NUMPY if check_case(t, _case(k)).cls == "wrong-value"]
    assert caught, f"{bug}: no layout shows it"
    if bug == "memory-order":  # (one full run suffices to show it)
        run_property(replace(t, layouts=("c",)), "valid")  # without the layout dimension the suite misses it...
    with pytest.raises(UndeclaredDivergence):
        run_property(t, "valid")  # ...with it, its fixed-seed edge phase finds it on every run


def test_the_report_finds_a_layout_only_bug_as_pytest_does(tmp_path):
    """One engine: ``conformance report`` hands the same views as pytest, so a target that reads a
    transposed view in memory order is an undeclared divergence in the report too."""
    import json

    from conformance.reports.run import run

    t = replace(mutants.MUTANTS["layout-gather-memory-order"].__conformance_target__, backend="mutants")
    run(tmp_path, [t], examples=2, seed_value=0, profile="ci")
    found = json.loads((tmp_path / "report.json").read_text())["divergences"]
    assert [d for d in found if d["target"] == t.name and not d["declared"] and d["class"] == "wrong-value"]
    assert all(d["declared"] for d in found if d["target"] != t.name)


def test_writing_past_a_view_into_its_buffer_is_writing_into_the_input():
    @target("stablehlo.gather", "test:writes-around", region={"style": "take"}, isolated=False, layouts=("offset",))
    def writes_around(operand, start_indices, **_):
        if isinstance(operand.base, np.ndarray):
            operand.base[0] = 0  # the element before the view
        return np.take(operand, start_indices[..., 0], axis=0, mode="clip")

    t = replace(writes_around.__conformance_target__, backend="test")
    case = laid_out(Case("stablehlo.gather", {"operand": np.ones(3, np.float32), "start_indices": np.array([[0]])},
                         {"offset_dims": (), "collapsed_slice_dims": (0,), "start_index_map": (0,),
                          "index_vector_dim": 1, "slice_sizes": (1,), "operand_batching_dims": (),
                          "start_indices_batching_dims": ()}), {"operand": "offset"})
    assert check_case(t, case).cls == "mutates-input"


def test_broadcast_is_never_drawn_for_index_arrays_or_the_array_an_op_writes():
    case = _case("c")
    assert "broadcast" not in options(case, "start_indices", layouts.NUMPY)
    assert "broadcast" in options(case, "operand", layouts.NUMPY)
    scatter = Case("stablehlo.scatter", {"inputs[0]": np.zeros((3, 3)), "scatter_indices": np.zeros((1, 1), np.int64),
                                         "updates[0]": np.zeros((1, 3))}, {})
    assert "broadcast" not in options(scatter, "inputs[0]", layouts.NUMPY)
    assert "broadcast" in options(scatter, "updates[0]", layouts.NUMPY)


def test_built_in_backends_that_take_views_say_so():
    for backend, kinds in (("numpy", layouts.NUMPY), ("torch", layouts.TORCH), ("torch_compile", layouts.TORCH)):
        if missing_requirements(backend):
            continue
        assert {t.layouts for t in load_backend(backend)} == {kinds}, backend
    assert "negative" not in layouts.TORCH  # torch has no negative strides


def test_a_layout_shows_in_the_case_identity_and_survives_a_seed_file():
    case = _case("fortran")
    assert case != _case("c") and case.signature() != _case("c").signature()
    again = Case.loads(case.dumps())
    assert again.layouts == {"operand": "fortran"} and again == case
    assert "[layout: operand fortran]" in case.describe()
    plain = st.just(_case("c"))
    assert with_layouts(plain, ("c",)) is plain  # a backend without views: its cases as they are


def test_a_derived_case_whose_values_no_longer_fit_its_broadcast_view_runs_them_contiguous():
    """A broadcast view can only show values constant along its axis. A case derived from a laid-out one
    (other values: a large-index batch's updates, a probe) that breaks this records and runs that array
    C-contiguous, and a correct target conforms on it: the suite's own layout error is never the target's
    refusal (before, ``lay_out`` raised inside the call and the case was judged ``rejects-valid``)."""
    rhs = np.ones((2, 3), np.float32)
    case = laid_out(Case("stablehlo.add", {"lhs": np.arange(6, dtype=np.float32).reshape(2, 3), "rhs": rhs},
                         {"rhs_as_scalar": False}), {"lhs": "fortran", "rhs": "broadcast"})
    assert case.layouts == {"lhs": "fortran", "rhs": "broadcast"}
    other = replace(case, arrays={**case.arrays, "rhs": np.arange(6, dtype=np.float32).reshape(2, 3)})
    assert other.layouts == {"lhs": "fortran"} and Case.loads(other.dumps()) == other
    assert replace(case, arrays={**case.arrays, "rhs": rhs * 7}).layouts == case.layouts  # still constant: kept
    numpy_add = next(t for t in load_backend("numpy") if t.name == "numpy:np.add")
    verdict = check_case(replace(numpy_add, isolated=False), other)
    assert not verdict.diverges, verdict


@pytest.mark.skipif(bool(missing_requirements("torch")), reason="torch not installed")
def test_a_fresh_process_recheck_passes_the_same_views():
    """The re-run in a fresh process that decides ``history-dependent`` gets the case's layouts too: a
    torch target sees the same strides there as in the run."""
    from conformance.running import history

    case = laid_out(Case("stablehlo.add", {"lhs": np.arange(6, dtype=np.float32).reshape(2, 3),
                                           "rhs": np.ones((2, 3), np.float32)}, {"rhs_as_scalar": False}),
                    {"lhs": "fortran"})
    got = history.fresh_outcome(history.Call("tests.layout_probe", "probe:strides", case))
    assert got.kind == "value" and tuple(got.value.reshape(-1)) == (4, 8), got  # (C order: 12, 4)



def test_new_dimensions_says_a_layout_was_needed_only_where_the_bare_case_conforms():
    from benchmarks.new_dimensions import dimensions, recheck, stripped

    t = replace(mutants.MUTANTS["layout-gather-memory-order"].__conformance_target__, backend="mutants")
    case = _case("fortran")
    assert dimensions(case, "wrong-value") == ["layout operand=fortran"] and stripped(_case("c")) is None
    assert recheck(t, case, ("wrong-value",)) == "needs it (without: conform)"

    @target("stablehlo.gather", "test:off-by-one-everywhere", region={"style": "take"}, isolated=False, layouts=("fortran",))
    def off_by_one(operand, start_indices, **_):  # wrong in every layout
        return np.take(np.asarray(operand) + 1, start_indices[..., 0], axis=0)

    assert recheck(off_by_one.__conformance_target__, case, ("wrong-value",)) == "also without"


def test_a_user_module_without_layouts_gets_views_and_one_with_c_only_does_not():
    """Issue 43: a view is a valid numpy array, so a user's target gets Fortran, transposed, strided,
    negative-stride, broadcast and offset views unless its module says ``LAYOUTS = ("c",)``."""
    from tests.user_modules import c_only, no_layouts

    (views,), (plain,) = load_backend("tests.user_modules.no_layouts"), load_backend("tests.user_modules.c_only")
    assert set(views.layouts) == set(layouts.KINDS) and plain.layouts == ("c",)
    run_property(views, "valid")
    run_property(plain, "valid")
    strides = {s for contiguous, s, shape in no_layouts.SEEN if not contiguous and len(shape) >= 1}
    assert any(not c for c, _, _ in no_layouts.SEEN) and any(min(s) <= 0 for s in strides if s), strides
    assert all(c for c, _, _ in c_only.SEEN)
