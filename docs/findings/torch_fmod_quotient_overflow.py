"""torch: fmod(1, 9.18355e-41) on bfloat16 is NaN (x / y overflows); the exact remainder is 0.
Exits 1 while the behaviour is there."""
import math
import sys

import torch

x = torch.full((64,), 1.0, dtype=torch.bfloat16)  # (one element takes the scalar path, which is right)
y = torch.full((64,), 9.18355e-41, dtype=torch.bfloat16)
got = torch.fmod(x, y)[0].item()
print(f"fmod(1, {y[0].item()!r}) on bfloat16 = {got!r} (expected 0.0)")
sys.exit(1 if math.isnan(got) else 0)
