"""A reference release: what another release of a backend did, read from a folder a run of this suite wrote on
it (pytest's seed folder, with its ``verdicts.tsv`` where ``--record-verdicts`` kept one, or a
``conformance report`` folder), and each undeclared divergence of this run judged against it:

- ``still-present``: the reference does the same (it diverged on this case, undeclared there too; or, where it did
  not conform on this case, a declaration in force on the reference's release covers this result; or, for a case
  it never ran, its run had an undeclared divergence of this target and class: a declared one is explained by its
  declaration, whose condition already decided for this case);
- ``fixed-since`` / ``regression``: the reference conformed (on this case, whatever a declaration in force there
  predicts; or, for a case it never ran, on the whole group: no divergence of this target and class):
  ``fixed-since`` where the reference is the newer release, ``regression`` where it is the older one or the
  releases cannot be ordered. A case the reference's target could not run (``unsupported``, ...) counts as never
  run there.
"""
from __future__ import annotations

import csv
import json
from dataclasses import dataclass, field
from pathlib import Path

KINDS = ("regression", "fixed-since", "still-present")
VERDICTS = "verdicts.tsv"  # one judged case a line: target, case id, class (conform too), declared (0/1), positions
_STATE: dict = {"reference": None, "fail_on": "any", "record": ""}
ENV = "CONFORMANCE_REFERENCE"  # the reference folder, for the worker processes of ``conformance report --jobs``
FAIL_ENV = "CONFORMANCE_REFERENCE_FAIL_ON"


@dataclass
class Reference:
    """What a reference folder holds: its releases, the verdict it recorded per (target, case id), and the
    (target, class) groups of its undeclared divergences."""
    path: str
    versions: dict = field(default_factory=dict)
    cases: dict = field(default_factory=dict)  # (target, case id) -> (class, declared, differing elements or None)
    groups: set = field(default_factory=set)  # (target, class) of every undeclared divergence it recorded

    def release(self, package: str) -> str | None:
        return self.versions.get(package)


def load(path: str | Path) -> Reference:
    """The reference a folder holds; ValueError (one line) where it holds none of: seed files, a verdicts.tsv,
    a report (report.json with log.jsonl)."""
    folder = Path(path)
    if not folder.is_dir():
        raise ValueError(f"--reference {path}: expected a folder of seeds or a report folder, got no such folder")
    ref = Reference(str(folder))
    report, verdicts = folder / "report.json", folder / VERDICTS  # (the verdict lines first: they say the most)
    if verdicts.is_file():
        with verdicts.open() as f:
            for row in csv.reader(f, delimiter="\t"):
                if len(row) >= 4 and row[0] != "#versions":
                    _note(ref, row[0], row[1], row[2], row[3] == "1", _positions(row[4] if len(row) > 4 else ""))
                elif row and row[0] == "#versions" and len(row) > 1:
                    for k, v in json.loads(row[1]).items():
                        ref.versions.setdefault(k, v)
    if report.is_file():
        ref.versions.update(json.loads(report.read_text()).get("versions", {}))
        log = folder / "log.jsonl"
        for line in log.read_text().splitlines() if log.is_file() else ():
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if r.get("kind") == "divergence":
                _note(ref, r["target"], _case_id(r["case"]), r["class"], bool(r["declared"]))
    for seed in sorted(folder.glob("*.json")) + sorted((folder / "seeds").glob("*.json")):
        try:
            d = json.loads(seed.read_text())
        except (OSError, ValueError):
            continue
        if not isinstance(d, dict) or not {"target", "class", "case"} <= d.keys():
            continue  # (settings.json, a batch file, ...)
        for k, v in (d.get("versions") or {}).items():
            ref.versions.setdefault(k, v)
        _note(ref, d["target"], _case_id(d["case"]), d["class"], False)
    if not (ref.cases or ref.groups or report.is_file() or verdicts.is_file()):
        raise ValueError(f"--reference {path}: expected seed files, a {VERDICTS} or a report (report.json), found none")
    return ref


def _case_id(case_json: dict) -> str:
    from conformance.core.case import Case

    return Case.from_json(case_json).id


POSITIONS = 64  # differing elements a verdict line lists by number; more are a packed bitmask (``_listed``)


def _listed(where: frozenset) -> str:
    """Differing positions as a verdict line holds them: numbers, or ``z<size>:`` and a packed, compressed mask."""
    if len(where) <= POSITIONS:
        return ",".join(map(str, sorted(where)))
    import base64
    import zlib

    import numpy as np

    mask = np.zeros(max(where) + 1, bool)
    mask[sorted(where)] = True
    return f"z{mask.size}:" + base64.b64encode(zlib.compress(np.packbits(mask).tobytes())).decode()


def _positions(text: str) -> frozenset | None:
    if not text or text == "*":
        return None
    if text.startswith("z"):
        import base64
        import zlib

        import numpy as np

        size, packed = text[1:].split(":", 1)
        bits = np.unpackbits(np.frombuffer(zlib.decompress(base64.b64decode(packed)), np.uint8))[: int(size)]
        return frozenset(int(i) for i in np.flatnonzero(bits))
    return frozenset(int(i) for i in text.split(","))


def differing(target, case, verdict, here: bool = False) -> frozenset | None:
    """The flat positions where ``verdict``'s value differs from the spec (``here``: leaving out those the
    declarations in force on this release or the newest predict), or None where it is no value or has no
    element-wise comparison."""
    if verdict.value is None:
        return None
    import numpy as np

    from conformance.judging.models import unexplained

    found = unexplained("", case, verdict.value)
    if not found or len(found) != 1:
        return None
    excused = set(target.excused(case, verdict.value)[0]) if here else set()
    return frozenset(int(i) for i in np.flatnonzero(found[0]) if int(i) not in excused)


UNJUDGED = ("unsupported", "compile-timeout", "unavailable")  # verdicts neither conform nor divergence


def _note(ref: Reference, target: str, case_id: str, cls: str, declared: bool, where: frozenset | None = None) -> None:
    ref.cases.setdefault((target, case_id), (cls, declared, where))
    if cls != "conform" and cls not in UNJUDGED and not declared:
        ref.groups.add((target, cls))  # (a declared divergence speaks for its declaration's condition only)


def configure(path: str | None, fail_on: str = "any", record: str = "") -> None:
    """Set this process's reference (None: none), the kind that fails a property (``fail_on``: one of
    ``KINDS`` or ``any``) and the file every judged case's verdict is appended to (``record``: '' none)."""
    _STATE.update(reference=load(path) if path else None, fail_on=fail_on, record=record)


def current() -> Reference | None:
    """This process's reference: the one configured, else the one ``ENV`` names (loaded once), else None."""
    import os

    if _STATE["reference"] is None and os.environ.get(ENV):
        _STATE.update(reference=load(os.environ[ENV]), fail_on=os.environ.get(FAIL_ENV, _STATE["fail_on"]))
    return _STATE["reference"]


def fails(kind: str | None) -> bool:
    """Whether an undeclared group of reference kind ``kind`` (None: no reference) fails a property."""
    return fail_on() not in KINDS or kind == fail_on()


def fail_on() -> str:
    current()
    return _STATE["fail_on"]


FOUND: list[str] = []  # "kind\ttarget\tclass" of each undeclared group the properties of this process found


def found(kind: str | None, target: str, cls: str) -> None:
    """Note one undeclared group a property found against the reference (the pytest summary counts them)."""
    if kind:
        FOUND.append(f"{kind}\t{target}\t{cls}")


def summary() -> str:
    """One line: the undeclared groups found against the reference, by kind (the --fail-on kind first)."""
    kinds = [line.split("\t", 1)[0] for line in dict.fromkeys(FOUND)]
    return ", ".join(f"{kinds.count(k)} {k}" for k in order(fail_on()))


def order(chosen: str = "") -> tuple[str, ...]:
    """The kinds, ``chosen`` first (a report lists its groups in this order)."""
    return tuple(sorted(KINDS, key=lambda k: k != chosen))


def kind(target, case, verdict, ref: Reference | None = None) -> str | None:
    """The kind of ``target``'s undeclared divergence ``verdict`` on ``case`` against ``ref`` (default: this
    process's reference; None where there is none)."""
    ref = ref or current()
    if ref is None:
        return None
    seen = ref.cases.get((target.name, case.id))
    if seen is not None and seen[0] in UNJUDGED:
        seen = None  # the reference ran the case but judged nothing (the target could not run it): as not run
    if seen is not None and seen[0] == "conform":
        # the reference conformed on this very case: what it did outranks a declaration's prediction for it
        return "fixed-since" if newer(target, ref) else "regression"
    if seen is not None:
        ours = differing(target, case, verdict, here=True) if seen[2] is not None else None
        if ours is not None:  # element by element: only what the reference got wrong there too is still present
            if ours <= seen[2]:
                return "still-present"
        elif not seen[1]:
            return "still-present"  # the reference diverged on this case too, undeclared there as well
    if covered_there(target, case, verdict, ref):
        return "still-present"  # a declaration in force on the reference's release predicts this result
    if seen is None and (target.name, verdict.cls) in ref.groups:
        return "still-present"  # not run there: its group was
    return "fixed-since" if newer(target, ref) else "regression"


def releases(ref: Reference, here: dict | None = None) -> str:
    """How the reference's releases differ from ``here`` (default: this process's), for a failure's note: each
    package installed on both sides at another release (those of backends not installed here say nothing)."""
    if here is None:
        from conformance.running.seeds import versions

        here = versions()
    differ = [f"{k} {v} there, {here[k]} here" for k, v in sorted(ref.versions.items()) if k in here and here[k] != v]
    return ", ".join(differ) or "the same releases of the packages installed here"


def newer(target, ref: Reference) -> bool:
    """Whether the reference's release of ``target``'s backend is newer than the installed one."""
    from packaging.version import InvalidVersion, Version

    from conformance.running.registry import BACKEND_PACKAGES, USER_PACKAGES, installed_version

    package = BACKEND_PACKAGES.get(target.backend) or USER_PACKAGES.get(target.backend) or target.backend
    there = ref.release(package) or ref.release(package + "-cpu")
    here = installed_version(package) or installed_version(package + "-cpu")
    try:
        return there is not None and here is not None and Version(there) > Version(here)
    except InvalidVersion:
        return False


def declared_there(target, case, verdict, ref: Reference | None = None):
    """The first declaration in force on the reference's release (default: this process's reference) whose
    condition holds on ``case`` and that names ``verdict``'s class, or None (no reference, or none does). A
    whole-call class it covers there hides the rest of the case: the engine judges that rest here as well, so a
    behaviour of the rest that the reference no longer has is found, not counted with the declared one."""
    ref = ref or current()
    if ref is None or not verdict.diverges:
        return None
    return next(iter(_in_force_there(target, case, verdict, ref)), None)


def _in_force_there(target, case, verdict, ref: Reference) -> list:
    from conformance.judging.conditions import holds

    return [d for cls in verdict.classes for d in target.deviations.get(cls, ())
            if _in_range(d, ref) and holds(d.when, case)]


def covered_there(target, case, verdict, ref: Reference) -> bool:
    """Whether declarations in force on the reference's release (their ``versions`` read against it, their
    conditions holding on ``case``) cover ``verdict``: its class, and, for a value, every diverging element."""
    from conformance.judging.models import unexplained
    from conformance.running.registry import VALUE_CLASSES

    devs = _in_force_there(target, case, verdict, ref)
    if not devs:
        return False
    if verdict.cls not in VALUE_CLASSES or verdict.value is None:
        return True
    models = [d.model for d in devs if d.model]
    if len(models) < len(devs):
        return True  # (a declaration without a model excuses any value in its scope)
    left = unexplained("+".join(dict.fromkeys(models)), case, verdict.value)
    return bool(left) and len(left) == 1 and not left[0].any()


def _in_range(dev, ref: Reference) -> bool:
    if not dev.versions:
        return True
    release = ref.release(dev.package)
    if release is None:
        return False
    from packaging.specifiers import SpecifierSet

    return SpecifierSet(dev.versions).contains(release, prereleases=True)


def record(target, case, verdict, declared: bool) -> None:
    """Append one judged case's verdict to the verdict file (``--record-verdicts``), where one is set."""
    path = _STATE["record"]
    if path:
        record_to(path, target, case, verdict, declared)


def record_to(path, target, case, verdict, declared: bool) -> None:
    """Append ``verdict`` of ``target`` on ``case`` to verdict file ``path``: a line of target, case id, class,
    declared, and for a value the positions of its differing elements."""
    where = differing(target, case, verdict) if verdict.diverges else None
    listed = "" if where is None else _listed(where)
    with open(path, "a") as f:  # one short line a write: whole lines from parallel workers
        f.write(f"{target.name}\t{case.id}\t{verdict.cls}\t{int(declared)}\t{listed}\n")


def start_record(path: str | Path) -> None:
    """Begin a verdict file afresh, with this process's releases on its first line."""
    from conformance.running.seeds import versions

    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(f"#versions\t{json.dumps(versions(), sort_keys=True)}\n")


def merge_verdicts(out: str | Path, parts: list) -> str:
    """Write into folder ``out`` one verdict file of every line of the ``parts``' (shard folders') verdict files,
    the first releases line first, so the merged folder judges as a reference as the one run would; '' where it
    did, else why not (a part with no verdict file: then ``out`` keeps none, and a reference judges by its log)."""
    lacking = [str(p) for p in parts if not (Path(p) / VERDICTS).is_file()]
    target = Path(out) / VERDICTS
    if lacking:
        target.unlink(missing_ok=True)
        return (f"{lacking[0]} has no {VERDICTS}: the merged folder keeps none (as a --reference it is judged by "
                f"its log)")
    head, lines = "", []
    for p in parts:
        first, *rest = (Path(p) / VERDICTS).read_text().splitlines(keepends=True) or [""]
        head = head or (first if first.startswith("#versions") else "")
        lines += ([first] if not first.startswith("#versions") else []) + rest
    text = head + "".join(line if line.endswith("\n") else line + "\n" for line in lines if line.strip())
    Path(out).mkdir(parents=True, exist_ok=True)
    target.write_text(text)
    return ""

