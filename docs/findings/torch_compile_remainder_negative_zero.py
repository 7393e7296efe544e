"""torch.compile(torch.remainder)(-0.0, 1.0) on a float16 tensor is +0.0; eager torch gives -0.0 (the
dividend's sign, as IEEE-754 and StableHLO remainder keep it). Exits 1 while they differ."""
import sys

import torch

x = torch.tensor([-0.0] * 9, dtype=torch.float16)
y = torch.ones(9, dtype=torch.float16)
eager = torch.remainder(x, y)
compiled = torch.compile(torch.remainder, dynamic=True)(x, y)
print("eager sign bits   ", torch.signbit(eager).tolist(), "\ncompiled sign bits", torch.signbit(compiled).tolist())
sys.exit(0 if torch.equal(torch.signbit(eager), torch.signbit(compiled)) else 1)
