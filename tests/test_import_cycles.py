"""No import cycles in the library: the graph of every import statement (at module level and inside
functions alike) between the suite's modules has no cycle. Spec-op records name their parts as
strings (``conformance.core.opspec``), which is how the generic modules reach op modules without one."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUBPACKAGES = ("strategies", "oracles", "adapters", "reports")  # folders of the card, subpackages of conformance
MOVED = ("adapters", "oracles", "strategies", "reports")


def _modules() -> dict[str, Path]:
    """Every library module by its import name (``conformance.adapters.torch`` for adapters/torch.py)."""
    out = {}
    for folder in ("conformance", *SUBPACKAGES):
        for path in (ROOT / folder).rglob("*.py"):
            if any(p.is_symlink() for p in path.relative_to(ROOT).parents if p != Path(".")) and folder == "conformance":
                continue  # conformance/<subpackage> links to the card's folder, walked as itself
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts if folder == "conformance" else ["conformance", *parts])] = path
    return out


def _all_imports(path: Path) -> set[str]:
    """Every module name an import statement of ``path`` names (absolute imports only)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level:
            out.add(node.module or "")
    return out


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The library modules ``name`` imports (``from pkg import mod`` counts as importing ``pkg.mod``)."""
    found = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            found |= {f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names}
    return {m for m in found if m in modules and m != name}


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of ``graph`` as a list of modules, or [] (depth-first search, colours)."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        state[node] = 2
        stack.pop()
        return []

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return []


def test_the_library_has_no_import_cycle():
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    assert len(graph) > 50 and sum(map(len, graph.values())) > 100  # the graph is really the library's
    cycle = _cycle(graph)
    assert not cycle, "import cycle: " + " -> ".join(cycle)


def test_the_library_imports_itself_only_through_its_one_namespace():
    """In a checkout the card's folders are importable by their bare names too; an import by a bare name
    would load a second copy of a module (two registries, two caches) and fail once installed."""
    bare = {f"{path.relative_to(ROOT)}: {name}" for path in [*_modules().values(), *(ROOT / "tests").glob("*.py"),
                                                        *(ROOT / "benchmarks").glob("*.py")]
            for name in _all_imports(path) if name.partition(".")[0] in MOVED}
    assert not bare, sorted(bare)


def test_the_case_model_sits_below_the_strategies():
    """Every strategy builds a ``Case``: the module holding it imports only two leaves, the oracles' dtype
    table and the layout geometry (each imports no module of the library), never the pytest side above it
    (the package ``conformance`` itself imports nothing)."""
    modules = _modules()
    leaves = {"conformance.oracles.dtypes", "conformance.core.layouts"}
    assert _imports("conformance.core.case", modules["conformance.core.case"], modules) == leaves
    for leaf in leaves:
        assert not _imports(leaf, modules[leaf], modules), leaf
    assert not _all_imports(ROOT / "conformance" / "__init__.py")


def test_the_check_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_every_onnx_model_an_adapter_builds_pins_its_ir_version():
    """A model without ``ir_version`` takes the installed onnx's newest, which an older onnxruntime
    refuses: a false ``rejects-valid`` on exactly the releases a bisect runs (seen: onnxruntime 1.24.1
    beside a current onnx refused the dynamic_slice model)."""
    unpinned = []
    for name, path in _modules().items():
        if not name.startswith("conformance.adapters."):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "make_model" \
                    and not any(k.arg == "ir_version" for k in node.keywords):
                unpinned.append(f"{path.name}:{node.lineno}")
    assert not unpinned, unpinned
