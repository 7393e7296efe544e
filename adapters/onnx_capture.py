"""The one-node ONNX model and the feeds an ONNX target (``onnxruntime``, ``onnx_reference``,
``openvino``, ``tvm``) would run on a case, captured without running it: each such target's repro snippet
(``repro(backend, fn)``) writes them out as a standalone script.

The target's runner is ``capturable``: asked by the snippet, it hands over the model and feeds instead
of running them, so the script's model is exactly the one the target builds (op, opset, attributes,
input types)."""
from __future__ import annotations

import threading

import numpy as np

from conformance.adapters.repro_code import Code, literal, scatter_arrays
from conformance.core.opspec import NoRepro

# How each backend runs the script's ``model`` on ``FEEDS``: (imports, setup lines, call expression).
RUNS = {
    "onnxruntime": (["import onnxruntime"], [],
                    "onnxruntime.InferenceSession(model.SerializeToString(), providers=['CPUExecutionProvider'])"
                    ".run(None, FEEDS)[0]"),
    # the onnxruntime_openvino backend's session (the OpenVINO EP on its CPU device: adapters/onnxruntime_openvino.py)
    "onnxruntime_openvino": (["import onnxruntime", "import onnxruntime_ep_openvino"], "SESSION_LINES", "session.run(None, FEEDS)[0]"),
    "onnx_reference": (["from onnx.reference import ReferenceEvaluator"], [], "ReferenceEvaluator(model).run(None, FEEDS)[0]"),
    "openvino": (["import openvino"],
                 ["core = openvino.Core()", "ov_model = core.read_model(model.SerializeToString(), b'')",
                  "ov_model.reshape({k: openvino.PartialShape(v) for k, v in SHAPES.items()})",  # (``SHAPES``, ``CONFIG`` lines first)
                  "compiled = core.compile_model(ov_model, 'CPU', CONFIG)"],
                 "next(iter(compiled(FEEDS).values()))"),
    # the tvm backend's compile (adapters/tvm_compile.py): the Relax ONNX frontend, built for llvm, the Relax VM
    "tvm": (["import tvm", "from tvm import relax", "from tvm.relax.frontend.onnx import from_onnx"],
            ["mod = from_onnx(model, shape_dict={k: list(v.shape) for k, v in FEEDS.items()}, "
             "dtype_dict={k: v.dtype.name for k, v in FEEDS.items()})",
             "vm = relax.VirtualMachine(tvm.compile(mod, target='llvm'), tvm.cpu())"],
            "vm['main'](*[tvm.runtime.tensor(v) for v in FEEDS.values()]).numpy()"),
}


class _Captured(Exception):
    pass


_STATE = threading.local()  # .capturing: a repro snippet is asking for the model, not for a result


def capturable(run_model):
    """``run_model`` (model, feeds) -> output, which instead hands the model and feeds to the repro
    snippet that is asking for them (``repro``)."""
    def run(model, feeds):
        if getattr(_STATE, "capturing", False):
            raise _Captured(model, feeds)
        return run_model(model, feeds)
    return run


def one_node_model(fn, kw: dict) -> tuple[object, dict[str, np.ndarray]] | None:
    """(model, feeds) that ONNX target function ``fn`` (whose runner is ``capturable``) runs on a case's
    keyword arguments ``kw``; None when it runs no model."""
    _STATE.capturing = True
    try:
        fn(**kw)
    except _Captured as c:
        return c.args
    finally:
        _STATE.capturing = False
    return None


def node_summary(model) -> tuple[str, int, dict]:
    """(op type, opset, attributes as Python values) of a one-node model."""
    from onnx import helper

    node = model.graph.node[0]
    attrs = {a.name: helper.get_attribute_value(a) for a in node.attribute}
    attrs = {k: v.decode() if isinstance(v, bytes) else v for k, v in attrs.items()}
    return node.op_type, model.opset_import[0].version, attrs


def repro(backend: str, fn):
    """The repro snippet of ``backend``'s ONNX target function ``fn``: the one-node model it runs,
    rebuilt with ``onnx.helper`` and run the way ``backend`` runs it."""
    def code(kw, case) -> Code:
        if "inputs" in kw:
            scatter_arrays(kw)  # one input only
        captured = one_node_model(fn, kw)
        if captured is None:
            raise NoRepro(f"conformance repro: {fn.__name__} of {backend} runs no one-node model on this case")
        model, feeds = captured
        op_type, opset, attrs = node_summary(model)
        setup = ["FEEDS = {" + ", ".join(f"{k!r}: {literal(v)}" for k, v in feeds.items()) + "}",
                 "inputs = [helper.make_tensor_value_info(k, helper.np_dtype_to_tensor_dtype(v.dtype), [None] * v.ndim)"
                 " for k, v in FEEDS.items()]",
                 f"node = helper.make_node({op_type!r}, list(FEEDS), ['out']"
                 + "".join(f", {k}={v!r}" for k, v in sorted(attrs.items())) + ")",
                 "out = helper.make_tensor_value_info('out', inputs[0].type.tensor_type.elem_type, None)",
                 f"model = helper.make_model(helper.make_graph([node], 'repro', inputs, [out]), "
                 f"opset_imports=[helper.make_opsetid('', {opset})], ir_version=8)"]
        imports, run_setup, call = RUNS[backend]
        if backend == "openvino":  # the dims it compiles with: the shapes, or (dynamic shapes) -1 for most
            from conformance.adapters.openvino_compile import compile_config, dims

            note = "  # dynamic dims: one executable for every shape of these ranks" if case.dynamic else ""
            threads = "  # on the case's thread count" if case.threads else ""
            setup += [f"SHAPES = {dims(op_type, feeds, case.dynamic)!r}{note}",
                      f"CONFIG = {compile_config(case.threads or None)!r}{threads}"]
        if backend == "onnxruntime" and case.threads:  # a session on the case's thread count
            from conformance.adapters.ort_session import threads_lines

            run_setup, call = threads_lines(case.threads), "session.run(None, FEEDS)[0]"
        if run_setup == "SESSION_LINES":  # (kept in ort_session, beside the CPU EP's line)
            from conformance.adapters.ort_session import PIN_LINES, SESSION_LINES

            run_setup = [*PIN_LINES, *SESSION_LINES]
        return ["from onnx import helper", *imports], setup + run_setup, call
    return code
