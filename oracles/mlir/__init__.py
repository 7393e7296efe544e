"""Oracles for MLIR's shape traits: ``Broadcastable`` (shape inference and verification)."""
from conformance.oracles.mlir.broadcastable import infer_dim, infer_result_shape, infer_shape, verify
from conformance.oracles.mlir.shapes import format_type, parse_type

__all__ = ["infer_dim", "infer_shape", "infer_result_shape", "verify", "parse_type", "format_type"]
