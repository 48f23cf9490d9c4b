"""A branch that prints the value its condition says is empty: an inverted condition.

`{% if b.cube_max %} … up to {{ b.cube_max }}.{% else %} No upper limit.{% endif %}` is bound to
itself: the first branch renders only while `b.cube_max` is set, and prints it. Inverted
(`{% if not b.cube_max %}`), the page prints the other branch's sentence where the value is set,
and the first branch would print an empty value where it is not. So a branch shown only while a
name is false or none (`{% if not x %}`, `{% if x is none %}`, the `{% else %}` of `{% if x %}`)
must not print that name (`{{ x }}`, `{{ x.words }}`, `{{ x|join }}`): an error at the print.

>>> src = "{% if not r.cube_max %}Up to {{ r.cube_max }}.{% else %}No limit.{% endif %}"
>>> [(p.line, p.col, p.message[:60]) for p in guard_print_problems("x.md", "error", src)]
[(1, 30, 'this branch is shown only while `r.cube_max` is false or emp')]
>>> guard_print_problems("x.md", "error", "{% if r.cube_max %}Up to {{ r.cube_max }}.{% endif %}")
[]
"""
from __future__ import annotations

import re

from .problems import Problem

HINT = ("the condition may be inverted: print a value in the branch its condition shows while the value is set "
        "(`{% if x %} … {{ x }} … {% else %} … {% endif %}`)")
_BLOCK = re.compile(r"\{%-?\s*(if|elif|else|endif)\b(.*?)-?%\}", re.DOTALL)
_NAME = r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*"
_FALSE = (re.compile(rf"^not\s+({_NAME})$"), re.compile(rf"^({_NAME})\s+is\s+none$"))
_TRUE = (re.compile(rf"^({_NAME})$"), re.compile(rf"^({_NAME})\s+is\s+not\s+none$"))
_PRINT = re.compile(r"\{\{-?\s*(" + _NAME + r")(?=[\s.|\[}-])")


def _empty_in(source: str) -> list[tuple[str, int, int]]:
    """(name, start, end) of each branch shown only while `name` is false or none."""
    out: list[tuple[str, int, int]] = []
    stack: list[list] = []  # per open if: [condition name or None, polarity of the current branch, branch start]
    for m in _BLOCK.finditer(source):
        kind, cond = m.group(1), " ".join(m.group(2).split())
        if kind == "if":
            name, empty = _read(cond)
            stack.append([name, empty, m.end(), False])
            continue
        if not stack:
            continue
        top = stack[-1]
        if top[0] is not None and top[1] and not top[3]:
            out.append((top[0], top[2], m.start()))
        if kind == "elif":
            top[3] = True  # after an elif, the else branch says nothing simple about the name
        elif kind == "else":
            top[1], top[2] = not top[1], m.end()
        else:
            stack.pop()
    return out


def _read(cond: str) -> tuple[str | None, bool]:
    for pattern in _FALSE:
        if (m := pattern.match(cond)) is not None:
            return m.group(1), True
    for pattern in _TRUE:
        if (m := pattern.match(cond)) is not None:
            return m.group(1), False
    return None, False


def guard_print_problems(path: str, level: str, source: str, first: int = 1) -> list[Problem]:
    """Each `{{ name… }}` printed in a branch shown only while `name` is false or none."""
    out = []
    for name, start, end in _empty_in(source):
        for m in _PRINT.finditer(source, start, end):
            printed = m.group(1)
            if printed != name and not printed.startswith(name + "."):
                continue
            line = source.count("\n", 0, m.start()) + first
            col = m.start() - (source.rfind("\n", 0, m.start()) + 1) + 1
            out.append(Problem(path, line, col, level, "rule",
                               f"this branch is shown only while `{name}` is false or empty, yet it prints "
                               f"`{{{{ {printed} }}}}`", HINT))
    return out
