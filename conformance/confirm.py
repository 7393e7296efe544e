"""Classes confirmed by experiment: a divergence that a semantics variant explains on one case may fit
it by coincidence (a permuted ``start_index_map`` looks like ``wrap`` while the index components are
equal). Before such a class is reported or matched against a declaration, the target runs on probes:
the same dimension numbers and shapes, with distinct operand values and index values chosen so that
the variants give different results (in bounds with distinct components, negative, past the end,
mixed). The class stands only if it explains every probe that diverges; otherwise the divergence is
``wrong-value`` (or the structural class a probe shows).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

import numpy as np

from conformance.case import Case
from conformance.verdict import Verdict
from conformance.opspec import op_spec
from oracles.stablehlo.dims import from_index_vectors, index_vectors

CONFIRMABLE = frozenset({"clamp", "fill", "wrap", "error", "skip-window"})
STRUCTURAL = ("wrong-shape", "wrong-dtype", "rejects-valid")
def _distinct(a: np.ndarray) -> np.ndarray:
    """Values that differ by position (mod the dtype's range; bool alternates)."""
    n = np.arange(1, a.size + 1, dtype=np.int64)
    if a.dtype.kind == "b":
        return (n % 2).astype(bool).reshape(a.shape)
    return n.astype(a.dtype).reshape(a.shape)


def _probe_values(columns: list[tuple[int, int]], rows: int, kind: str) -> np.ndarray:
    out = np.zeros((rows, len(columns)), dtype=object)
    for r in range(rows):
        for k, (dim, size) in enumerate(columns):
            hi = dim - size
            j = r + k
            out[r, k] = {"inbounds": (j + 1) % (hi + 1) if hi >= 0 else 0,
                         "negative": -1 - (j % max(dim, 1)),
                         "past-end": hi + 1 + (j % 2),
                         "mixed": [-1, hi + 1, 0, hi, dim, -dim][j % 6]}[kind]
    return out


def probes(case: Case) -> list[Case]:
    """Cases with ``case``'s structure and values that tell the out-of-bounds variants apart."""
    spec = op_spec(case.op)
    if not spec.probes:
        return []
    index_name = spec.indices
    indices = case.arrays[index_name]
    ivd = case.attrs["index_vector_dim"]
    vectors = index_vectors(indices, ivd)
    rows = int(np.prod(vectors.shape[:-1], dtype=np.int64))
    if rows == 0:
        return []
    info = np.iinfo(indices.dtype)
    columns = spec.part("columns")(case)
    out = []
    for kind in ("inbounds", "negative", "past-end", "mixed"):
        values = _probe_values(columns, rows, kind)
        if not all(info.min <= int(v) <= info.max for v in values.reshape(-1)):
            continue
        new_vectors = values.astype(indices.dtype).reshape(vectors.shape)
        arrays = {k: (_distinct(v) if k != index_name else from_index_vectors(new_vectors, ivd, indices.ndim))
                  for k, v in case.arrays.items()}
        attrs = {**case.attrs, "indices_are_sorted": False}
        if "unique_indices" in attrs:
            attrs["unique_indices"] = False
        out.append(Case(case.op, arrays, attrs, result_type=case.result_type, meta={"probe": kind}))
        if any(v.dtype.kind == "b" for k, v in arrays.items() if k != index_name):
            # bool has two values: memory read from outside the operand (mostly zeros) fits a variant's
            # prediction by chance, so each probe runs again with every bool value inverted
            flipped = {k: (~v if k != index_name and v.dtype.kind == "b" else v) for k, v in arrays.items()}
            out.append(Case(case.op, flipped, attrs, result_type=case.result_type, meta={"probe": kind + "-inverted"}))
    return out


def confirm(case: Case, verdict: Verdict, judge_probe: Callable[[Case], Verdict]) -> Verdict:
    """``verdict`` if the probes bear it out: the in-bounds probe conforms (an out-of-bounds variant
    changes nothing in bounds), every diverging probe is itself explained by a variant class (a target
    may wrap negatives and raise past the end: two named behaviours), and the classes kept are those some
    probe shows too (all of them when no probe tells them apart). Otherwise ``wrong-value``, or the
    structural class a probe shows."""
    tried, shown = 0, set()
    for probe in probes(case):
        v = judge_probe(probe)
        tried += 1
        if not v.diverges or v.cls in ("crash", "timeout", "unsupported", "nondeterministic"):
            continue
        if verdict.cls == "error" and v.cls in ("error", "rejects-valid"):
            continue  # a target that raises on the case may raise on its probes for its own reasons
        if probe.meta["probe"] == "inbounds" or v.cls not in CONFIRMABLE:
            cls = v.cls if v.cls in STRUCTURAL else "wrong-value"
            return Verdict(cls, f"looked like {verdict.cls} ({verdict.detail}), but a probe with the same dimension "
                                f"numbers ({probe.meta['probe']} indices) gave {v.cls}: {v.detail}",
                           clause=v.clause or verdict.clause, expected=verdict.expected, observed=verdict.observed)
        shown.update(v.classes)
    if not tried:
        return verdict
    # the probes' classes first; the case's own classes stay (each explains the case itself: a
    # past-end case filled is 'fill' even where negative probes show the 'wrap' of the same variant)
    kept = [c for c in verdict.classes if c in shown] + [c for c in verdict.classes if c not in shown]
    return replace(verdict, cls=kept[0], also=tuple(kept[1:]), detail=f"{verdict.detail}; confirmed on {tried} probes")
