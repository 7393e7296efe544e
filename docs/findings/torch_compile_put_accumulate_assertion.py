"""torch.compile(Tensor.put_(..., accumulate=True)) into a one-element tensor with two indices fails
to compile (InductorError: AssertionError); eager torch gives [1]. Exits 1 while compiling fails."""
import sys

import torch

put = torch.compile(lambda x, i, u: x.put_(i, u, accumulate=True), dynamic=True)
args = (torch.zeros(1, dtype=torch.int8), torch.tensor([0, 0]), torch.tensor([0, 1], dtype=torch.int8))
print("eager   ", args[0].clone().put_(args[1], args[2], accumulate=True))
try:
    print("compiled", put(args[0].clone(), *args[1:]))
except Exception as e:  # torch._inductor.exc.InductorError
    print("compiled raises", type(e).__name__, str(e).strip().splitlines()[0][:120])
    sys.exit(1)
