"""Oracles for the StableHLO spec ops: ``gather``, ``scatter``, ``dynamic_slice`` and
``dynamic_update_slice`` (functions named as the spec ops)."""
from conformance.oracles.stablehlo.dynamic_slice import dynamic_slice, dynamic_update_slice
from conformance.oracles.stablehlo.gather import gather
from conformance.oracles.stablehlo.scatter import scatter

__all__ = ["dynamic_slice", "dynamic_update_slice", "gather", "scatter"]
