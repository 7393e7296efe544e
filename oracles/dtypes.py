"""Element and index dtypes the suite knows, by name (bfloat16 comes from ml_dtypes)."""
from __future__ import annotations

import ml_dtypes
import numpy as np

INDEX_DTYPES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
ELEMENT_DTYPES = INDEX_DTYPES + (
    "bool", "float16", "bfloat16", "float32", "float64", "complex64", "complex128",
)


def dtype(name: str | np.dtype) -> np.dtype:
    """The numpy dtype for a suite dtype name; a clear error for an unknown one."""
    if isinstance(name, np.dtype):
        return name
    if name == "bfloat16":
        return np.dtype(ml_dtypes.bfloat16)
    try:
        return np.dtype(name)
    except TypeError:
        raise ValueError(f"dtype: expected one of {', '.join(ELEMENT_DTYPES)}, got {name!r}") from None


def name(dt: np.dtype) -> str:
    return np.dtype(dt).name
