"""torch.compile (Inductor, CPU, dynamic=True): after a compiled call ``torch.div(x, 0.0,
rounding_mode="trunc")``, the same compiled function called as ``torch.div(x, -0.0)`` divides by +0.0:
1.0 / -0.0 gives +inf (eager torch and IEEE-754: -inf). The recompile for the new keyword reuses the
specialised Python float 0.0, which compares equal to -0.0. Exits 1 while the sign is lost."""
import sys

import torch


def call(*args, **kwargs):
    return torch.div(*args, **kwargs)


compiled = torch.compile(call, dynamic=True)
x = torch.tensor([65504.0, -1.0, 65504.0], dtype=torch.float64)
compiled(x, 0.0, rounding_mode="trunc")
y = torch.tensor([1.0, -1.0, 0.0], dtype=torch.float64)
got, eager = compiled(y, -0.0), torch.div(y, -0.0)
print(f"compiled torch.div({y.tolist()}, -0.0) = {got.tolist()}; eager: {eager.tolist()}")
sys.exit(1 if not torch.equal(torch.signbit(got), torch.signbit(eager)) else 0)
