"""ONNX schema facts the ONNX oracles check, transcribed per opset (element types, index types,
attributes). The oracles never import onnx: these are copied from the operator documents."""
from __future__ import annotations

_ANY = ("uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64", "float16", "float32", "float64",
        "bool", "complex64", "complex128")  # tensor(string) is in the schemas too; the suite has no string arrays
BF16_SINCE = 13  # tensor(bfloat16) joins T in GatherND-13 and ScatterND-13

GATHER_ND_OPSETS = (11, 12, 13)
SCATTER_ND_OPSETS = (11, 13, 16, 18)
# ScatterND's `reduction` attribute: absent before 16; its allowed values per opset
REDUCTIONS = {11: (), 13: (), 16: ("none", "add", "mul"), 18: ("none", "add", "mul", "max", "min")}


def element_types(opset: int) -> tuple[str, ...]:
    """T of GatherND/ScatterND at ``opset``."""
    return _ANY + (("bfloat16",) if opset >= BF16_SINCE else ())


def schema_opset(opsets: tuple[int, ...], opset: int) -> int | None:
    """The schema version in force at ``opset`` (the latest since_version <= opset), or None."""
    known = [v for v in opsets if v <= opset]
    return max(known) if known else None
