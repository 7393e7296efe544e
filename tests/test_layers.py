"""The folders of ``conformance`` are layers, and imports go one way (docs/architecture.md): every import
statement of a module (at module level or inside a function) names only its own layer or a lower one.
Each subpackage's docstring says what it owns and what it may import; this test holds the code to it."""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# lowest first; a module may import its own layer and the ones before it
LAYERS = ("oracles", "core", "strategies", "judging", "running", "specs", "adapters", "reports", "interfaces")
PUBLIC = {"registry": "running", "outcome": "core", "layouts": "core", "case": "core", "opspec": "core",
          "plugin": "interfaces", "cli": "interfaces", "styles": "adapters"}  # the top-level names kept for users
FOLDERS = {"oracles": ROOT / "oracles", "strategies": ROOT / "strategies", "adapters": ROOT / "adapters",
           "reports": ROOT / "reports", **{k: ROOT / "conformance" / k for k in ("core", "judging", "running",
                                                                                 "specs", "interfaces")}}


def _layer_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "conformance" or len(parts) < 2:
        return None
    return PUBLIC.get(parts[1], parts[1] if parts[1] in LAYERS else None)


def _imports(path: Path):
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            yield from ((a.name, node.lineno) for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            if node.module == "conformance":
                yield from ((f"conformance.{a.name}", node.lineno) for a in node.names)
            else:
                yield node.module, node.lineno


def _modules():
    for layer, folder in FOLDERS.items():
        for path in sorted(folder.rglob("*.py")):
            yield layer, path


def test_every_import_goes_down_the_layers():
    upward = []
    for layer, path in _modules():
        for name, line in _imports(path):
            other = _layer_of(name)
            if other is not None and LAYERS.index(other) > LAYERS.index(layer):
                upward.append(f"{path.relative_to(ROOT)}:{line} ({layer}) imports {name} ({other})")
    assert not upward, "\n".join(upward)


def test_the_top_level_holds_only_the_public_names():
    top = sorted(p.stem for p in (ROOT / "conformance").glob("*.py"))
    assert len(top) <= 10 and set(top) == {"__init__", *PUBLIC}, top


@pytest.mark.parametrize("layer", ["core", "judging", "running", "interfaces"])
def test_each_layer_says_what_it_owns_and_may_import(layer):
    doc = ast.get_docstring(ast.parse((FOLDERS[layer] / "__init__.py").read_text())) or ""
    assert len(doc.splitlines()) == 2 and "import" in doc.splitlines()[1].lower()


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_the_public_names_are_their_homes(name):
    import importlib

    assert importlib.import_module(f"conformance.{name}") is importlib.import_module(
        f"conformance.{PUBLIC[name]}.{name}")
