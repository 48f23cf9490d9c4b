"""A partial's own reader text: the rule sentences its `_()` strings state, and the numbers it
changes by typed arithmetic before printing them.

A project's `templates/` override (and the package's partials) print a msgid to every English
reader and its translation to the others, on every page that uses the partial. Its strings are
judged by the rule lexicon as a page's sentences are (`statements.judge`, no page game: a rule of
every game, or of the game the string names). A number it prints through a message or `{{ … }}`
after arithmetic with a typed constant (`count - 1`, `n + 1`) is no longer the number the helper
computed: the label counts one step fewer than the frames shown. Both are errors at the partial's
line. `loop.index`-style counters and a 0-based position read as an ordinal (`step + 1`, where
`step` is no count) are not judged; a partial Jinja cannot parse is reported where it is rendered.

>>> [m for _, m, _ in arithmetic('{% set l = ngettext("%(num)d step", "%(num)d steps", count - 1) %}{{ l }}')]
["'count - 1' changes a computed number by a typed 1 before the reader reads it"]
>>> arithmetic('{{ ngettext("%(num)d step", "%(num)d steps", count) }} {{ _("Step %(num)d", num=step + 1) }}')
[]
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import nodes

from .problems import Problem

_MESSAGES = {"_", "gettext", "ngettext", "pgettext", "npgettext"}
_OPS: dict[type[nodes.Node], str] = {nodes.Add: "+", nodes.Sub: "-",
                                     nodes.Mul: "*", nodes.Div: "/", nodes.FloorDiv: "//", nodes.Mod: "%"}
HINT_RULE = "state the rule as it is (the rules reference); a partial's sentence reaches every page that uses it"
HINT_MATH = "print the number the helper computed; a different count is the helper's to compute, not the partial's"


def _env() -> jinja2.Environment:
    return jinja2.Environment(extensions=["jinja2.ext.i18n", "jinja2.ext.loopcontrols", "jinja2.ext.do"])


def _parse(source: str) -> nodes.Template | None:
    try:
        return _env().parse(source)
    except jinja2.TemplateSyntaxError:
        return None


def _messages(tree: nodes.Node) -> Iterator[nodes.Call]:
    for call in tree.find_all(nodes.Call):
        if isinstance(call.node, nodes.Name) and call.node.name in _MESSAGES:
            yield call


def _text(n: nodes.Node) -> str:
    if isinstance(n, nodes.Name):
        return n.name
    if isinstance(n, nodes.Getattr):
        return f"{_text(n.node)}.{n.attr}"
    if isinstance(n, nodes.Const):
        return repr(n.value)
    return "…"


def _typed(n: nodes.Node) -> bool:
    return isinstance(n, nodes.Const) and isinstance(n.value, (int, float)) and not isinstance(n.value, bool)


def _counter(n: nodes.Node) -> bool:
    """`loop.index`, `loop.length` and their like count positions; shifting them is numbering."""
    return isinstance(n, nodes.Getattr) and isinstance(n.node, nodes.Name) and n.node.name == "loop"


_COUNT = re.compile(r"(?:^|_)(?:count|counts|num|number|total|length|len|size|n|steps|frames|rolls|checkers|points)$")


def _numbering(expr: nodes.BinExpr, other: nodes.Node, typed: Any) -> bool:
    """`step + 1`: a 0-based position read as an ordinal; a count (`count + 1`) is not one."""
    name = _text(other).rpartition(".")[2].lower()
    return isinstance(expr, nodes.Add) and typed.value == 1 and not _COUNT.search(name)


def arithmetic(source: str) -> list[tuple[int, str, str]]:
    """(line, message, hint) for each typed arithmetic on a number a message or output prints."""
    tree = _parse(source)
    if tree is None:
        return []
    printed: list[nodes.Node] = [a for call in _messages(tree) for a in (*call.args[1:], *(k.value for k in call.kwargs))]
    printed += [n for out in tree.find_all(nodes.Output) for n in out.nodes if not isinstance(n, nodes.TemplateData)]
    out, seen = [], set()
    for top in printed:
        for expr in (top, *top.find_all(nodes.BinExpr)):
            op = _OPS.get(type(expr))
            if op is None or id(expr) in seen or not isinstance(expr, nodes.BinExpr):
                continue
            seen.add(id(expr))
            left, right = expr.left, expr.right
            typed = right if _typed(right) else left if _typed(left) else None
            other = left if typed is right else right
            if not isinstance(typed, nodes.Const) or _typed(other) or _counter(other) or _numbering(expr, other, typed):
                continue
            out.append((expr.lineno, f"'{_text(left)} {op} {_text(right)}' changes a computed number by a typed "
                                     f"{typed.value} before the reader reads it", HINT_MATH))
    return out


def rule_sentences(source: str) -> list[tuple[int, str, str, str]]:
    """(line, msgid, message, hint) for each false rule a `_()` string of the partial states."""
    from .statements import judge, visible

    tree = _parse(source)
    if tree is None:
        return []
    out = []
    for call in _messages(tree):
        for arg in call.args[:2]:
            if isinstance(arg, nodes.Const) and isinstance(arg.value, str):
                out += [(call.lineno, arg.value, message, hint)
                        for _, message, hint in judge(visible(arg.value), "en", None)]
    return out


def template_surface_problems(files: Sequence[Path], show: Any, level: str) -> list[Problem]:
    """Every partial's false rule sentences and typed arithmetic, located at its line."""
    out = []
    for path in files:
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        lines = source.splitlines()
        for line, message, hint in arithmetic(source):
            out.append(Problem(show(path), line, 1, level, "template", message, hint))
        for line, msgid, message, hint in rule_sentences(source):
            col = lines[line - 1].find(msgid[:20]) + 1 if 0 < line <= len(lines) else 1
            out.append(Problem(show(path), line, max(col, 1), level, "rule", message, hint))
    return out
