"""The judged edge table (``conformance edge-table``): the elementwise value targets at edge inputs
(integer division and remainder by zero and of MIN by -1, shifts by the bit width and more, abs and
negate of MIN, maximum/minimum with NaN and signed zeros, subnormals, signed zeros through select
and negate), side by side with the StableHLO spec's answer.

Two tables: where the spec decides, each target that contradicts it (with what it gave); where the
spec leaves the value to the implementation, what each target picks. Each probe runs inside a
16-element tensor of the same input (vectorized kernels take other paths than one element does).
"""
from __future__ import annotations

import numpy as np

from conformance.core.case import Case
from conformance.running.registry import Target
from conformance.running.engine import call
from conformance.oracles.dtypes import dtype as dtype_of
from conformance.oracles.stablehlo.elementwise import OPS, evaluate
from conformance.core.compare import mismatch_mask

REPEAT = 16
NAN, INF = float("nan"), float("inf")
PROBES = {  # op -> [(dtypes, operand tuples)]; "min"/"bits"/"tiny" resolve per dtype
    "divide": [(("int8", "int32", "uint8"), [(1, 0), (0, 0), ("min", -1), (-7, 2)])],
    "remainder": [(("int8", "int32", "uint8"), [(1, 0), ("min", -1), (-7, 2), (7, -2)]),
                  (("float32", "bfloat16"), [(1.0, 0.0), (-0.0, 1.0), (-2.0, 1.0), (INF, 1.0), (1.0, INF), (1.0, "tiny")])],
    "shift_left": [(("int8", "uint8", "int32"), [(1, "bits"), (1, "bits+1"), (1, -1), (1, "bits-1")])],
    "shift_right_arithmetic": [(("int8", "int32", "uint8"), [(-8, "bits"), ("min", "bits-1"), (8, -1), ("top", 1)])],
    "shift_right_logical": [(("int8", "uint8"), [("top", "bits"), ("top", 1), (-1, 1)])],
    "abs": [(("int8", "int32"), [("min",)])],
    "negate": [(("int8", "uint8"), [("min",), (1,)]), (("float32", "complex64"), [(0.0,), (-0.0,)])],
    "maximum": [(("float16", "float32", "float64"), [(NAN, 1.0), (1.0, NAN), (-0.0, 0.0), (0.0, -0.0)])],
    "minimum": [(("float16", "float32", "float64"), [(NAN, 1.0), (1.0, NAN), (-0.0, 0.0), (0.0, -0.0)])],
    "add": [(("bool",), [(True, True)]), (("float32", "bfloat16", "float64"), [(0.0, "tiny"), (-0.0, -0.0)])],
    "multiply": [(("float32", "float16"), [(1.0, "tiny"), (-0.0, 1.0)])],
    "select": [(("float16", "float32"), [(True, -0.0, 0.0)])],
    "compare": [(("float32", "bfloat16"), [(NAN, NAN), (-0.0, 0.0), (0.0, "tiny")])],
}


def _value(token, name: str):
    dt = dtype_of(name)
    if not isinstance(token, str):
        return token
    if token == "tiny":
        import ml_dtypes

        return float((ml_dtypes.finfo if name == "bfloat16" else np.finfo)(dt).smallest_subnormal)
    bits = dt.itemsize * 8
    return {"min": int(np.iinfo(dt).min), "bits": bits, "bits+1": bits + 1, "bits-1": bits - 1,
            "top": 1 << (bits - 1) if dt.kind == "u" else int(np.iinfo(dt).min)}[token]


def _fits(value, name: str) -> bool:
    dt = dtype_of(name)
    if dt.kind in "iu" and not isinstance(value, bool):
        return np.iinfo(dt).min <= value <= np.iinfo(dt).max
    return True


def _case(op: str, name: str, operands: tuple) -> Case | None:
    names = OPS[op][0]
    values = [_value(v, name) for v in operands]
    if op == "select":
        arrays = {"pred": np.full(REPEAT, values[0]), "on_true": np.full(REPEAT, values[1], dtype_of(name)),
                  "on_false": np.full(REPEAT, values[2], dtype_of(name))}
        return Case("stablehlo.select", arrays, {})
    if not all(_fits(v, name) for v in values):
        return None
    arrays = {n: np.full(REPEAT, v).astype(dtype_of(name)) for n, v in zip(names, values)}
    attrs = {"rhs_as_scalar": False} if len(names) == 2 else {}
    if op == "compare":
        attrs.update(comparison_direction="EQ", compare_type="FLOAT")
    return Case(f"stablehlo.{op}", arrays, attrs)


def _shown(outcome) -> str:
    if outcome.kind != "value":
        return "error" if outcome.kind == "rejection" else outcome.kind
    v = np.asarray(outcome.value).ravel()
    return repr(v[0].item()) if v.size else "[]"


def rows(targets: list[Target]) -> tuple[list, list]:
    """(decided, open): decided rows ``(label, spec value, [(target, got)])`` listing the targets that
    contradict the spec; open rows ``(label, allowed, [(target, got)])`` with every target's pick."""
    decided, open_rows = [], []
    for op, groups in PROBES.items():
        chosen = [t for t in targets if t.op == f"stablehlo.{op}"]
        for dtypes, tuples in groups:
            for name in dtypes:
                for operands in tuples:
                    case = _case(op, name, operands)
                    if case is None or name not in OPS[op][1]:
                        continue
                    exp = evaluate(op, case.arrays, case.attrs)
                    label = f"{op}({', '.join(repr(a[0].item()) for a in case.arrays.values())}) {name}"
                    runs = []
                    for t in chosen:
                        if name not in t.region.get("dtypes", OPS[op][1]) or "tensor" not in t.region.get("forms", ("tensor",)):
                            continue
                        outcome = call(t, case)
                        runs.append((t, outcome))
                    if exp.open[0]:
                        allowed = " or ".join(repr(a[0].item()) for a in exp.allowed) or "any value"
                        open_rows.append((label, allowed, [(t.name, _shown(o)) for t, o in runs]))
                        continue
                    bad = [(t.name, _shown(o)) for t, o in runs if o.kind != "value" or
                           np.asarray(o.value).shape != exp.value.shape or
                           np.asarray(o.value).dtype != exp.value.dtype or mismatch_mask(exp.value, o.value).any()]
                    decided.append((label, repr(exp.value[0].item()), bad))
    return decided, open_rows


def markdown(targets: list[Target]) -> str:
    decided, open_rows = rows(targets)
    lines = ["Where the StableHLO spec decides: the spec's value and every target that contradicts it",
             "(rows where all agree are left out).", "",
             "| case | spec | targets that differ (what they gave) |", "|---|---|---|"]
    lines += [f"| `{label}` | {spec} | " + "; ".join(f"{n}: {g}" for n, g in bad) + " |"
              for label, spec, bad in decided if bad]
    agreeing = sum(1 for *_, bad in decided if not bad)
    lines += ["", f"{agreeing} of {len(decided)} decided probes: every target agrees with the spec.", "",
              "Where the spec leaves the value to the implementation: what each target picks.", "",
              "| case | allowed | what each target gives |", "|---|---|---|"]
    lines += [f"| `{label}` | {allowed} | " + "; ".join(f"{n}: {g}" for n, g in picks) + " |"
              for label, allowed, picks in open_rows]
    return "\n".join(lines)
