"""Oracles for the StableHLO spec ops."""
from oracles.stablehlo.gather import gather

__all__ = ["gather"]
