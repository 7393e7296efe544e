"""Seeds: one divergence kept as a JSON file (spec op, case, target, class, versions, date), the unit
``conformance replay`` re-runs and ``conformance repro`` turns into a standalone script."""
from __future__ import annotations

import datetime
import importlib.metadata
import json
from dataclasses import dataclass
from pathlib import Path

from conformance.core.case import Case

PACKAGES = ("numpy", "torch", "jax", "jaxlib", "onnx", "onnxruntime")
# distributions a backend may install under another name than BACKEND_PACKAGES gives, or beside it
ALSO = ("iree-base-runtime", "tensorflow-cpu")


def distributions() -> tuple[str, ...]:
    """Every distribution a built-in backend runs on (opt-in ones too), in a fixed order, then those of the
    user backends loaded in this process (their module's ``PACKAGE``)."""
    from conformance.running.registry import BACKEND_PACKAGES, USER_PACKAGES

    return tuple(dict.fromkeys((*PACKAGES, *BACKEND_PACKAGES.values(), *ALSO, *USER_PACKAGES.values())))


def versions() -> dict[str, str]:
    """The installed release of each of ``distributions()`` (a seed, a report and the pytest header record
    them: a divergence of openvino or tvm names its release)."""
    from conformance.running.registry import installed_version

    out = {}
    for pkg in distributions():
        release = installed_version(pkg)  # (a user module's VERSION where it states one)
        if release is not None:
            out[pkg] = release
    return out


def beside(seed_path, suffix: str) -> dict:
    """The JSON object a tool left beside ``seed_path`` as ``<seed stem><suffix>`` (bisect's
    ``.bisect.json``, triage's ``.stages.json``), or {} where there is none or it does not parse."""
    path = Path(seed_path)
    path = path.with_name(path.stem + suffix)
    try:
        data = json.loads(path.read_text()) if path.is_file() else {}
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


@dataclass
class Seed:
    backend: str
    target: str
    cls: str
    case: Case
    versions: dict
    date: str
    history: tuple = ()  # earlier calls (conformance.running.history.Call) a history-dependent divergence needs
    # flat positions (in the result) of differing elements that declarations in force predict, and their
    # models: a replay, repro script or bisect probe decides on the other elements only
    excused: tuple = ()
    excused_by: tuple = ()

    def to_json(self) -> dict:
        out = {"op": self.case.op, "backend": self.backend, "target": self.target, "class": self.cls,
               "case": self.case.to_json(), "versions": self.versions, "date": self.date}
        if self.history:
            out["history"] = [c.to_json() for c in self.history]
        if self.excused:
            out["excused"] = {"positions": list(self.excused), "models": list(self.excused_by)}
        return out

    def remaining(self, value) -> "list[int] | None":
        """The flat positions where ``value`` differs from the spec outside the excused ones (None where
        the op has no element-wise comparison)."""
        import numpy as np

        from conformance.judging.models import unexplained

        found = unexplained("", self.case, value)
        if not found or len(found) != 1:
            return None
        excused = set(self.excused)
        return [int(i) for i in np.flatnonzero(found[0]) if int(i) not in excused]

    def save(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_json(), indent=1, sort_keys=True))
        return path


def make_seed(backend: str, target: str, cls: str, case: Case, history: tuple = (),
              excused: tuple[list[int], list[str]] = ([], [])) -> Seed:
    return Seed(backend, target, cls, case, versions(), datetime.date.today().isoformat(), tuple(history),
                tuple(excused[0]), tuple(excused[1]))


def load_seed(path: str | Path) -> Seed:
    """A seed file; ValueError with one line saying what was expected when it is not one."""
    try:
        d = json.loads(Path(path).read_text())
        from conformance.running.history import Call

        excused = d.get("excused") or {}
        return Seed(d["backend"], d["target"], d["class"], Case.from_json(d["case"]), d.get("versions", {}),
                    d.get("date", ""), tuple(Call.from_json(c) for c in d.get("history", ())),
                    tuple(int(i) for i in excused.get("positions", ())), tuple(excused.get("models", ())))
    except FileNotFoundError:
        raise ValueError(f"seed {path}: no such file") from None
    except KeyError as e:
        raise ValueError(f"seed {path}: expected a seed file (JSON with backend, target, class, case), "
                         f"missing key {e}") from None
    except (json.JSONDecodeError, TypeError, ValueError) as e:
        raise ValueError(f"seed {path}: expected a seed file (JSON with backend, target, class, case), {e}") from None


def seed_path(directory: str | Path, target: str, cls: str, case: Case) -> Path:
    """``DIR/<target>-<class>-<case id>.json``, the target name made safe for a file name."""
    safe = "".join(c if c.isalnum() or c in "._-" else "-" for c in target).strip("-")
    return Path(directory) / f"{safe}-{cls}-{case.id}.json"
