"""``conformance new-backend NAME [--out PATH]``: a module of targets for a framework the suite has no adapter
for, one target per API style of ``conformance.styles``, each calling numpy as a stand-in the user replaces
with the framework's call, and an empty deviations file beside it (docs/new-backend.md walks through it).
It refuses to overwrite a file (one line, exit 4)."""
from __future__ import annotations

import importlib.util
import keyword
import sys
from pathlib import Path

USAGE_ERROR = 4  # as pytest's usage errors: the command was given something it cannot do

HEAD = '''"""Targets of {name} for tensor-index-conformance: one per API style, written by `conformance new-backend`.

numpy stands in for your framework in every target: replace each call marked `# <- your API` with your
framework's, and return its result as a numpy array (np.asarray(result), result.numpy(), ...). A target
translates and calls; it never decides what is right. Run it from this folder:

    PYTHONPATH=. pytest -p conformance.plugin --pyargs conformance -n auto --backend={module}

A failure names a divergence from the spec, the case and a `conformance check` line: fix the target where it
translated wrongly; declare your framework's documented behaviour in {module}.toml. Walk-through and the
arguments of each style: docs/new-backend.md and `help(conformance.styles)`.
"""
from pathlib import Path

import numpy as np

from conformance import styles
from conformance.registry import target

BACKEND = "{name}"  # the prefix of the target names
PACKAGE = "numpy"  # your framework's distribution name: its release is recorded, `versions =` reads it
COMPILES = False  # True if the first call of a shape compiles (it then gets compile grace)
DEVIATIONS_FILE = str(Path(__file__).with_suffix(".toml"))
# While numpy stands in, the index targets take in-bounds indices only: delete IN_BOUNDS from a target's
# region once it calls your framework (what it does out of bounds is what the suite is for).
IN_BOUNDS = {{"oob_share": 0.0}}
'''

# (comment, op, target suffix, style, region extras (source), body lines; ``a`` holds the style's arguments)
TARGETS = (
    ("take / index_select: one indexed axis", "stablehlo.gather", "take", "take", "**IN_BOUNDS",
     ["return np.take(a.operand, a.indices, axis=a.axis)  # <- your API"]),
    ("take_along_axis / torch.gather: indices of the operand's rank", "stablehlo.gather", "take_along_axis",
     "take_along_axis", "**IN_BOUNDS", ["return np.take_along_axis(a.operand, a.indices, axis=a.axis)  # <- your API"]),
    ("advanced indexing x[i0, :, i2]: a.index holds an index array per indexed axis", "stablehlo.gather",
     "advanced_index", "advanced_index", "**IN_BOUNDS", ["return a.operand[a.index]  # <- your API"]),
    ("gather_nd(operand, indices, batch_dims): indices[..., k] address the dims after the batch dims",
     "stablehlo.gather", "gather_nd", "gather_nd", "**IN_BOUNDS",
     ["return a.operand[a.index]  # <- your API: mylib.gather_nd(a.operand, a.indices, batch_dims=a.batch_dims)"]),
    ("index_add(input, axis, indices, updates): one indexed axis, 1-D indices", "stablehlo.scatter", "index_add",
     "index_add", 'computations=("add",), **IN_BOUNDS',
     ["out = a.input.copy()  # the spec's result is a new array: never write into an input",
      "np.add.at(out, a.index, a.updates)  # <- your API: mylib.index_add(a.input, a.axis, a.indices, a.updates)",
      "return out"]),
    ("put_along_axis / torch.scatter", "stablehlo.scatter", "put_along_axis", "put_along_axis",
     'computations=("replace",), **IN_BOUNDS',
     ["out = a.input.copy()", "np.put_along_axis(out, a.indices, a.updates, axis=a.axis)  # <- your API",
      "return out"]),
    ("index_put / x[index] = v (an index_put of the leading dims only: indexed_prefix=True)", "stablehlo.scatter",
     "index_put", "index_put", 'computations=("replace",), **IN_BOUNDS',
     ["out = a.input.copy()", "out[a.index] = a.updates  # <- your API: mylib.index_put(a.input, a.indices, a.updates)",
      "return out"]),
    ("scatter_nd(input, indices, updates): indices[..., k] address the k leading dims", "stablehlo.scatter",
     "scatter_nd_add", "scatter_nd", 'computations=("add",), **IN_BOUNDS',
     ["out = a.input.copy()",
      "np.add.at(out, a.index, a.updates)  # <- your API: mylib.scatter_nd_add(a.input, a.indices, a.updates)",
      "return out"]),
    ("slice / narrow: x[s:s+k] (an API that clamps starts as the spec does: drop the region)",
     "stablehlo.dynamic_slice", "dynamic_slice", "dynamic_slice", "", ["return a.operand[a.window]  # <- your API"]),
    ("slice_scatter / x[s:s+k] = u", "stablehlo.dynamic_update_slice", "dynamic_update_slice", "dynamic_update_slice", "",
     ["out = a.operand.copy()", "out[a.window] = a.update  # <- your API", "return out"]),
    ("an elementwise op with its scalar forms: tensors, rank-0 tensors, a Python-number rhs; dtypes: the "
     "element types your API takes", "stablehlo.add", "add", "elementwise",
     'dtypes=("int32", "int64", "float32", "float64")',
     ["return np.asarray(np.add(*a.operands))  # <- your API (a rank-0 result must stay a rank-0 array)"]),
)

TOML = '''# Declared deviations of {module}.py: your framework's documented behaviour that differs from the spec.
# An entry excuses one class on the targets it names; `when` and `model` narrow it (docs/new-backend.md):
#
# [[deviation]]
# target = ["{name}:take_along_axis"]      # one name or a list
# class = "error"                          # one class or a list
# when = "negative-start"                  # optional: the cases it covers
# reason = "an index outside [0, n) raises (documented)"
# link = "https://..."
'''


def module_text(name: str, module: str) -> str:
    """The skeleton module ``module`` whose targets are named ``name:<api>``."""
    parts = [HEAD.format(name=name, module=module)]
    for comment, op, suffix, style, extra, body in TARGETS:
        region = f'styles.region("{style}"{", " + extra if extra else ""})'
        parts.append(f'\n\n# {comment}\n@target("{op}", f"{{BACKEND}}:{suffix}", region={region})\n'
                     f"def {suffix}(**case):\n    a = styles.{style}(case)\n" + "".join(f"    {line}\n" for line in body))
    return "".join(parts)


def _paths(name: str, out: str | None) -> tuple[Path, Path]:
    path = Path(out) if out else Path(f"{name}.py")
    if out and (path.is_dir() or out.endswith(("/", "\\"))):
        path = path / f"{name}.py"
    return path, path.with_suffix(".toml")


def _refusal(name: str, module: Path, toml: Path) -> str:
    """Why ``new-backend`` cannot write these files ('' when it can)."""
    if not name.isidentifier() or keyword.iskeyword(name):
        return f"NAME: expected a Python module name (letters, digits, _), got {name!r}"
    if module.suffix != ".py" or not module.stem.isidentifier():
        return f"--out: expected a path ending in a module name and .py, got {str(module)!r}"
    for path in (module, toml):
        if path.exists():
            return f"{path} exists: expected a new file (the command never overwrites one)"
    if importlib.util.find_spec(module.stem) is not None:
        return f"NAME: expected a module name no installed package has, got {module.stem!r} (it would shadow it)"
    return ""


def add_parser(sub) -> None:
    """Register ``new-backend`` on the ``conformance`` command's subparsers."""
    p = sub.add_parser("new-backend", help="write a module of targets for a new framework (one per API style, numpy "
                                           "standing in) and an empty deviations file beside it")
    p.add_argument("name", metavar="NAME", help="the module's name: NAME.py and NAME.toml")
    p.add_argument("--out", metavar="PATH", help="the module's path (default ./NAME.py; a folder: NAME.py in it)")


def run(args) -> int:
    """``conformance new-backend``: write the module and its deviations file; one line and exit 4 instead."""
    module, toml = _paths(args.name, args.out)
    refusal = _refusal(args.name, module, toml)
    if refusal:
        print(f"conformance new-backend: {refusal}", file=sys.stderr)
        return USAGE_ERROR
    module.parent.mkdir(parents=True, exist_ok=True)
    module.write_text(module_text(args.name, module.stem))
    toml.write_text(TOML.format(name=args.name, module=module.stem))
    folder = module.parent.resolve()
    print(f"wrote {module} and {toml}; run it from {folder}:\n"
          f"  PYTHONPATH=. pytest -p conformance.plugin --pyargs conformance -n auto --backend={module.stem}")
    return 0
