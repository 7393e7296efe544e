"""The TensorFlow targets of the 17 elementwise StableHLO ops, made once per backend (eager, or compiled
by XLA): each op maps to the ``tf.math``/``tf.bitwise`` function a user would call for it, named in
the target (stablehlo.divide on integers rounds toward zero: ``tf.truncatediv``; stablehlo.remainder
takes the dividend's sign: ``tf.truncatemod``; ``and``/``or``/``xor`` on bool: ``tf.math.logical_*``).

Element types per target are those the function has CPU kernels for (measured on TF 2.21.0 by calling
each on every type; the others raise NotFoundError, or, for ``tf.math.truediv`` on integers, convert
to float, which is not the spec's divide). A binary op also takes its rhs as a Python number
(``rhs_as_scalar``), which TF converts to the tensor's type.
"""
from __future__ import annotations

from conformance.adapters.elementwise_values import NP_SCALAR_FORMS, make
from conformance.adapters.tensorflow_common import call, snippet
from conformance.oracles.stablehlo.elementwise import BOOL, COMPLEX, FLOATS, INTS, SIGNED, UNSIGNED, operand_names

NUMERIC = INTS + FLOATS
COMPARE = {"EQ": "math.equal", "NE": "math.not_equal", "GE": "math.greater_equal", "GT": "math.greater",
           "LE": "math.less_equal", "LT": "math.less"}
# (op, API under tf, element types, target name suffix)
APIS = [("negate", "math.negative", SIGNED + FLOATS + COMPLEX, ""),
        ("abs", "math.abs", SIGNED + FLOATS, ""),
        ("add", "math.add", NUMERIC + COMPLEX, ""),
        ("subtract", "math.subtract", NUMERIC + COMPLEX, ""),
        ("multiply", "math.multiply", NUMERIC + COMPLEX, ""),
        ("divide", "math.truediv", FLOATS + COMPLEX, ""),
        ("divide", "truncatediv", INTS, ""),
        ("remainder", "truncatemod", ("int32", "int64", "float32", "float64"), ""),
        ("maximum", "math.maximum", NUMERIC, ""),
        ("minimum", "math.minimum", NUMERIC, ""),
        ("and", "bitwise.bitwise_and", INTS, ""), ("or", "bitwise.bitwise_or", INTS, ""),
        ("xor", "bitwise.bitwise_xor", INTS, ""),
        ("and", "math.logical_and", BOOL, ""), ("or", "math.logical_or", BOOL, ""),
        ("xor", "math.logical_xor", BOOL, ""),
        ("shift_left", "bitwise.left_shift", INTS, ""),
        ("shift_right_arithmetic", "bitwise.right_shift", SIGNED, ""),
        ("shift_right_logical", "bitwise.right_shift", UNSIGNED, "[unsigned]"),
        ("select", "where", BOOL + NUMERIC + COMPLEX, "")]


def _arguments(op: str, kw: dict) -> list:
    """The operands as the target passes them: arrays, the rhs as a Python number where the case says so."""
    scalar = kw.get("rhs_as_scalar", False)
    return [kw[n].item() if scalar and n == "rhs" else kw[n] for n in operand_names(op)]


def _repro(mode: str, op: str, api: str | None):
    def repro(kw, case):
        return snippet(mode, COMPARE[kw["comparison_direction"]] if api is None else api, _arguments(op, kw))
    return repro


def value_targets(backend: str, mode: str, dtypes: dict | None = None) -> list:
    """One target per (op, API) of ``APIS`` and two for compare (ordered types; bool and complex EQ/NE).
    ``dtypes`` (another runtime's narrower support: API -> element types it takes) cuts each target's
    types; an API left with none gets no target."""
    def cut(api, types):
        return tuple(t for t in types if t in dtypes.get(api, ())) if dtypes is not None else types

    made = [make(backend, f"tf.{api}{suffix}", op, lambda *a, _api=api: call(mode, _api, list(a)),
                 dtypes=cut(api, types), forms=NP_SCALAR_FORMS, to_numpy=lambda x: x, repro=_repro(mode, op, api))
            for op, api, types, suffix in APIS if cut(api, types)]

    def compare(a, b, direction):
        return call(mode, COMPARE[direction], [a, b])

    ordered, unordered = cut("compare", NUMERIC), cut("compare", BOOL + COMPLEX)
    made.append(make(backend, "tf.math.equal/not_equal/greater_equal/greater/less_equal/less", "compare", compare,
                     dtypes=ordered, forms=NP_SCALAR_FORMS, to_numpy=lambda x: x, repro=_repro(mode, "compare", None)))
    if not unordered:
        return made
    made.append(make(backend, "tf.math.equal/not_equal", "compare", compare, dtypes=unordered,
                     forms=NP_SCALAR_FORMS, directions=("EQ", "NE"), to_numpy=lambda x: x,
                     repro=_repro(mode, "compare", None)))
    return made


def flushed_other_zero(case):
    """Declaration model (tensorflow.toml): both eager quirks on one element, a Python-number rhs zero
    taken with the other sign (the scalar cache) and subnormal inputs and result flushed to zero
    (bfloat16 -9.18355e-41 + (-0.0) gives +0: the flushed lhs -0 plus the cached +0)."""
    import numpy as np

    rhs = case.arrays["rhs"].copy()
    zero = rhs.astype(np.complex128 if rhs.dtype.kind == "c" else np.float64) == 0
    rhs[zero] = (-rhs[zero].astype(np.float64 if rhs.dtype.kind != "c" else np.complex128)).astype(rhs.dtype)
    return _flushed_with_rhs(case, rhs)


def _flushed_with_rhs(case, rhs):
    """The case's op on its lhs and ``rhs``, inputs and result flushed as eager TF on CPU does."""
    import numpy as np

    from conformance.judging.models import _flush

    lhs = case.arrays["lhs"]
    fn = {"stablehlo.add": np.add, "stablehlo.subtract": np.subtract, "stablehlo.multiply": np.multiply,
          "stablehlo.divide": np.divide, "stablehlo.maximum": np.maximum, "stablehlo.minimum": np.minimum}[case.op]
    with np.errstate(all="ignore"):
        return _flush(np.asarray(fn(_flush(lhs), _flush(rhs))).astype(lhs.dtype))


def _cached_complex_zero(case, real_negative: bool, imag_negative: bool):
    """The flushed operation with a complex Python-number rhs zero read as the complex zero of the given
    part signs: eager TF caches the tensor it makes from a Python number by ``==``, so every complex zero
    after the first one of a process is taken as that first one (one of four)."""
    import numpy as np

    rhs = case.arrays["rhs"]
    if not case.attrs.get("rhs_as_scalar") or rhs.dtype.kind != "c" or np.any(rhs):
        return case  # nothing beyond the spec's values
    part = np.float32 if rhs.dtype == np.complex64 else np.float64
    cached = np.full(rhs.shape, complex(0, 0), rhs.dtype)
    cached.real = part(-0.0 if real_negative else 0.0)
    cached.imag = part(-0.0 if imag_negative else 0.0)
    return _flushed_with_rhs(case, cached)


def cached_zero_pp(case):
    """Declaration model (tensorflow.toml): the rhs complex zero read as 0+0j (see ``_cached_complex_zero``)."""
    return _cached_complex_zero(case, False, False)


def cached_zero_pn(case):
    """Declaration model (tensorflow.toml): the rhs complex zero read as 0-0j."""
    return _cached_complex_zero(case, False, True)


def cached_zero_np(case):
    """Declaration model (tensorflow.toml): the rhs complex zero read as -0+0j."""
    return _cached_complex_zero(case, True, False)


def cached_zero_nn(case):
    """Declaration model (tensorflow.toml): the rhs complex zero read as -0-0j."""
    return _cached_complex_zero(case, True, True)
