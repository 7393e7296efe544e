"""The case model: one concrete invocation of a spec op, as plain data.

A case round-trips through JSON without loss (array bytes are stored base64) and has a
stable id (a hash of its canonical JSON).
"""
from __future__ import annotations

import base64
import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from conformance.core.layouts import fits
from conformance.oracles.dtypes import dtype as dtype_of


_VARIADIC = re.compile(r"(\w+)\[(\d+)\]")


def array_to_json(a: np.ndarray) -> dict[str, Any]:
    a = np.array(a, order="C")
    return {
        "dtype": a.dtype.name,
        "shape": list(a.shape),
        "data": base64.b64encode(a.astype(a.dtype.newbyteorder("<")).tobytes()).decode("ascii"),
    }


def array_from_json(d: dict[str, Any]) -> np.ndarray:
    dt = dtype_of(d["dtype"])
    raw = base64.b64decode(d["data"])
    return np.frombuffer(raw, dtype=dt.newbyteorder("<")).astype(dt).reshape(d["shape"]).copy()


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.bool_):
        return bool(value)
    return value


@dataclass(frozen=True, eq=False)
class Case:
    """``op``: spec op name; ``arrays``: positional array inputs in order; ``attrs``: spec attributes.

    ``result_type`` optionally declares the result (``{"shape": [...], "dtype": name}``) as
    StableHLO text must; ``meta`` carries what a strategy intended (e.g. the label it breaks) and is
    not part of the identity; ``layouts`` names the memory layout an array reaches the target in
    (``conformance.core.layouts``; an array not named is C-contiguous); ``dynamic``: a target that
    compiles (and takes a ``dynamic_shapes`` keyword) compiles this case with its dims dynamic, one
    executable for every shape of its rank and element types, as users of dynamic shapes run it;
    ``threads``: a target that sets its backend's thread count (and takes a ``threads`` keyword) runs this
    case on that many threads (0: the backend's default).
    """

    op: str
    arrays: dict[str, np.ndarray]
    attrs: dict[str, Any]
    result_type: dict[str, Any] | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    layouts: dict[str, str] = field(default_factory=dict)
    dynamic: bool = False
    threads: int = 0

    def __post_init__(self) -> None:
        # A layout names how an array's values reach the target; a broadcast view (stride 0) can only show
        # values constant along its axis. A case derived from a laid-out one (other values, a cut) whose array
        # no longer fits its layout takes that array C-contiguous: what the case records is what runs, and
        # the suite's own layout never reaches a target as a refusal (``layouts.lay_out`` raising).
        if "broadcast" in self.layouts.values():
            kept = {k: v for k, v in self.layouts.items() if k not in self.arrays or fits(self.arrays[k], v)}
            if len(kept) != len(self.layouts):
                object.__setattr__(self, "layouts", kept)

    def to_json(self) -> dict[str, Any]:
        out = {
            "op": self.op,
            "arrays": {k: array_to_json(v) for k, v in self.arrays.items()},
            "attrs": {k: _plain(v) for k, v in self.attrs.items()},
        }
        if self.result_type is not None:
            out["result_type"] = _plain(self.result_type)
        if self.meta:
            out["meta"] = _plain(self.meta)
        if any(v != "c" for v in self.layouts.values()):
            out["layouts"] = {k: v for k, v in sorted(self.layouts.items()) if v != "c"}
        if self.dynamic:
            out["dynamic"] = True
        if self.threads:
            out["threads"] = int(self.threads)
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Case":
        for key in ("op", "arrays", "attrs"):
            if key not in d:
                raise ValueError(f"case: missing key {key!r} (expected op, arrays, attrs)")
        return cls(
            op=d["op"],
            arrays={k: array_from_json(v) for k, v in d["arrays"].items()},
            attrs=dict(d["attrs"]),
            result_type=d.get("result_type"),
            meta=dict(d.get("meta", {})),
            layouts=dict(d.get("layouts", {})),
            dynamic=bool(d.get("dynamic", False)),
            threads=int(d.get("threads", 0)),
        )

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> "Case":
        return cls.from_json(json.loads(text))

    @property
    def id(self) -> str:
        ident = {k: v for k, v in self.to_json().items() if k != "meta"}
        blob = json.dumps(ident, sort_keys=True, separators=(",", ":")).encode()
        return hashlib.sha256(blob).hexdigest()[:16]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Case) and self.id == other.id

    def __hash__(self) -> int:
        return hash(self.id)

    def kwargs(self) -> dict[str, Any]:
        """Arrays then attributes, as keyword arguments of the spec op's signature.

        Variadic operands are stored as ``name[0]``, ``name[1]``, ... and passed as a list ``name``.
        """
        out: dict[str, Any] = {}
        for key, value in self.arrays.items():
            m = _VARIADIC.fullmatch(key)
            if m:
                out.setdefault(m.group(1), []).append(value)
            else:
                out[key] = value
        return {**out, **self.attrs}

    def layout_kwargs(self) -> dict[str, Any]:
        """The arrays' memory layouts by keyword argument (a list for a variadic operand), as
        ``outcome.guarded_call`` takes them; empty where every array is C-contiguous."""
        out: dict[str, Any] = {}
        for key in self.arrays:
            kind = self.layouts.get(key, "c")
            m = _VARIADIC.fullmatch(key)
            if m:
                out.setdefault(m.group(1), []).append(kind)
            else:
                out[key] = kind
        return out if any(k != "c" for k in self.layouts.values()) else {}

    def signature(self) -> str:
        """What a compiler specialises on: the op, each array's dtype and shape, and the attributes
        (values aside), as one string."""
        arrs = ",".join(f"{k}:{v.dtype.name}{list(v.shape)}{'/' + self.layouts[k] if self.layouts.get(k, 'c') != 'c' else ''}"
                        for k, v in self.arrays.items())
        return f"{self.op}|{arrs}|{json.dumps(_plain(self.attrs), sort_keys=True, default=str)}" + \
            ("|dynamic" if self.dynamic else "") + (f"|threads={self.threads}" if self.threads else "")

    def describe(self) -> str:
        """A short human-readable line: shapes, dtypes and attributes."""
        arrs = ", ".join(f"{k}: {v.dtype.name}{list(v.shape)}" for k, v in self.arrays.items())
        attrs = ", ".join(f"{k}={_plain(v)}" for k, v in self.attrs.items())
        laid = ", ".join(f"{k} {v}" for k, v in sorted(self.layouts.items()) if v != "c")
        return f"{self.op}({arrs}; {attrs})" + (f" [layout: {laid}]" if laid else "") + \
            (" [dynamic shapes]" if self.dynamic else "") + (f" [threads: {self.threads}]" if self.threads else "")
