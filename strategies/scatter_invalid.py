"""Invalid ``stablehlo.scatter`` cases, each breaking exactly one constraint label.

Each breaker starts from a valid general plan drawn with the structure it needs (``NEEDS``) and
changes the least it can; arrays are then filled in from the (possibly changed) shapes, with index
values in bounds where bounds still mean anything. C23 (the update computation's type) is not
drawn: the case names its computation (``add``, ...) and every target builds it on the inputs'
element types, so that constraint cannot be broken through this case model.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
from hypothesis import strategies as st

from conformance.core.case import Case
from conformance.oracles.dtypes import dtype as dtype_of
from conformance.oracles.stablehlo.scatter_policy import COMPUTATIONS
from conformance.strategies.scatter import ScatterPlan, ScatterRegion, general_plan
from conformance.strategies.values import index_array, operand_values

NEEDS: dict[str, dict] = {
    "I2": {}, "C1": {}, "C2": {}, "C3": {}, "C4": {}, "C5": {}, "C6": {},
    "C7": {"window": 2}, "C8": {"window": 1}, "C9": {"inserted": 2}, "C10": {"inserted": 2},
    "C11": {"inserted": 1}, "C12": {"batching": 2}, "C13": {"batching": 1},
    "C14": {"batching": 2, "batching_size": 2}, "C15": {"batching": 1},
    "C16": {"batching": 1, "explicit_ivd": True}, "C17": {"batching": 1}, "C18": {"batching": 1},
    "C19": {"sdod": 1, "explicit_ivd": True}, "C20": {"batching": 1, "sdod": 1}, "C21": {"sdod": 1},
    "C22": {}, "C24": {}, "C25": {},
}
LABELS = tuple(NEEDS)
TWO_INPUTS = {"C1", "C3", "C5"}


def _r_si(p: ScatterPlan) -> int:
    return len(p.indices_shape)


def _break(label: str, p: ScatterPlan, draw) -> dict:
    """Mutate ``p`` so that it breaks ``label``; returns extras for building the case."""
    extras: dict = {}
    r_in = len(p.input_shape)
    if label == "I2":
        extras["index_dtype"] = draw(st.sampled_from(["float32", "float16", "bool"]))
    elif label == "C1":
        extras["input1_shape"] = p.input_shape + [1]
    elif label == "C2":
        p.input_shape = p.input_shape + [1]
    elif label == "C3":
        extras["update1_shape"] = p.updates_shape + [1]
    elif label == "C4":
        p.updates_shape = p.updates_shape + [1]
    elif label == "C5":
        extras["n_updates"] = 1
    elif label == "C6":
        extras["update_dtype"] = "float64"
    elif label == "C7":
        p.update_window_dims = list(reversed(p.update_window_dims))
    elif label == "C8":
        p.update_window_dims = p.update_window_dims[:-1] + [len(p.updates_shape) + draw(st.integers(0, 2))]
    elif label == "C9":
        p.inserted_window_dims = [p.inserted_window_dims[0]] + p.inserted_window_dims[:-1]
    elif label == "C10":
        p.inserted_window_dims = list(reversed(p.inserted_window_dims))
    elif label == "C11":
        p.inserted_window_dims = p.inserted_window_dims[:-1] + [r_in + draw(st.integers(0, 2))]
    elif label == "C12":
        p.input_batching_dims = list(reversed(p.input_batching_dims))
        p.scatter_indices_batching_dims = list(reversed(p.scatter_indices_batching_dims))
    elif label == "C13":
        p.input_batching_dims = p.input_batching_dims[:-1] + [r_in]
    elif label == "C14":
        p.scatter_indices_batching_dims[1] = p.scatter_indices_batching_dims[0]
    elif label == "C15":
        p.scatter_indices_batching_dims[-1] = _r_si(p) + 1
    elif label == "C16":
        p.scatter_indices_batching_dims[0] = p.index_vector_dim
        p.input_shape[p.input_batching_dims[0]] = p.indices_shape[p.index_vector_dim]
    elif label == "C17":
        p.scatter_indices_batching_dims = p.scatter_indices_batching_dims[:-1]
    elif label == "C18":
        p.input_shape[p.input_batching_dims[0]] += 1
    elif label == "C19":
        p.scatter_dims_to_operand_dims = p.scatter_dims_to_operand_dims[:-1]
    elif label == "C20":
        p.scatter_dims_to_operand_dims[0] = p.input_batching_dims[0]
    elif label == "C21":
        p.scatter_dims_to_operand_dims[-1] = r_in + draw(st.integers(0, 2))
    elif label == "C22":
        p.index_vector_dim = draw(st.sampled_from([_r_si(p) + 1, -1]))
    elif label == "C24":
        extras["result_shape"] = p.input_shape + [1]
    elif label == "C25":
        extras["result_dtype"] = "float64"
    return extras


@st.composite
def _one(draw, label: str) -> Case:
    region = ScatterRegion(needs=NEEDS[label], edge_dims=False, max_dim=3, element_dtypes=("float32", "int32"),
                           index_dtypes=("int32", "int64"))
    p = draw(general_plan(region))
    p = replace(p, input_shape=list(p.input_shape), updates_shape=list(p.updates_shape),
                scatter_indices_batching_dims=list(p.scatter_indices_batching_dims),
                scatter_dims_to_operand_dims=list(p.scatter_dims_to_operand_dims))
    extras = _break(label, p, draw)
    element = draw(st.sampled_from(region.element_dtypes))
    index_dt = extras.get("index_dtype") or draw(st.sampled_from(region.index_dtypes))
    r_in = len(p.input_shape)
    columns = [(p.input_shape[d], p.window_sizes[d] if d < len(p.window_sizes) else 1) if 0 <= d < r_in else (1, 1)
               for d in p.scatter_dims_to_operand_dims] or [(1, 1)]
    ivd = p.index_vector_dim if 0 <= p.index_vector_dim <= _r_si(p) else _r_si(p)
    if index_dt in ("float32", "float16", "bool"):
        indices = np.zeros(p.indices_shape, dtype_of(index_dt))
    else:
        indices = draw(index_array(tuple(p.indices_shape), ivd, columns, index_dt, 0.0))
    n_inputs = 2 if label in TWO_INPUTS else 1
    arrays: dict = {}
    for i in range(n_inputs):
        shape = extras["input1_shape"] if (i == 1 and "input1_shape" in extras) else p.input_shape
        arrays[f"inputs[{i}]" if n_inputs > 1 else "inputs"] = draw(operand_values(tuple(shape), element))
    arrays["scatter_indices"] = indices
    n_updates = extras.get("n_updates", n_inputs)
    for i in range(n_updates):
        shape = extras["update1_shape"] if (i == 1 and "update1_shape" in extras) else p.updates_shape
        arrays[f"updates[{i}]" if n_inputs > 1 else "updates"] = draw(
            operand_values(tuple(shape), extras.get("update_dtype", element)))
    attrs = p.attrs()
    attrs["index_vector_dim"] = p.index_vector_dim
    attrs["update_computation"] = draw(st.sampled_from(tuple(COMPUTATIONS)))
    result_type = None
    if "result_shape" in extras or "result_dtype" in extras:
        result_type = {"shape": extras.get("result_shape", p.input_shape), "dtype": extras.get("result_dtype", element)}
    return Case("stablehlo.scatter", arrays, attrs, result_type=result_type, meta={"breaks": label})


def invalid_scatter_cases(label: str | None = None) -> st.SearchStrategy[Case]:
    """Cases breaking exactly ``label`` (any label when None)."""
    if label is None:
        return st.sampled_from(LABELS).flatmap(_one)
    if label not in NEEDS:
        raise ValueError(f"invalid_scatter_cases: expected a label from {', '.join(LABELS)}, got {label!r}")
    return _one(label)
