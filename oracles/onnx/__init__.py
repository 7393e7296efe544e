"""Oracles for the ONNX spec ops: ``gather_nd`` and ``scatter_nd``."""
from conformance.oracles.onnx.gather_nd import gather_nd
from conformance.oracles.onnx.scatter_nd import scatter_nd

__all__ = ["gather_nd", "scatter_nd"]
