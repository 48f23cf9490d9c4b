"""The facts a rendered partial prints, each with where the reader finds it: under which table header,
in which row, in which attribute, printed by which `{{ … }}` of the template.

A partial's render is marked (`provenance`): every `{{ … }}` output is wrapped with its template
line and its place among the template's `{{ … }}`. Parsing the template says what each one prints:
the catalog's words alone (`_("Expected rolls")`: wording, free to differ between two templates),
a catalog message filled with computed numbers (`ngettext("A story in %(num)d steps", …, count)`:
only its numbers are facts), or a value (`row.expected.text`: the whole text is the fact). The
rendered HTML then places each fact in its table cell (row and column) or outside any table.

>>> src = '<table><tr><th>{{ _("Rule") }}</th><th>{{ name }}</th></tr><tr><td>{{ v }}</td><td>{{ w }}</td></tr></table>'
>>> [k.kind for k in expressions(src)]
['words', 'value', 'value', 'value']
"""
from __future__ import annotations

import html as htmllib
import re
from dataclasses import dataclass, field

import jinja2
from jinja2 import nodes

from ..provenance import CLOSE, COMPUTED, PRINTED, Subject

_CATALOG = frozenset({"_", "gettext", "ngettext", "pgettext", "npgettext"})
_TEXT_FILTERS = frozenset({"e", "escape", "safe", "string", "capitalize", "upper", "lower", "title", "trim",
                           "striptags", "replace", "default", "d"})
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_TAG = re.compile(r"<(/?)([A-Za-z][\w-]*)([^>]*)>")
_ATTR = re.compile(r"""([\w:-]+)\s*=\s*("[^"]*"|'[^']*')""")
_SVG = re.compile(r"<svg\b.*?</svg>", re.S)
_LINE_BASE = 0xF0000


@dataclass(frozen=True)
class Expression:
    """One `{{ … }}` of a template: its line, the column of its `{{`, what it prints (`words`, `label`:
    a message with computed numbers, `value`), the numbers its message types itself, and a key that
    is equal for the same expression in two templates (text filters peeled off)."""

    line: int
    col: int
    kind: str
    typed: frozenset[str]
    key: str


def _peel(node: nodes.Node) -> nodes.Node:
    while isinstance(node, nodes.Filter) and node.name in _TEXT_FILTERS and node.node is not None:
        node = node.node
    while isinstance(node, nodes.MarkSafe | nodes.MarkSafeIfAutoescape):
        node = node.expr
    return node


def _catalog(node: nodes.Node) -> nodes.Call | None:
    node = _peel(node)
    if isinstance(node, nodes.Call) and isinstance(node.node, nodes.Name) and node.node.name in _CATALOG:
        return node
    return None


def _kind(node: nodes.Node, sets: dict[str, nodes.Node], depth: int = 0) -> tuple[str, frozenset[str]]:
    peeled = _peel(node)
    if isinstance(peeled, nodes.Name) and peeled.name in sets and depth < 4:
        return _kind(sets[peeled.name], sets, depth + 1)
    call = _catalog(peeled)
    if call is None:
        return "value", frozenset()
    consts = [a for a in call.args if isinstance(a, nodes.Const)]
    typed = frozenset(n for a in consts if isinstance(a.value, str) for n in _NUMBER.findall(a.value))
    filled = [a for a in call.args if not isinstance(a, nodes.Const)] + [k.value for k in call.kwargs]
    if all(isinstance(a, nodes.Const) for a in filled):
        return "words", typed
    return "label", typed


def expressions(source: str) -> list[Expression]:
    """The template's `{{ … }}` in the order `marking.MarkingCode` numbers them (empty: no parse)."""
    try:
        tree = jinja2.Environment(extensions=["jinja2.ext.i18n", "jinja2.ext.loopcontrols", "jinja2.ext.do"]
                                  ).parse(source)
    except jinja2.TemplateSyntaxError:
        return []
    sets = {a.target.name: a.node for a in tree.find_all(nodes.Assign) if isinstance(a.target, nodes.Name)}
    lines = source.splitlines()
    seen: dict[int, int] = {}
    out = []
    for output in tree.find_all(nodes.Output):
        for child in output.nodes:
            if isinstance(child, nodes.TemplateData):
                continue
            line = int(child.lineno or 1)
            k = seen.get(line, 0)
            seen[line] = k + 1
            text = lines[line - 1] if 0 < line <= len(lines) else ""
            col = _nth(text, "{{", k)
            kind, typed = _kind(child, sets)
            out.append(Expression(line, col, kind, typed, repr(_peel(child))))
    return out


def _nth(text: str, needle: str, k: int) -> int:
    at = -1
    for _ in range(k + 1):
        at = text.find(needle, at + 1)
        if at < 0:
            return 1
    return at + 1


@dataclass
class Fact:
    """A printed value as the comparison reads it: `value` its text (a label's: its numbers)."""

    value: str
    index: int  # the n-th `{{ … }}` of the template that printed it
    start: int  # where it starts in the reader's text
    attr: str = ""  # the tag attribute it stands in ("": the text)
    shown: str = ""  # its words as a message quotes them (HTML: its text without tags)


def facts(marked: str, exprs: list[Expression]) -> list[Fact]:
    """The outermost printed values of a marked render that are facts (not the catalog's words)."""
    out: list[Fact] = []
    plain: list[str] = []
    depth, i, n = 0, 0, len(marked)
    current: tuple[int, int] | None = None
    inner: list[str] = []
    while i < n:
        c = marked[i]
        if c in (COMPUTED, PRINTED):
            if depth == 0:
                current, inner = (ord(marked[i + 2]) - _LINE_BASE - 1, len(plain)), []
            depth += 1
            _, after = Subject.decode(marked, i + 5)
            i = after
            continue
        if c == CLOSE:
            depth = max(0, depth - 1)
            if depth == 0 and current is not None:
                fact = _fact(current, "".join(inner), exprs)
                if fact is not None:
                    out.append(fact)
                current = None
        elif "\ue000" <= c <= "\ue003" or 0xF0000 <= ord(c) <= 0xFFFFD:
            pass
        else:
            plain.append(c)
            if depth:
                inner.append(c)
        i += 1
    return out


def _fact(at: tuple[int, int], text: str, exprs: list[Expression]) -> Fact | None:
    index, start = at
    e = exprs[index] if 0 <= index < len(exprs) else None
    if e is not None and e.kind == "words":
        return None
    words = " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", _SVG.sub(" ", text))).split())
    value = words if "<svg" not in text else " ".join(text.split())  # a drawing: compared as drawn
    if e is not None and e.kind == "label":
        value = words = " ".join(x for x in _NUMBER.findall(words) if x not in e.typed)
        if not value:
            return None
    return Fact(value, index, start, shown=words)


@dataclass
class Cell:
    header: bool
    text: str = ""
    facts: list[Fact] = field(default_factory=list)


@dataclass
class Table:
    rows: list[list[Cell]] = field(default_factory=list)


def place(plain: str, found: list[Fact]) -> tuple[list[Table], list[Fact]]:
    """The tables of the reader's HTML `plain` with the facts of their cells, and the facts outside
    any table; a fact inside a tag gets the attribute it stands in."""
    tables: list[Table] = []
    outside: list[Fact] = []
    order = sorted(found, key=lambda f: f.start)
    k = 0
    table: Table | None = None
    cell: Cell | None = None
    nested = 0
    cell_from = 0

    def take(upto: int, tag: re.Match[str] | None) -> None:
        nonlocal k
        while k < len(order) and order[k].start < upto:
            f = order[k]
            k += 1
            if tag is not None and tag.start() < f.start < tag.end():
                f.attr = next((m.group(1) for m in _ATTR.finditer(tag.group(0))
                               if tag.start() + m.start(2) <= f.start < tag.start() + m.end(2)), "?")
            (cell.facts if cell is not None else outside).append(f)

    for m in _TAG.finditer(plain):
        take(m.start(), None)
        closing, name = m.group(1) == "/", m.group(2).lower()
        if name == "table":
            if closing:
                nested -= 1
                if nested == 0:
                    take(m.end(), m)
                    table, cell = None, None
                    continue
            else:
                nested += 1
                if nested == 1:
                    take(m.end(), m)
                    table = Table()
                    tables.append(table)
                    continue
        if table is not None and nested == 1:
            if name == "tr" and not closing:
                table.rows.append([])
            elif name in ("td", "th") and not closing and table.rows:
                cell = Cell(name == "th")
                table.rows[-1].append(cell)
                take(m.end(), m)
                cell_from = m.end()
                continue
            elif name in ("td", "th", "tr") and closing and cell is not None:
                take(m.start(), None)
                cell.text = " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", plain[cell_from:m.start()])).split())
                cell = None
        take(m.end(), m)
    take(len(plain) + 1, None)
    return tables, outside
