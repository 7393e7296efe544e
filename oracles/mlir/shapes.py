"""MLIR tensor types as the MLIR oracles see them: a dimension is an ``int >= 0`` or ``None`` (``?``);
a shape is a tuple of dimensions, or ``None`` for an unranked tensor (``*``).

``parse_type("tensor<2x?x4xf32>") == ((2, None, 4), "f32")``; ``format_type`` is its inverse.
"""
from __future__ import annotations

import re

Dim = int | None
Shape = tuple[Dim, ...] | None

_TENSOR = re.compile(r"tensor<(?P<dims>\*x|(?:(?:\d+|\?)x)*)(?P<element>(?:[su]?i|b?f|tf)\d+|index|complex<(?:b?f\d+|[su]?i\d+)>)>")


def parse_type(text: str) -> tuple[Shape, str]:
    """(shape, element type) of a ``tensor<...>`` type; a clear ValueError otherwise."""
    m = _TENSOR.fullmatch(text.strip())
    if not m:
        raise ValueError(f"parse_type: expected a type like tensor<2x?xf32> or tensor<*xi32>, got {text!r}")
    element = m.group("element")
    if m.group("dims") == "*x":
        return None, element
    return tuple(None if d == "?" else int(d) for d in m.group("dims").split("x")[:-1]), element


def format_type(shape: Shape, element: str = "f32") -> str:
    if shape is None:
        return f"tensor<*x{element}>"
    return "tensor<" + "".join(f"{'?' if d is None else d}x" for d in shape) + element + ">"


def is_ranked(shape: Shape) -> bool:
    return shape is not None
