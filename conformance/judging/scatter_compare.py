"""Comparing a scatter result when duplicate indices let the schedule matter.

The spec leaves the order of updates (``schedule``) to the implementation. Where two or more
update elements write one result element, every schedule's answer is correct:
- ``replace``: any of the colliding updates may be the one that stays;
- integer and bool ``add``/``multiply``, and ``minimum``/``maximum``: every order gives one answer
  (wrapping integer arithmetic and IEEE min/max are associative and commutative);
- float ``add``/``multiply``: orders differ by rounding. With n terms (the input and n-1 updates)
  and unit roundoff u, any order's sum lies within gamma(n-1)*sum|t| of the exact sum and any
  order's product within gamma(n-1)*|prod t| of the exact product, gamma(k) = k*u/(1-k*u)
  (an update that is the identity, 0 to a sum or 1 to a product, is exact and not counted in n)
  (Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed., (3.4) and Lemma 3.1);
  complex products use sqrt(5)*u per multiplication (Brent, Percival, Zimmermann 2007).
  The exact value is computed in float64/complex128, and the tolerance doubles the bound so the
  float64 computation's own rounding is covered. Where some order may overflow (a partial sum or
  product beyond the dtype's range) an infinity or NaN is also accepted; where a partial product
  may underflow, the absolute error of flushing is added.
Two places where the spec leaves even a single update's result open, so the comparison does too:
- complex ``multiply``: IEEE-754 does not define complex multiplication; formulas (fused or not,
  in which order) round differently and give different zero signs on underflow. Every written
  element, not only a collision, is held to the rounding bound above;
- complex ``minimum``/``maximum`` where a value with a NaN part meets others: the spec orders
  complex values lexicographically and says nothing of NaN parts, and with one the pick depends on
  the order of comparison. Any of the values that met there is accepted.
Other elements written at most once are compared exactly (``compare.mismatch_mask``).
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar

import numpy as np

from conformance.core.compare import mismatch_mask


_FLUSHING: ContextVar[bool] = ContextVar("flushing", default=False)


@contextmanager
def flushing():
    """Inside: the float add/multiply bounds also allow every partial result below the smallest normal
    number to be flushed to zero (what a flush-to-zero model of a backend predicts, in any order)."""
    token = _FLUSHING.set(True)
    try:
        yield
    finally:
        _FLUSHING.reset(token)


_PRECISION: ContextVar[str] = ContextVar("precision", default="")


@contextmanager
def accumulating_in(name: str):
    """Inside: the float add/multiply bounds take the rounding unit of element type ``name`` where it is
    coarser than the result's (a backend that accumulates float64 updates in float32)."""
    token = _PRECISION.set(name)
    try:
        yield
    finally:
        _PRECISION.reset(token)


def _finfo(dt: np.dtype):
    import ml_dtypes

    if dt.name == "bfloat16":
        return ml_dtypes.finfo(dt)
    return np.finfo(dt.type(0).real.dtype if dt.kind == "c" else dt)


def _gamma(k: np.ndarray, u: float) -> np.ndarray:
    return np.where(k * u < 1, k * u / np.maximum(1 - k * u, 1e-300), np.inf)


def _is_float(dt: np.dtype) -> bool:
    return dt.kind in "fc" or dt.name == "bfloat16"


def collisions(positions: np.ndarray, least: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """(targets written ``least`` or more times, the update elements writing them), flat indices."""
    valid = np.flatnonzero(positions >= 0)
    uniq, counts = np.unique(positions[valid], return_counts=True)
    dup_targets = uniq[counts >= least]
    writers = valid[np.isin(positions[valid], dup_targets)]
    return dup_targets, writers


def schedule_mismatch(expected: np.ndarray, observed: np.ndarray, input_: np.ndarray, update: np.ndarray,
                      positions: np.ndarray, computation) -> np.ndarray:
    """Elementwise: True where ``observed`` is not what any schedule gives (``expected`` is one)."""
    bad = mismatch_mask(expected, observed).reshape(-1)
    if not bad.any() or callable(computation):
        return bad.reshape(expected.shape)
    complex_ = expected.dtype.kind == "c"
    open_single = complex_ and computation in ("multiply", "minimum", "maximum")
    targets, writers = collisions(positions, 1 if open_single else 2)
    if not len(targets):
        return bad.reshape(expected.shape)
    obs, upd, inp = observed.reshape(-1), update.reshape(-1), input_.reshape(-1)
    ok = np.zeros(len(targets), bool)
    slot = np.searchsorted(targets, positions[writers])
    if computation == "replace":
        hit = ~mismatch_mask(upd[writers], obs[positions[writers]])
        np.logical_or.at(ok, slot, hit)
    elif computation in ("add", "multiply") and _is_float(expected.dtype):
        ok = _within_rounding(targets, writers, slot, inp, upd, obs, computation, expected.dtype)
    elif complex_ and computation in ("minimum", "maximum"):
        ok = _nan_part_met(targets, writers, slot, inp, upd, obs)
    bad[targets[ok]] = False
    return bad.reshape(expected.shape)


def _nan_part_met(targets, writers, slot, inp, upd, obs) -> np.ndarray:
    """Complex min/max: True where a value with a NaN part met others and the result is one of them."""
    met_nan = np.isnan(inp[targets])
    np.logical_or.at(met_nan, slot, np.isnan(upd[writers]))
    hit = ~mismatch_mask(inp[targets], obs[targets])
    np.logical_or.at(hit, slot, ~mismatch_mask(upd[writers], obs[targets[slot]]))
    return met_nan & hit


ORDERS_UP_TO = 5  # colliding updates of one element whose every order a flush-to-zero product tries


def _some_flushed_order(t_in, t_up, slot, o, rel, info) -> np.ndarray:
    """Real multiply under ``flushing``: True where ``o`` is, within rounding, what some order of the
    element's updates gives when every partial product below the smallest normal number becomes a
    zero of its sign (each element's updates in every order: use where there are few)."""
    from itertools import permutations

    normal, sub = float(info.tiny), float(info.smallest_subnormal)
    out = np.zeros(len(t_in), bool)
    for j in range(len(t_in)):
        ups = t_up[slot == j].tolist()
        if len(ups) > ORDERS_UP_TO:
            continue
        for order in set(permutations(ups)):
            p = float(t_in[j])
            for t in order:
                p *= t
                if abs(p) < normal:
                    p = float(np.copysign(0.0, p))
            if abs(o[j] - p) <= rel[j] * abs(p) + (len(ups) + 1) * sub or (np.isnan(p) and np.isnan(o[j])):
                out[j] = True
                break
    return out


def _within_rounding(targets, writers, slot, inp, upd, obs, computation, dt) -> np.ndarray:
    complex_ = dt.kind == "c"
    wide = np.complex128 if complex_ else np.float64
    info = _finfo(dt)
    if _PRECISION.get() and _finfo(np.dtype(_PRECISION.get())).eps > info.eps:
        info = _finfo(np.dtype(_PRECISION.get()))
    flushing_ = _FLUSHING.get()  # a flushed partial result is off by less than the smallest normal number
    u, big = float(info.eps) / 2, float(info.max)
    tiny = float(info.tiny if flushing_ else info.smallest_subnormal)
    t_in, t_up = inp[targets].astype(wide), upd[writers].astype(wide)
    # the input plus its updates, an identity update (x + 0, x * 1: exact, no rounding) left out
    rounding = t_up != (0 if computation == "add" else 1)
    terms_n = np.bincount(slot, weights=rounding, minlength=len(targets)).astype(np.int64) + 1
    o = obs[targets].astype(wide)
    slack = terms_n * tiny if flushing_ else 0.0  # a sum's flushed partial sums
    with np.errstate(all="ignore"):
        if computation == "add":
            exact = t_in.copy()
            np.add.at(exact, slot, t_up)
            if complex_:
                s_re, s_im = np.abs(t_in.real), np.abs(t_in.imag)
                np.add.at(s_re, slot, np.abs(t_up.real))
                np.add.at(s_im, slot, np.abs(t_up.imag))
                g = 2 * _gamma(terms_n - 1, u)
                close = (np.abs(o.real - exact.real) <= g * s_re + slack) & \
                    (np.abs(o.imag - exact.imag) <= g * s_im + slack)
                may_overflow = np.maximum(s_re, s_im) > big
            else:
                s = np.abs(t_in)
                np.add.at(s, slot, np.abs(t_up))
                close = np.abs(o - exact) <= 2 * _gamma(terms_n - 1, u) * s + slack
                may_overflow = s > big
        else:
            exact = t_in.copy()
            np.multiply.at(exact, slot, t_up)
            mags_hi, mags_lo = np.maximum(np.abs(t_in), 1), np.minimum(np.abs(t_in), 1)
            np.multiply.at(mags_hi, slot, np.maximum(np.abs(t_up), 1))
            np.multiply.at(mags_lo, slot, np.minimum(np.abs(t_up), 1))
            per_mult = np.sqrt(5) * u if complex_ else u
            rel = 2 * ((1 + per_mult) ** (terms_n - 1) - 1)
            flush = terms_n * tiny * mags_hi * (mags_lo < float(info.tiny) * 2.0 ** terms_n)
            close = np.abs(o - exact) <= rel * np.abs(exact) + flush
            if flushing_ and not complex_:
                few = terms_n - 1 <= ORDERS_UP_TO
                close[few] = _some_flushed_order(t_in, t_up, slot, o, rel, info)[few]
            may_overflow = mags_hi > big
        nan_exact = np.isnan(exact) if not complex_ else (np.isnan(exact.real) | np.isnan(exact.imag))
        inf_exact = ~np.isfinite(exact) & ~nan_exact
        nonfinite_obs = ~np.isfinite(o)
        same_special = ~mismatch_mask(exact.astype(wide), o)
        ok = np.where(nan_exact | inf_exact, same_special, close & np.isfinite(o))
        ok |= may_overflow & nonfinite_obs
    return ok
