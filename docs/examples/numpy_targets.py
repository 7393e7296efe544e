"""An example module of targets, written with numpy only: one target per API style of ``conformance.styles``
(docs/new-backend.md walks through it). From this folder:

    PYTHONPATH=. pytest -p conformance.plugin --pyargs conformance -n auto --backend=numpy_targets

numpy stands in for a framework the suite has no adapter for: each target takes a case, gets its API
style's arguments from ``conformance.styles``, calls the API and returns the result; it never decides what
is right. What numpy documents that differs from the spec is declared in ``numpy_targets.toml`` beside it.
Each ``repro=`` snippet is the same call for ``conformance repro``: (imports, setup lines, call).
"""
from pathlib import Path

import numpy as np

from conformance import styles
from conformance.registry import target

PACKAGE = "numpy"  # the distribution whose release the declarations' `versions` are read against
COMPILES = False  # each call runs at once: a first call that hangs gets no compile grace
DEVIATIONS_FILE = str(Path(__file__).with_suffix(".toml"))


# --- stablehlo.gather: four styles ---------------------------------------------------------------------
@target("stablehlo.gather", "example:take", region=styles.region("take"),
        repro=lambda kw, case: ([], styles.take(kw).repro_lines(), "np.take(OPERAND, INDICES, axis=AXIS, mode='clip')"))
def take(**case):
    a = styles.take(case)
    return np.take(a.operand, a.indices, axis=a.axis, mode="clip")


@target("stablehlo.gather", "example:take_along_axis", region=styles.region("take_along_axis"),
        repro=lambda kw, case: ([], styles.take_along_axis(kw).repro_lines(),
                                "np.take_along_axis(OPERAND, INDICES, axis=AXIS)"))
def take_along_axis(**case):
    a = styles.take_along_axis(case)
    return np.take_along_axis(a.operand, a.indices, axis=a.axis)


@target("stablehlo.gather", "example:x[index]", region=styles.region("advanced_index"),
        repro=lambda kw, case: ([], styles.advanced_index(kw).repro_lines(), "OPERAND[INDEX]"))
def advanced_index(**case):
    a = styles.advanced_index(case)
    return a.operand[a.index]


@target("stablehlo.gather", "example:gather_nd", region=styles.region("gather_nd"),
        repro=lambda kw, case: ([], styles.gather_nd(kw).repro_lines(), "OPERAND[INDEX]"))
def gather_nd(**case):
    a = styles.gather_nd(case)  # numpy has no gather_nd: a.index is the same read as advanced indexing
    return a.operand[a.index]   # (a framework's: mylib.gather_nd(a.operand, a.indices, batch_dims=a.batch_dims))


# --- stablehlo.scatter: four styles, each for the update computations its API has ----------------------
def _scatter_repro(style: str, *statements: str):
    """A repro snippet of a scatter target: the style's arguments, ``out`` a copy of INPUT, ``statements``."""
    return lambda kw, case: ([], getattr(styles, style)(kw).repro_lines() + ["out = INPUT.copy()", *statements], "out")


@target("stablehlo.scatter", "example:add.at[axis]", region=styles.region("index_add", computations=("add",)),
        repro=_scatter_repro("index_add", "np.add.at(out, INDEX, UPDATES)"))
def index_add(**case):
    a = styles.index_add(case)
    out = a.input.copy()  # the spec's result is a new array: never write into an input
    np.add.at(out, a.index, a.updates)
    return out


@target("stablehlo.scatter", "example:put_along_axis", region=styles.region("put_along_axis", computations=("replace",)),
        repro=_scatter_repro("put_along_axis", "np.put_along_axis(out, INDICES, UPDATES, axis=AXIS)"))
def put_along_axis(**case):
    a = styles.put_along_axis(case)
    out = a.input.copy()
    np.put_along_axis(out, a.indices, a.updates, axis=a.axis)
    return out


@target("stablehlo.scatter", "example:x[index]=v", region=styles.region("index_put", computations=("replace",)),
        repro=_scatter_repro("index_put", "out[INDEX] = UPDATES"))
def index_put(**case):
    a = styles.index_put(case)
    out = a.input.copy()
    out[a.index] = a.updates
    return out


@target("stablehlo.scatter", "example:scatter_nd_add", region=styles.region("scatter_nd", computations=("add",)),
        repro=_scatter_repro("scatter_nd", "np.add.at(out, INDEX, UPDATES)"))
def scatter_nd(**case):
    a = styles.scatter_nd(case)  # numpy has no scatter_nd: a.index addresses the same elements
    out = a.input.copy()
    np.add.at(out, a.index, a.updates)
    return out


# --- stablehlo.dynamic_slice / dynamic_update_slice: basic slicing (in-bounds starts: it does not clamp) ---
@target("stablehlo.dynamic_slice", "example:x[s:s+k]", region=styles.region("dynamic_slice"),
        repro=lambda kw, case: ([], styles.dynamic_slice(kw).repro_lines(), "OPERAND[WINDOW]"))
def dynamic_slice(**case):
    a = styles.dynamic_slice(case)
    return a.operand[a.window]


@target("stablehlo.dynamic_update_slice", "example:x[s:s+k]=u", region=styles.region("dynamic_update_slice"),
        repro=lambda kw, case: ([], styles.dynamic_update_slice(kw).repro_lines() +
                                ["out = OPERAND.copy()", "out[WINDOW] = UPDATE"], "out"))
def dynamic_update_slice(**case):
    a = styles.dynamic_update_slice(case)
    out = a.operand.copy()
    out[a.window] = a.update
    return out


# --- an elementwise op with its scalar forms: tensors, rank-0 tensors, a Python-number rhs -------------
@target("stablehlo.add", "example:np.add", region=styles.region("elementwise"),
        repro=lambda kw, case: ([], styles.elementwise(kw).repro_lines(), "np.add(*OPERANDS)"))
def add(**case):
    a = styles.elementwise(case)
    with np.errstate(all="ignore"):  # (numpy warns on overflow; the value is what is judged)
        return np.add(*a.operands)
