"""Memory layouts of a target's array arguments: the same logical values, laid out in memory the way
real programs pass them (a Fortran-order array, a transposed or channels-last view, a view with
non-unit or negative strides, a broadcast view with stride 0, a view that starts one element into its
buffer). Kernels are specialised on exactly these, and a kernel that reads a view in memory order, or
assumes unit strides, gives wrong values only here.

Every layout is a view into a fresh one-dimensional buffer of its own (``lay_out``); the elements of the
buffer outside the view hold a fill pattern, so a target that writes past its view is seen
(``outside``). A backend opts in with a module-level ``LAYOUTS`` tuple (or ``layouts=`` on one
target); its targets then receive such views as they are, never a contiguous copy.
"""
from __future__ import annotations

import numpy as np

C = "c"
KINDS = ("c", "fortran", "transposed", "channels_last", "strided", "negative", "broadcast", "offset")
NUMPY = KINDS
TORCH = tuple(k for k in KINDS if k != "negative")  # a torch tensor has no negative strides
FILL = 0xA5  # the byte the buffer outside a view holds


def applies(kind: str, shape: tuple[int, ...]) -> bool:
    """Whether layout ``kind`` differs from C order for an array of ``shape`` (the others are not drawn)."""
    if kind == C:
        return True
    if 0 in shape or not shape:
        return kind == "offset" and 0 not in shape
    if kind == "fortran":
        return sum(n > 1 for n in shape) >= 2
    if kind == "transposed":
        return len(shape) >= 2 and shape[-1] > 1 and shape[-2] > 1
    if kind == "channels_last":
        return len(shape) >= 3 and shape[1] > 1 and int(np.prod(shape[2:])) > 1
    if kind == "broadcast":
        return any(n > 1 for n in shape)
    return True  # strided, negative, offset


def broadcast_axis(shape: tuple[int, ...]) -> int:
    """The axis a broadcast layout repeats along: the first of size above 1."""
    return next(i for i, n in enumerate(shape) if n > 1)


def dense_strides(shape, order) -> list[int]:
    """Element strides of a dense array of ``shape`` whose axes lie in memory in ``order`` (outermost first)."""
    strides, step = [0] * len(shape), 1
    for axis in reversed(order):
        strides[axis] = step
        step *= max(shape[axis], 1)
    return strides


def geometry(kind: str, shape: tuple[int, ...]) -> tuple[list[int], int, int]:
    """(element strides, element offset of the first element, buffer length) of layout ``kind``."""
    n, rank = int(np.prod(shape)), len(shape)
    axes = list(range(rank))
    if kind in (C, "offset") or not applies(kind, shape):
        return dense_strides(shape, axes), int(kind == "offset"), n + 2 * int(kind == "offset")
    if kind == "fortran":
        return dense_strides(shape, axes[::-1]), 0, n
    if kind == "transposed":  # the last two axes swapped in memory, as x.transpose(-1, -2) leaves them
        return dense_strides(shape, axes[:-2] + [axes[-1], axes[-2]]), 0, n
    if kind == "channels_last":  # axis 1 innermost: torch's channels_last (rank 4), channels_last_3d (rank 5)
        return dense_strides(shape, [0] + axes[2:] + [1]), 0, n
    if kind == "broadcast":
        axis = broadcast_axis(shape)
        strides = dense_strides(shape[:axis] + (1,) + shape[axis + 1:], axes)
        strides[axis] = 0
        return strides, 0, n // shape[axis]
    # strided / negative: every other element of each row, one spare element between rows
    strides, step = [0] * rank, 2
    for axis in reversed(axes):
        strides[axis] = step
        step = step * shape[axis] + 1
    end = sum(s * (m - 1) for s, m in zip(strides, shape))
    if kind == "negative":
        return [-s for s in strides], end, end + 1
    return strides, 0, end + 1


def lay_out(a: np.ndarray, kind: str) -> np.ndarray:
    """A fresh array with ``a``'s values in layout ``kind``: a view into a new buffer of its own
    (``a`` itself is not touched). A broadcast layout needs ``a`` constant along ``broadcast_axis``."""
    a = np.asarray(a)
    strides, offset, length = geometry(kind, a.shape)
    buffer = np.frombuffer(bytearray(bytes([FILL]) * (max(length, 1) * a.dtype.itemsize)), dtype=a.dtype)
    view = np.ndarray(a.shape, a.dtype, buffer=buffer, offset=offset * a.dtype.itemsize,
                      strides=[s * a.dtype.itemsize for s in strides])
    if kind == "broadcast" and applies(kind, a.shape):
        axis = broadcast_axis(a.shape)
        if not _constant_along(a, axis):
            raise ValueError(f"layout broadcast: the array is not constant along axis {axis}")
        view[...] = np.take(a, [0], axis=axis)
        view.flags.writeable = False  # as np.broadcast_to leaves it
    else:
        view[...] = a
    return view


def fits(a: np.ndarray, kind: str) -> bool:
    """Whether ``a``'s values can be laid out in ``kind``: a broadcast layout needs them constant along
    ``broadcast_axis`` (a case cut or changed after it was drawn may no longer be)."""
    if kind != "broadcast":
        return True
    a = np.asarray(a)
    return not applies(kind, a.shape) or _constant_along(a, broadcast_axis(a.shape))


def _constant_along(a: np.ndarray, axis: int) -> bool:
    first = np.take(a, [0], axis=axis)
    return np.broadcast_to(first, a.shape).tobytes() == a.tobytes()


def made_constant(a: np.ndarray, kind: str) -> np.ndarray:
    """``a`` with the values a layout needs: constant along the broadcast axis (its first slice repeated)
    for ``broadcast``, else ``a`` as it is."""
    if kind != "broadcast" or not applies(kind, a.shape):
        return a
    axis = broadcast_axis(a.shape)
    return np.ascontiguousarray(np.broadcast_to(np.take(a, [0], axis=axis), a.shape))


def in_buffer(a: np.ndarray) -> tuple[np.ndarray, int] | None:
    """(the one-dimensional buffer ``a`` is a view into, the element index of ``a``'s first element
    there), or None where ``a`` is not such a view (it owns its memory, or its base is shaped)."""
    base = a.base
    if not isinstance(base, np.ndarray) or base.ndim != 1 or base.dtype != a.dtype:
        return None
    return base, (a.__array_interface__["data"][0] - base.__array_interface__["data"][0]) // a.itemsize


def element_index(shape: tuple[int, ...], strides: tuple[int, ...], start: int) -> np.ndarray:
    """The buffer index of every element of a view of ``shape`` with element ``strides`` from ``start``."""
    return start + sum((np.arange(n).reshape((-1,) + (1,) * (len(shape) - 1 - i)) * s
                        for i, (n, s) in enumerate(zip(shape, strides))), np.zeros(shape, np.int64))


def element_strides(a: np.ndarray) -> tuple[int, ...]:
    return tuple(s // a.itemsize for s in a.strides)


def outside(view: np.ndarray) -> bytes:
    """The bytes of ``view``'s buffer outside the view (empty for an array that owns its memory)."""
    found = in_buffer(view)
    if found is None or view.size == 0:
        return b""
    base, start = found
    mask = np.ones(base.size, bool)
    mask[element_index(view.shape, element_strides(view), start).reshape(-1)] = False
    return base[mask].tobytes()


def describe(layouts: dict[str, str]) -> str:
    """``operand: fortran, updates: negative`` (empty where every array is C-contiguous)."""
    return ", ".join(f"{k}: {v}" for k, v in sorted(layouts.items()) if v != C)
