"""What the partials print, audited as pages are: `templates/*.html` and the package's `partials/`.

A partial is rendered by a helper with values the tool's code computed (`rows`, `rolls`,
`row.count`); what the partial itself adds is typed: arithmetic (`{{ row.count + 1 }}`),
`loop.index`, a literal. So every `{{ … }}` of a partial is marked (`marking.MarkingCode`) as a
page's is, and an expression counts as computed when it only reads what the code passed:
a name, its attributes and items, through filters that reshape text (`PartialCode`). A
catalog call (`_()`, `ngettext`) prints the catalog's words, which the catalog audit reads
(`surfaces`), with the labels' counters the code passed (figure and step numbers).

A typed play in a partial (`<code>bar/23</code>` in the notation legend) is checked against
the words after it: every point number the description names must be a point of the play.

Problems are located at `templates/x.html:line:col` and collected while a page renders
(`collecting`), so they join the page's own (`SiteRenderer._render`).
"""
from __future__ import annotations

import contextvars
import functools
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import nodes
from jinja2.compiler import Frame
from markupsafe import escape

from . import provenance
from .audit.problems import Problem
from .marking import MarkingCode

_FOUND: contextvars.ContextVar[list[Problem] | None] = contextvars.ContextVar("tavla_partial_problems", default=None)
_CATALOG_CALLS = frozenset({"_", "gettext", "ngettext", "pgettext", "npgettext"})
_TEXT_FILTERS = frozenset({"e", "escape", "safe", "string", "capitalize", "upper", "lower", "title", "trim", "join",
                           "striptags", "replace", "default", "d", "words", "ordinal", "ordinal_words"})
_NOT_PASSED = frozenset({"loop", "range", "lipsum", "cycler", "joiner", "namespace"})


def reads_passed_value(node: nodes.Expr) -> bool:
    """Whether a printed expression only reads a value the code passed (or the catalog's words)."""
    if isinstance(node, nodes.Name):
        return node.name not in _NOT_PASSED
    if isinstance(node, nodes.Getattr | nodes.Getitem):
        key = getattr(node, "arg", None)
        return reads_passed_value(node.node) and (key is None or isinstance(key, nodes.Const))
    if isinstance(node, nodes.Filter):
        return node.name in _TEXT_FILTERS and node.node is not None and reads_passed_value(node.node) \
            and all(isinstance(a, nodes.Const) and not _digits(a.value) for a in node.args)
    if isinstance(node, nodes.Call) and isinstance(node.node, nodes.Getattr) and node.node.attr == "get":
        return reads_passed_value(node.node.node) and all(_key(a) for a in node.args)  # a lookup: d.get(k, "")
    if isinstance(node, nodes.Call):
        return isinstance(node.node, nodes.Name) and node.node.name in _CATALOG_CALLS
    if isinstance(node, nodes.MarkSafe | nodes.MarkSafeIfAutoescape):
        return reads_passed_value(node.expr)
    if isinstance(node, nodes.CondExpr):
        return reads_passed_value(node.expr1) and (node.expr2 is None or reads_passed_value(node.expr2))
    return False


def _key(node: nodes.Expr) -> bool:
    """A lookup key or default: names and text with no digits, joined (`"note_" ~ lang`)."""
    if isinstance(node, nodes.Const):
        return not _digits(node.value)
    if isinstance(node, nodes.Concat):
        return all(_key(n) for n in node.nodes)
    return isinstance(node, nodes.Name) and node.name not in _NOT_PASSED


def _digits(value: Any) -> bool:
    return isinstance(value, int | float) or (isinstance(value, str) and any(c.isdigit() for c in value))


class PartialCode(MarkingCode):
    """`MarkingCode` that also says, per `{{ … }}`, whether it only reads what the code passed."""

    def _output_child_pre(self, node: nodes.Expr, frame: Frame, finalize: Any) -> None:
        super()._output_child_pre(node, frame, finalize)  # … environment.mark(LINE, INDEX,
        self.write(f"environment.passed({reads_passed_value(node)!r}, ")

    def _output_child_post(self, node: nodes.Expr, frame: Frame, finalize: Any) -> None:
        self.write(")")
        super()._output_child_post(node, frame, finalize)


class PartialEnvironment(jinja2.Environment):
    """The partials' environment: every printed value marked (`provenance`) while a page renders."""

    code_generator_class = PartialCode

    @staticmethod
    def mark(line: int, index: int, value: Any, autoescape: bool) -> Any:
        return provenance.mark(line, value, autoescape, index)

    @staticmethod
    def passed(flag: bool, value: Any) -> Any:
        """`value`, as a fact when the expression only read what the code passed."""
        if not flag or provenance.is_fact(value) or provenance.mark(0, "", False) == "":
            return value  # typed, a fact already, or no page is recording
        return _Passed(value)


class _Passed:
    """A value the code passed, as `provenance.mark` sees it: a fact, printed as the value prints."""

    tavla_fact = True

    def __init__(self, value: Any) -> None:
        self.value = value

    def __html__(self) -> str:
        v = self.value
        return v.__html__() if hasattr(v, "__html__") else str(escape(v))

    def __str__(self) -> str:
        return str(self.value)


@contextmanager
def collecting() -> Iterator[list[Problem]]:
    """The problems of the partials rendered inside (one page's render)."""
    found: list[Problem] = []
    token = _FOUND.set(found)
    try:
        yield found
    finally:
        _FOUND.reset(token)


def package_twin(env: jinja2.Environment, template: jinja2.Template, package_dir: Path,
                 context: dict[str, Any]) -> tuple[str, str] | None:
    """The package's own partial of `template`'s name rendered with the same data, marked, and its
    source, when `template` is a project's override and a page is being audited (`audit.partialtwin`)."""
    if _FOUND.get() is None or not template.filename or template.name is None:
        return None
    own = package_dir / template.name
    if not own.is_file() or Path(template.filename).resolve() == own.resolve():
        return None
    twin = getattr(env, "tavla_package_env", None)
    if twin is None:
        twin = env.overlay(loader=jinja2.FileSystemLoader(str(package_dir)))
        env.tavla_package_env = twin  # type: ignore[attr-defined]
    try:
        return twin.get_template(template.name).render(**context), _source(str(own), own.stat().st_mtime_ns)
    except Exception:  # noqa: BLE001 - the package's partial not rendering with a project's data: nothing to compare
        return None


def audited(html: str, template: jinja2.Template, lang: str, columns: Any = None, t: Any = None,
            rules: Any = None, numbers: Any = None, counters: Any = None, summary: Any = None,
            twin: tuple[str, str] | None = None) -> str:
    """`html` (a partial's render, marked) without its marks; its problems go to `collecting`.
    `columns`: the table's columns as its helper fills them (`audit.tablecolumns`), with the
    catalog `t` that translates their labels; `rules`: the game the partial was rendered for
    (`audit.partialrules`); `numbers`: the numbers a repeated column was filled for (`audit.headnumbers`);
    `counters`: the counter labels the helper drew it for (`audit.counters`); `summary`: a rules
    table's (names, rows), each cell held against its column (`audit.summarycells`); `twin`: the
    package's own partial rendered with the same data, and its source (`audit.partialtwin`)."""
    found = _FOUND.get()
    if found is not None and template.filename:
        from .audit.reader import printed_problems

        path = Path(template.filename)
        source = _source(str(path), path.stat().st_mtime_ns)
        shown = _shown(path)
        before = len(found)
        found += printed_problems(html, lang, shown, source, 1)
        found += notation_problems(provenance.strip(html), shown, source)
        from .audit.partialrules import legend_problems, row_mark_problems

        found += legend_problems(provenance.strip(html), source, shown, rules)
        if "<code>" in html:
            from .audit.legendwords import legend_word_problems

            found += legend_word_problems(html, source, shown, rules)
        found += row_mark_problems(html, source, shown)
        from .audit.rowlegend import legend_problems as row_legend_problems

        found += row_legend_problems(html, source, shown)
        if columns and t is not None:
            from .audit.tablecolumns import column_problems

            found += column_problems(html, source, shown, columns, t)
        if numbers and t is not None:
            from .audit.headnumbers import number_problems

            found += number_problems(html, source, shown, numbers, t)
        if counters and t is not None:
            from .audit.counters import counter_problems

            found += counter_problems(html, source, shown, counters, t)
        if summary:
            from .audit.summarycells import cell_problems

            found += cell_problems(html, source, shown, *summary)
        if twin is not None and len(found) == before:  # one fault, one message: the narrower checks first
            from .audit.partialtwin import twin_problems

            found += twin_problems(html, source, shown, twin[0], twin[1], path.name)
    return provenance.strip(html)


_CODE_PLAY = re.compile(r"<code>((?:bar|\d{1,2})(?:/(?:\d{1,2}|off)(?:\*|&#42;)?)+(?:\(\d\))?)</code>([^;.<]*)")
_POINT_NUMBER = re.compile(r"(?<![\w/])(\d{1,2})(?![\d/])")


def notation_problems(html: str, shown: str, source: str) -> list[Problem]:
    """A typed play whose description names a point the play does not touch (`<code>bar/22</code>
    enters … on point 23`), located at the play in the template."""
    out = []
    for m in _CODE_PLAY.finditer(html):
        play, words = m.group(1), m.group(2)
        points = {int(x) for x in re.findall(r"\d{1,2}", re.sub(r"\(\d\)$", "", play.replace("&#42;", "")))}
        named = [int(x) for x in _POINT_NUMBER.findall(words)]
        strange = [n for n in named if n not in points]
        if not strange:
            continue
        at = source.find(f"<code>{play}</code>")
        line = source.count("\n", 0, at) + 1 if at >= 0 else 1
        col = at - (source.rfind("\n", 0, at) + 1) + 1 if at >= 0 else 1
        shown_play = play.replace("&#42;", "*")
        out.append(Problem(shown, line, col, "error", "notation",
                           f"the example {shown_play} is described as \"{' '.join(words.split())}\", "
                           f"but point {strange[0]} is no point of {shown_play}",
                           "make the typed play and its description name the same points"))
    return out


@functools.lru_cache(maxsize=64)
def _source(path: str, stamp: int) -> str:
    """A partial's text, read once per version (a page draws many figures with one partial)."""
    return Path(path).read_text(encoding="utf-8")


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)
