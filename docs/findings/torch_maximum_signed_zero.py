"""torch: maximum(0.0, -0.0) is -0.0 on float32 tensors (IEEE-754 maximum gives +0.0).
Exits 1 while the behaviour is there."""
import math
import sys

import torch

got = torch.maximum(torch.zeros(64), torch.full((64,), -0.0))[0].item()  # (a one-element tensor is right)
print(f"maximum(0.0, -0.0) = {got!r} (expected 0.0)")
sys.exit(1 if math.copysign(1, got) < 0 else 0)
