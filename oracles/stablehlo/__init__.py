"""Oracles for the StableHLO spec ops: ``gather`` and ``scatter`` (functions named as the spec ops)."""
from oracles.stablehlo.gather import gather
from oracles.stablehlo.scatter import scatter

__all__ = ["gather", "scatter"]
