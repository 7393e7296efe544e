"""torch.compile (Inductor, CPU): Tensor.index_put_(indices, values, accumulate=True) with a channels_last
(or Fortran-order) `values` tensor reads the values with the wrong strides: zeros plus int8 values
[0, 1, 2, 3] of shape [1, 2, 2, 1] in channels_last gives [0, 1, 0, 0] (eager: [0, 1, 2, 3]); float32
[2, 3, 4, 5] gives wrong values too and has been seen to corrupt the heap (free(): invalid next size). C-contiguous values are
right. index_add_ is lowered to the same kernel and does the same. Each case runs in a child process.
Exit 1 while a compiled result differs from eager or a child dies; 2 if the script could not run.

Triage (2026-11-27; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: pytorch/pytorch: Inductor lowering/codegen of index_put_(accumulate=True) for non-contiguous
    values; located by experiment: backend='eager' and 'aot_eager' give [0, 1, 2, 3], 'inductor' gives [0, 1,
    0, 0] (int8 [1,2,2,1] channels_last)
Governing text: torch docs, Tensor.index_put_
    (https://docs.pytorch.org/docs/2.13/generated/torch.Tensor.index_put_.html, 2.13): 'If accumulate is True,
    the elements in values are added to self'; the result may not depend on the memory format of values
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-27: 'inductor index_put accumulate
    channels_last values wrong strides'; 'inductor index_put accumulate non-contiguous values wrong result
    index_add_ channels_last'. Matched: nothing on index_put_ with channels_last values; pytorch#183986
    (stride-0 destinations), #193751 (closed, argmax on channels_last), #198270 (open, index_put_ then flip)
    are other bugs
"""
import subprocess
import sys

CHILD = r"""
import sys
import torch
dtype, shape, layout = getattr(torch, sys.argv[1]), tuple(int(s) for s in sys.argv[2].split(",")), sys.argv[3]
n = 1
for s in shape:
    n *= s
values = torch.arange(n).to(dtype).reshape(shape)
if layout == "channels_last":
    values = values.contiguous(memory_format=torch.channels_last)
index = (torch.tensor([0]),)
f = lambda out, v: out.index_put_(index, v.unsqueeze(0), accumulate=True)
eager = f(torch.zeros((1,) + shape, dtype=dtype), values)
compiled = torch.compile(f, dynamic=True)(torch.zeros((1,) + shape, dtype=dtype), values)
print("same" if torch.equal(eager, compiled) else f"differs: eager {eager.flatten()[:6].tolist()}, compiled {compiled.flatten()[:6].tolist()}")
"""
try:
    from importlib.metadata import version
    import platform

    print(f"torch {version('torch')}, Python {platform.python_version()}, {platform.platform()}")
except Exception as e:  # noqa: BLE001
    print(f"could not run: {e}")
    sys.exit(2)
bug = broken = False
for dtype, shape in (("int8", "1,2,2,1"), ("float32", "2,3,4,5")):
    for layout in ("contiguous", "channels_last"):
        done = subprocess.run([sys.executable, "-c", CHILD, dtype, shape, layout], capture_output=True, text=True, timeout=600)
        said = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
        if done.returncode < 0:
            said = f"process died (signal {-done.returncode}): {done.stderr.strip().splitlines()[-1:] or ''}"
        elif done.returncode > 0:
            said = f"could not run: {done.stderr.strip().splitlines()[-1:]}"
        print(f"index_put_(accumulate=True), {dtype} [{shape}], values {layout}: {said}")
        broken |= done.returncode > 0
        bug |= done.returncode < 0 or said.startswith("differs")
sys.exit(2 if broken else 1 if bug else 0)
