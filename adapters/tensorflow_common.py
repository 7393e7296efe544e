"""Shared by the ``tensorflow`` and ``tensorflow_xla`` backends: importing TensorFlow quietly, running one
API call eagerly or compiled by XLA (``tf.function(jit_compile=True)``, one function per signature),
and the matching repro snippet, both built from one description of the call so they cannot drift.

A call is ``(api, arrays, kwargs)``: ``api`` a dotted name under ``tf`` (``"gather"``,
``"math.add"``), ``arrays`` the positional operands (numpy arrays, or a Python number for a
language-scalar rhs), ``kwargs`` Python values (axis, batch_dims, sizes). Nothing here imports
TensorFlow at module import time.
"""
from __future__ import annotations

import os

import numpy as np

EAGER, XLA = "eager", "xla"
LOG_LEVEL = "TF_CPP_MIN_LOG_LEVEL"
IMPORTS = ["import os", f'os.environ.setdefault("{LOG_LEVEL}", "2")', "import tensorflow as tf"]
_COMPILED: dict[tuple, object] = {}  # (api, kwargs, operand signature) -> its tf.function(jit_compile=True)
# another runtime of the same TF calls (litert: the call converted to a TFLite model): mode -> (call, snippet)
# with this module's ``call``/``snippet`` signatures minus ``mode``; registered by that runtime's adapter
RUNNERS: dict[str, tuple] = {}


DISTRIBUTIONS = ("tensorflow", "tensorflow-cpu", "tf-nightly", "tf-nightly-cpu")


def installed_distribution() -> str:
    """The installed distribution that provides ``import tensorflow`` (read from package metadata, no
    import): the package a declaration's ``versions`` is measured on; "tensorflow" if none is."""
    from conformance.running.registry import installed_version

    return next((d for d in DISTRIBUTIONS if installed_version(d)), "tensorflow")


def tf():
    """The ``tensorflow`` module; its C++ log cut to errors (level 2) unless the user set TF_CPP_MIN_LOG_LEVEL."""
    os.environ.setdefault(LOG_LEVEL, "2")
    import tensorflow

    return tensorflow


def api_function(api: str):
    """``tf.<api>`` (a dotted name such as ``math.add`` or ``bitwise.left_shift``)."""
    obj = tf()
    for part in api.split("."):
        obj = getattr(obj, part)
    return obj


def signature(a) -> tuple:
    if isinstance(a, np.ndarray):
        return ("array", a.dtype.name, a.shape)
    return ("number", type(a).__name__, repr(a))  # a Python number is compiled in, as tf.function does


def _tensor(a):
    """A numpy array as a tensor of its dtype (a copy: TF never sees the case's buffer); a Python
    number as it is, for the API to convert as it documents."""
    return tf().constant(a) if isinstance(a, np.ndarray) else a


def call(mode: str, api: str, arrays: list, kwargs: dict | None = None):
    """``tf.<api>(*arrays, **kwargs)`` eagerly (``EAGER``) or under ``tf.function(jit_compile=True)``
    (``XLA``), compiled once per (api, kwargs, operand dtypes and shapes); the result as numpy."""
    if mode in RUNNERS:
        return RUNNERS[mode][0](api, arrays, kwargs)
    kwargs = dict(kwargs or {})
    fn = api_function(api)
    tensors = [_tensor(a) for a in arrays]
    if mode == EAGER:
        return _numpy(fn(*tensors, **kwargs))
    key = (api, repr(sorted(kwargs.items())), tuple(signature(a) for a in arrays))
    if key not in _COMPILED:
        _COMPILED[key] = tf().function(body(fn, arrays, kwargs), jit_compile=True, autograph=False)
    return _numpy(_COMPILED[key](*[t for t, a in zip(tensors, arrays) if isinstance(a, np.ndarray)]))


def _numpy(result) -> np.ndarray:
    """A tensor's values as an array of its shape (through ``.numpy()``: ``np.asarray`` of a rank-0
    bfloat16 tensor raises "object __array__ method not producing an array" on TF 2.21.0)."""
    return np.asarray(result.numpy())


def body(fn, arrays: list, kwargs: dict):
    """``fn`` as a function of the array operands only (traced); Python numbers and ``kwargs`` compiled in."""
    numbers = {i: a for i, a in enumerate(arrays) if not isinstance(a, np.ndarray)}
    n = len(arrays)

    def body(*traced):
        it = iter(traced)
        return fn(*[numbers[i] if i in numbers else next(it) for i in range(n)], **kwargs)
    return body


def snippet(mode: str, api: str, arrays: list, kwargs: dict | None = None):
    """The repro code of ``call(mode, api, arrays, kwargs)``: (imports, setup lines, call expression)."""
    from conformance.adapters.elementwise_values import _py_literal
    from conformance.adapters.repro_code import literal

    if mode in RUNNERS:
        return RUNNERS[mode][1](api, arrays, kwargs)
    kwargs = dict(kwargs or {})
    sources = [f"tf.constant({literal(a)})" if isinstance(a, np.ndarray) else _py_literal(a) for a in arrays]
    keywords = "".join(f", {k}={v!r}" for k, v in kwargs.items())
    if mode == EAGER:
        return IMPORTS, [], f"np.asarray(tf.{api}({', '.join(sources)}{keywords}).numpy())"
    params = [f"a{i}" for i, a in enumerate(arrays) if isinstance(a, np.ndarray)]
    body = ", ".join(f"a{i}" if isinstance(a, np.ndarray) else s for i, (a, s) in enumerate(zip(arrays, sources)))
    passed = ", ".join(s for a, s in zip(arrays, sources) if isinstance(a, np.ndarray))
    return IMPORTS, [f"f = tf.function(lambda {', '.join(params)}: tf.{api}({body}{keywords}), jit_compile=True)"], \
        f"np.asarray(f({passed}).numpy())"
