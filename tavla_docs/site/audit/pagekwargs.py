"""A number typed as a message's argument on a page agrees with the row that it labels.

`bearoff_chart([["6x2", _("%(n)s on %(p)s", n=2, p=6)], …])`: the row's key ("6x2", two checkers
on the 6-point) is what the helper computes from; the label beside it types its numbers as
keyword arguments of `_()`, which no check backs. Each such typed number must be one the row's
own key states; one it does not ("p=5" beside "6x2") labels the row with a position it is not:
an error at the number. A message outside such a row is left to the page's other checks.

>>> [m for _, m in unbacked('{{ chart([["6x2", _("%(n)s on %(p)s", n=2, p=5)]]) }}')]
["the label types p=5 beside the row '6x2', which has no 5"]
>>> unbacked('{{ chart([["6x2", _("%(n)s on %(p)s", n=2, p=6)]]) }}')
[]
"""
from __future__ import annotations

import re

import jinja2
from jinja2 import nodes

from .problems import Problem
from .scan import TAG

_MESSAGES = {"_", "gettext", "ngettext"}
HINT = "type in the label only the numbers of its row's key, or print them from what the helper computes"


def _rows(tree: nodes.Node) -> list[tuple[str, nodes.Call]]:
    """(the row's key, a message call in the row) for each list with a string key and a message."""
    out = []
    for row in tree.find_all(nodes.List):
        keys = [i.value for i in row.items if isinstance(i, nodes.Const) and isinstance(i.value, str)]
        calls = [i for i in row.items if isinstance(i, nodes.Call) and isinstance(i.node, nodes.Name)
                 and i.node.name in _MESSAGES]
        if keys and calls:
            out += [(keys[0], c) for c in calls]
    return out


def unbacked(tag: str) -> list[tuple[int, str]]:
    """(offset in `tag`, message) for each typed number of a row's label that its key lacks."""
    try:
        tree = jinja2.Environment().parse(tag)
    except jinja2.TemplateSyntaxError:
        return []
    out = []
    for key, call in _rows(tree):
        stated = {int(d) for d in re.findall(r"\d+", key)}
        for kw in call.kwargs:
            value = kw.value
            if isinstance(value, nodes.Const) and isinstance(value.value, int) and not isinstance(value.value, bool) \
                    and value.value not in stated:
                m = re.search(rf"\b{re.escape(kw.key)}\s*=\s*{value.value}\b", tag)
                out.append((m.start() if m else 0, f"the label types {kw.key}={value.value} beside the row "
                                                   f"{key!r}, which has no {value.value}"))
    return out


def page_kwarg_problems(path: str, body: str, first: int, level: str) -> list[Problem]:
    """Every unbacked typed number of the page's rows (`unbacked`), at the number."""
    out = []
    for tag in TAG.finditer(body):
        if "_(" not in tag.group():
            continue
        for offset, message in unbacked(tag.group()):
            at = tag.start() + offset
            line = body.count("\n", 0, at) + first
            col = at - (body.rfind("\n", 0, at) + 1) + 1
            out.append(Problem(path, line, col, level, "typed", message, HINT))
    return out
