"""torch: int32 MIN // -1 with rounding_mode='trunc' kills the process with SIGFPE (the spec leaves the
value implementation-defined, but a value). Runs the division in a child process; exits 1 if it dies."""
import subprocess
import sys

code = ("import torch; print(torch.div(torch.tensor([-2**31], dtype=torch.int32), "
        "torch.tensor([-1], dtype=torch.int32), rounding_mode='trunc'))")
child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
print(f"child exit code {child.returncode} (negative: killed by signal {-child.returncode}); stdout {child.stdout.strip()!r}")
sys.exit(1 if child.returncode < 0 else 0)
