"""A loop that prints part of a helper's list: the template slices it (`r.start[1:]`) or filters
it (`for p, n in r.start if n != 3`, `|select`, `|reject`, …).

A sentence that prints a helper's list presents it as the list ("each player starts with 15
checkers: 2 on the 24-point, 5 on …"); every value is still computed, so when the template
drops an entry the reader is told an incomplete setup, and nothing the reader audit sees is
typed. The template's own cut of a computed list is made by the template, as template
arithmetic is: a part a page needs is asked of a helper that says which part it is.

>>> [p.message[:60] for p in loop_problems("{% for p, n in r.start[1:] %}{{ n }}{% endfor %}", "x.md", 1)]
['this loop prints `r.start[1:]`, a part of `r.start` the temp']
>>> loop_problems("{% for p, n in r.start %}{{ n }}{% endfor %}", "x.md", 1)
[]
"""
from __future__ import annotations

import re

import jinja2
from jinja2 import nodes

from .problems import Problem

_CUTS = frozenset({"select", "reject", "selectattr", "rejectattr", "slice", "batch", "unique"})
_ENV = jinja2.Environment(extensions=["jinja2.ext.i18n", "jinja2.ext.loopcontrols"])
HINT = ("print the whole list, or ask a helper for the part the sentence speaks of (docs/authoring.md, "
        "\"Facts in prose\")")


def _computed(n: nodes.Node) -> bool:
    """An expression that reads a helper's value (a name, its attributes, a call), not a literal."""
    return isinstance(n, nodes.Name | nodes.Getattr | nodes.Call | nodes.Getitem)


def _cuts(loop: nodes.For) -> bool:
    """Whether the loop's list is a computed list the template slices or filters."""
    n = loop.iter
    if isinstance(n, nodes.Getitem) and isinstance(n.arg, nodes.Slice):
        return _computed(n.node)
    if isinstance(n, nodes.Filter) and n.name in _CUTS:
        return n.node is not None and _computed(n.node)
    return loop.test is not None and _computed(n)


_FOR = re.compile(r"\{%-?\s*for\s+.+?\s+in\s+(.+?)\s*-?%\}")


def loop_problems(body: str, shown: str, first_line: int, severity: str = "error") -> list[Problem]:
    """Each `{% for %}` of a page that loops over a part of a computed list the template cuts."""
    if "{%" not in body or "for" not in body:
        return []
    try:
        tree = _ENV.parse(body)
    except jinja2.TemplateSyntaxError:
        return []  # the build reports the syntax error itself
    lines = body.splitlines()
    out = []
    for loop in tree.find_all(nodes.For):
        if not _cuts(loop):
            continue
        text = lines[loop.lineno - 1] if loop.lineno <= len(lines) else ""
        m = _FOR.search(text)
        part = m.group(1) if m else "…"
        whole = re.split(r"\[|\s*\||\s+if\s", part, maxsplit=1)[0].strip()
        out.append(Problem(shown, loop.lineno + first_line - 1, (m.start() + 1) if m else 1, severity, "loop",
                           f"this loop prints `{part}`, a part of `{whole}` the template cuts out: a sentence "
                           "that prints the list tells the reader it is all of it", HINT))
    return out
