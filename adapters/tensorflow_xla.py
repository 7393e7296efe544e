"""Backend ``tensorflow_xla`` (opt-in: ``--backend tensorflow_xla``): the ``tensorflow`` backend's calls,
each under ``tf.function(jit_compile=True)``: XLA compiles it once per signature (API, its Python
arguments, the operands' dtypes and shapes; ``adapters/tensorflow_common.py`` keeps the compiled
functions). The operands are traced arguments, not constants: a compile sees no index values, except
where TF's XLA bridge itself needs a value at compile time (``tf.slice``'s ``begin``).
"""
from __future__ import annotations

# C-contiguous arrays only: the operands become tensors (a copy) before the compiled call, so a view
# reaches XLA as the eager backend's would; the eager backend runs every layout
LAYOUTS = ("c",)

from conformance.adapters.tensorflow_common import XLA, installed_distribution
from conformance.adapters.tensorflow_elementwise import value_targets
from conformance.adapters.tensorflow_index import gather_targets, onnx_targets, scatter_targets, slice_targets

REQUIRES = ("tensorflow",)
PACKAGE = installed_distribution()  # the distribution whose release ``versions`` in tensorflow_xla.toml is read against
VALUE_SETS = True  # one compile per signature: random elementwise cases run as value sets (dev, nightly)

GATHER_TARGETS = gather_targets("tensorflow_xla", XLA)
SCATTER_TARGETS = scatter_targets("tensorflow_xla", XLA)
ONNX_TARGETS = onnx_targets("tensorflow_xla", XLA)
SLICE_TARGETS = slice_targets("tensorflow_xla", XLA)
VALUE_TARGETS = value_targets("tensorflow_xla", XLA)

for _made in (GATHER_TARGETS, SCATTER_TARGETS, ONNX_TARGETS, SLICE_TARGETS):  # the eager target each one compiles
    for _fn in _made.values():  # (a report shows the eager target's class beside this one's)
        _fn.__conformance_target__.eager = ("tensorflow", "tensorflow:" + _fn.__conformance_target__.name.split(":", 1)[1])
for _fn in VALUE_TARGETS:
    _fn.__conformance_target__.eager = ("tensorflow", "tensorflow:" + _fn.__conformance_target__.name.split(":", 1)[1])
