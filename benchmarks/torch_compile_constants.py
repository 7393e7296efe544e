"""Does torch.compile compute an elementwise op differently when an operand is a compile-time constant?

    python -m benchmarks.torch_compile_constants

By default Dynamo lifts a closed-over tensor and a module's parameters and buffers to graph inputs, so
a "constant" reaches Inductor as a runtime argument: nothing to compare. Inductor folds constants only
with ``torch._inductor.config.freezing = True`` (inference under ``torch.no_grad()``), where a frozen
``nn.Parameter`` is a constant of the graph. This probe compiles each op twice with ``dynamic=True``:
once with the operand as a frozen parameter of a module (either side), once with both operands as
arguments, on every pair of edge values (float: zeros of both signs, infinities, NaN, subnormals, the
largest value; integers: 0, 1, -1, the extremes, shift counts) and compares the two results bit for bit
(a NaN's sign and payload aside). Integer division leaves out a zero divisor and MIN / -1 (eager torch
itself dies with SIGFPE on int32 MIN / -1). Prints each difference and the count.
"""
from __future__ import annotations

import numpy as np
import torch

FLOAT_VALUES = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, float("inf"), float("-inf"), float("nan"), 5e-324, 1e-310,
                1.7976931348623157e308, 3.0, 7.0, 0.1]
FLOAT_OPS = {"add": torch.add, "sub": torch.sub, "mul": torch.mul, "div": torch.div, "remainder": torch.remainder,
             "fmod": torch.fmod, "maximum": torch.maximum, "minimum": torch.minimum, "eq": torch.eq, "lt": torch.lt,
             "atan2": torch.atan2, "pow": torch.pow}
INT_OPS = {"add": torch.add, "sub": torch.sub, "mul": torch.mul, "maximum": torch.maximum,
           "div_trunc": lambda a, b: torch.div(a, b, rounding_mode="trunc"),
           "div_floor": lambda a, b: torch.div(a, b, rounding_mode="floor"),
           "remainder": torch.remainder, "fmod": torch.fmod,
           "shift_left": torch.bitwise_left_shift, "shift_right": torch.bitwise_right_shift}
DIVIDING = ("div_trunc", "div_floor", "remainder", "fmod")


class Frozen(torch.nn.Module):
    """``f(x, c)`` (side 1) or ``f(c, x)`` (side 0) with ``c`` a parameter that freezing folds."""

    def __init__(self, f, c, side: int):
        super().__init__()
        self.f, self.side = f, side
        self.c = torch.nn.Parameter(c, requires_grad=False)

    def forward(self, x):
        return self.f(x, self.c) if self.side == 1 else self.f(self.c, x)


def differing(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Where two results differ: value, or sign of a non-NaN (NaN payloads and signs aside)."""
    if a.dtype.kind != "f":
        return a != b
    nan = np.isnan(a) & np.isnan(b)
    return ~nan & ((a != b) | (np.signbit(a) != np.signbit(b)))


def compare(name: str, f, a: torch.Tensor, b: torch.Tensor) -> int:
    """Print where ``f(a, b)`` with a frozen operand differs from ``f(a, b)`` on arguments; the count."""
    with torch.no_grad():
        args = torch.compile(lambda x, y: f(x, y), dynamic=True)(a, b).numpy()
        found = 0
        for side in (1, 0):
            const = torch.compile(Frozen(f, b if side == 1 else a, side), dynamic=True)(a if side == 1 else b).numpy()
            bad = np.flatnonzero(differing(const, args))
            if bad.size:
                i = bad[0]
                print(f"{a.dtype} {name}: {'rhs' if side else 'lhs'} frozen differs at {bad.size} pairs, e.g. "
                      f"({a[i].item()}, {b[i].item()}) -> {const[i]} (arguments: {args[i]})")
                found += 1
    return found


def pairs(values: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Every (a, b) pair of ``values``."""
    return values.repeat_interleave(len(values)), values.repeat(len(values))


def main() -> None:
    import torch._inductor.config as inductor

    inductor.freezing = True
    torch._dynamo.config.recompile_limit = torch._dynamo.config.accumulated_recompile_limit = 100_000
    found = probes = 0
    for dtype in (torch.float16, torch.float32, torch.float64):
        a, b = pairs(torch.tensor(FLOAT_VALUES, dtype=dtype))
        for name, f in FLOAT_OPS.items():
            found += compare(name, f, a, b)
            probes += 2
    for dtype in (torch.int8, torch.uint8, torch.int32, torch.int64):
        info = torch.iinfo(dtype)
        values = sorted({0, 1, 2, 3, 7, 8, 31, 63, 64, info.min, info.max, info.max // 2 + 1} | ({-1} if info.min else set()))
        a, b = pairs(torch.tensor(values, dtype=dtype))
        for name, f in INT_OPS.items():
            keep = (b != 0) & ~((a == info.min) & (b == -1)) if name in DIVIDING else torch.ones_like(a, dtype=torch.bool)
            found += compare(name, f, a[keep], b[keep])
            probes += 2
    print(f"torch {torch.__version__}: {found} of {probes} (op, dtype, frozen side) probes differ from the same op on arguments")


if __name__ == "__main__":
    main()
