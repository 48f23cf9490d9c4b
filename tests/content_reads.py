"""Find where a test module reads the repository's own site inputs, read from its source with `ast`.

The tool's tests build and read the frozen project in `tests/project/` (tests/fixture.py); the
repository's content/, scenarios/, reader-text/, templates/ and mkdocs.yml are the site's, and a
page an author adds there must never break `make test`. This follows the path expressions the
suite writes: `Path(__file__)`, `.resolve()`, `.parent`, `.parents[n]`, `/ "name"`, `.joinpath`,
module-level names and names imported from other test modules. It reports
- a path into one of those inputs of the repository,
- the repository root joined with a variable in a module that names a site input (`ROOT / d`),
- the repository root given as the project to a renderer or a build (`SiteRenderer(ROOT)`,
  `root=ROOT`), or as the `cwd` of a call that names one of the inputs (`cli("check", "scenarios/x")`).
"""
from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SITE_INPUTS = ("content", "scenarios", "reader-text", "templates", "mkdocs.yml")
PROJECT_CALLS = {"SiteRenderer", "TavlaExtension", "build_site", "plain_html", "copy_project", "copytree"}


def _site_input(path: Path) -> bool:
    try:
        rel = path.relative_to(REPO)
    except ValueError:
        return False
    return bool(rel.parts) and rel.parts[0] in SITE_INPUTS


class _Paths:
    """The paths a module's expressions stand for, where the source says so plainly."""

    def __init__(self, module: Path, seen: frozenset[Path] = frozenset(), source: str | None = None) -> None:
        self.module = module
        self.tree = ast.parse(module.read_text(encoding="utf-8") if source is None else source)
        self.names: dict[str, Path] = {}
        for node in self.tree.body:
            if isinstance(node, ast.ImportFrom) and module not in seen:
                self._import(node, seen | {module})
            elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                value = self.value(node.value)
                if value is not None:
                    self.names[node.targets[0].id] = value

    def _import(self, node: ast.ImportFrom, seen: frozenset[Path]) -> None:
        if node.level:
            base = self.module.parents[node.level - 1]
        elif (node.module or "").startswith("tests"):
            base = REPO
        else:
            return
        source = base.joinpath(*(node.module or "").split(".")).with_suffix(".py")
        if source.is_file():
            other = _Paths(source, seen)
            for alias in node.names:
                if alias.name in other.names:
                    self.names[alias.asname or alias.name] = other.names[alias.name]

    def value(self, node: ast.expr) -> Path | None:
        """The path `node` stands for, or None when the source does not say."""
        if isinstance(node, ast.Name):
            return self.names.get(node.id)
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id == "Path" and len(node.args) == 1:
                arg = node.args[0]
                return self.module if isinstance(arg, ast.Name) and arg.id == "__file__" else None
            if isinstance(func, ast.Attribute):
                base = self.value(func.value)
                if base is not None and func.attr in ("resolve", "absolute"):
                    return base
                if base is not None and func.attr == "joinpath" and all(_text(a) for a in node.args):
                    return base.joinpath(*(_text(a) or "" for a in node.args))
            return None
        if isinstance(node, ast.Attribute) and node.attr == "parent":
            base = self.value(node.value)
            return base.parent if base is not None else None
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "parents":
            base = self.value(node.value.value)
            index = node.slice.value if isinstance(node.slice, ast.Constant) else None
            return base.parents[index] if base is not None and isinstance(index, int) else None
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            base, name = self.value(node.left), _text(node.right)
            return base / name if base is not None and name is not None else None
        return None


def _text(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _called(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def content_reads(module: Path, source: str | None = None) -> list[str]:
    """`line: what` for every read of the repository's site inputs in the test module `module`
    (its file, or `source` as if it were that file)."""
    paths = _Paths(module, source=source)
    found: list[tuple[int, str]] = []
    inputs_named = any(_text(n) in SITE_INPUTS for n in ast.walk(paths.tree) if isinstance(n, ast.Constant))
    for node in ast.walk(paths.tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            value = paths.value(node)
            if value is not None and _site_input(value) and not _site_input(value.parent):
                found.append((node.lineno, f"reads {value.relative_to(REPO).as_posix()} of the repository"))
            elif isinstance(node.right, ast.Name) and paths.value(node.left) == REPO and inputs_named:
                found.append((node.lineno, "joins the repository root with a name this check cannot read"))
        elif isinstance(node, ast.Call):
            given = [(a, None) for a in node.args] + [(k.value, k.arg) for k in node.keywords]
            for arg, keyword in given:
                if paths.value(arg) != REPO:
                    continue
                if keyword == "root" or (keyword is None and _called(node) in PROJECT_CALLS):
                    found.append((node.lineno, f"gives the repository as the project to {_called(node)}()"))
                elif keyword == "cwd" and any((_text(a) or "").split("/")[0] in SITE_INPUTS for a in node.args):
                    found.append((node.lineno, f"runs {_called(node)}() in the repository on its site inputs"))
    return [f"{line}: {what}" for line, what in sorted(set(found))]
