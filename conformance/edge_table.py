"""What each backend's scalar op gives at the edge values, side by side, where no spec fixes one
answer: integer division and remainder by zero and of MIN by -1, shifts by the bit width and
more, abs/negate of MIN, max/min with NaN and signed zeros. Only rows where backends disagree are
printed (``conformance edge-table``): a report, not a verdict; no backend is called right."""
from __future__ import annotations

import numpy as np

from conformance.case import Case
from conformance.registry import Target
from conformance.runner import call
from oracles.dtypes import dtype as dtype_of

TABLE_OP = "mlir.scalarization"  # the spec op whose targets this table runs

PROBES = {  # op -> (dtypes, operand tuples)
    "divide": (("int8", "int32", "uint8"), [(1, 0), (0, 0), ("min", -1)]),
    "remainder": (("int8", "int32", "uint8"), [(1, 0), ("min", -1), (-7, 2), (7, -2)]),
    "shift_left": (("int8", "uint8", "int32"), [(1, "bits"), (1, "bits+1"), (1, -1)]),
    "shift_right": (("int8", "uint8", "int32"), [(-8, "bits"), ("min", "bits-1"), (8, -1)]),
    "abs": (("int8", "int32"), [("min",)]),
    "negate": (("int8", "int32"), [("min",)]),
    "maximum": (("float32",), [(float("nan"), 1.0), (1.0, float("nan")), (-0.0, 0.0), (0.0, -0.0)]),
    "minimum": (("float32",), [(float("nan"), 1.0), (1.0, float("nan")), (-0.0, 0.0), (0.0, -0.0)]),
    "remainder_f": (("float32",), [(1.0, 0.0), (-0.0, 1.0), (5.5, -2.0), (float("inf"), 1.0)]),
}


def _value(token, dt: np.dtype):
    if isinstance(token, str):
        bits = dt.itemsize * 8
        return {"min": np.iinfo(dt).min, "bits": bits, "bits+1": bits + 1, "bits-1": bits - 1}[token]
    return token


def _result(target: Target, case: Case) -> str:
    outcome = call(target, case)
    if outcome.kind == "value":
        v = outcome.value[1][0]
        return repr(v.item()) if hasattr(v, "item") else repr(v)
    return "error" if outcome.kind == "rejection" else outcome.kind


def rows(targets: list[Target]) -> list[tuple[str, list[str]]]:
    out = []
    for probe, (dtypes, tuples) in PROBES.items():
        op = probe.removesuffix("_f")
        chosen = [t for t in targets if t.region.get("op") == op]
        for name in dtypes:
            dt = dtype_of(name)
            for operands in tuples:
                try:
                    arrays = {f"x{i}": np.array([_value(v, dt)]).astype(dt) for i, v in enumerate(operands)}
                except (OverflowError, ValueError):
                    continue
                if any(np.asarray(_value(v, dt)) != a[0] for v, a in zip(operands, arrays.values())
                       if not isinstance(v, float)):
                    continue  # the value does not fit the dtype (a negative shift amount in uint8)
                case = Case("mlir.scalarization", arrays, {"op": op})
                results = [_result(t, case) if name in t.region.get("dtypes", ()) else "-" for t in chosen]
                shown = {r for r in results if r != "-"}
                if len(shown) > 1:
                    label = f"{op}({', '.join(repr(a[0].item()) for a in arrays.values())}) {name}"
                    out.append((label, [f"{t.name}: {r}" for t, r in zip(chosen, results) if r != "-"]))
    return out


def markdown(targets: list[Target]) -> str:
    lines = ["| scalar op at an edge | what each backend gives |", "|---|---|"]
    lines += [f"| `{label}` | " + "; ".join(results) + " |" for label, results in rows(targets)]
    return "\n".join(lines)
