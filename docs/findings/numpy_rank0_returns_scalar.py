"""numpy: a ufunc on rank-0 arrays returns a numpy scalar, not a rank-0 array (an op on rank-0 tensors
must return a rank-0 tensor). Documented numpy behaviour. Exits 1 while it is there."""
import sys

import numpy as np

got = np.add(np.array(1, np.int8), np.array(2, np.int8))
print(f"np.add(0-d int8, 0-d int8) returned {type(got).__module__}.{type(got).__name__}: {got!r} (expected a 0-d ndarray)")
sys.exit(1 if not isinstance(got, np.ndarray) else 0)
