"""From (case, outcome) to a verdict: ``conform`` or one named divergence class.

The oracle decides validity and the expected value; a value that differs is matched against the
semantics variants to name *how* it differs.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from conformance.case import Case
from conformance.compare import mismatch_mask, same_array
from conformance.outcome import Outcome
from oracles.stablehlo.gather import SpecGap, check, evaluate_fast, gather, needs_clamp
from oracles.stablehlo.policy import GATHER_VARIANTS

CLASSES = ("conform", "clamp", "fill", "wrap", "error", "skip-window", "wrong-value", "wrong-shape",
           "wrong-dtype", "accepts-invalid", "rejects-valid", "nondeterministic", "mutates-input", "crash", "timeout",
           "spec-inconsistency")


# When several variants explain an observed value (an operand element can equal a fill constant),
# the first in this order names the divergence: the narrowest explanation first.
VARIANT_PRIORITY = ("unsigned-as-signed", "fill", "wrap", "wrap+fill", "wrap-modulo")


@dataclass(frozen=True)
class Verdict:
    cls: str
    detail: str = ""
    clause: str = ""
    expected: str = ""
    observed: str = ""
    also: tuple[str, ...] = ()  # further classes whose variants explain the same observed value

    @property
    def classes(self) -> tuple[str, ...]:
        return (self.cls, *self.also)

    @property
    def diverges(self) -> bool:
        return self.cls not in ("conform", "unsupported")


def brief(a: np.ndarray) -> str:
    return f"{a.dtype.name}{list(a.shape)} {np.array2string(a, threshold=40, edgeitems=3)}"


def first_mismatch(expected: np.ndarray, observed: np.ndarray) -> str:
    bad = np.argwhere(mismatch_mask(expected, observed))
    if not len(bad):
        return ""
    at = tuple(int(i) for i in bad[0])
    return f"first difference at result{list(at)}: expected {expected[at]!r}, got {observed[at]!r} ({len(bad)} differ)"


def _matches_variant(case: Case, observed: np.ndarray, name: str) -> bool:
    variant = GATHER_VARIANTS[name]
    if variant.out_of_bounds == "error":
        return False
    try:
        expected, filled = evaluate_fast(**case.kwargs(), variant=variant)
    except SpecGap:
        return False
    bad = mismatch_mask(expected, observed)
    if not filled.any():
        return not bad.any()
    if (bad & ~filled).any():
        return False
    fills = observed[filled]  # one constant fills the windows: 0, NaN, the dtype's extremes, or True
    if mismatch_mask(np.broadcast_to(fills[:1], fills.shape), fills).any():
        return False
    return any(not mismatch_mask(np.asarray(c, observed.dtype), fills[:1]).any() for c in _fill_constants(observed.dtype))


def _fill_constants(dt: np.dtype) -> list:
    if dt.kind in "iu":
        return [0, np.iinfo(dt).min, np.iinfo(dt).max]
    if dt.kind == "b":
        return [False, True]
    return [0, np.nan]


def case_violations(case: Case) -> list:
    """The oracle's check of a case, including its declared result type if it has one."""
    if case.op == "stablehlo.scatter":
        from conformance.verdict_scatter import scatter_violations

        return scatter_violations(case)
    if case.op == "mlir.scalarization":
        return []
    if case.op == "mlir.elementwise":
        from conformance.verdict_elementwise import elementwise_violations

        return elementwise_violations(case)
    if case.op == "mlir.broadcastable":
        from conformance.verdict_broadcast import broadcast_violations

        return broadcast_violations(case)
    if case.op.startswith("onnx."):
        from conformance.verdict_onnx import onnx_violations

        return onnx_violations(case)
    rt = case.result_type or {}
    return check(**case.arrays, **case.attrs, result_shape=rt.get("shape"), result_element_type=rt.get("dtype"))


def judge_validity(outcome: Outcome, violations: list) -> Verdict | None:
    """The verdict shared by every spec op before its values are compared: a crash, timeout or
    unsupported outcome as such; on invalid input, a rejection conforms and a value accepts it.
    None when the input is valid and the target answered (the op's own judge goes on)."""
    if outcome.kind in ("crash", "timeout", "unsupported"):
        return Verdict(outcome.kind, outcome.message)
    if violations:
        labels = ", ".join(v.label for v in violations)
        if outcome.kind == "rejection":
            return Verdict("conform", f"rejected ({labels})")
        return Verdict("accepts-invalid", "; ".join(str(v) for v in violations), clause=labels,
                       expected=f"rejection ({labels})", observed=outcome.brief())
    return None


def judge_gather(case: Case, outcome: Outcome) -> Verdict:
    early = judge_validity(outcome, case_violations(case))
    if early is not None:
        return early
    try:
        expected = gather(**case.kwargs())
    except SpecGap as e:
        return Verdict("spec-inconsistency", str(e), clause="gather semantics: operand_index")
    oob = needs_clamp(case.arrays["start_indices"], start_index_map=case.attrs["start_index_map"],
                      index_vector_dim=case.attrs["index_vector_dim"], slice_sizes=case.attrs["slice_sizes"],
                      operand_shape=case.arrays["operand"].shape)
    clamp_clause = "gather semantics: full_start_index = clamp(start_index, 0, dim - slice_size)"
    if outcome.kind == "rejection":
        cls = "error" if oob else "rejects-valid"
        return Verdict(cls, f"{outcome.error_type}: {outcome.message[:300]}", clause=clamp_clause if oob else "valid input",
                       expected=brief(expected), observed=outcome.brief())
    observed = outcome.value
    if not isinstance(observed, np.ndarray):
        return Verdict("wrong-shape", "target returned several values", expected=brief(expected), observed=outcome.brief())
    if observed.shape != expected.shape:
        return Verdict("wrong-shape", f"shape {list(observed.shape)} != {list(expected.shape)}", clause="C22",
                       expected=brief(expected), observed=brief(observed))
    if observed.dtype != expected.dtype:
        return Verdict("wrong-dtype", f"dtype {observed.dtype.name} != {expected.dtype.name}", clause="C23",
                       expected=brief(expected), observed=brief(observed))
    if same_array(expected, observed):
        return Verdict("conform")
    if oob:
        names = [name for name in VARIANT_PRIORITY if _matches_variant(case, observed, name)]
        if names:
            classes = list(dict.fromkeys(GATHER_VARIANTS[n].divergence_class for n in names))
            detail = "matches variant " + " and ".join(repr(n) for n in names)
            return Verdict(classes[0], detail, clause=clamp_clause, expected=brief(expected),
                           observed=brief(observed), also=tuple(classes[1:]))
    return Verdict("wrong-value", first_mismatch(expected, observed), clause="gather semantics: operand_index",
                   expected=brief(expected), observed=brief(observed))


def _judge_scatter(case: Case, outcome: Outcome) -> Verdict:
    from conformance.verdict_scatter import judge_scatter

    return judge_scatter(case, outcome)


def _judge_onnx(case: Case, outcome: Outcome) -> Verdict:
    from conformance.verdict_onnx import judge_onnx

    return judge_onnx(case, outcome)


def _judge_broadcast(case: Case, outcome: Outcome) -> Verdict:
    from conformance.verdict_broadcast import judge_broadcast

    return judge_broadcast(case, outcome)


def _judge_elementwise(case: Case, outcome: Outcome) -> Verdict:
    from conformance.verdict_elementwise import judge_elementwise

    return judge_elementwise(case, outcome)


def _judge_scalarization(case: Case, outcome: Outcome) -> Verdict:
    from conformance.verdict_scalarization import judge_scalarization

    return judge_scalarization(case, outcome)


JUDGES = {"mlir.scalarization": _judge_scalarization, "mlir.broadcastable": _judge_broadcast, "mlir.elementwise": _judge_elementwise, "stablehlo.gather": judge_gather, "stablehlo.scatter": _judge_scatter, "onnx.GatherND": _judge_onnx,
          "onnx.ScatterND": _judge_onnx}


def judge(case: Case, outcome: Outcome) -> Verdict:
    if case.op not in JUDGES:
        raise ValueError(f"case.op: expected one of {', '.join(JUDGES)}, got {case.op!r}")
    return JUDGES[case.op](case, outcome)
