"""torch.compile(torch.remainder) of a finite x by +inf gives NaN; eager torch (Python's floor-mod)
gives x. Exits 1 while the compiled result differs from eager."""
import sys

import torch

x = torch.tensor([0.0, 1.0, 2.5])
y = torch.tensor([float("inf")] * 3)
eager = torch.remainder(x, y)
compiled = torch.compile(torch.remainder, dynamic=True)(x, y)
print("eager   ", eager, "\ncompiled", compiled)
sys.exit(0 if torch.equal(eager, compiled) else 1)
