"""torch.compile(torch.index_select) counts a negative index from the end; eager torch raises
IndexError (index out of range in self), and StableHLO gather clamps it to 0. Exits 1 while the
compiled call returns a value."""
import sys

import torch

x = torch.tensor([False, True])
index = torch.tensor([-1], dtype=torch.int32)
try:
    print("eager   ", torch.index_select(x, 0, index))
except IndexError as e:
    print("eager    raises IndexError:", e)
try:
    print("compiled", torch.compile(lambda x, i: torch.index_select(x, 0, i), dynamic=True)(x, index))
    sys.exit(1)
except (IndexError, RuntimeError) as e:
    print("compiled raises", type(e).__name__)
