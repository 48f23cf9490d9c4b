"""One page's source → findings: every fact in it, computed, checked or literal, with its line.

The page is read as its author wrote it, before Jinja runs, so both branches of
an `{% if %}` are audited and every finding has the line it is written on:

- text outside Jinja tags (prose, headings, table cells): each fact found is
  **literal**; link targets, HTML tags and attribute lists are not text;
- `{{ … }}` printing a helper's value: **computed** (`s.plays`, `rules().checkers`,
  a figure, a table); a literal printed through Jinja (`{{ 15 }}`, `{{ "6-5" }}`,
  a `{% set %}` name holding one, `caption="…"` text given to a helper) is
  **literal**; `play(…, at=…)` is **checked**, `play(…)` without a position is
  literal notation; `not_a_fact(…)` is a **marker**, listed with its reason.

Each computed or checked finding has a `key`, the helper call it prints, with
`{% set %}` names resolved and print forms (`.words`, `.ordinal`, …) dropped,
so the two languages of a page can be compared (`drift`).

>>> fs = scan_page('{% set s = scenario("a") %}\\n# 2 puan\\nAltı {{ s.show }} ve {{ play("9/3") }}.', "tr")
>>> for f in fs: print(f.line, f.status, f.kind, f.text, f.where)
2 literal number 2 heading
3 literal word Altı prose
3 computed fact s.show prose
3 literal play 9/3 prose
>>> fs[2].key
"scenario('a').show"
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

import jinja2
from jinja2 import nodes

from .listmarkers import marker_lines
from .patterns import find_facts

TAG = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.DOTALL)
# Not text: link targets, reference definitions, HTML tags and comments, attribute lists, URLs, placeholders.
NOT_TEXT = re.compile(r"\]\([^)]*\)|^\s*\[[^\]]+\]:.*$|<!--.*?-->|<[^>]*>|\{:[^}]*\}|\{#[\w-]+\}|https?://\S+",
                      re.MULTILINE | re.DOTALL)
BLOCK_HELPERS = frozenset({"diagram", "story", "try_it", "odds_table", "rules_summary", "bearoff_table", "bearoff_chart",
                           "race_table", "notation_legend", "glossary"})
SCENARIO_HELPERS = frozenset({"diagram", "story", "try_it", "scenario"})
GETTEXT = frozenset({"_", "gettext", "ngettext", "pgettext", "npgettext"})
PRINT_FORMS = frozenset({"words", "Words", "die_name", "die_names", "ordinal", "ordinal_words", "plural_words", "Cap",
                         "and_list", "or_list", "capitalize", "title", "lower", "upper", "text"})
_ENV = jinja2.Environment()


@dataclass(frozen=True)
class Finding:
    """One fact on a page: where, what, and how it is known."""

    line: int
    col: int
    status: str  # "computed" | "checked" | "literal" | "marker"
    kind: str  # "number" | "roll" | "play" | "word" | "fact" | "figure" | "table"
    text: str  # as written (a helper call: its expression)
    where: str  # "prose" | "heading" | "table" | "caption" | "helper"
    key: str | None = None  # the helper call printed, for drift between languages
    note: str | None = None  # a marker's reason, a literal's hint
    scenario: str | None = None  # the scenario a helper names


def _line_col(source: str, offset: int, first_line: int) -> tuple[int, int]:
    line = source.count("\n", 0, offset)
    col = offset - (source.rfind("\n", 0, offset) + 1)
    return first_line + line, col + 1


def _where(source: str, offset: int) -> str:
    start = source.rfind("\n", 0, offset) + 1
    head = source[start:start + 8].lstrip()
    return "heading" if head.startswith("#") else "table" if head.startswith("|") else "prose"


_ATTR_TEXT = re.compile(r'\b(?:title|alt|aria-label|aria-description|summary|placeholder|label)\s*=\s*("[^"]*"|\'[^\']*\')',
                        re.IGNORECASE)
_LINK_TITLE = re.compile(r'\]\([^)"\s]*\s+"([^"]*)"\)$')


def keep_visible(region: str) -> str:
    """A stretch that is not text (a tag, an attribute list, a link target), blanked, except what
    a reader still sees or hears: `title`, `alt` and `aria-label` values, a link's title.

    >>> keep_visible('<img alt="15 pul" src="a.png">').strip(), keep_visible('](x.md "four rolls")').strip()
    ('15 pul', 'four rolls')
    """
    out = [" "] * len(region)
    for m in _ATTR_TEXT.finditer(region):
        a, b = m.span(1)
        out[a + 1:b - 1] = region[a + 1:b - 1]
    title = _LINK_TITLE.search(region)
    if title:
        a, b = title.span(1)
        out[a:b] = region[a:b]
    return "".join(out)


def scan_text(text: str, lang: str, source: str, offset: int, first_line: int, where: str | None = None,
              status: str = "literal") -> Iterator[Finding]:
    """The facts in a stretch of text that starts at `offset` of `source`."""
    blanked = NOT_TEXT.sub(lambda m: keep_visible(m.group()), text)
    for fact in find_facts(blanked, lang):
        line, col = _line_col(source, offset + fact.start, first_line)
        yield Finding(line, col, status, fact.kind, fact.text, where or _where(source, offset + fact.start))


class _Printer:
    """A helper call as a canonical string, names from `{% set %}` resolved."""

    def __init__(self, names: dict[str, nodes.Expr]) -> None:
        self.names = names

    def __call__(self, n: nodes.Node, depth: int = 0) -> str:
        if depth > 20:
            return "…"
        p = lambda x: self(x, depth + 1)  # noqa: E731
        if isinstance(n, nodes.Name):
            return p(self.names[n.name]) if n.name in self.names and depth < 10 else n.name
        if isinstance(n, nodes.Const):
            return repr(n.value)
        if isinstance(n, nodes.Getattr):
            return p(n.node) if n.attr in PRINT_FORMS else f"{p(n.node)}.{n.attr}"
        if isinstance(n, nodes.Getitem):
            return f"{p(n.node)}[{p(n.arg)}]"
        if isinstance(n, nodes.Filter):
            inner = p(n.node) if n.node is not None else "?"
            return inner if n.name in PRINT_FORMS else f"{inner}|{n.name}"
        if isinstance(n, nodes.Call):
            args = [p(a) for a in n.args] + [f"{k.key}={p(k.value)}" for k in n.kwargs if k.key != "caption"]
            return f"{p(n.node)}({', '.join(args)})"
        if isinstance(n, (nodes.List, nodes.Tuple)):
            return "[" + ", ".join(p(i) for i in n.items) + "]"
        if isinstance(n, nodes.BinExpr):
            return f"({p(n.left)} {n.operator} {p(n.right)})"
        return type(n).__name__


def _peel(n: nodes.Expr) -> nodes.Expr:
    while isinstance(n, nodes.Filter) and n.node is not None:
        n = n.node
    return n


def _const_text(n: nodes.Node, names: dict[str, nodes.Expr]) -> str | None:
    """The text of a literal (a constant, a list of them, or a `{% set %}` name holding one)."""
    n = _peel(n)  # type: ignore[arg-type]
    if isinstance(n, nodes.Name) and n.name in names:
        n = _peel(names[n.name])
    if isinstance(n, nodes.Const) and isinstance(n.value, (str, int, float)) and not isinstance(n.value, bool):
        return str(n.value)
    if isinstance(n, (nodes.List, nodes.Tuple)) and all(isinstance(i, nodes.Const) for i in n.items):
        return " ".join(str(i.value) for i in n.items)  # type: ignore[attr-defined]
    return None


def _call_name(n: nodes.Expr) -> str | None:
    return n.node.name if isinstance(n, nodes.Call) and isinstance(n.node, nodes.Name) else None


def _kwarg(call: nodes.Call, key: str, index: int | None = None) -> nodes.Expr | None:
    for k in call.kwargs:
        if k.key == key:
            return k.value
    return call.args[index] if index is not None and len(call.args) > index else None


def scan_page(source: str, lang: str, first_line: int = 1) -> list[Finding]:
    """Every finding of a page body (`source` starts at file line `first_line`).

    The page is parsed once; its printed expressions, in source order, pair with its
    `{{ … }}` tags, which give their columns. A page Jinja cannot parse as a whole is read
    tag by tag (the build reports its syntax error). Findings are values, and a page's are
    remembered by its text: under `mkdocs serve` a save re-scans only the pages that changed.
    """
    found = _given.pop((source, lang, first_line), None)  # worked out in a worker (`spread`)
    return list(found if found is not None else _scan_page(source, lang, first_line))


_given: dict[tuple[str, str, int], tuple[Finding, ...]] = {}  # `spread`'s results, each taken once


@lru_cache(maxsize=4096)
def _scan_page(source: str, lang: str, first_line: int) -> tuple[Finding, ...]:
    return scan_parsed(source, lang, first_line, None)


# A tag of Jinja's i18n extension: a page environment with it parses the page otherwise than the
# audit's plain one (which then reads the page tag by tag), so such a page is not given a tree.
I18N_TAG = re.compile(r"\{%[-+]?\s*(?:trans|pluralize|endtrans)\b")


def shares_parse(source: str) -> bool:
    """Whether a tree of `source` parsed by an environment whose only extension is Jinja's i18n
    is the audit's own parse, for what the audit reads (assignments and printed expressions)."""
    return I18N_TAG.search(source) is None


def scan_parsed(source: str, lang: str, first_line: int, tree: nodes.Template | None) -> tuple[Finding, ...]:
    """`_scan_page`, with the page's `tree` when one was parsed already (`shares_parse`: the page
    workers of a build parse each page once for the audit and the render)."""
    tags = list(TAG.finditer(source))
    outputs = [m for m in tags if m.group().startswith("{{")]
    events = _events(source) if tree is None else _walk(tree)
    if events is None or sum(1 for e in events if not isinstance(e, nodes.Assign)) != len(outputs):
        events = None
    out: list[Finding] = []
    names: dict[str, nodes.Expr] = {}
    printer = _Printer(names)
    pos = 0
    queue = iter(events or [])
    for m in tags:
        out += scan_text(source[pos:m.start()], lang, source, pos, first_line)
        pos = m.end()
        tag = m.group()
        if tag.startswith("{#"):
            continue
        if events is None:
            items = _tag_events(tag)
        elif tag.startswith("{{"):
            items = []
            for e in queue:
                items.append(e)
                if not isinstance(e, nodes.Assign):
                    break
        else:
            continue
        line, col = _line_col(source, m.start(), first_line)
        for e in items:
            if isinstance(e, nodes.Assign):
                if isinstance(e.target, nodes.Name) and isinstance(e.node, nodes.Expr):
                    names[e.target.name] = e.node
            elif isinstance(e, nodes.Expr):
                out += _expression(e, lang, line, col, names, printer, tag[2:-2].strip())
    out += scan_text(source[pos:], lang, source, pos, first_line)
    markers = marker_lines(source) if "." in source or ")" in source else set()
    return tuple(f for f in out if not (f.kind == "number" and f.status == "literal"
                                        and (f.line - first_line + 1, f.col) in markers))


def _events(source: str) -> list[nodes.Node] | None:
    """The page's `{% set %}` assignments and printed expressions, in source order."""
    try:
        tree = _ENV.parse(source)
    except jinja2.TemplateSyntaxError:
        return None
    return _walk(tree)


def _walk(tree: nodes.Node) -> list[nodes.Node]:
    found: list[nodes.Node] = []

    def walk(n: nodes.Node) -> None:
        if isinstance(n, nodes.Output):
            found.extend(x for x in n.nodes if not isinstance(x, nodes.TemplateData))
        elif isinstance(n, nodes.Assign):
            found.append(n)
        else:
            for child in n.iter_child_nodes():
                walk(child)

    walk(tree)
    return found


def _tag_events(tag: str) -> list[nodes.Node]:
    try:
        return _events(tag) or []
    except RecursionError:
        return []


def _expression(expr: nodes.Expr, lang: str, line: int, col: int, names: dict[str, nodes.Expr],
                printer: _Printer, written: str) -> list[Finding]:
    key = printer(expr)
    text = written if len(written) <= 80 else written[:79] + "…"
    literal = _const_text(expr, names)
    if literal is not None:
        return [Finding(line, col, "literal", f.kind, f.text, "helper", note="printed as a literal")
                for f in find_facts(literal, lang)]
    call = _peel(expr)
    name = _call_name(call)
    if isinstance(call, nodes.Name) and call.name in names:
        name = _call_name(names[call.name])
        call = names[call.name]
    assert not isinstance(call, nodes.Name) or name is None
    if name == "not_a_fact" and isinstance(call, nodes.Call):
        what, why = _const_text(_kwarg(call, "text", 0) or nodes.Const(""), names), _kwarg(call, "why", 1)
        return [Finding(line, col, "marker", "marker", what or "", "prose", key=key,
                        note=_const_text(why, names) if why is not None else None)]
    if name == "play" and isinstance(call, nodes.Call):
        written = _const_text(_kwarg(call, "text", 0) or nodes.Const(""), names) or ""
        at = _kwarg(call, "at")
        if at is None:
            return [Finding(line, col, "literal", "play", written, "prose",
                            note="a play with no position is notation only")]
        return [Finding(line, col, "checked", "play", written, "prose", key=key, scenario=_const_text(at, names))]
    if name in GETTEXT and isinstance(call, nodes.Call) and call.args:
        message = _const_text(call.args[0], names) or ""
        return [Finding(line, col, "literal", f.kind, f.text, "prose", note="in a translated message")
                for f in find_facts(message, lang)]
    found: list[Finding] = []
    if name in BLOCK_HELPERS and isinstance(call, nodes.Call):
        kind = "figure" if name in ("diagram", "story", "try_it") else "table"
        scen = _const_text(call.args[0], names) if name in SCENARIO_HELPERS and call.args else None
        found.append(Finding(line, col, "computed", kind, text, "helper", key=key, scenario=scen))
        caption = _kwarg(call, "caption")
        if caption is not None and _const_text(caption, names) is None:  # `_()`, an expression: unread
            found.append(Finding(line, col, "literal", "caption", printer(caption), "caption",
                                 note="a caption= argument must be text written in the page, which the audit reads"))
        if caption is not None:
            cap = _const_text(caption, names) or ""
            found += [Finding(line, col, "literal", f.kind, f.text, "caption", note="in a caption= argument")
                      for f in find_facts(cap, lang)]
        return found
    scen = None
    for c in [call, *call.find_all(nodes.Call)] if isinstance(call, nodes.Node) else []:
        if _call_name(c) == "scenario" and isinstance(c, nodes.Call) and c.args:
            scen = _const_text(c.args[0], names)
    for n in [expr, *expr.find_all(nodes.Name)]:
        if isinstance(n, nodes.Name) and n.name in names:
            for c in [names[n.name], *names[n.name].find_all(nodes.Call)]:
                if _call_name(c) == "scenario" and isinstance(c, nodes.Call) and c.args:
                    scen = scen or _const_text(c.args[0], names)
    return [Finding(line, col, "computed", "fact", text, "prose", key=key, scenario=scen)]
