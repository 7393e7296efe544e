"""OpenVINO (CPU plugin): GatherElements compiled for one thread (INFERENCE_NUM_THREADS 1) loses the error of an
index outside [-dim, dim). On the default threads the same call raises ('indices values of GatherElement
exceed data size'); on one thread it returns: the result holds the gather up to the first such index and, from
it on, whatever the output buffer held. The compiled model is left broken: a valid call on a second infer
request returns values that are not the gather, and a second out-of-range call on a new request kills the
process ('pure virtual method called', SIGABRT). ONNX GatherElements calls an out-of-range index an error;
an error that depends on the thread count, and a process that dies after it, are not that. Exits 1 while the
one-thread call raises nothing or the child dies; 0 once one thread raises as the default threads do; 2 if it
cannot run.

Triage (2026-11-29; the same record is a row of docs/findings/README.md):
Relation: new
Owner and stage: openvinotoolkit/openvino: CPU plugin, GatherElements node run on a one-thread executor (the
    node's range error is lost and the request's state left broken); located by experiment: the same model
    raises on its default threads and on INFERENCE_NUM_THREADS 2 (a one-element call too: not the work size),
    and returns on 1; another model compiled in the same process afterwards runs right, the one that met the
    bad index does not
Governing text: ONNX GatherElements-13 (https://github.com/onnx/onnx/blob/v1.16.0/docs/Operators.md#GatherElements,
    v1.16.0): index values are expected within [-s, s-1]; 'It is an error if any of the index values are out
    of bounds'
Upstream search: issues corpus (GitHub issues and PRs), 2026-11-29: 'openvino GatherElements out of range index
    single thread no exception'; 'openvino INFERENCE_NUM_THREADS 1 exception swallowed inference stops pure
    virtual method called'. Matched: nothing on a thread-count-dependent error or on a broken compiled model;
    openvino#35687 and PR #35756 (Gather fills zeros, documented), PR #38297 (open, GatherND/ScatterUpdate
    bounds), onnxruntime#25251 (out-of-range policy across EPs)
"""
import subprocess
import sys

try:
    import numpy as np
    import onnx
    import openvino as ov
except ImportError as e:
    print(f"cannot run: {e}")
    sys.exit(2)

print(f"openvino {ov.__version__}, onnx {onnx.__version__}, numpy {np.__version__}, Python {sys.version.split()[0]}, "
      f"{sys.platform}", flush=True)

CHILD = r'''
import sys
import numpy as np
import openvino as ov
from onnx import TensorProto, helper

steps, threads = sys.argv[1], int(sys.argv[2])
graph = helper.make_graph(
    [helper.make_node("GatherElements", ["data", "indices"], ["y"], axis=0)], "g",
    [helper.make_tensor_value_info("data", TensorProto.FLOAT, [8]),
     helper.make_tensor_value_info("indices", TensorProto.INT64, [8])],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, [8])])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], ir_version=8)
core = ov.Core()
config = {"INFERENCE_PRECISION_HINT": "f32"}
if threads:
    config["INFERENCE_NUM_THREADS"] = threads
compiled = core.compile_model(core.read_model(model.SerializeToString(), b""), "CPU", config)
data = np.arange(1, 9, dtype=np.float32)
calls = {"bad": np.array([0, 1, 2, 7, 8, 3, 4, 5], np.int64), "good": np.array([0, 1, 2, 7, 6, 3, 4, 5], np.int64)}
requests = []
for step in steps.split(","):
    kind, new = step.rstrip("+"), step.endswith("+")
    if new or not requests:
        requests.append(compiled.create_infer_request())
        if len(requests) > 2:
            requests.pop(0)  # the oldest request is released
    try:
        requests[-1].infer([data, calls[kind]])
        print(f"{kind} call: returned {requests[-1].get_output_tensor(0).data.tolist()}", flush=True)
    except RuntimeError as e:
        print(f"{kind} call: raised: {[l for l in str(e).splitlines() if 'exceed' in l][:1] or str(e).splitlines()[:1]}",
              flush=True)
'''


def child(steps, threads):
    done = subprocess.run([sys.executable, "-c", CHILD, steps, str(threads)], capture_output=True, text=True,
                          timeout=300)
    if done.returncode not in (0,) and done.returncode > 0:
        print(done.stdout, done.stderr[-2000:])
        print(f"could not run: the child exited {done.returncode} without a signal")
        sys.exit(2)
    return done.returncode, done.stdout.strip(), done.stderr.strip().splitlines()[-2:]


print("data = [1, ..., 8]; indices [0, 1, 2, 7, 8, 3, 4, 5] (8 is out of range: ONNX calls it an error); "
      "a valid call's indices [0, 1, 2, 7, 6, 3, 4, 5] give [1, 2, 3, 8, 7, 4, 5, 6]")
_, out, _ = child("bad", 0)
print(f"default threads: {out}")
default_raises = "raised" in out
_, out, _ = child("bad", 1)
print(f"INFERENCE_NUM_THREADS 1: {out}")
lost = "returned" in out
_, out, _ = child("bad,good+", 1)
print(f"INFERENCE_NUM_THREADS 1, then a valid call on a second request:\n  " + out.replace("\n", "\n  "))
code, out, tail = child("bad,bad+,bad+", 1)
died = code < 0
print(f"INFERENCE_NUM_THREADS 1, an out-of-range call on three requests in turn: child exit code {code}"
      f"{' (killed by signal %d)' % -code if died else ''}; stdout {out!r}; stderr tail {tail}")
if not default_raises:
    print("could not run: the default threads did not refuse the out-of-range index (nothing to compare)")
    sys.exit(2)
print("one thread: the error is lost" if lost else "one thread raises as the default threads do",
      "and the process dies after it" if died else "")
sys.exit(1 if lost or died else 0)
