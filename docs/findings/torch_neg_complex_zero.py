"""torch: negating complex 0j gives 0j, not -0-0j (IEEE negate flips the sign of each part).
Exits 1 while the behaviour is there."""
import math
import sys

import torch

got = torch.neg(torch.zeros(64, dtype=torch.complex64))[0].item()  # (one element takes another path)
print(f"neg(0j) = {got!r}: real sign {math.copysign(1, got.real)}, imag sign {math.copysign(1, got.imag)} (expected -0-0j)")
sys.exit(1 if math.copysign(1, got.real) > 0 or math.copysign(1, got.imag) > 0 else 0)
