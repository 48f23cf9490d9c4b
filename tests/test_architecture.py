"""The layout's rules, read from the source with `ast` (docs/architecture.md): no import
cycles, each layer imports only what lies beneath it, no rule option is read by name outside
`variants/`, and no module grows past 500 lines."""
from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tavla_docs"
MAX_LINES = 500


def _modules() -> dict[str, tuple[Path, bool]]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        out[".".join(parts)] = (path, is_package)
    return out


MODULES = _modules()


def _imports(name: str) -> Iterator[tuple[str, int]]:
    """(imported module, line) for every import in module `name`, relative ones resolved.
    `from pkg import sub` counts as importing `pkg.sub` when that is a module, else `pkg`."""
    path, is_package = MODULES[name]
    package = name.split(".") if is_package else name.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            subs = [f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in MODULES]
            if subs:
                yield from ((s, node.lineno) for s in subs)
                if len(subs) < len(node.names):
                    yield target, node.lineno
            else:
                yield target, node.lineno


GRAPH = {name: {t for t, _ in _imports(name) if t in MODULES and t != name} for name in MODULES}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_imports():
    # guards the reader itself: a broken walker would find no cycles anywhere
    assert "tavla_docs.engine.board" in GRAPH["tavla_docs.engine.movegen"]
    assert "tavla_docs.engine.rules" in GRAPH["tavla_docs.variants.registry"]


def test_the_cycle_finder_finds_cycles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert _cycles(graph) == [["a", "b", "c"]]


def test_no_import_cycles():
    assert _cycles(GRAPH) == []


def _layer_imports(layer: str) -> Iterator[tuple[str, str, int]]:
    for name in MODULES:
        if name == f"tavla_docs.{layer}" or name.startswith(f"tavla_docs.{layer}."):
            for target, line in _imports(name):
                yield name, target, line


@pytest.mark.parametrize(("layer", "forbidden"), [
    ("engine", ("scenario", "diagram", "render", "site", "cli", "variants", "formats", "analysis")),
    ("variants", ("scenario", "diagram", "render", "site", "cli", "formats", "analysis")),
    ("formats", ("scenario", "diagram", "render", "site", "cli")),
    ("analysis", ("scenario", "diagram", "render", "site", "cli")),
    ("diagram", ("scenario", "render", "site", "cli")),
    ("scenario", ("render", "site", "cli")),
    ("render", ("scenario", "site", "cli", "engine.movegen", "engine.state", "engine.written", "variants",
                "analysis", "formats")),
    ("site", ("cli",)),
])
def test_layers_import_only_what_lies_beneath(layer, forbidden):
    bad = [f"{m}:{line} imports {t}" for m, t, line in _layer_imports(layer)
           if any(t == f"tavla_docs.{f}" or t.startswith(f"tavla_docs.{f}.") for f in forbidden)]
    assert bad == []


def test_the_engine_imports_no_document_libraries():
    libraries = ("yaml", "svgwrite", "jinja2", "markdown", "mkdocs", "babel")
    bad = [f"{m}:{line} imports {t}" for m, t, line in _layer_imports("engine")
           if t.split(".")[0] in libraries]
    assert bad == []


def _option_reads(path: Path) -> Iterator[int]:
    """Lines that read a rule option by name: `x.options[...]`, `x.options.get(...)`, `x.option(...)`."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) \
                and node.value.attr == "options" and isinstance(node.slice, ast.Constant):
            yield node.lineno
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            f = node.func
            if f.attr == "option" and node.args and isinstance(node.args[0], ast.Constant):
                yield node.lineno
            if f.attr == "get" and isinstance(f.value, ast.Attribute) and f.value.attr == "options" \
                    and node.args and isinstance(node.args[0], ast.Constant):
                yield node.lineno


def test_option_reader_finds_reads(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('rules.options.get("crawford")\nrules.option("cube_max")\nrs.options["x"]\nrs.options.items()\n')
    assert list(sorted(_option_reads(sample))) == [1, 2, 3]


def test_no_rule_option_is_read_by_name_outside_variants():
    bad = [f"{name}:{line}" for name, (path, _) in MODULES.items()
           if not name.startswith("tavla_docs.variants") for line in _option_reads(path)]
    assert bad == []


def test_no_module_is_longer_than_500_lines():
    long = {name: n for name, (path, _) in MODULES.items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}
