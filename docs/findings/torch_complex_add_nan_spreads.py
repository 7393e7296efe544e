"""torch: complex addition is not componentwise: 0j + complex(0, nan) gives nan+nanj (the spec's complex
addition adds the parts: 0+nanj). Exits 1 while the behaviour is there."""
import math
import sys

import torch

got = torch.add(torch.tensor([0j], dtype=torch.complex64), torch.tensor([complex(0, math.nan)], dtype=torch.complex64))[0].item()
print(f"0j + complex(0, nan) = {got} (expected 0+nanj)")
sys.exit(1 if math.isnan(got.real) else 0)
