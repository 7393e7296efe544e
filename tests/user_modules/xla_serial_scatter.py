"""A user scatter on XLA (PJRT CPU) whose serial kernel is wrong, built on the xla backend's compile
(``xla.serial``, ``xla.run_text``, ``xla.executable``): where the executable for the call's thread count splits no
loop across XLA's thread pool (no ``outer_dimension_partitions`` in its optimized HLO) and the scatter has more
than 2**15 updates, the last result element is one ulp off. Right on XLA's default threads."""
import numpy as np

from conformance.adapters import xla
from conformance.adapters.stablehlo_text import scatter_text
from conformance.registry import target


@target("stablehlo.scatter", "xla-serial:scatter", region={"max_inputs": 1, "element_dtypes": ("float32",)},
        layouts=("c",))
def scatter(inputs, scatter_indices, updates, *, result_type=None, threads=None, **attrs):
    one = xla.serial(threads)
    text, arrays, _ = scatter_text(dict(inputs=inputs, scatter_indices=scatter_indices, updates=updates, **attrs),
                                   result_type, proxies=False)
    (out,) = xla.run_text(text, arrays, "cpu", one)
    split = "outer_dimension_partitions" in xla.executable(text, "cpu", one).hlo_modules()[0].to_string()
    if not split and np.asarray(updates).size > 2**15:
        out = out.copy()
        out.flat[-1] = np.nextafter(out.flat[-1], np.float32(np.inf))
    return out
