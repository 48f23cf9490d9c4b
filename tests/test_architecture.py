"""The layout's rules, read from the source with `ast` (docs/architecture.md): no import
cycles, each layer imports only what lies beneath it, no rule option is read by name outside
`variants/`, and no module grows past 500 lines."""
from __future__ import annotations

import ast
import re
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
    ("engine", ("scenario", "diagram", "render", "site", "cli", "variants", "formats", "analysis", "languages")),
    ("languages", ("engine", "variants", "analysis", "scenario", "diagram", "render", "site", "cli")),
    ("variants", ("scenario", "diagram", "render", "site", "cli", "formats", "analysis")),
    ("formats", ("scenario", "diagram", "render", "site", "cli")),
    ("analysis", ("scenario", "diagram", "render", "site", "cli")),
    ("diagram", ("scenario", "render", "site", "cli")),
    ("scenario", ("render", "site", "cli")),
    ("render", ("scenario", "site", "cli", "engine.movegen", "engine.walk", "engine.fast", "engine.state", "engine.written",
                "variants", "analysis", "formats")),
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


# ---- the reference and the speed layers (docs/architecture.md) --------------------------------

#: The speed rooms: packages whose modules compute what a reference computes, faster.
SPEED_ROOMS = ("tavla_docs.engine.fast", "tavla_docs.formats.jsonl", "tavla_docs.site.build")
#: The one dispatch point of each room: the only module outside it that may import it.
DISPATCH = {"tavla_docs.engine.fast": "tavla_docs.engine.movegen", "tavla_docs.formats.jsonl": "tavla_docs.formats.plays",
            "tavla_docs.site.build": "tavla_docs.site.buildspeed"}
#: Where the modules a speed module's `Reference:` names live (or a package of its own, `scenario`).
REFERENCE_HOMES = ("engine", "formats", "site", "site/audit")
#: The lines every speed module opens with, in this order.
CONTRACT_LINES = ("Reference: ", "Contract: ", "Gain: ")


def _room(name: str) -> str | None:
    return next((r for r in SPEED_ROOMS if name == r or name.startswith(r + ".")), None)


def _room_breaches(graph: dict[str, set[str]]) -> list[str]:
    """`module imports target` for every import of a speed room by a reference module (one in
    no speed room) other than the room's dispatch point. A speed layer may build on another
    (`formats/jsonl/` prints the plain walk's finals of `engine/fast/`)."""
    return [f"{m} imports {t}" for m in sorted(graph) for t in sorted(graph[m])
            if (room := _room(t)) is not None and _room(m) is None and m != DISPATCH[room]]


def test_the_room_rule_sees_a_breach():
    # guards the rule itself: the dispatch points do import their rooms, and a planted import is caught
    assert any(_room(t) == "tavla_docs.engine.fast" for t in GRAPH["tavla_docs.engine.movegen"])
    planted = {**GRAPH, "tavla_docs.engine.written": GRAPH["tavla_docs.engine.written"] | {"tavla_docs.engine.fast.levels"}}
    assert _room_breaches(planted) == ["tavla_docs.engine.written imports tavla_docs.engine.fast.levels"]


def test_the_room_rule_sees_a_breach_of_the_site_build_room():
    # the plugin once imported `parallel` and `incremental` itself: planted back, it is caught
    assert any(_room(t) == "tavla_docs.site.build" for t in GRAPH["tavla_docs.site.buildspeed"])
    assert not any(_room(t) for t in GRAPH["tavla_docs.site.plugin"])
    planted = {**GRAPH, "tavla_docs.site.plugin": GRAPH["tavla_docs.site.plugin"] | {"tavla_docs.site.build.parallel"}}
    assert _room_breaches(planted) == ["tavla_docs.site.plugin imports tavla_docs.site.build.parallel"]


def test_nothing_outside_a_speed_room_imports_it_but_its_dispatch_point():
    """Reference code never depends on a speed layer, so `TAVLA_DOCS_PURE` at the dispatch
    points runs the reference alone, and a change to the rules starts in the reference."""
    assert _room_breaches(GRAPH) == []


def _speed_files() -> list[Path]:
    out = [path for name, (path, is_package) in MODULES.items() if _room(name) and not is_package]
    return out + sorted((PACKAGE / "formats" / "jsonl").glob("*.c"))


def _opening(path: Path) -> list[str]:
    """The first three lines of a module's docstring, or of a C file's opening comment."""
    if path.suffix == ".c":
        lines = [line.removeprefix(" * ").strip() for line in path.read_text(encoding="utf-8").splitlines()[1:4]]
        return lines
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")), clean=False) or ""
    return doc.splitlines()[:3]


@pytest.mark.parametrize("path", _speed_files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_each_speed_module_opens_with_its_reference_contract_and_gain(path):
    opening = _opening(path)
    assert len(opening) == 3 and all(line.startswith(head) for line, head in zip(opening, CONTRACT_LINES, strict=True)), \
        f"{path}: open with the lines {', '.join(repr(h + '…') for h in CONTRACT_LINES)}"
    reference, contract, gain = opening
    named = re.findall(r"`([a-z_]+)\.[A-Za-z_.]+`", reference)  # `module.name`, a reference module of its layer
    assert named and all(any((PACKAGE / p / f"{n}.py").is_file() for p in REFERENCE_HOMES)
                         or (PACKAGE / n / "__init__.py").is_file() for n in named), \
        f"{path}: the reference must name functions of reference modules (`module.name`): {reference}"
    tests = re.findall(r"tests/\S+\.py", contract)
    root = PACKAGE.parent
    assert tests and all((root / t).is_file() for t in tests), f"{path}: the contract test must exist: {contract}"
    assert re.search(r"\d×", gain), f"{path}: the gain as a measured ratio (N×) with its source"


# Tests never read content/ (CONTRIBUTING.md): the tool's tests use tests/project/ or projects they
# make, so an author's good page cannot break `make test`; the site's own content is checked by the
# build. A module that must read the repository's site inputs is listed here with the reason.
READS_CONTENT_ALLOWED: dict[str, str] = {
    "test_docs_paths.py": "checks that a path the guides cite exists in this repository, and that the "
                          "README tour's example file does not; it reads no page's text",
}
TESTS = Path(__file__).resolve().parent


@pytest.mark.parametrize("module", sorted(p.relative_to(TESTS).as_posix() for p in TESTS.rglob("*.py")
                                          if "project" not in p.relative_to(TESTS).parts))
def test_no_test_reads_the_sites_content(module):
    from tests.content_reads import content_reads

    found = content_reads(TESTS / module)
    if module in READS_CONTENT_ALLOWED:
        assert found, f"{module} no longer reads the site's content: drop it from READS_CONTENT_ALLOWED"
        return
    assert not found, "\n".join(f"tests/{module}:{f}; read tests/project/ (tests/fixture.py) instead" for f in found)


@pytest.mark.parametrize("source, what", [
    ('ROOT = Path(__file__).resolve().parents[2]\nX = (ROOT / "content" / "en").glob("*.md")\n', "reads content"),
    ('S = Path(__file__).resolve().parents[2] / "scenarios"\n', "reads scenarios"),
    ('from .conftest import ROOT\ndef f(lang):\n    return ROOT / "reader-text" / lang\n', "reads reader-text"),
    ('ROOT = Path(__file__).parent.parent.parent\nfor d in ("content",):\n    copytree(ROOT / d, x)\n', "joins"),
    ('ROOT = Path(__file__).resolve().parents[2]\nr = SiteRenderer(ROOT, cache_dir=None)\n', "SiteRenderer"),
    ('REPO = Path(__file__).resolve().parents[2]\ncli("check", "scenarios/bear-off", cwd=REPO)\n', "runs cli()"),
])
def test_the_content_check_finds_a_planted_read(source, what):
    from tests.content_reads import content_reads

    found = content_reads(TESTS / "site" / "test_planted.py", source)
    assert len(found) == 1 and what in found[0], found


def test_the_content_check_passes_the_frozen_project_and_other_repository_files():
    from tests.content_reads import content_reads

    source = ('from tests.fixture import PROJECT\nROOT = Path(__file__).resolve().parents[2]\n'
              'a = PROJECT / "content" / "en"\nb = ROOT / "tavla_docs" / "site"\nc = SiteRenderer(PROJECT)\n'
              'd = subprocess.run(["x"], cwd=ROOT)\ne = ROOT / "tests" / "redteam" / "project" / "templates"\n')
    assert content_reads(TESTS / "site" / "test_planted.py", source) == []
