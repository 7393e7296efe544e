"""One record per spec op (``OpSpec``), registered once in ``SPEC_OP_MODULES``.

Every generic part of the suite (runner, plugin, verdict, report, repro, labels, command line) looks
the op up here instead of switching on its name. A record names its parts as ``"module:attribute"``
references, resolved when first used, so registering an op imports nothing (no import-time side
effects, no import cycles: the record module depends on the op's parts, never the reverse).

Adding a spec op: write its oracle, strategies, verdict and targets in new modules, a record module
holding ``SPEC = OpSpec(...)`` (or ``SPECS``, a family of records sharing their parts), and add that
module's name to ``SPEC_OP_MODULES`` (the one line). A ``*_ref`` may index a dict (``module:CASES.add``).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, fields
from functools import cache
from typing import Any

SPEC_OP_MODULES = (
    "conformance.specs.stablehlo_gather",
    "conformance.specs.stablehlo_scatter",
    "conformance.specs.onnx_gather_nd",
    "conformance.specs.onnx_scatter_nd",
    "conformance.specs.mlir_broadcastable",
    "conformance.specs.mlir_elementwise",
    "conformance.specs.mlir_scalarization",
    "conformance.specs.stablehlo_dynamic_slice",
    "conformance.specs.stablehlo_dynamic_update_slice",
    "conformance.specs.stablehlo_elementwise",  # several records (SPECS): one per elementwise op
)

class NoRepro(ValueError):
    """This seed's target (or case) has no standalone script."""


# what an op's ``expected_ref`` returns where the expected value is the backend's own (the Elementwise
# rule 6: the op on each element's scalars): the target's snippet measures it and sets ``EXPECTED``
EXPECTED_IN_SCRIPT = "measured by the script"


@dataclass(frozen=True)
class OpSpec:
    """What a spec op is. Fields named ``*_ref`` are ``"module:attribute"`` references (``""``: none).

    - ``spec``: the public URL of the text the oracle transcribes, with its revision;
    - ``label_prefix``: clause labels are reported qualified (``gather_c14``), as the StableHLO
      verifier tags its messages;
    - ``region_ref``: the region dataclass a target's ``region`` is validated against and builds;
    - ``valid_ref``: ``(region) -> strategy`` of valid cases; ``invalid_ref``: ``(target) -> strategy``
      of cases breaking one constraint each; ``duplicates_ref``: ``(region) -> strategy`` of large
      duplicate-heavy cases (where a threaded schedule could show);
    - ``check_ref``: ``(case) -> violations`` (empty: valid); ``judge_ref``: ``(case, outcome) -> Verdict``;
    - ``edge_ref``: ``(target) -> [forced strategy fields]``, the edge phase's runs;
      ``substantive_ref``: ``(case) -> bool``, whether a valid case can show a value;
    - ``conditions_ref``: a dict of named predicates that scope declared deviations to cases;
    - ``repro_clause`` and ``expected_ref``: ``(case) -> array``, how a repro script states the
      expected value (``conformance.reports.repro.NoRepro`` where one exact value would be wrong);
    - ``labels_ref``: the labels ``conformance labels`` prints, ``label_cases_ref``: ``(label) ->
      strategy`` of cases breaking only that one, and ``label_targets``: the targets it asks;
    - ``indices``: the name of the case's index array (conditions read it; "" where there is none);
      ``columns_ref``: ``(case) -> [(dim, window size)]`` per index component (conditions read it);
    - ``probes``: whether classification probes (``conformance.judging.confirm``) can be built for the op;
    - ``adapters``: modules holding this op's targets for existing backends (each target names
      its backend), so a new op needs no edit to a backend's module;
    - ``mismatch_ref``: ``(case, value) -> (observed, spec results, masks)``, the elements of a value the
      spec does not allow, per result: what a declaration's model must explain (``conformance.judging.models``);
    - ``corners_ref``: ``(target) -> [(kind, label, strategy)]``, edge-phase runs of corners no region
      scenario reaches (validity edges: an empty window the spec allows, an attribute it forbids that an
      empty index array hides), each run once under the property ``kind`` (valid or invalid);
    - ``ci_examples``: the random examples per target in the ``ci`` profile, where an op's edge phase
      already covers its edges whole (0: the profile's count);
    - ``values_ref``: ``(case, k) -> case | None``, value set ``k`` of a valid case: its signature (what a
      compiler specialises on) with other values (``conformance.strategies.value_sets``).
    """
    name: str
    spec: str
    label_prefix: str
    region_ref: str
    valid_ref: str
    check_ref: str
    judge_ref: str
    invalid_ref: str = ""
    duplicates_ref: str = ""
    edge_ref: str = ""
    substantive_ref: str = ""
    conditions_ref: str = ""
    repro_clause: str = ""
    expected_ref: str = ""
    labels_ref: str = ""
    label_cases_ref: str = ""
    label_targets: tuple[str, ...] = ()
    indices: str = ""
    columns_ref: str = ""
    probes: bool = False
    adapters: tuple[str, ...] = ()
    mismatch_ref: str = ""  # (case, observed value) -> (observed results, spec results, masks of elements the spec forbids)
    corners_ref: str = ""
    ci_examples: int = 0  # random examples per target in the ci profile where fewer than the profile's do
    values_ref: str = ""

    def part(self, name: str) -> Any:
        """The object a ``*_ref`` field names (None where the field is empty)."""
        ref = getattr(self, f"{name}_ref")
        return resolve(ref) if ref else None

    def has(self, name: str) -> bool:
        return bool(getattr(self, f"{name}_ref"))

    @property
    def kinds(self) -> tuple[str, ...]:
        return ("valid",) + (("invalid",) if self.invalid_ref else ()) + \
            (("duplicates",) if self.duplicates_ref else ())

    def qualify(self, label: str) -> str:
        """A clause label as reported: ``C14`` of stablehlo.gather is ``gather_c14``."""
        return f"{self.label_prefix}_{label.lower()}" if self.label_prefix else label

    def region(self, region: dict):
        """The region object of a target's ``region`` dict (a misspelt key raises ``TypeError``)."""
        return self.part("region")(**region)

    def region_keys(self) -> tuple[str, ...]:
        return tuple(f.name for f in fields(self.part("region")))


def resolve(ref: str) -> Any:
    module, _, attr = ref.partition(":")
    obj = importlib.import_module(module)
    for part in attr.split("."):
        obj = obj[part] if isinstance(obj, dict) else getattr(obj, part)
    return obj


@cache
def spec_ops() -> dict[str, OpSpec]:
    """Every registered spec op by name, in registration order."""
    out = {}
    for module in SPEC_OP_MODULES:
        loaded = importlib.import_module(module)
        for spec in getattr(loaded, "SPECS", None) or (loaded.SPEC,):
            out[spec.name] = spec
    return out


def op_spec(name: str) -> OpSpec:
    ops = spec_ops()
    if name not in ops:
        raise ValueError(f"spec op: expected one of {', '.join(ops)}, got {name!r}")
    return ops[name]

