"""Source pieces of a standalone repro script (``conformance repro``), for the targets' own ``repro=``
snippets. A snippet returns ``Code``: (imports, setup lines, call expression); the script defines
``arr(base64, dtype, shape)`` and imports numpy as ``np``. Nothing here imports a backend.
"""
from __future__ import annotations

import base64

import numpy as np

from conformance.core.opspec import NoRepro

Code = tuple[list[str], list[str], str]  # (imports, setup lines, call expression)
TORCH = "torch.from_numpy({}.copy())"  # a numpy literal as a fresh torch tensor
TORCH_INT64 = TORCH + ".to(torch.int64)"
JAX = ["import jax", "import jax.numpy as jnp", "from jax import lax", 'jax.config.update("jax_enable_x64", True)']
JNP = "jnp.asarray({})"


def literal(a: np.ndarray) -> str:
    """An array as source: ``arr(base64 of its little-endian bytes, dtype, shape)`` (bfloat16 as its bits)."""
    a = np.array(a, order="C")
    raw = a.view(np.uint16) if a.dtype.name == "bfloat16" else a
    data = base64.b64encode(raw.astype(raw.dtype.newbyteorder("<")).tobytes()).decode()
    return f'arr("{data}", "{a.dtype.name}", {list(a.shape)})'


def index_tuple(entries: list, wrap="{}") -> str:
    """``x[...]``'s index as source: each array entry as a literal put into ``wrap`` (a format string,
    or a function of the entry giving one), every other axis a full slice."""
    fmt = wrap if callable(wrap) else (lambda e: wrap)
    return "(" + "".join(("slice(None)" if e is None else fmt(e).format(literal(np.asarray(e)))) + ", "
                         for e in entries) + ")"


def scatter_arrays(kw: dict) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(inputs, scatter_indices, updates) of a one-input scatter case; NoRepro for a variadic one."""
    if isinstance(kw["inputs"], (list, tuple)):
        raise NoRepro("conformance repro: this target takes one input; the case has several")
    return kw["inputs"], kw["scatter_indices"], kw["updates"]


def torch_ready(kw: dict) -> list[str]:
    """The imports of a torch script; NoRepro where an array is bfloat16 (``torch.from_numpy`` refuses it)."""
    if any(isinstance(v, np.ndarray) and v.dtype.name == "bfloat16" for v in kw.values()):
        raise NoRepro("conformance repro: torch cannot take a bfloat16 numpy array; no script for this case yet")
    return ["import torch"]


def pjrt_code(text: str, arrays: list, overrides=(), why: str = "") -> Code:
    """A script that compiles StableHLO ``text`` with jaxlib's PJRT CPU client and runs it on ``arrays``;
    ``overrides``: XLA debug options the compile sets ((name, value) pairs: ``CompileOptions.env_option_overrides``,
    as ``jax.jit(...).lower(...).compile(compiler_options=...)`` sets them), ``why`` said beside them."""
    args = ", ".join(literal(a) for a in arrays)
    imports = ["import jax", "from jax.extend import backend as jax_backend", "from jaxlib.xla_client import DeviceList",
               'jax.config.update("jax_enable_x64", True)']
    compile_line = "executable = client.compile_and_load(TEXT, DeviceList((device,)))"
    setup = []
    if overrides:
        imports.insert(3, "from jaxlib.xla_client import CompileOptions")
        setup = ["options = CompileOptions()",
                 f"options.env_option_overrides = {list(overrides)!r}" + (f"  # {why}" if why else "")]
        compile_line = "executable = client.compile_and_load(TEXT, DeviceList((device,)), options)"
    return (imports,
            [f"TEXT = {text!r}", 'client = jax_backend.get_backend("cpu")', "device = client.local_devices()[0]",
             *setup, compile_line],
            f"np.asarray(executable.execute([jax.device_put(a, device) for a in [{args}]])[0])")


def iree_code(text: str, arrays: list, flags: list[str]) -> Code:
    """A script that compiles StableHLO ``text`` with IREE for llvm-cpu (``flags``) and runs ``@main``
    on ``arrays`` with the local-task driver; NoRepro where an array is bfloat16 or complex (the
    target passes those through proxies)."""
    if any(np.asarray(a).dtype.name == "bfloat16" or np.asarray(a).dtype.kind == "c" for a in arrays):
        raise NoRepro("conformance repro: no IREE script for bfloat16 or complex arrays yet")
    args = ", ".join(literal(a) for a in arrays)
    return (["import iree.compiler", "import iree.runtime"],
            [f"TEXT = {text!r}",
             f"vmfb = iree.compiler.compile_str('module {{\\n' + TEXT + '\\n}}', target_backends=['llvm-cpu'], "
             f"input_type='stablehlo', extra_args={flags!r})",
             "context = iree.runtime.SystemContext(config=iree.runtime.Config('local-task'))",
             "context.add_vm_module(iree.runtime.VmModule.copy_buffer(context.instance, vmfb))",
             f"out = context.modules.module['main']({args})"],
            "(out[0] if isinstance(out, (list, tuple)) else out).to_host()")


_STABLEHLO_IMPORTS = ["from jax.interpreters import mlir as jax_mlir", "from jaxlib.mlir import ir"]


def verifier_code(text: str) -> Code:
    """A script that parses StableHLO ``text`` and runs the StableHLO verifier on it (jaxlib's MLIR
    bindings): observed is True where the module is accepted."""
    return (_STABLEHLO_IMPORTS,
            [f"TEXT = {text!r}", "def verify():",
             "    with jax_mlir.make_ir_context():",
             "        ir.Module.parse(TEXT).operation.verify()  # raises with the parser's or the verifier's message",
             "    return np.asarray(True)  # accepted"],
            "verify()")


def interpreter_code(text: str, arrays: list) -> Code:
    """A script that runs ``@main`` of StableHLO ``text`` on ``arrays`` with the StableHLO reference
    interpreter (``stablehlo.eval_module`` of jaxlib's bindings); its first result. NoRepro where an
    array or the result is bfloat16 or complex (the target passes those through proxies)."""
    from conformance.adapters.stablehlo_text import tensor_type

    if "bf16" in text or "complex<" in text:
        raise NoRepro("conformance repro: no interpreter script for bfloat16 or complex arrays yet")
    types = [tensor_type(np.shape(a), np.asarray(a).dtype.name) for a in arrays]
    args = ", ".join(literal(a) for a in arrays)
    return (_STABLEHLO_IMPORTS + ["from jaxlib.mlir.dialects import stablehlo"],
            [f"TEXT = {text!r}", f"TYPES = {types!r}",
             "def dense(a, mlir_type):  # the bytes as a hex literal: NaN payloads, -0.0 and subnormals stay exact",
             "    if a.dtype == np.bool_:",
             "        return ir.DenseElementsAttr.get(np.array(a, order='C'))",
             "    raw = np.array(a, order='C').astype(a.dtype.newbyteorder('<')).tobytes().hex().upper()",
             "    return ir.Attribute.parse(f'dense<\"0x{raw}\"> : {mlir_type}' if raw else f'dense<> : {mlir_type}')",
             "def interpret(*arrays):  # (the interpreter aborts the process on an op it does not support)",
             "    with jax_mlir.make_ir_context():",
             "        results = stablehlo.eval_module(ir.Module.parse(TEXT), [dense(a, t) for a, t in zip(arrays, TYPES)])",
             "        return np.array(ir.DenseElementsAttr(results[0]))"],
            f"interpret({args})")
