"""Root causes: divergence groups that one cause explains, across targets and ops, shown before the
groups themselves. Two groups share a root cause when

- one declaration excuses both (a declaration names every target one documented or measured cause
  covers), or
- neither is declared, and they are of one backend and class and show the same value pattern (a NaN
  dropped, a zero's sign lost, a NaN made, an infinity lost: read from the first differing element)
  or, without a pattern, contradict the same clause.

Each root cause has one representative group (the smallest case of the first group), its seed and
script, and an upstream status: ``known`` (a declaration's ``known = "<URL>"``: reported upstream),
``documented`` (declared with a link and no ``known``), ``new`` (undeclared, or declared as measured
with no upstream issue named)."""
from __future__ import annotations

import hashlib
import math
import re

_ELEMENT = re.compile(r"expected (?:np\.\w+\()?([^(),]+)\)?, got (?:np\.\w+\()?([^(),]+)\)?")


def _number(text: str) -> float | None:
    try:
        return float(text.strip())
    except ValueError:
        return None


def pattern(summary: str) -> str:
    """What the first differing element shows, in words, or '' (read from a verdict's summary:
    "...: expected np.float16(nan), got np.float16(0.0) ...")."""
    m = _ELEMENT.search(summary)
    if not m:
        return ""
    want, got = _number(m.group(1)), _number(m.group(2))
    if want is None or got is None:
        return ""
    if math.isnan(want) and not math.isnan(got):
        return "a NaN dropped"
    if math.isnan(got) and not math.isnan(want):
        return "a NaN made"
    if want == 0 and got == 0 and math.copysign(1, want) != math.copysign(1, got):
        return "a zero's sign lost"
    if math.isinf(want) and not math.isinf(got):
        return "an infinity lost"
    if math.isinf(got) and not math.isinf(want):
        return "an infinity made"
    return ""


def root_causes(divergences: list[dict]) -> list[dict]:
    """The report's divergence groups gathered by root cause, undeclared causes first, then by how many
    groups each explains."""
    causes: dict[str, dict] = {}
    for d in divergences:
        if d["class"] == "spec-inconsistency":
            continue
        if d["declared"]:
            key = ("declared", d["backend"], d.get("reason", ""))
            what = d.get("reason", "")
        else:
            shown = pattern(d.get("summary", ""))
            key = ("undeclared", d["backend"], d["class"], shown or d.get("clause", ""))
            what = f"{d['class']}: {shown}" if shown else f"{d['class']} against {d.get('clause', '') or d['op']}"
        cid = hashlib.sha256("|".join(key).encode()).hexdigest()[:10]
        cause = causes.setdefault(cid, {"id": cid, "backend": d["backend"], "declared": d["declared"], "what": what,
                                        "classes": [], "groups": [], "targets": [], "ops": [],
                                        "status": _status(d), "known": d.get("known", ""),
                                        "seed": d["seed"], "repro": d.get("repro")})
        if d.get("known") and not cause["known"]:  # any group's upstream issue is the cause's
            cause["known"], cause["status"] = d["known"], _status(d)
        for field, value in (("classes", d["class"]), ("groups", d["id"]), ("targets", d["target"]), ("ops", d["op"])):
            if value not in cause[field]:
                cause[field].append(value)
    return sorted(causes.values(), key=lambda c: (c["declared"], -len(c["groups"]), c["backend"], c["what"]))


def _status(d: dict) -> str:
    if d.get("known"):
        return "known upstream"
    if not d["declared"]:
        return "new"
    return "new (measured)" if d.get("reason", "").startswith("MEASURED") else "documented"
