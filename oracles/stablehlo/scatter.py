"""Oracle for ``stablehlo.scatter`` with batching dims.

Transcribed from the StableHLO batching-dims RFC (https://github.com/openxla/stablehlo/blob/main/rfcs/20240311-gather-scatter-batching-dims.md, approved version of 2024-03-11) (scatter).
``check`` lists violated constraints (C1..C25 and the input rows I1..I12); ``evaluate_literal``
walks ``index_space(updates[0])`` one update element at a time following the semantics bullets;
``evaluate_fast`` is the vectorised equivalent (same schedule: row-major update order).
``scatter`` is the public entry point. No clamping: an update element whose ``result_index`` is
out of bounds is skipped, element by element.
"""
from __future__ import annotations

import itertools
from typing import Any, Sequence

import numpy as np

from conformance.oracles.errors import SpecViolation, Violation
from conformance.oracles.stablehlo.dims import batch_shape, in_range, index_vectors, index_vector_size, int_tuple, is_int, \
    is_integer_dtype, is_sorted, is_unique
from conformance.oracles.stablehlo.scatter_policy import COMPUTATIONS, SCATTER_VARIANTS, SPEC, OutOfBoundsUpdate, \
    ScatterVariant, apply_computation, starts_as_int64

OP = "stablehlo.scatter"
SEQUENCE_ATTRS = {
    "update_window_dims": "I4",
    "inserted_window_dims": "I5",
    "input_batching_dims": "I6",
    "scatter_indices_batching_dims": "I7",
    "scatter_dims_to_operand_dims": "I8",
}


def as_list(x) -> list:
    """``inputs`` / ``updates``: one array or a sequence of arrays, as a list."""
    if isinstance(x, (list, tuple)):
        return list(x)
    return [x]


def _shape(x) -> tuple[int, ...]:
    return tuple(int(s) for s in (x.shape if hasattr(x, "shape") else np.shape(x)))


def _dtype(x) -> np.dtype:
    return np.dtype(x.dtype) if hasattr(x, "dtype") else np.asarray(x).dtype


def _attr_violations(attrs: dict[str, Any]) -> list[Violation]:
    out = []
    for name, label in SEQUENCE_ATTRS.items():
        if int_tuple(attrs[name]) is None:
            out.append(Violation(label, f"{name} must be a 1-D sequence of integers, got {attrs[name]!r}"))
    if not is_int(attrs["index_vector_dim"]):
        out.append(Violation("I9", f"index_vector_dim must be an integer, got {attrs['index_vector_dim']!r}"))
    for name, label in (("indices_are_sorted", "I10"), ("unique_indices", "I11")):
        if not isinstance(attrs[name], (bool, np.bool_)):
            out.append(Violation(label, f"{name} must be a bool, got {attrs[name]!r}"))
    uc = attrs["update_computation"]
    if not (callable(uc) or uc in COMPUTATIONS):
        out.append(Violation("I12", f"update_computation must be one of {', '.join(COMPUTATIONS)} or a callable, "
                                    f"got {uc!r}"))
    return out


def check(inputs, scatter_indices, updates, *, update_window_dims, inserted_window_dims, input_batching_dims=(),
          scatter_indices_batching_dims=(), scatter_dims_to_operand_dims, index_vector_dim, update_computation,
          indices_are_sorted=False, unique_indices=False, result_shape=None, result_element_type=None,
          ) -> list[Violation]:
    """Every violated constraint, in label order; empty when the case is valid.

    Arrays may be anything with ``shape`` and ``dtype``. ``result_shape``/``result_element_type``
    are the declared type of every result (StableHLO text declares it); without them C24/C25 hold.
    A constraint whose own inputs are broken is not evaluated, so one broken rule gives one label.
    """
    attrs = dict(update_window_dims=update_window_dims, inserted_window_dims=inserted_window_dims,
                 input_batching_dims=input_batching_dims, scatter_indices_batching_dims=scatter_indices_batching_dims,
                 scatter_dims_to_operand_dims=scatter_dims_to_operand_dims, index_vector_dim=index_vector_dim,
                 indices_are_sorted=indices_are_sorted, unique_indices=unique_indices,
                 update_computation=update_computation)
    bad = _attr_violations(attrs)
    if bad:
        return bad
    uwd, iwd, ibd, sibd, sdod = (int_tuple(attrs[n]) for n in SEQUENCE_ATTRS)
    ivd = int(index_vector_dim)
    ins, ups = as_list(inputs), as_list(updates)
    v: list[Violation] = []

    def fail(label: str, expected: str, given: str) -> None:
        v.append(Violation(label, f"expected {expected}, given {given}"))

    # (C5) 0 < size(inputs) = size(updates) = N
    if not (0 < len(ins) == len(ups)):
        fail("C5", "0 < size(inputs) = size(updates)", f"{len(ins)} inputs, {len(ups)} updates")
        return v
    in_shape, si_shape, up_shape = _shape(ins[0]), _shape(scatter_indices), _shape(ups[0])
    r_in, r_si, r_up = len(in_shape), len(si_shape), len(up_shape)
    if not is_integer_dtype(_dtype(scatter_indices)):
        fail("I2", "scatter_indices of an integer element type", str(_dtype(scatter_indices)))
    # (C1) same(shape(inputs...))
    if any(_shape(x) != in_shape for x in ins):
        fail("C1", "inputs of one shape", ", ".join(str(list(_shape(x))) for x in ins))
    # (C2) rank(inputs[0]) = size(update_window_dims) + size(inserted_window_dims) + size(input_batching_dims)
    c2 = r_in == len(uwd) + len(iwd) + len(ibd)
    if not c2:
        fail("C2", f"rank(inputs[0]) = {len(uwd)}+{len(iwd)}+{len(ibd)} (window+inserted+batching dims)",
             f"rank(inputs[0]) = {r_in}")
    # (C3) same(shape(updates...))
    if any(_shape(x) != up_shape for x in ups):
        fail("C3", "updates of one shape", ", ".join(str(list(_shape(x))) for x in ups))
    # (C22) 0 <= index_vector_dim <= rank(scatter_indices)
    c22 = 0 <= ivd <= r_si
    c7 = is_unique(uwd) and is_sorted(uwd)
    c8 = in_range(uwd, r_up)
    c9 = is_unique(iwd + ibd)
    # (C4) shape(updates[0]) = combine(update_scatter_dim_sizes, update_window_dim_sizes)
    if c22 and c2 and c7 and c8 and c9 and in_range(iwd + ibd, r_in):
        scatter_sizes = batch_shape(si_shape, ivd)
        window_input_dims = [d for d in range(r_in) if d not in iwd and d not in ibd]
        if r_up != len(scatter_sizes) + len(uwd):
            fail("C4", f"rank(updates[0]) = {len(scatter_sizes)} scatter dims + {len(uwd)} window dims",
                 f"rank {r_up}")
        else:
            got_scatter = [s for d, s in enumerate(up_shape) if d not in uwd]
            got_window = [up_shape[d] for d in uwd]
            limits = [in_shape[d] for d in window_input_dims]
            if got_scatter != list(scatter_sizes) or any(w > lim for w, lim in zip(got_window, limits)):
                fail("C4", f"updates shape with scatter dims {list(scatter_sizes)} and window dims <= {limits}",
                     f"shape(updates[0]) = {list(up_shape)}")
    # (C6) element_type(updates...) = element_type(inputs...)
    if [_dtype(x) for x in ups] != [_dtype(x) for x in ins]:
        fail("C6", "updates with the inputs' element types: " + ", ".join(str(_dtype(x)) for x in ins),
             ", ".join(str(_dtype(x)) for x in ups))
    # (C7) is_unique(update_window_dims) and is_sorted(update_window_dims)
    if not c7:
        fail("C7", "update_window_dims sorted and unique", f"{list(uwd)}")
    # (C8) 0 <= update_window_dims < rank(updates[0])
    if not c8:
        fail("C8", f"0 <= update_window_dims < rank(updates[0]) = {r_up}", f"{list(uwd)}")
    # (C9) is_unique(concatenate(inserted_window_dims, input_batching_dims))
    if not c9:
        fail("C9", "inserted_window_dims and input_batching_dims unique together", f"{list(iwd)} + {list(ibd)}")
    # (C10) is_sorted(inserted_window_dims)
    if not is_sorted(iwd):
        fail("C10", "inserted_window_dims sorted", f"{list(iwd)}")
    # (C11) 0 <= inserted_window_dims < rank(inputs[0])
    if not in_range(iwd, r_in):
        fail("C11", f"0 <= inserted_window_dims < {r_in}", f"{list(iwd)}")
    # (C12) is_sorted(input_batching_dims)
    if not is_sorted(ibd):
        fail("C12", "input_batching_dims sorted", f"{list(ibd)}")
    # (C13) 0 <= input_batching_dims < rank(inputs[0])
    if not in_range(ibd, r_in):
        fail("C13", f"0 <= input_batching_dims < {r_in}", f"{list(ibd)}")
    # (C14) is_unique(scatter_indices_batching_dims)
    if not is_unique(sibd):
        fail("C14", "scatter_indices_batching_dims unique", f"{list(sibd)}")
    # (C15) 0 <= scatter_indices_batching_dims < rank(scatter_indices)
    if not in_range(sibd, r_si):
        fail("C15", f"0 <= scatter_indices_batching_dims < {r_si}", f"{list(sibd)}")
    # (C16) index_vector_dim not in scatter_indices_batching_dims
    if ivd in sibd:
        fail("C16", "index_vector_dim not in scatter_indices_batching_dims", f"{ivd} in {list(sibd)}")
    # (C17) size(input_batching_dims) == size(scatter_indices_batching_dims)
    c17 = len(ibd) == len(sibd)
    if not c17:
        fail("C17", f"size(scatter_indices_batching_dims) = size(input_batching_dims) = {len(ibd)}", f"{len(sibd)}")
    # (C18) dim(inputs[0], input_batching_dims...) = dim(scatter_indices, scatter_indices_batching_dims...)
    if c17:
        pairs = [(a, b) for a, b in zip(ibd, sibd) if 0 <= a < r_in and 0 <= b < r_si]
        if any(in_shape[a] != si_shape[b] for a, b in pairs):
            fail("C18", "equal batching dim sizes: " + ", ".join(f"inputs[0][{a}]={in_shape[a]}" for a, _ in pairs),
                 ", ".join(f"scatter_indices[{b}]={si_shape[b]}" for _, b in pairs))
    # (C19) size(scatter_dims_to_operand_dims) = dim(scatter_indices, index_vector_dim) or 1
    if c22 and len(sdod) != index_vector_size(si_shape, ivd):
        fail("C19", f"size(scatter_dims_to_operand_dims) = {index_vector_size(si_shape, ivd)}", f"{list(sdod)}")
    # (C20) is_unique(concatenate(scatter_dims_to_operand_dims, input_batching_dims))
    if not is_unique(sdod + ibd):
        fail("C20", "scatter_dims_to_operand_dims and input_batching_dims unique together",
             f"{list(sdod)} + {list(ibd)}")
    # (C21) 0 <= scatter_dims_to_operand_dims < rank(inputs[0])
    if not in_range(sdod, r_in):
        fail("C21", f"0 <= scatter_dims_to_operand_dims < {r_in}", f"{list(sdod)}")
    if not c22:
        fail("C22", f"0 <= index_vector_dim <= {r_si}", f"index_vector_dim = {ivd}")
    # (C23) update_computation: (E0..EN-1, E0..EN-1) -> (E0..EN-1); a named one is built per element type
    # (C24) shape(inputs...) = shape(results...)
    if result_shape is not None and tuple(result_shape) != in_shape:
        fail("C24", f"result shape {list(in_shape)}", f"{list(result_shape)}")
    # (C25) element_type(results[i]) = Ei
    if result_element_type is not None and np.dtype(result_element_type) != _dtype(ins[0]):
        fail("C25", f"result element type {_dtype(ins[0])}", str(np.dtype(result_element_type)))
    return sorted(v, key=lambda x: (x.label[0] != "I", int(x.label[1:])))


def validate(inputs, scatter_indices, updates, **attrs) -> None:
    violations = check(inputs, scatter_indices, updates, **attrs)
    if violations:
        raise SpecViolation(OP, violations)


def normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """Attributes as plain Python ints/tuples (after validation)."""
    out = dict(attrs)
    for name in SEQUENCE_ATTRS:
        if name in out:
            out[name] = int_tuple(out[name])
    out["index_vector_dim"] = int(out["index_vector_dim"])
    return out


def _window_sizes(in_shape, up_shape, update_window_dims, inserted_window_dims, input_batching_dims) -> list[int]:
    """Per input dim: the extent of one update window (1 at inserted and batching dims)."""
    window = iter(up_shape[d] for d in update_window_dims)
    return [1 if (d in inserted_window_dims or d in input_batching_dims) else next(window)
            for d in range(len(in_shape))]


def window_sizes(case) -> list[int]:
    """Per input dim of a (valid) scatter case: its update window's extent."""
    kw = case.kwargs()
    ins, ups = as_list(kw["inputs"]), as_list(kw["updates"])
    return _window_sizes(_shape(ins[0]), _shape(ups[0]), kw["update_window_dims"], kw["inserted_window_dims"],
                         kw.get("input_batching_dims", ()))


def evaluate_literal(inputs, scatter_indices, updates, *, update_window_dims, inserted_window_dims,
                     input_batching_dims=(), scatter_indices_batching_dims=(), scatter_dims_to_operand_dims,
                     index_vector_dim, update_computation, indices_are_sorted=False, unique_indices=False,
                     variant: ScatterVariant = SPEC) -> list[np.ndarray]:
    """The semantics bullets, one update element at a time, in row-major ``update_index`` order."""
    ins = [np.array(x) for x in as_list(inputs)]
    ups = [np.asarray(u) for u in as_list(updates)]
    si = np.asarray(scatter_indices)
    results = [x.copy() for x in ins]
    in_shape, up_shape = ins[0].shape, ups[0].shape
    wsize = _window_sizes(in_shape, up_shape, update_window_dims, inserted_window_dims, input_batching_dims)
    # update_scatter_dims = [d for d in axes(updates[0]) and d not in update_window_dims]
    update_scatter_dims = [d for d in range(len(up_shape)) if d not in update_window_dims]
    for update_index in itertools.product(*(range(n) for n in up_shape)):
        update_scatter_index = [update_index[d] for d in update_scatter_dims]
        # start_index: scatter_indices[si0, ..., :, ..., siN] (":" at index_vector_dim), or [scatter_indices[usi]]
        if index_vector_dim < si.ndim:
            start_index = [si[tuple(update_scatter_index[:index_vector_dim] + [k] + update_scatter_index[index_vector_dim:])]
                           for k in range(si.shape[index_vector_dim])]
        else:
            start_index = [si[tuple(update_scatter_index)]]
        # full_start_index[d_input] = start_index[d_start] if d_input = scatter_dims_to_operand_dims[d_start]
        full_start_index = [0] * len(in_shape)
        for d_start, d_input in enumerate(scatter_dims_to_operand_dims):
            s = int(starts_as_int64(np.asarray([start_index[d_start]]), in_shape[d_input], variant)[0])
            if variant.out_of_bounds == "clamp":  # the named alternative: the window start clamped as gather does
                s = min(max(s, 0), in_shape[d_input] - wsize[d_input])
            elif variant.out_of_bounds == "reset" and not 0 <= s <= in_shape[d_input] - wsize[d_input]:
                s = 0  # a model (wrong-value): an out-of-bounds start taken as 0
            elif variant.out_of_bounds == "low-clamp":
                s = max(s, 0)  # a model (wrong-value): only the low side clamped
            full_start_index[d_input] = s
        # full_batching_index[d_input] = update_scatter_index[d_start - (d_start < index_vector_dim ? 0 : 1)]
        full_batching_index = [0] * len(in_shape)
        for d_input, d_start in zip(input_batching_dims, scatter_indices_batching_dims):
            full_batching_index[d_input] = update_scatter_index[d_start - (0 if d_start < index_vector_dim else 1)]
        # full_window_index: update_window_index with 0 inserted at inserted_window_dims and input_batching_dims
        window = iter(update_index[d] for d in update_window_dims)
        full_window_index = [0 if (d in inserted_window_dims or d in input_batching_dims) else next(window)
                             for d in range(len(in_shape))]
        result_index = tuple(a + b + c for a, b, c in zip(full_start_index, full_batching_index, full_window_index))
        in_bounds = all(0 <= i < n for i, n in zip(result_index, in_shape))
        if variant.out_of_bounds == "skip-window":  # the named alternative: a window partly out is dropped whole
            in_bounds = all(0 <= s and s + w <= n for s, w, n in zip(full_start_index, wsize, in_shape))
        if not in_bounds:
            if variant.out_of_bounds == "error":
                raise OutOfBoundsUpdate(f"result_index {list(result_index)} outside {list(in_shape)}")
            continue  # otherwise: updated_results = results
        olds = [r[result_index][()] for r in results]
        news = [u[update_index][()] for u in ups]
        for r, value in zip(results, apply_computation(update_computation, [np.asarray(o) for o in olds],
                                                       [np.asarray(n) for n in news])):
            r[result_index] = value
    return results


def result_positions(in_shape, scatter_indices, up_shape, *, update_window_dims, inserted_window_dims,
                     input_batching_dims=(), scatter_indices_batching_dims=(), scatter_dims_to_operand_dims,
                     index_vector_dim, variant: ScatterVariant = SPEC, **_) -> np.ndarray:
    """For every update element (row-major), the flat index into the result it updates, or -1."""
    si = np.asarray(scatter_indices)
    r_in = len(in_shape)
    starts = index_vectors(si, index_vector_dim)
    bshape = starts.shape[:-1]
    nb = len(bshape)
    wsize = _window_sizes(in_shape, up_shape, update_window_dims, inserted_window_dims, input_batching_dims)
    window_dims = [d for d in range(r_in) if d not in inserted_window_dims and d not in input_batching_dims]
    wshape = tuple(wsize[d] for d in window_dims)
    full = bshape + wshape
    base = [np.zeros(bshape, np.int64) for _ in range(r_in)]
    window_fits = np.ones(bshape, bool)
    for d_start, d_input in enumerate(scatter_dims_to_operand_dims):
        s = starts_as_int64(starts[..., d_start], in_shape[d_input], variant)
        if variant.out_of_bounds == "clamp":
            s = np.clip(s, 0, in_shape[d_input] - wsize[d_input])
        elif variant.out_of_bounds == "reset":
            s = np.where((s < 0) | (s > in_shape[d_input] - wsize[d_input]), 0, s)
        elif variant.out_of_bounds == "low-clamp":
            s = np.maximum(s, 0)
        window_fits &= (s >= 0) & (s <= in_shape[d_input] - wsize[d_input])
        base[d_input] = base[d_input] + s
    for d_input, d_start in zip(input_batching_dims, scatter_indices_batching_dims):
        axis = d_start - (0 if d_start < index_vector_dim else 1)
        base[d_input] = base[d_input] + np.arange(bshape[axis]).reshape([-1 if a == axis else 1 for a in range(nb)])
    ok = np.broadcast_to(window_fits.reshape(bshape + (1,) * len(wshape)), full).copy() \
        if variant.out_of_bounds == "skip-window" else np.ones(full, bool)
    flat = np.zeros(full, np.int64)
    for d in range(r_in):
        idx = base[d].reshape(bshape + (1,) * len(wshape))
        if d in window_dims:
            k = window_dims.index(d)
            idx = idx + np.arange(wsize[d]).reshape([-1 if a == nb + k else 1 for a in range(len(full))])
        idx = np.broadcast_to(idx, full)
        ok &= (idx >= 0) & (idx < in_shape[d])
        flat = flat * in_shape[d] + np.where(ok, idx, 0)
    if variant.out_of_bounds == "error" and not ok.all():
        raise OutOfBoundsUpdate("an update element's result_index is out of bounds")
    flat = np.where(ok, flat, -1)
    # from (scatter dims..., window dims...) to the axis order of updates[0]
    scatter_axes, window_axes = iter(range(nb)), iter(range(nb, len(full)))
    perm = [next(window_axes) if a in update_window_dims else next(scatter_axes) for a in range(len(full))]
    return np.transpose(flat, perm).reshape(-1) if len(full) else flat.reshape(-1)


def schedule_rounds(positions: np.ndarray) -> list[np.ndarray]:
    """Split the valid update elements into rounds with distinct targets, keeping row-major order
    among elements that share a target (round r holds each target's r-th update)."""
    valid = np.flatnonzero(positions >= 0)
    if not len(valid):
        return []
    order = valid[np.argsort(positions[valid], kind="stable")]
    targets = positions[order]
    first = np.r_[0, np.flatnonzero(np.diff(targets)) + 1]
    rank = np.arange(len(order)) - np.repeat(first, np.diff(np.r_[first, len(order)]))
    return [order[rank == r] for r in range(int(rank.max()) + 1)]


def evaluate_fast(inputs, scatter_indices, updates, *, update_computation, variant: ScatterVariant = SPEC,
                  indices_are_sorted=False, unique_indices=False, positions=None, **attrs) -> list[np.ndarray]:
    """Vectorised evaluation; same schedule and result as ``evaluate_literal``. ``positions``: the
    ``result_positions`` of these arguments, where the caller has them already."""
    ins = [np.array(x) for x in as_list(inputs)]
    ups = [np.asarray(u) for u in as_list(updates)]
    if positions is None:
        positions = result_positions(ins[0].shape, scatter_indices, ups[0].shape, variant=variant, **attrs)
    flats = [r.reshape(-1) for r in ins]
    upflat = [u.reshape(-1) for u in ups]
    for chosen in schedule_rounds(positions):
        where = positions[chosen]
        new = apply_computation(update_computation, [f[where] for f in flats], [u[chosen] for u in upflat])
        for f, value in zip(flats, new):
            f[where] = value
    return [f.reshape(x.shape) for f, x in zip(flats, ins)]


def _attrs(update_window_dims, inserted_window_dims, input_batching_dims, scatter_indices_batching_dims,
           scatter_dims_to_operand_dims, index_vector_dim, update_computation, indices_are_sorted, unique_indices):
    return dict(update_window_dims=update_window_dims, inserted_window_dims=inserted_window_dims,
                input_batching_dims=input_batching_dims, scatter_indices_batching_dims=scatter_indices_batching_dims,
                scatter_dims_to_operand_dims=scatter_dims_to_operand_dims, index_vector_dim=index_vector_dim,
                update_computation=update_computation, indices_are_sorted=indices_are_sorted,
                unique_indices=unique_indices)


def _single_or_tuple(inputs, results: list[np.ndarray]):
    return tuple(results) if isinstance(inputs, (list, tuple)) else results[0]


def scatter(inputs, scatter_indices, updates, *, update_window_dims, inserted_window_dims, input_batching_dims=(),
            scatter_indices_batching_dims=(), scatter_dims_to_operand_dims, index_vector_dim, update_computation,
            indices_are_sorted=False, unique_indices=False):
    """``stablehlo.scatter`` as the spec defines it: an array, or a tuple when ``inputs`` is a sequence.

    The schedule is row-major ``update_index`` order (one of those the spec allows).
    Raises SpecViolation on invalid input.
    """
    attrs = _attrs(update_window_dims, inserted_window_dims, input_batching_dims, scatter_indices_batching_dims,
                   scatter_dims_to_operand_dims, index_vector_dim, update_computation, indices_are_sorted,
                   unique_indices)
    validate(inputs, scatter_indices, updates, **attrs)
    return _single_or_tuple(inputs, evaluate_fast(inputs, scatter_indices, updates, **normalize(attrs)))


def scatter_variant(inputs, scatter_indices, updates, *, variant: str, **attrs) -> list[np.ndarray]:
    """Evaluate a valid case under a named semantics variant (a list of results)."""
    validate(inputs, scatter_indices, updates, **attrs)
    return evaluate_fast(inputs, scatter_indices, updates, variant=SCATTER_VARIANTS[variant], **normalize(attrs))


def out_of_bounds(inputs, scatter_indices, updates, **attrs) -> bool:
    """True when some window of a valid case does not fit: an update element lands out of bounds (the
    spec skips it), or an empty window starts out of bounds (nothing is written, but an API that
    checks indices raises)."""
    ins, ups = as_list(inputs), as_list(updates)
    attrs = normalize(attrs)
    if (result_positions(_shape(ins[0]), scatter_indices, _shape(ups[0]), **attrs) < 0).any():
        return True
    in_shape, si, ivd = _shape(ins[0]), np.asarray(scatter_indices), attrs["index_vector_dim"]
    wsize = _window_sizes(in_shape, _shape(ups[0]), attrs["update_window_dims"], attrs["inserted_window_dims"],
                          attrs.get("input_batching_dims", ()))
    starts = index_vectors(si, ivd)
    for d_start, d_input in enumerate(attrs["scatter_dims_to_operand_dims"]):
        s = starts_as_int64(starts[..., d_start], in_shape[d_input], SPEC)
        if ((s < 0) | (s > in_shape[d_input] - wsize[d_input])).any():
            return True
    return False


def windows_cut(inputs, scatter_indices, updates, **attrs) -> bool:
    """True when some window lies partly in and partly out of bounds (skip-element != skip-window)."""
    ins, ups = as_list(inputs), as_list(updates)
    spec = result_positions(_shape(ins[0]), scatter_indices, _shape(ups[0]), **normalize(attrs))
    whole = result_positions(_shape(ins[0]), scatter_indices, _shape(ups[0]), variant=SCATTER_VARIANTS["skip-window"],
                             **normalize(attrs))
    return bool((spec != whole).any())


def duplicate_targets(positions: np.ndarray) -> np.ndarray:
    """Flat result indices that two or more valid update elements write."""
    valid = positions[positions >= 0]
    uniq, counts = np.unique(valid, return_counts=True)
    return uniq[counts > 1]


__all__: Sequence[str] = ("scatter", "check", "validate", "evaluate_literal", "evaluate_fast", "scatter_variant")
