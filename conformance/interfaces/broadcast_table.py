"""How each ``mlir.broadcastable`` verifier target answers the document's two tables, measured on
one-dimensional cases: the nine InferDim cases (operands ``(dim0)``, ``(dim1)`` and the result the
table infers) and the four verification rows (an operand of the inferred dimension against the
actual result dimension). ``conformance mlir-table`` prints them as Markdown."""
from __future__ import annotations

from conformance.core.case import Case
from conformance.running.registry import Target
from conformance.running.engine import call
from conformance.judging.verdict import judge
from conformance.oracles.mlir.shapes import format_type

# '>1' is 3; the '>1, >1' row is shown equal (3, 3) and unequal (3, 2)
INFER_DIM_ROWS = [(None, None), (None, 1), (1, None), (None, 3), (3, None), (1, 1), (1, 3), (3, 1), (3, 3), (3, 2)]
VERIFY_ROWS = [(None, None), (None, 4), (4, None), (4, 4), (4, 5)]


def _name(d) -> str:
    return "?" if d is None else str(d)


def _case(operands, result) -> Case:
    return Case("mlir.broadcastable", {}, {"operands": [format_type(s, "i32") for s in operands],
                                           "result": format_type(result, "i32")})


def _answer(target: Target, case: Case) -> str:
    if not target.region.get("result", True):  # an inference target: show the shape it infers
        case = Case(case.op, {}, {"operands": case.attrs["operands"]})
        outcome = call(target, case)
        verdict = judge(case, outcome)
        said = ("infers " + "x".join("?" if int(d) < 0 else str(int(d)) for d in outcome.value)
                if outcome.kind == "value" else "rejects" if outcome.kind == "rejection" else outcome.kind)
        return said if verdict.cls == "conform" else f"{said} ({verdict.cls})"
    outcome = call(target, case)
    verdict = judge(case, outcome)
    said = "accepts" if outcome.kind == "value" else "rejects" if outcome.kind == "rejection" else outcome.kind
    return said if verdict.cls == "conform" else f"{said} ({verdict.cls})"


def markdown(targets: list[Target]) -> str:
    from conformance.oracles import SpecViolation
    from conformance.oracles.mlir.broadcastable import infer_dim

    lines = ["InferDim (result: the inferred dim, or ? where the table errs):", "",
             "| dim0 | dim1 | document | " + " | ".join(t.name for t in targets) + " |",
             "|---" * (3 + len(targets)) + "|"]
    for d0, d1 in INFER_DIM_ROWS:
        try:
            inferred, doc = infer_dim(d0, d1), "infers " + _name(infer_dim(d0, d1))
        except SpecViolation:
            inferred, doc = None, "error"
        answers = [_answer(t, _case([(d0,), (d1,)], (inferred,))) for t in targets]
        lines.append(f"| {_name(d0)} | {_name(d1)} | {doc} | " + " | ".join(answers) + " |")
    targets = [t for t in targets if t.region.get("result", True)]  # verifiers only from here on
    lines += ["", "Verification (operand of the inferred dim -> actual result dim):", "",
              "| inferred | actual | table | formal Verify | " + " | ".join(t.name for t in targets) + " |",
              "|---" * (4 + len(targets)) + "|"]
    from conformance.oracles.mlir.broadcastable import verdicts

    for inferred, actual in VERIFY_ROWS:
        v = verdicts([(inferred,)], (actual,))
        answers = [_answer(t, _case([(inferred,)], (actual,))) if t.region.get("min_operands", 1) <= 1
                   else _answer(t, _case([(inferred,), (1,)], (actual,))) for t in targets]
        lines.append(f"| {_name(inferred)} | {_name(actual)} | {'OK' if v['table'] is None else 'error'} | "
                     f"{'OK' if v['formal'] is None else 'error'} | " + " | ".join(answers) + " |")
    return "\n".join(lines)


def tabled(target) -> bool:
    """A Broadcastable target that answers the tables (verifies a result type or takes dynamic dims)."""
    return target.op == "mlir.broadcastable" and (target.region.get("result", True) or target.region.get("dynamic", True))
