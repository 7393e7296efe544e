"""Every attribute a backend's API branches on, per target family: the values the suite runs (one target
each, named ``family[value]``, or drawn per case where the case carries the attribute) and each value left
out, with why. ``conformance attributes-table`` prints it (docs/attributes.md); tests/test_attributes.py
holds it to the registered targets, so a value listed as run has its target and a new family is listed.

A family is a target name before its ``[...]``; ``CASE`` marks attributes the op's cases carry (drawn:
every value the spec allows, no target fixes them)."""
from __future__ import annotations

import re

CASE = "drawn per case"

# family -> [(attribute, values run: one target each, or CASE; values left out and why ("": none))]
FAMILIES: dict[str, list[tuple[str, tuple[str, ...] | str, str]]] = {
    "numpy:take": [("mode", ("clip", "raise", "wrap"), "")],
    "numpy:put": [("mode", ("clip", "raise", "wrap"), "")],
    "numpy:np.right_shift": [("operand signedness", ("unsigned",), "signed: the plain np.right_shift target")],
    "numpy:onnx.ScatterND": [("reduction (as the ufunc.at used)", ("add.at", "maximum.at", "minimum.at",
                                                                  "multiply.at"), "none: numpy:onnx.ScatterND[x[idx]=v]")],
    "jax:jnp.take": [("mode", ("None", "clip", "fill", "wrap"), "promise_in_bounds: jnp.take refuses it")],
    "jax:lax.gather": [("mode", ("None", "clip", "fill", "promise_in_bounds"), ""),
                       ("indices_are_sorted", CASE, "")],
    "jax:x.at[idx].get": [("mode", ("None", "clip", "fill", "promise_in_bounds"), "")],
    **{f"jax:lax.{op}": [("mode", ("None", "clip", "drop", "promise_in_bounds"), "fill: a gather mode only"),
                         ("indices_are_sorted, unique_indices", CASE, "")]
       for op in ("scatter", "scatter_add", "scatter_max", "scatter_min", "scatter_mul")},
    **{f"jax:x.at[idx].{op}": [("mode", ("None", "clip", "drop", "promise_in_bounds"), "fill: a gather mode only")]
       for op in ("add", "max", "min", "multiply", "set")},
    "jax:lax.dynamic_slice": [("allow_negative_indices", ("allow_negative_indices=False",),
                               "True (the default): the plain jax:lax.dynamic_slice target")],
    "jax:lax.dynamic_update_slice": [("allow_negative_indices", ("allow_negative_indices=False",),
                                      "True (the default): the plain jax:lax.dynamic_update_slice target")],
    "jax:jnp.right_shift": [("operand signedness", ("unsigned",), "signed: the plain jnp.right_shift target")],
    "torch:index_put_": [("accumulate", ("accumulate=False", "accumulate=True"), "")],
    "torch:put_": [("accumulate", ("accumulate=False", "accumulate=True"), "")],
    "torch:scatter_reduce_": [("reduce, include_self", tuple(f"{r},include_self={s}" for r in ("amax", "amin", "prod", "sum")
                                                             for s in ("False", "True")),
                               "mean: its integer result rounds as torch documents, not a StableHLO computation")],
    "torch:onnx.ScatterND": [("accumulate", ("index_put_(accumulate=False)", "index_put_(accumulate=True)"), "")],
    "torch:torch.div": [("rounding_mode", ("rounding_mode=trunc",),
                         "None: the plain torch.div target; floor: not StableHLO divide (it rounds toward zero)")],
    "torch:torch.bitwise_right_shift": [("operand signedness", ("unsigned",), "signed: the plain target")],
    **{f"{ort}:{name}-{opset}": [("reduction", values, "none: the plain target of the opset")]
       for ort in ("onnxruntime", "openvino", "onnx_reference", "onnxruntime_openvino", "tvm")
       for name in ("ScatterElements", "ScatterND", "onnx.ScatterND")
       for opset, values in (("16", ("add", "mul")), ("18", ("add", "max", "min", "mul")))},
    **{f"{ort}:BitShift-18": [("direction", ("LEFT", "RIGHT"), "")] for ort in ("onnxruntime", "openvino", "onnxruntime_openvino", "tvm")},
    **{f"{ort}:Mod-18": [("fmod", ("fmod=1",), "fmod=0 (the default): the plain Mod-18 target")]
       for ort in ("onnxruntime", "openvino", "onnxruntime_openvino", "tvm")},
}
# TensorFlow: eager and under XLA, the same APIs
for _tf in ("tensorflow", "tensorflow_xla", "litert"):
    FAMILIES[f"{_tf}:tf.gather"] = [("batch_dims", ("batch_dims=b",),
                                     "0 (the default): the plain tf.gather target (take style)")]
    FAMILIES[f"{_tf}:tf.bitwise.right_shift"] = [("operand signedness", ("unsigned",),
                                                  "signed: the plain tf.bitwise.right_shift target")]
# torch.compile wraps torch's own targets: the same families, the same reasons
FAMILIES.update({f"torch_compile:{k.split(':', 1)[1]}": v for k, v in FAMILIES.items() if k.startswith("torch:")})
# families whose bracket names something else than an API attribute (a spec op, a form of the call)
NOT_ATTRIBUTES = {"iree:llvm-cpu": "the spec op the module runs", "stablehlo:interpreter": "the spec op",
                  "xla:pjrt": "the spec op", "jax:export.symbolic_shape": "the call exported",
                  "onnx_reference:shape_inference": "the ONNX op inferred",
                  **{f"{tf}:onnx.{op}": "the TF API that runs the ONNX op" for tf in ("tensorflow", "tensorflow_xla", "litert")
                     for op in ("GatherND", "ScatterND")}}


def family(name: str) -> tuple[str, str] | None:
    """(family, value) of a target named ``family[value]`` (None: no bracket, or an index expression)."""
    m = re.fullmatch(r"(.*?)\[([^\[\]]*)\]", name)
    if not m or m.group(2) in ("per-element", "idx") or ":" in m.group(2) or "[" in m.group(1):
        return None
    return m.group(1), m.group(2)


def markdown() -> str:
    lines = ["# Attributes each target fixes (`conformance attributes-table`)", "",
             "Per target family (a target name before its `[...]`): each API attribute the backend branches on,",
             "the values the suite runs (one target each; or drawn per case, where the case carries the",
             "attribute) and each value left out, with why.", "",
             "| family | attribute | values run | left out, and why |", "|---|---|---|---|"]
    for fam, attrs in sorted(FAMILIES.items()):
        for attribute, values, why in attrs:
            shown = values if isinstance(values, str) else ", ".join(f"`{v}`" for v in values)
            lines.append(f"| `{fam}` | {attribute} | {shown} | {why or 'none'} |")
    return "\n".join(lines) + "\n"
