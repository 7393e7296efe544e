"""Backend ``tensorflow`` (opt-in: ``--backend tensorflow``): TensorFlow's public ops called eagerly on
CPU. Index ops (``adapters/tensorflow_index.py``): ``tf.gather`` (``axis``; ``batch_dims``),
``tf.gather_nd``, ``tf.tensor_scatter_nd_update/add/min/max`` (as ``stablehlo.gather``/``scatter`` and
``onnx.GatherND``/``ScatterND``) and ``tf.slice`` (as ``stablehlo.dynamic_slice``); the 17 elementwise
ops (``adapters/tensorflow_elementwise.py``). The same calls compiled by XLA: backend ``tensorflow_xla``.

TensorFlow is imported at the first call, not when this module loads (``adapters/tensorflow_common.py``).
"""
from __future__ import annotations

from conformance.adapters.tensorflow_common import EAGER, installed_distribution
from conformance.adapters.tensorflow_elementwise import value_targets
from conformance.adapters.tensorflow_index import gather_targets, onnx_targets, scatter_targets, slice_targets

REQUIRES = ("tensorflow",)
PACKAGE = installed_distribution()  # the distribution whose release ``versions`` in tensorflow.toml is read against
COMPILES = False  # an eager call: a first call that hangs gets no compile grace

GATHER_TARGETS = gather_targets("tensorflow", EAGER)
SCATTER_TARGETS = scatter_targets("tensorflow", EAGER)
ONNX_TARGETS = onnx_targets("tensorflow", EAGER)
SLICE_TARGETS = slice_targets("tensorflow", EAGER)
VALUE_TARGETS = value_targets("tensorflow", EAGER)
