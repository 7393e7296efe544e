"""numpy + ml_dtypes: a bfloat16 array with a Python float gives float32 (the element type must stay
bfloat16; numpy's own float16 stays float16). Exits 1 while the behaviour is there."""
import sys

import ml_dtypes
import numpy as np

bf16 = np.add(np.array([1.0], ml_dtypes.bfloat16), 2.5).dtype
f16 = np.add(np.array([1.0], np.float16), 2.5).dtype
print(f"bfloat16 array + 2.5 -> {bf16} (expected bfloat16); float16 array + 2.5 -> {f16}")
sys.exit(1 if bf16 != np.dtype(ml_dtypes.bfloat16) else 0)
