"""TensorFlow eager (CPU): a Python number converted to a tensor is cached, and the cache takes -0.0 for
0.0 (they compare equal). In a fresh process tf.math.add(x, -0.0) with x = [-0.0] gives -0.0; after one
tf.math.add(x, 0.0) the same call gives 0.0, the cached +0.0 added instead. The same for complex64: after
x + 0j, x + complex(-0.0, 0.0) adds 0j. The rhs passed as a numpy array instead gives -0.0: only the
conversion of Python numbers is affected. IEEE-754 (and numpy) give -0.0 + -0.0 = -0.0. Each case runs in
a fresh child process; exits 1 while the call after the +0.0 one gives +0.0.

Triage (2026-11-28; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: tensorflow/tensorflow: eager conversion of Python numbers to tensors (the scalar cache keyed
    by the value, where -0.0 == 0.0); located by experiment: a fresh process gives -0.0, the same call after
    one with 0.0 gives 0.0, and the rhs from a numpy array gives -0.0
Governing text: TF API docs, tf.math.add (https://www.tensorflow.org/api_docs/python/tf/math/add, 2.21):
    'Returns x + y element-wise', y may be a Python number; IEEE-754 addition: -0.0 + -0.0 is -0.0, and a
    result may not depend on earlier calls
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-28: 'tensorflow eager Python scalar cache
    negative zero -0.0 treated as 0.0 convert_to_tensor'; 'tf.math.add python float -0.0 after 0.0 returns
    wrong sign eager constant cache'. Matched: nothing on the cache and signed zeros; BachiLi/redner PR #47 (a
    user suspecting eager's scalar cache of corruption, 2019), tensorflow#58515 (closed, negate of zeros),
    #61939 (closed, XLA autoclustering turns -0.0 into 0.0: another stage)
"""
import os as _os
import sys as _sys


def _could_not_run(kind, value, tb):  # the contract: exit 2 where the script itself could not run
    import traceback

    traceback.print_exception(kind, value, tb)
    print(f"could not run: {kind.__name__}: {value}", flush=True)
    _sys.stderr.flush()
    _os._exit(2)


_sys.excepthook = _could_not_run


def _print_versions(*names):
    import importlib.metadata
    import platform

    found = []
    for name in names:
        try:
            found.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            found.append(f"{name} not installed")
    print(", ".join(found + [f"Python {platform.python_version()}", platform.platform()]), flush=True)


_print_versions('numpy', 'tensorflow-cpu', 'tensorflow')
import os
import subprocess
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

CHILD = """
import os
import sys
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import numpy as np
import tensorflow as tf

dtype, warm = sys.argv[1], sys.argv[2] == "warm"
zero, negative_zero = (0j, complex(-0.0, 0.0)) if dtype == "complex64" else (0.0, -0.0)
x = tf.constant(np.array([negative_zero], dtype))
if warm:
    tf.math.add(x, zero)  # converts the Python number 0 (+0.0) to a tensor first
got = tf.math.add(x, negative_zero).numpy()[0]  # x + the Python number -0.0
control = tf.math.add(x, tf.constant(np.array(negative_zero, dtype))).numpy()[0]  # the rhs from a numpy array
show = lambda v: repr(complex(v)) if dtype == "complex64" else repr(float(v))
print(show(got), show(control))
"""


def run(dtype, warm):
    done = subprocess.run([sys.executable, "-c", CHILD, dtype, "warm" if warm else "fresh"], capture_output=True, text=True)
    if done.returncode != 0:
        print((done.stderr.strip().splitlines() or ["?"])[-1])
        sys.exit(2)
    return done.stdout.split()


wrong = False
for dtype, negative_zero, expected in (("float32", "-0.0", "-0.0"), ("complex64", "complex(-0.0, 0.0)", "(-0+0j)")):
    fresh, _ = run(dtype, False)
    after, control = run(dtype, True)
    print(f"{dtype}: tf.math.add(x = [{negative_zero}], {negative_zero}) in a fresh process: {fresh};"
          f" after a tf.math.add(x, {'0j' if dtype == 'complex64' else '0.0'}): {after};"
          f" the rhs -0.0 from a numpy array instead: {control} (IEEE-754: {expected})")
    wrong |= after != expected
sys.exit(1 if wrong else 0)
